package vfs_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"animscope/formats"
	"animscope/formats/vfs"
	"animscope/formats/vfs/vfstest"
)

// TestToyArchiveKind registers an archive kind from outside the archive
// packages (vfstest's toy) and mounts it through vfs with no other change: it
// is recognised by content, listed, looked up in any case, read, streamed,
// charged against the unpack limit, named as ARCHIVE:MEMBER, read by
// formats.ReadMember, and a folder of its files mounts as a data folder in
// name order, a later archive overriding and deleting.
func TestToyArchiveKind(t *testing.T) {
	vfstest.RegisterToyKind()
	dir := t.TempDir()
	p := filepath.Join(dir, "base.toy")
	if err := os.WriteFile(p, vfstest.Toy(
		vfstest.ToyMember{Name: `Creature\Toy\Toy.txt`, Content: "hello"},
		vfstest.ToyMember{Name: "readme", Content: "0123456789"},
		vfstest.ToyMember{Name: "gone", Content: "x"},
	), 0o644); err != nil {
		t.Fatal(err)
	}
	if !vfs.IsArchiveFile(p) {
		t.Fatalf("IsArchiveFile(%s) = false, want true", p)
	}
	m, err := vfs.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if got, want := m.Layers(), [][2]string{{vfstest.ToyKindName, p}}; !reflect.DeepEqual(got, want) {
		t.Errorf("Layers() = %v, want %v", got, want)
	}
	var paths []string
	for _, e := range m.Entries() {
		paths = append(paths, e.Path)
	}
	if want := []string{"Creature/Toy/Toy.txt", "gone", "readme"}; !reflect.DeepEqual(paths, want) {
		t.Errorf("Entries() paths = %q, want %q", paths, want)
	}
	e, ok := m.Lookup(`creature/TOY\toy.TXT`)
	if !ok {
		t.Fatal("Lookup in another case and separator: not found")
	}
	if got, want := m.MemberName(e), p+":Creature/Toy/Toy.txt"; got != want {
		t.Errorf("MemberName = %q, want %q", got, want)
	}
	if got := m.Kind(e); got != vfstest.ToyKindName {
		t.Errorf("Kind = %q, want %q", got, vfstest.ToyKindName)
	}
	if data, err := m.Read(e); err != nil || string(data) != "hello" {
		t.Errorf("Read = %q, %v; want \"hello\"", data, err)
	}
	var buf bytes.Buffer
	if n, err := m.WriteTo(&buf, e); err != nil || n != 5 || buf.String() != "hello" {
		t.Errorf("WriteTo = %d %q, %v; want 5 \"hello\"", n, buf.String(), err)
	}
	if data, err := formats.ReadMember(p + ":readme"); err != nil || string(data) != "0123456789" {
		t.Errorf("formats.ReadMember(%s:readme) = %q, %v", p, data, err)
	}
	// A toy member is unpacked, so it is charged: 10 bytes pass a limit of 12
	// once 5 are spent.
	m.SetMaxBytes(12)
	if _, err := m.ReadFile("Creature/Toy/Toy.txt"); err != nil {
		t.Fatalf("first read under the limit: %v", err)
	}
	if _, err := m.ReadFile("readme"); !errors.Is(err, vfs.ErrMaxBytes) {
		t.Errorf("read past the limit: %v, want ErrMaxBytes", err)
	}

	// A folder of toy archives is a data folder: mounted in name order.
	patch := filepath.Join(dir, "patch.toy")
	if err := os.WriteFile(patch, vfstest.Toy(
		vfstest.ToyMember{Name: "readme", Content: "patched"},
		vfstest.ToyMember{Name: "gone", Deleted: true},
	), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, err := vfs.DataFolderArchives(dir); err != nil || !reflect.DeepEqual(got, []string{p, patch}) {
		t.Fatalf("DataFolderArchives = %q, %v; want %q", got, err, []string{p, patch})
	}
	set, err := vfs.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer set.Close()
	if set.Exists("gone") {
		t.Error("a file deleted by the later archive is still there")
	}
	if data, err := set.ReadFile("README"); err != nil || string(data) != "patched" {
		t.Errorf("ReadFile(README) = %q, %v; want the patch's \"patched\"", data, err)
	}
	vs := set.Versions("readme")
	if len(vs) != 2 || vs[0].Archive != p || vs[1].Archive != patch || !vs[1].Wins || vs[0].Wins {
		t.Errorf("Versions(readme) = %+v, want base then the winning patch", vs)
	}
	if data, err := formats.ReadMember(dir + ":readme@base.toy"); err != nil || string(data) != "0123456789" {
		t.Errorf("ReadMember(DIR:readme@base.toy) = %q, %v; want the base's version", data, err)
	}
}

// TestMergeRules: how the layers of a mount merge, on toy archives (a kind
// whose later member of one name replaces an earlier one): within an archive
// the later copy wins; a later archive's file replaces an earlier one's; a
// deletion marker removes a file until a later archive adds it again, and
// removes nothing an archive gives after it.
func TestMergeRules(t *testing.T) {
	vfstest.RegisterToyKind()
	dir := t.TempDir()
	write := func(name string, ms ...vfstest.ToyMember) {
		if err := os.WriteFile(filepath.Join(dir, name), vfstest.Toy(ms...), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	type M = vfstest.ToyMember
	write("a.toy", M{Name: "twice", Content: "first"}, M{Name: "TWICE", Content: "second"},
		M{Name: "gone", Content: "a"}, M{Name: "back", Content: "a"}, M{Name: "kept", Content: "a"},
		M{Name: "self", Content: "a"}, M{Name: "self", Deleted: true}, M{Name: "self", Content: "again"})
	write("b.toy", M{Name: "gone", Deleted: true}, M{Name: "back", Deleted: true}, M{Name: "kept", Content: "b"})
	write("c.toy", M{Name: "back", Content: "c"}, M{Name: "nothing", Deleted: true})
	m, err := vfs.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	got := map[string]string{}
	for _, e := range m.Entries() {
		data, err := m.Read(e)
		if err != nil {
			t.Fatal(err)
		}
		got[e.Path] = string(data) + "@" + filepath.Base(e.Archive)
	}
	want := map[string]string{"TWICE": "second@a.toy", "back": "c@c.toy", "kept": "b@b.toy", "self": "again@a.toy"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("merged: %v, want %v", got, want)
	}
	for p := range want {
		if e, ok := m.Lookup(strings.ToUpper(p)); !ok || e.Path != p {
			t.Errorf("Lookup(%s) = %+v, %v", strings.ToUpper(p), e, ok)
		}
	}
	if m.Exists("gone") || m.Exists("nothing") {
		t.Error("a deleted file is still there")
	}
}

// TestNotArchiveNamesTheRegisteredKinds: a file of no registered kind is
// refused with the list of kinds that are, by their titles, a toy kind too.
func TestNotArchiveNamesTheRegisteredKinds(t *testing.T) {
	vfstest.RegisterToyKind()
	p := filepath.Join(t.TempDir(), "junk.bin")
	if err := os.WriteFile(p, []byte("not an archive at all"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := vfs.Open(p)
	if err == nil {
		t.Fatalf("Open(%s): got no error, want not an archive", p)
	}
	for _, want := range []string{p + ": not an archive animscope mounts (", "MPQ", "NRes", "SWG tree file", "SWG .toc", "toy archive", "), nor a folder"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("Open(%s): got %q, want it to contain %q", p, err, want)
		}
	}
}
