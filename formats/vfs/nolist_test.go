package vfs_test

import (
	"os"
	"path/filepath"
	"testing"

	"animscope/formats/mpq"
	"animscope/formats/mpq/mpqtest"
	"animscope/formats/vfs"
)

func writeMPQOpts(t *testing.T, path string, files []mpqtest.File, opt mpqtest.Options) {
	t.Helper()
	data, err := mpqtest.Build(files, opt)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestUnlistedByExactName: in an MPQ without a (listfile), a member is listed as
// FileNNNNNNNN.xxx, yet its exact name (any case, either separator) finds it
// through the hash table, decrypts it with the key that name gives, and matches
// it as a plain pattern; a wildcard pattern cannot match a name nobody gave.
func TestUnlistedByExactName(t *testing.T) {
	dir := t.TempDir()
	arc := filepath.Join(dir, "nolist.mpq")
	writeMPQOpts(t, arc, []mpqtest.File{
		{Name: `Creature\Frog\Frog.m2`, Data: []byte("frog model"), Comp: mpq.CompZlib, Encrypt: true, FixKey: true},
		{Name: `Creature\Frog\Frog00.skin`, Data: []byte("frog skin")},
	}, mpqtest.Options{})
	m, err := vfs.Open(arc)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if got := paths(m.Entries()); got != "File00000000.xxx File00000001.xxx" {
		t.Fatalf("listed %q, want the two unnamed members", got)
	}
	for _, name := range []string{`Creature\Frog\Frog.m2`, "creature/frog/FROG.M2"} {
		got, err := m.ReadFile(name)
		if err != nil || string(got) != "frog model" {
			t.Errorf("ReadFile(%q): %q, %v", name, got, err)
		}
		if !m.Exists(name) {
			t.Errorf("Exists(%q) is false", name)
		}
	}
	if m.Exists(`Creature\Frog\Toad.m2`) {
		t.Error("a name the archive lacks exists")
	}
	for _, tc := range []struct{ pattern, want string }{
		{`Creature\Frog\Frog.m2`, "Creature/Frog/Frog.m2"},
		{"Creature/Frog/Frog00.skin", "Creature/Frog/Frog00.skin"},
		{"*.m2", ""},
		{"Frog", ""},
	} {
		es, err := m.Match(tc.pattern)
		if err != nil || paths(es) != tc.want {
			t.Errorf("Match(%q): %q, %v; want %q", tc.pattern, paths(es), err, tc.want)
		}
	}
}

// TestPatchWithoutListfile: a patch archive with no listfile still overrides the
// file its base names, and its deletion marker still removes it: the mount
// names every archive's members with the names any of them knows.
func TestPatchWithoutListfile(t *testing.T) {
	dir := t.TempDir()
	base := filepath.Join(dir, "common.MPQ")
	writeMPQOpts(t, base, []mpqtest.File{
		{Name: `a\x.txt`, Data: []byte("base x")},
		{Name: `a\gone.txt`, Data: []byte("base gone")},
	}, mpqtest.Options{Listfile: true})
	writeMPQOpts(t, filepath.Join(dir, "patch.MPQ"), []mpqtest.File{
		{Name: `a\x.txt`, Data: []byte("patched x"), Encrypt: true},
		{Name: `a\gone.txt`, DeleteMarker: true},
	}, mpqtest.Options{})
	m, err := vfs.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if got, err := m.ReadFile("a/x.txt"); err != nil || string(got) != "patched x" {
		t.Errorf("a/x.txt: %q, %v; want the patch's", got, err)
	}
	if m.Exists("a/gone.txt") {
		t.Error("a/gone.txt exists though the patch deletes it")
	}
	if got := paths(m.Entries()); got != "(listfile) a/x.txt" {
		t.Errorf("listed %q", got)
	}
}

// TestCaseTwinsInFolder: a folder's T.m2 and t.m2 are two files: both listed
// and matched, each read as itself, an exact spelling finds that one.
func TestCaseTwinsInFolder(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "Sub"), 0o755)
	os.MkdirAll(filepath.Join(dir, "sub"), 0o755)
	for name, data := range map[string]string{"T.m2": "upper", "t.m2": "lower", "Sub/a.txt": "Sub", "sub/a.txt": "sub", "u.m2": "alone"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "SUB")); err == nil {
		t.Skip("the temporary folder ignores case: no case twins can exist there")
	}
	m, err := vfs.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if got, want := paths(m.Entries()), "Sub/a.txt sub/a.txt T.m2 t.m2 u.m2"; got != want {
		t.Errorf("listed %q, want %q", got, want)
	}
	if es, _ := m.Match("*.m2"); paths(es) != "T.m2 t.m2 u.m2" {
		t.Errorf("*.m2 matched %q", paths(es))
	}
	for _, e := range m.Entries() {
		got, err := m.Read(e)
		want, _ := os.ReadFile(filepath.Join(dir, e.Path))
		if err != nil || string(got) != string(want) {
			t.Errorf("%s: read %q, %v; want %q", e.Path, got, err, want)
		}
	}
	for name, want := range map[string]string{"T.m2": "upper", "t.m2": "lower", `sub\a.txt`: "sub", "Sub/a.txt": "Sub", "U.M2": "alone"} {
		if got, err := m.ReadFile(name); err != nil || string(got) != want {
			t.Errorf("ReadFile(%q): %q, %v; want %q", name, got, err, want)
		}
	}
}
