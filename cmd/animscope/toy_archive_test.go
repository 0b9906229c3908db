package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"animscope/formats"
	"animscope/formats/m2/m2test"
	"animscope/formats/vfs/vfstest"
	"animscope/viewer"
)

// TestToyArchiveKind: an archive kind registered from a test (vfstest's toy,
// holding the frog and its .skin) works in every command that takes a mount or
// an ARCHIVE:MEMBER, with no change outside the toy's files: ls (text and
// JSON), extract, validate of the mount and of a member, inspect of
// ARCHIVE:MEMBER (its meshes from the .skin beside it in the archive), and the
// viewer's asset browser.
func TestToyArchiveKind(t *testing.T) {
	vfstest.RegisterToyKind()
	m2, skin := m2test.Frog().Encode()
	arc := filepath.Join(t.TempDir(), "frog.toy")
	if err := os.WriteFile(arc, vfstest.Toy(
		vfstest.ToyMember{Name: `Creature\Frog\Frog.m2`, Content: string(m2)},
		vfstest.ToyMember{Name: `Creature\Frog\Frog00.skin`, Content: string(skin)},
		vfstest.ToyMember{Name: "ReadMe.txt", Content: "a toy"},
	), 0o644); err != nil {
		t.Fatal(err)
	}

	code, out, errOut := runCmd("ls", arc)
	want := []string{"Creature/Frog/Frog.m2", "Creature/Frog/Frog00.skin", "ReadMe.txt"}
	var got []string
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		if f := strings.Fields(l); len(f) == 2 {
			got = append(got, f[1])
		}
	}
	if code != exitOK || strings.Join(got, ",") != strings.Join(want, ",") {
		t.Fatalf("ls: exit %d, files %q, want %q\n%s", code, got, want, errOut)
	}
	code, out, _ = runCmd("ls", "--json", arc, "*.m2")
	var rep lsReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil || code != exitOK {
		t.Fatalf("ls --json: exit %d, %v", code, err)
	}
	if len(rep.Layers) != 1 || rep.Layers[0] != vfstest.ToyKindName+" "+arc || len(rep.Files) != 1 || rep.Files[0].Size != int64(len(m2)) {
		t.Errorf("ls --json: layers %q, files %+v", rep.Layers, rep.Files)
	}

	dir := filepath.Join(t.TempDir(), "out")
	if code, out, errOut := runCmd("extract", arc, "*", "--out", dir); code != exitOK {
		t.Fatalf("extract: exit %d\n%s%s", code, out, errOut)
	}
	if data, err := os.ReadFile(filepath.Join(dir, "Creature", "Frog", "Frog.m2")); err != nil || string(data) != string(m2) {
		t.Errorf("extracted Frog.m2: %d bytes, %v; want %d", len(data), err, len(m2))
	}

	if code, out, errOut := runCmd("validate", arc+":Creature/Frog/Frog.m2"); code != exitOK {
		t.Errorf("validate ARCHIVE:MEMBER: exit %d\n%s%s", code, out, errOut)
	}
	if code, out, errOut := runCmd("validate", arc, "*.m2"); code != exitOK || !strings.Contains(out+errOut, "Frog.m2") {
		t.Errorf("validate MOUNT *.m2: exit %d\n%s%s", code, out, errOut)
	}
	// The meshes come from the .skin, read beside the model in the archive:
	// the same as the extracted files' on disk.
	code, mounted, errOut := runCmd("inspect", "--json", arc+":creature/frog/FROG.M2")
	_, loose, _ := runCmd("inspect", "--json", filepath.Join(dir, "Creature", "Frog", "Frog.m2"))
	if code != exitOK || meshes(t, mounted) != meshes(t, loose) || meshes(t, loose) == "[]" {
		t.Errorf("inspect --json ARCHIVE:MEMBER: exit %d, meshes %s, want the extracted file's %s\n%s", code, meshes(t, mounted), meshes(t, loose), errOut)
	}
	if data, err := formats.ReadMember(arc + ":readme.txt"); err != nil || string(data) != "a toy" {
		t.Errorf("formats.ReadMember: %q, %v", data, err)
	}

	b := viewer.NewAssetBrowser("", formats.Options{})
	if err := b.Open(arc); err != nil {
		t.Fatalf("browser: %v", err)
	}
	defer b.Close()
	b.Query = "frog.m2"
	b.Refresh()
	if len(b.Rows) != 1 || b.OpenName(b.Rows[0]) != arc+":Creature/Frog/Frog.m2" {
		t.Errorf("browser rows for %q: %+v", b.Query, b.Rows)
	}
}
