package vfs_test

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"animscope/formats"
	_ "animscope/formats/m2"
	"animscope/formats/mpq/mpqtest"
	"animscope/formats/tre/tretest"
	"animscope/formats/vfs"
	"animscope/formats/vfs/vfstest"
)

func frogFolder(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := vfstest.FrogPatches(dir); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestVersionsLoadOrder: a data folder of a base archive and two patches lists
// the model's three versions in load order, the last patch's winning; a file
// only the base holds has one version.
func TestVersionsLoadOrder(t *testing.T) {
	dir := frogFolder(t)
	m, err := vfs.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	tests := []struct {
		name     string
		archives []string
		wins     int
	}{
		{vfstest.FrogMember, vfstest.FrogArchives, 2},
		{`creature\frog\FROG.M2`, vfstest.FrogArchives, 2},
		{"Creature/Frog/Frog00.skin", vfstest.FrogArchives, 2},
		{"ReadMe.txt", vfstest.FrogArchives[:1], 0},
		{"Creature/Frog/Nope.m2", nil, -1},
	}
	for _, tt := range tests {
		vs := m.Versions(tt.name)
		var got []string
		wins := -1
		for i, v := range vs {
			got = append(got, filepath.Base(v.Archive))
			if v.Wins {
				if wins >= 0 {
					t.Errorf("%s: versions %d and %d both win", tt.name, wins, i)
				}
				wins = i
			}
			if v.Deleted {
				t.Errorf("%s: version %d is a deletion marker", tt.name, i)
			}
		}
		if strings.Join(got, " ") != strings.Join(tt.archives, " ") || wins != tt.wins {
			t.Errorf("%s: versions in %v, version %d wins; want %v, %d", tt.name, got, wins, tt.archives, tt.wins)
		}
	}
	// Each version reads as the bytes its archive holds.
	for n, v := range m.Versions(vfstest.FrogMember) {
		want, _ := vfstest.FrogVersion(n)
		got, err := m.Read(v.Entry)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("version %d (%s): read %d bytes, %v; want its own %d bytes", n, v.Archive, len(got), err, len(want))
		}
		if v.Size != int64(len(want)) {
			t.Errorf("version %d: size %d, want %d", n, v.Size, len(want))
		}
	}
}

// TestVersionNames: MEMBER@ARCHIVE names a version by the archive's file name,
// its path from the folder or its path; it reads that version and its
// companions as of that archive; a suffix that names no archive leaves the
// name alone; an archive without a version is an error.
func TestVersionNames(t *testing.T) {
	dir := frogFolder(t)
	m, err := vfs.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	for _, tt := range []struct {
		name string
		n    int // the version read; -1: not a version name
	}{
		{"Creature/Frog/Frog.m2@common.MPQ", 0},
		{"Creature/Frog/Frog.m2@PATCH.mpq", 1},
		{"Creature/Frog/Frog.m2@" + filepath.Join(dir, "patch-2.MPQ"), 2},
		{"Creature/Frog/Nope.m2@patch-3.MPQ", -1},
		{"Creature/Frog/Nope.m2@", -1},
		{"@common.MPQ", -1},
	} {
		tree, member, ok, err := m.Version(tt.name)
		if err != nil || ok != (tt.n >= 0) {
			t.Errorf("%s: ok %v, %v; want ok %v", tt.name, ok, err, tt.n >= 0)
			continue
		}
		if !ok {
			continue
		}
		if member != vfstest.FrogMember {
			t.Errorf("%s: member %q", tt.name, member)
		}
		wantM2, wantSkin := vfstest.FrogVersion(tt.n)
		got, err := tree.ReadFile(member)
		if err != nil || !bytes.Equal(got, wantM2) {
			t.Errorf("%s: read %d bytes, %v; want version %d", tt.name, len(got), err, tt.n)
		}
		skin, err := tree.ReadFile("Creature/Frog/Frog00.skin")
		if err != nil || !bytes.Equal(skin, wantSkin) {
			t.Errorf("%s: its .skin is not version %d's (%v)", tt.name, tt.n, err)
		}
		if !tree.Exists("ReadMe.txt") {
			t.Errorf("%s: the base archive's ReadMe.txt is missing from the mount as of it", tt.name)
		}
	}
	if _, _, _, err := m.Version("ReadMe.txt@patch.MPQ"); err == nil || !errors.Is(err, fs.ErrNotExist) || !strings.Contains(err.Error(), "holds no version of ReadMe.txt") {
		t.Errorf("an archive without a version: %v", err)
	}
	if _, _, _, err := m.Version("Creature/Frog/Frog.m2@patch-3.MPQ"); err == nil || !strings.Contains(err.Error(), "its archives: common.MPQ, patch.MPQ, patch-2.MPQ") {
		t.Errorf("a suffix naming no archive after a member: %v", err)
	}
	if got := m.VersionName(m.Versions(vfstest.FrogMember)[1]); got != dir+":"+vfstest.FrogMember+"@patch.MPQ" {
		t.Errorf("VersionName = %q", got)
	}
}

