package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"animscope/formats/samples"
	"animscope/formats/tre/tretest"
)

// TestSWGFromTRE: the SWG samples in a tree file under their game paths; the LOD
// list opens from the archive and finds its meshes there, as the loose file finds
// them beside it, and `ls` lists the tree.
func TestSWGFromTRE(t *testing.T) {
	src := samples.Dir(t, "swg")
	game := map[string]string{
		"binjinphant_mount.lmg":    "appearance/mesh/binjinphant_mount.lmg",
		"binjinphant_mount_l0.mgn": "appearance/mesh/binjinphant_mount_l0.mgn",
		"binjinphant_mount_l3.mgn": "appearance/mesh/binjinphant_mount_l3.mgn",
		"binjinphant_mount.sat":    "appearance/binjinphant_mount.sat",
	}
	var files []tretest.File
	for base, p := range game {
		data, err := os.ReadFile(filepath.Join(src, base))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, tretest.File{Name: p, Data: data, Zlib: strings.HasSuffix(p, ".mgn")})
	}
	arc := filepath.Join(t.TempDir(), "swg.tre")
	if err := os.WriteFile(arc, tretest.Build(files, tretest.Options{ZlibTable: true, ZlibNames: true}), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, stderr := runCLI("ls", arc, "*.mgn")
	if code != exitOK || strings.Count(out, "\n") != 2 || !strings.Contains(out, "appearance/mesh/binjinphant_mount_l0.mgn") {
		t.Errorf("ls: exit %d\n%s%s", code, out, stderr)
	}
	_, loose, _ := runCLI("inspect", "--json", filepath.Join(src, "binjinphant_mount.lmg"))
	code, mounted, stderr := runCLI("inspect", "--json", arc+":appearance/mesh/binjinphant_mount.lmg")
	if code != exitOK {
		t.Fatalf("inspect from the tree file: exit %d\n%s", code, stderr)
	}
	var desc struct{ Files []string }
	json.Unmarshal([]byte(mounted), &desc)
	if len(desc.Files) == 0 {
		t.Error("inspect --json lists no files")
	}
	for _, f := range desc.Files {
		if !strings.HasPrefix(f, arc+":appearance/") {
			t.Errorf("file %q is not named as ARCHIVE:MEMBER", f)
		}
	}
	if got, want := meshes(t, mounted), meshes(t, loose); got != want || want == "[]" {
		t.Errorf("meshes from the tree file %s, want the loose file's %s", got, want)
	}
	code, out, _ = runCLI("validate", arc)
	if !strings.Contains(out, "4 files (swg 4)") {
		t.Errorf("validate the tree file: exit %d\n%s", code, out)
	}
}
