package formats_test

import (
	"fmt"
	"os"
	"path/filepath"

	"animscope/assets"
	"animscope/formats"
	_ "animscope/formats/all" // every decoder registers itself
)

// Open a scene from its files on disk. formats.Open sniffs each file's family by
// its content, decodes it, gives it validate's verdict (the first error fails the
// open; warnings stay in Diagnostics) and binds the files into one scene: here the
// built-in demo, an MSH model, written to a folder first.
func ExampleOpen() {
	dir, err := os.MkdirTemp("", "animscope-example")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "demo.msh")
	if err := os.WriteFile(path, assets.DemoMSH, 0o644); err != nil {
		fmt.Println(err)
		return
	}

	a, err := formats.Open([]string{path}, formats.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("family %s, %d nodes (root %q), %d meshes, %d diagnostics\n",
		a.Family, a.Skeleton.Len(), a.Skeleton.Names[0], len(a.Meshes), len(a.Diagnostics))
	for i, c := range a.Clips {
		info := c.Info()
		fmt.Printf("clip %d: %q, %g %ss\n", i, info.Name, info.Duration, info.Unit)
	}

	// A file of no family this program reads is an error naming it.
	bad := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(bad, []byte("not a model"), 0o644); err != nil {
		fmt.Println(err)
		return
	}
	_, err = formats.Open([]string{bad}, formats.Options{})
	fmt.Println("a text file opens:", err == nil)
	// Output:
	// family msh, 17 nodes (root "pelvis"), 17 meshes, 0 diagnostics
	// clip 0: "demo", 40 frames
	// a text file opens: false
}
