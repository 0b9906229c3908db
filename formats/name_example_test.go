package formats_test

import (
	"fmt"
	"os"
	"path/filepath"

	"animscope/formats"
)

// A name is read once, where it enters: the whole name when a file is there by
// it, else ARCHIVE:MEMBER when the archive is; "@ARCHIVE" after a member names
// one archive's version of it in a mount of several.
func ExampleParseName() {
	dir, err := os.MkdirTemp("", "name")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	archive := filepath.Join(dir, "Data")
	if err := os.Mkdir(archive, 0o755); err != nil {
		fmt.Println(err)
		return
	}
	n := formats.ParseName(archive + ":Creature/Frog/Frog.m2@patch-2.MPQ")
	member, version, _ := n.Version()
	fmt.Println(n.IsMember(), n.Path() == archive)
	fmt.Println(n.Member)
	fmt.Println(member, version, n.Base())

	missing := formats.ParseName(filepath.Join(dir, "none.mpq") + ":x.m2")
	fmt.Println(missing.IsMember(), missing.NotFound())
	// Output:
	// true true
	// Creature/Frog/Frog.m2@patch-2.MPQ
	// Creature/Frog/Frog.m2 patch-2.MPQ Frog.m2@patch-2.MPQ
	// false true
}
