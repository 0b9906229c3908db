package vfs_test

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"animscope/formats/mpq"
	"animscope/formats/mpq/mpqtest"
	"animscope/formats/nres"
	"animscope/formats/tre"
	"animscope/formats/tre/tretest"
	"animscope/formats/vfs"
)

func writeMPQ(t *testing.T, path string, files []mpqtest.File) {
	t.Helper()
	data, err := mpqtest.Build(files, mpqtest.Options{Listfile: true, Version: 1})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func paths(es []vfs.Entry) string {
	var out []string
	for _, e := range es {
		out = append(out, e.Path)
	}
	return strings.Join(out, " ")
}

// TestDataFolderLoadOrder: a game data folder mounts its MPQs in the game's order;
// a later patch overrides a file and a deletion marker removes one.
func TestDataFolderLoadOrder(t *testing.T) {
	dir := t.TempDir()
	writeMPQ(t, filepath.Join(dir, "common.MPQ"), []mpqtest.File{
		{Name: `Creature\A\A.m2`, Data: []byte("base A"), Comp: mpq.CompZlib},
		{Name: `Creature\B\B.m2`, Data: []byte("base B")},
		{Name: `Gone.txt`, Data: []byte("to be deleted")},
	})
	writeMPQ(t, filepath.Join(dir, "patch-2.MPQ"), []mpqtest.File{
		{Name: `creature\a\a.m2`, Data: []byte("patch 2 A"), Encrypt: true},
	})
	writeMPQ(t, filepath.Join(dir, "patch.MPQ"), []mpqtest.File{
		{Name: `Creature\A\A.m2`, Data: []byte("patch 1 A")},
		{Name: `Creature\B\B.m2`, Data: []byte("patch 1 B")},
		{Name: `Gone.txt`, DeleteMarker: true},
	})
	writeMPQ(t, filepath.Join(dir, "enUS", "patch-enUS.MPQ"), []mpqtest.File{
		{Name: `Creature\B\B.m2`, Data: []byte("locale patch B")},
	})
	writeMPQ(t, filepath.Join(dir, "enUS", "locale-enUS.MPQ"), []mpqtest.File{
		{Name: `Sound\x.wav`, Data: []byte("locale")},
	})
	order, err := vfs.DataFolderArchives(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, p := range order {
		names = append(names, filepath.Base(p))
	}
	if got, want := strings.Join(names, " "), "common.MPQ locale-enUS.MPQ patch.MPQ patch-2.MPQ patch-enUS.MPQ"; got != want {
		t.Errorf("load order %q, want %q", got, want)
	}
	m, err := vfs.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	// A path is spelled as the archive that gives the file spells it.
	if got, want := paths(m.Entries()), "(listfile) creature/a/a.m2 Creature/B/B.m2 Sound/x.wav"; got != want {
		t.Errorf("entries %q, want %q", got, want)
	}
	for _, tc := range []struct{ name, want string }{
		{"CREATURE/A/A.M2", "patch 2 A"},
		{`Creature\B\B.m2`, "locale patch B"},
		{"sound/X.WAV", "locale"},
	} {
		got, err := m.ReadFile(tc.name)
		if err != nil || string(got) != tc.want {
			t.Errorf("%s = %q, %v; want %q", tc.name, got, err, tc.want)
		}
	}
	if _, err := m.ReadFile("Gone.txt"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Gone.txt: err = %v, want not-exist (a later deletion marker)", err)
	}
}

func TestMatch(t *testing.T) {
	dir := t.TempDir()
	writeMPQ(t, filepath.Join(dir, "a.mpq"), []mpqtest.File{
		{Name: `Creature\Rabbit\Rabbit.m2`, Data: []byte("m2")},
		{Name: `Creature\Rabbit\Rabbit00.skin`, Data: []byte("skin")},
		{Name: `Creature\Frog\Frog.m2`, Data: []byte("m2")},
		{Name: `World\Tree.m2`, Data: []byte("m2")},
	})
	m, err := vfs.Open(filepath.Join(dir, "a.mpq"))
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	tests := []struct{ pattern, want string }{
		{"*.m2", "Creature/Frog/Frog.m2 Creature/Rabbit/Rabbit.m2 World/Tree.m2"},
		{"creature/*/*.M2", "Creature/Frog/Frog.m2 Creature/Rabbit/Rabbit.m2"},
		{"rabbit", "Creature/Rabbit/Rabbit.m2 Creature/Rabbit/Rabbit00.skin"},
		{`Creature\Rabbit\Rabbit0?.skin`, "Creature/Rabbit/Rabbit00.skin"},
		{"nothing", ""},
	}
	for _, tc := range tests {
		got, err := m.Match(tc.pattern)
		if err != nil {
			t.Fatal(err)
		}
		if paths(got) != tc.want {
			t.Errorf("Match(%q) = %q, want %q", tc.pattern, paths(got), tc.want)
		}
	}
	if _, err := m.Match("[bad"); err == nil {
		t.Error("a malformed glob is accepted")
	}
}

func TestFolderAndNResMounts(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "sub"), 0o755)
	os.WriteFile(filepath.Join(dir, "sub", "a.txt"), []byte("aaa"), 0o644)
	os.WriteFile(filepath.Join(dir, "b.bin"), []byte("bb"), 0o644)
	os.Symlink("/etc/passwd", filepath.Join(dir, "link"))
	m, err := vfs.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := paths(m.Entries()), "b.bin sub/a.txt"; got != want {
		t.Errorf("folder entries %q, want %q (no symbolic links)", got, want)
	}
	if got, err := m.ReadFile("SUB/A.TXT"); err != nil || string(got) != "aaa" {
		t.Errorf("sub/a.txt = %q, %v", got, err)
	}

	var e1, e2 nres.Entry
	e1.SetName("TANK.msh")
	e1.Data = []byte("mesh bytes")
	e2.SetName("tex.tex")
	e2.Data = []byte("t")
	arc := filepath.Join(dir, "models.rlb")
	os.WriteFile(arc, nres.Encode(0, []nres.Entry{e1, e2}), 0o644)
	n, err := vfs.Open(arc)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := paths(n.Entries()), "TANK.msh tex.tex"; got != want {
		t.Errorf("NRes entries %q, want %q", got, want)
	}
	if got, _ := n.ReadFile("tank.MSH"); !bytes.Equal(got, e1.Data) {
		t.Errorf("TANK.msh = %q", got)
	}
	if name := n.MemberName(n.Entries()[0]); name != arc+":TANK.msh" {
		t.Errorf("member name %q", name)
	}
	if _, err := vfs.Open(filepath.Join(dir, "b.bin")); err == nil {
		t.Error("a file that is no archive mounts")
	}
}

