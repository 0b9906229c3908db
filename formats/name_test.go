package formats

import (
	"os"
	"path/filepath"
	"testing"
)

// nameCases are names as a user writes them, in a folder holding an archive
// units.rlb, a game data folder Data, a file whose name has ':' in it and one
// named like an archive's member; want is what the name is read as.
func nameCases(t *testing.T) (dir string, cases []nameCase) {
	t.Helper()
	dir = t.TempDir()
	arch := filepath.Join(dir, "units.rlb")
	mkfile(t, arch)
	data := filepath.Join(dir, "Data")
	if err := os.Mkdir(data, 0o755); err != nil {
		t.Fatal(err)
	}
	colon := filepath.Join(dir, "a:b.ans") // a file with ':' in its name
	mkfile(t, colon)
	spelt := filepath.Join(dir, "units.rlb:SPELT.msh") // a file that spells a member
	mkfile(t, spelt)
	missing := filepath.Join(dir, "x.rlb")
	return dir, []nameCase{
		{"plain file", arch, "", "", arch, true, false},
		{"missing file", missing, "", "", missing, false, true},
		{"member", arch + ":TANK.msh", arch, "TANK.msh", arch, true, false},
		{"member path", arch + ":sub/dir\\TANK.msh", arch, "sub/dir\\TANK.msh", arch, true, false},
		{"member of a folder", data + ":Creature/Frog/Frog.m2", data, "Creature/Frog/Frog.m2", data, true, false},
		{"version", data + ":Creature/Frog/Frog.m2@patch-2.MPQ", data, "Creature/Frog/Frog.m2@patch-2.MPQ", data, true, false},
		{"member of a missing archive", missing + ":A.msh", "", "", missing + ":A.msh", false, true},
		{"a file by the whole name wins", spelt, "", "", spelt, true, false},
		{"file with ':' in its name", colon, "", "", colon, true, false},
		{"member of a file with ':' in its name", colon + ":X", colon, "X", colon, true, false},
		{"':' inside the member: the last one splits", arch + ":A:B", "", "", arch + ":A:B", false, true},
		{"trailing ':'", arch + ":", "", "", arch + ":", false, false},
		{"leading ':'", ":TANK.msh", "", "", ":TANK.msh", false, true},
		{"drive-like prefix, no such drive", "C:\\Games\\x.m2", "", "", "C:\\Games\\x.m2", false, true},
		{"drive-like archive path", "C:\\Games\\data.mpq:x.m2", "", "", "C:\\Games\\data.mpq:x.m2", false, true},
		{"a path through a file", arch + "/x", "", "", arch + "/x", false, false},
		{"empty", "", "", "", "", false, true},
		{"only ':'", ":", "", "", ":", false, true},
	}
}

type nameCase struct {
	name, in        string
	archive, member string
	path            string
	found           bool // Info is not nil
	notFound        bool // NotFound: the viewer's command line takes the word for a mistyped command
}

func TestParseName(t *testing.T) {
	_, cases := nameCases(t)
	for _, tc := range cases {
		n := ParseName(tc.in)
		if n.Archive != tc.archive || n.Member != tc.member || n.Path() != tc.path || (n.Info() != nil) != tc.found {
			t.Errorf("%s: ParseName(%q) = archive %q, member %q, path %q, found %v; want %q, %q, %q, %v",
				tc.name, tc.in, n.Archive, n.Member, n.Path(), n.Info() != nil, tc.archive, tc.member, tc.path, tc.found)
		}
		if n.String() != tc.in {
			t.Errorf("%s: ParseName(%q).String() = %q, want the name as written", tc.name, tc.in, n.String())
		}
		if n.IsMember() != (tc.member != "") {
			t.Errorf("%s: ParseName(%q).IsMember() = %v, want %v", tc.name, tc.in, n.IsMember(), tc.member != "")
		}
		if n.NotFound() != tc.notFound {
			t.Errorf("%s: ParseName(%q).NotFound() = %v, want %v", tc.name, tc.in, n.NotFound(), tc.notFound)
		}
	}
}

func TestNameParts(t *testing.T) {
	dir, _ := nameCases(t)
	arch := filepath.Join(dir, "units.rlb")
	data := filepath.Join(dir, "Data")
	tests := []struct {
		name, in       string
		base, ext      string
		plain, version string // Version; "" when it gives none
	}{
		{"plain file", arch, "units.rlb", ".rlb", "", ""},
		{"member", arch + ":TANK.MSH", "TANK.MSH", ".msh", "", ""},
		{"member path, either separator", arch + ":sub/dir\\TANK.msh", "TANK.msh", ".msh", "", ""},
		{"version", data + ":Creature/Frog/Frog.m2@patch-2.MPQ", "Frog.m2@patch-2.MPQ", ".mpq", "Creature/Frog/Frog.m2", "patch-2.MPQ"},
		{"'@' first: no version", data + ":@x.m2", "@x.m2", ".m2", "", ""},
		{"a file on disk has no version", filepath.Join(dir, "no@such.m2"), "no@such.m2", ".m2", "", ""},
	}
	for _, tc := range tests {
		n := ParseName(tc.in)
		if n.Base() != tc.base || n.Ext() != tc.ext {
			t.Errorf("%s: ParseName(%q) base %q, ext %q; want %q, %q", tc.name, tc.in, n.Base(), n.Ext(), tc.base, tc.ext)
		}
		plain, version, ok := n.Version()
		if plain != tc.plain || version != tc.version || ok != (tc.version != "") {
			t.Errorf("%s: ParseName(%q).Version() = %q, %q, %v; want %q, %q", tc.name, tc.in, plain, version, ok, tc.plain, tc.version)
		}
	}
}

func TestSplitName(t *testing.T) {
	tests := []struct {
		in, archive, member string
		ok                  bool
	}{
		{"units.rlb:TANK.msh", "units.rlb", "TANK.msh", true},
		{"a:b:c", "a:b", "c", true},
		{"C:\\Games\\data.mpq:x.m2", "C:\\Games\\data.mpq", "x.m2", true},
		{"C:\\Games\\x.m2", "C", "\\Games\\x.m2", true},
		{"units.rlb:", "units.rlb", "", true},
		{":TANK.msh", "", "", false},
		{"TANK.msh", "", "", false},
		{"", "", "", false},
	}
	for _, tc := range tests {
		a, m, ok := SplitName(tc.in)
		if a != tc.archive || m != tc.member || ok != tc.ok {
			t.Errorf("SplitName(%q) = %q, %q, %v; want %q, %q, %v", tc.in, a, m, ok, tc.archive, tc.member, tc.ok)
		}
	}
}

func TestCutVersion(t *testing.T) {
	tests := []struct {
		in, plain, archive string
		ok                 bool
	}{
		{"Creature/Frog/Frog.m2@patch-2.MPQ", "Creature/Frog/Frog.m2", "patch-2.MPQ", true},
		{"a@b@c.MPQ", "a@b", "c.MPQ", true},
		{"Frog.m2@", "Frog.m2", "", true},
		{"@patch.MPQ", "", "", false},
		{"Frog.m2", "", "", false},
	}
	for _, tc := range tests {
		p, a, ok := CutVersion(tc.in)
		if p != tc.plain || a != tc.archive || ok != tc.ok {
			t.Errorf("CutVersion(%q) = %q, %q, %v; want %q, %q, %v", tc.in, p, a, ok, tc.plain, tc.archive, tc.ok)
		}
	}
}
