package viewer

import (
	"os"
	"path/filepath"
	"testing"
)

// A scene watches the file it was opened from, or the archive that holds its
// member; a member of a game data folder watches its own name (the folder
// changes with every file in it). Its short name is the member's base name.
func TestStatPathAndShortName(t *testing.T) {
	dir := t.TempDir()
	arch := filepath.Join(dir, "units.rlb")
	if err := os.WriteFile(arch, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	data := filepath.Join(dir, "Data")
	if err := os.Mkdir(data, 0o755); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "x.rlb")
	tests := []struct {
		name, in, watch, short string
	}{
		{"file", arch, arch, "units.rlb"},
		{"member", arch + ":TANK.msh", arch, "TANK.msh"},
		{"member path", arch + `:sub\dir\TANK.msh`, arch, "TANK.msh"},
		{"member of a data folder", data + ":Creature/Frog/Frog.m2", data + ":Creature/Frog/Frog.m2", "Frog.m2"},
		{"missing archive", missing + ":A.msh", missing + ":A.msh", "x.rlb:A.msh"},
	}
	for _, tc := range tests {
		if got := StatPath(tc.in); got != tc.watch {
			t.Errorf("%s: StatPath(%q) = %q, want %q", tc.name, tc.in, got, tc.watch)
		}
		sc := &Scene{Files: []string{tc.in}}
		if got := sc.ShortName(); got != tc.short {
			t.Errorf("%s: ShortName of %q = %q, want %q", tc.name, tc.in, got, tc.short)
		}
	}
}