// TestTREFolder: a folder of SWG tree files mounts them in name order.
func TestTREFolder(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "data_00.tre"), tretest.Build([]tretest.File{
		{Name: "appearance/a.skt", Data: []byte("base"), Zlib: true},
		{Name: "appearance/b.ans", Data: []byte("only base")},
	}, tretest.Options{Version: "4000"}), 0o644)
	os.WriteFile(filepath.Join(dir, "patch_01_00.tre"), tretest.Build([]tretest.File{
		{Name: "appearance/a.skt", Data: []byte("patched")},
	}, tretest.Options{ZlibTable: true, ZlibNames: true}), 0o644)
	m, err := vfs.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if got, want := paths(m.Entries()), "appearance/a.skt appearance/b.ans"; got != want {
		t.Errorf("entries %q, want %q", got, want)
	}
	for name, want := range map[string]string{"APPEARANCE/A.SKT": "patched", "appearance/b.ans": "only base"} {
		if got, err := m.ReadFile(name); err != nil || string(got) != want {
			t.Errorf("%s = %q, %v; want %q", name, got, err, want)
		}
	}
}

// TestTOCMount: a .toc mounts the members of the tree files it indexes.
func TestTOCMount(t *testing.T) {
	dir := t.TempDir()
	files := []tretest.File{{Name: "appearance/a.skt", Data: bytes.Repeat([]byte("skt"), 900), Zlib: true}, {Name: "b.ans", Data: []byte("ans")}}
	data := tretest.Build(files, tretest.Options{})
	os.WriteFile(filepath.Join(dir, "d.tre"), data, 0o644)
	a, err := tre.NewArchive("d.tre", bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	var entries []tretest.TOCEntry
	for _, e := range a.Entries {
		entries = append(entries, tretest.TOCEntry{Name: e.Name, Offset: e.Offset, Length: e.Length, CompressedLength: e.CompressedLength, Compressor: e.Compressor})
	}
	p := filepath.Join(dir, "set.toc")
	os.WriteFile(p, tretest.BuildTOC([]string{"d.tre"}, entries, true, false), 0o644)
	m, err := vfs.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if got, want := paths(m.Entries()), "appearance/a.skt b.ans"; got != want {
		t.Errorf("entries %q, want %q", got, want)
	}
	for _, f := range files {
		if got, err := m.ReadFile(f.Name); err != nil || !bytes.Equal(got, f.Data) {
			t.Errorf("%s: %d bytes, %v", f.Name, len(got), err)
		}
	}
}

// TestConcurrentReads reads every file of a mount from several goroutines at once
// (the batch commands' -j workers do): MPQ members (zlib, encrypted, PKWARE) and
// tree-file members; `make test` runs it under the race detector.
func TestConcurrentReads(t *testing.T) {
	dir := t.TempDir()
	var files []mpqtest.File
	want := map[string][]byte{}
	for i := 0; i < 40; i++ {
		data := bytes.Repeat([]byte{byte(i), 'x', 'y'}, 3000+i*100)
		f := mpqtest.File{Name: fmt.Sprintf(`M\f%02d.bin`, i), Data: data, Comp: []byte{mpq.CompZlib, mpq.CompPKWARE, 0}[i%3], Encrypt: i%2 == 0}
		files = append(files, f)
		want[fmt.Sprintf("M/f%02d.bin", i)] = data
	}
	writeMPQ(t, filepath.Join(dir, "base.mpq"), files)
	m, err := vfs.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for w := 0; w < 8; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := w; i < len(m.Entries()); i += 3 {
				e := m.Entries()[i]
				got, err := m.Read(e)
				if err != nil {
					errs <- err
					return
				}
				if d, ok := want[e.Path]; ok && !bytes.Equal(got, d) {
					errs <- fmt.Errorf("%s: differs", e.Path)
					return
				}
			}
		}(w)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// TestFolderBackslashName: a folder's file whose name holds a '\' (a Unix
// disk allows one) is listed as it is spelled and found again by that
// spelling, by '/' in its place, and by a pattern (it was listed, and no
// lookup or pattern that names it found it: the lookups read '\' as a
// separator and the folder's keys kept it).
func TestFolderBackslashName(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("a file name cannot hold '\\' on Windows")
	}
	dir := t.TempDir()
	for _, name := range []string{`x\y.m2`, "plain.m2", "T.m2", "t.m2"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(name), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	m, err := vfs.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	for _, e := range m.Entries() {
		got, ok := m.Lookup(e.Path)
		if !ok || got.Path != e.Path {
			t.Errorf("%q is listed; Lookup finds %q, %v", e.Path, got.Path, ok)
		}
	}
	for _, name := range []string{`x\y.m2`, "x/y.m2", `X\Y.M2`} {
		if e, ok := m.Lookup(name); !ok || e.Path != `x\y.m2` {
			t.Errorf("Lookup(%q) = %q, %v; want x\\y.m2", name, e.Path, ok)
		}
		if hits, err := m.Match(name); err != nil || len(hits) != 1 || hits[0].Path != `x\y.m2` {
			t.Errorf("Match(%q) = %v, %v; want x\\y.m2", name, hits, err)
		}
	}
	if got, err := m.ReadFile(`x\y.m2`); err != nil || string(got) != `x\y.m2` {
		t.Errorf("ReadFile: %q, %v", got, err)
	}
}