// TestVersionOpensAsFile: FOLDER:MEMBER and FOLDER:MEMBER@ARCHIVE open as
// files (formats.OpenFile, formats.ReadMember) through the registered tree kind.
func TestVersionOpensAsFile(t *testing.T) {
	dir := frogFolder(t)
	for n, arc := range vfstest.FrogArchives {
		name := dir + ":" + vfstest.FrogMember + "@" + arc
		p, err := formats.OpenFile(name, formats.Options{})
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if len(p.Files) == 0 || p.Files[0] != name {
			t.Errorf("%s: files %v", name, p.Files)
		}
		data, err := formats.ReadMember(name)
		want, _ := vfstest.FrogVersion(n)
		if err != nil || !bytes.Equal(data, want) {
			t.Errorf("ReadMember(%s): %d bytes, %v", name, len(data), err)
		}
	}
	merged, err := formats.ReadMember(dir + ":" + vfstest.FrogMember)
	want, _ := vfstest.FrogVersion(2)
	if err != nil || !bytes.Equal(merged, want) {
		t.Errorf("the data folder's member is not the winning version (%v)", err)
	}
	if _, err := formats.OpenFile(dir+":ReadMe.txt@patch-2.MPQ", formats.Options{}); err == nil || !strings.Contains(err.Error(), "holds no version") {
		t.Errorf("a version an archive lacks: %v", err)
	}
	plain := t.TempDir()
	os.WriteFile(filepath.Join(plain, "x.m2"), want, 0o644)
	if _, err := formats.OpenFile(plain+":x.m2", formats.Options{}); err == nil || !strings.Contains(err.Error(), "holds no archives") {
		t.Errorf("FOLDER:MEMBER of a folder without archives: %v", err)
	}
}

