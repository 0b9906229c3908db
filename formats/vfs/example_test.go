package vfs_test

import (
	"fmt"
	"os"
	"path/filepath"

	"animscope/assets"
	"animscope/formats"
	_ "animscope/formats/all" // every decoder (and archive kind) registers itself
	"animscope/formats/mpq"
	"animscope/formats/mpq/mpqtest"
	"animscope/formats/vfs"
)

// Mount an archive and list it: vfs.Open recognises a folder, an MPQ, an NRes
// archive, a .tre/.toc or a game data folder by content and gives one read-only
// tree, its paths '/'-separated and found without regard to case. Here an MPQ
// archive the project's MPQ writer builds, with a listfile; a member then opens
// anywhere a file is named, as ARCHIVE:MEMBER.
func ExampleOpen() {
	dir, err := os.MkdirTemp("", "animscope-example")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	data, err := mpqtest.Build([]mpqtest.File{
		{Name: `Creature\Demo\Demo.msh`, Data: assets.DemoMSH, Comp: mpq.CompZlib},
		{Name: `Sound\readme.txt`, Data: []byte("hello\n")},
	}, mpqtest.Options{Listfile: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	archive := filepath.Join(dir, "model.mpq")
	if err := os.WriteFile(archive, data, 0o644); err != nil {
		fmt.Println(err)
		return
	}

	m, err := vfs.Open(archive)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer m.Close()
	for _, e := range m.Entries() {
		fmt.Printf("%-22s %6d bytes\n", e.Path, e.Size)
	}
	text, err := m.ReadFile("sound/README.TXT")
	fmt.Printf("sound/README.TXT: %q %v\n", text, err)

	a, err := formats.Open([]string{archive + `:Creature\Demo\Demo.msh`}, formats.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("the member opens: %s, %d nodes\n", a.Family, a.Skeleton.Len())
	// Output:
	// (listfile)                 42 bytes
	// Creature/Demo/Demo.msh  26432 bytes
	// Sound/readme.txt            6 bytes
	// sound/README.TXT: "hello\n" <nil>
	// the member opens: msh, 17 nodes
}