// TestVersionsDeletionMarker: a later patch's deletion marker is listed as a
// version that deletes, and no version wins; the mount as of the base archive
// still holds the file.
func TestVersionsDeletionMarker(t *testing.T) {
	dir := frogFolder(t)
	data, err := mpqtest.Build([]mpqtest.File{{Name: "ReadMe.txt", DeleteMarker: true}}, mpqtest.Options{Listfile: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "patch-3.MPQ"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	m, err := vfs.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	vs := m.Versions("ReadMe.txt")
	if len(vs) != 2 || vs[0].Deleted || !vs[1].Deleted || vs[0].Wins || vs[1].Wins {
		t.Fatalf("versions %+v, want the base's and patch-3's deletion marker, none winning", vs)
	}
	if m.Exists("ReadMe.txt") {
		t.Error("the deleted file is still in the mount")
	}
	tree, _, ok, err := m.Version("ReadMe.txt@common.MPQ")
	if err != nil || !ok || !tree.Exists("ReadMe.txt") {
		t.Errorf("the base's version: ok %v, %v", ok, err)
	}
	if _, _, _, err := m.Version("ReadMe.txt@patch-3.MPQ"); err == nil || !strings.Contains(err.Error(), "deletion marker") {
		t.Errorf("a deletion marker named as a version: %v", err)
	}
}

// TestVersionsTreeFiles: a folder of SWG tree files mounts in name order; a
// file two of them hold has two versions, the later name's winning, and
// MEMBER@ARCHIVE reads either.
func TestVersionsTreeFiles(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []struct{ name, data string }{
		{"data_00.tre", "base"}, {"patch_01.tre", "patched"},
	} {
		files := []tretest.File{{Name: "appearance/skeleton/frog.skt", Data: []byte(f.data), Zlib: true}}
		if f.name == "data_00.tre" {
			files = append(files, tretest.File{Name: "misc/only.txt", Data: []byte("one")})
		}
		if err := os.WriteFile(filepath.Join(dir, f.name), tretest.Build(files, tretest.Options{}), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	m, err := vfs.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	vs := m.Versions("Appearance/Skeleton/FROG.skt")
	if len(vs) != 2 || filepath.Base(vs[0].Archive) != "data_00.tre" || vs[0].Wins || !vs[1].Wins {
		t.Fatalf("versions %+v, want data_00.tre's then patch_01.tre's (winning)", vs)
	}
	for _, tt := range []struct{ archive, want string }{{"data_00.tre", "base"}, {"patch_01.tre", "patched"}} {
		tree, member, ok, err := m.Version("appearance/skeleton/frog.skt@" + tt.archive)
		if err != nil || !ok {
			t.Fatalf("%s: ok %v, %v", tt.archive, ok, err)
		}
		if got, err := tree.ReadFile(member); err != nil || string(got) != tt.want {
			t.Errorf("%s's version reads %q, %v; want %q", tt.archive, got, err, tt.want)
		}
	}
	if vs := m.Versions("misc/only.txt"); len(vs) != 1 || !vs[0].Wins {
		t.Errorf("a file one tree file holds: %+v", vs)
	}
}

// TestVersionsOfUnnamedMembers: a member no listfile names, listed as
// FileNNNNNNNN.xxx, has the versions the listing shows: its own in a single
// archive (winning, read by MOUNT:FileNNNNNNNN.xxx@ARCHIVE as by its plain
// name), and in a set of archives without listfiles the one of each archive
// that lists the name, the last winning as the mount serves it. (Versions
// once looked such a name up in each archive's hash table, which holds no
// FileNNNNNNNN.xxx: ls listed the file, ls --versions gave it 0 versions,
// and the @ARCHIVE name said no archive holds it.)
func TestVersionsOfUnnamedMembers(t *testing.T) {
	dir := t.TempDir()
	base, patch := filepath.Join(dir, "base.mpq"), filepath.Join(dir, "patch.mpq")
	writeMPQOpts(t, base, []mpqtest.File{{Name: "a.bin", Data: []byte("base a")}, {Name: "b.bin", Data: []byte("base b")}}, mpqtest.Options{})
	writeMPQOpts(t, patch, []mpqtest.File{{Name: "c.bin", Data: []byte("patch c")}}, mpqtest.Options{})
	const unnamed = "File00000000.xxx"

	one, err := vfs.Open(base)
	if err != nil {
		t.Fatal(err)
	}
	defer one.Close()
	vs := one.Versions(unnamed)
	if len(vs) != 1 || !vs[0].Wins || vs[0].Named || vs[0].Path != unnamed {
		t.Fatalf("versions of %s in one archive: %+v; want one, winning, unnamed", unnamed, vs)
	}
	if got, err := one.Read(vs[0].Entry); err != nil || string(got) != "base a" {
		t.Errorf("reading the version: %q, %v; want \"base a\"", got, err)
	}
	tree, member, ok, err := one.Version(unnamed + "@base.mpq")
	if err != nil || !ok || member != unnamed {
		t.Fatalf("Version(%s@base.mpq) = %v, %q, %v; want the version", unnamed, ok, member, err)
	}
	if got, err := tree.ReadFile(member); err != nil || string(got) != "base a" {
		t.Errorf("%s@base.mpq reads %q, %v; want \"base a\"", unnamed, got, err)
	}

	set, err := vfs.OpenSet([]string{base, patch})
	if err != nil {
		t.Fatal(err)
	}
	defer set.Close()
	served, ok := set.Lookup(unnamed)
	if !ok {
		t.Fatalf("the set does not list %s", unnamed)
	}
	vs = set.Versions(unnamed)
	if len(vs) != 2 || vs[0].Wins || !vs[1].Wins || vs[1].Archive != served.Archive {
		t.Fatalf("versions of %s in the set: %+v; want base's and patch's, patch's winning (the mount serves %s's)", unnamed, vs, served.Archive)
	}
	for _, v := range vs {
		if got, _ := set.Read(v.Entry); len(got) == 0 {
			t.Errorf("the version in %s reads nothing", v.Archive)
		}
	}
	// Every file the set lists has a version that wins.
	for _, e := range set.Entries() {
		wins := 0
		for _, v := range set.Versions(e.Path) {
			if v.Wins {
				wins++
			}
		}
		if wins != 1 {
			t.Errorf("%s: %d versions win, want 1", e.Path, wins)
		}
	}
}
