package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"animscope/formats/msh/mshtest"
	"animscope/formats/swg/swgtest"
)

// TestFileNamedTwice: a scene's FILE list that names one file twice (as
// written, by another spelling of its path, or an archive member in another
// case) is a usage error, exit 2, naming the file; before, an SWG mesh bound
// its parts twice and an MSH archive said "a scene has one skeleton". The two
// sides of a compare (and diff's A and B) may be the same file.
func TestFileNamedTwice(t *testing.T) {
	dir := t.TempDir()
	mesh, err := swgtest.WriteTexturedScene(filepath.Join(dir, "swg"))
	if err != nil {
		t.Fatal(err)
	}
	arch := filepath.Join(dir, "tank.rlb")
	data, err := mshtest.TexturedArchive()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(arch, data, 0o644); err != nil {
		t.Fatal(err)
	}
	other := filepath.Dir(mesh) + "/../mesh/box.mgn" // Join would clean the ..
	link := filepath.Join(dir, "link.mgn")
	if err := os.Symlink(mesh, link); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	for _, tc := range []struct {
		args []string
		want string // "" for a command that is not refused
	}{
		{[]string{"inspect", mesh, mesh}, mesh + ": named twice in one scene (files 1 and 2)"},
		{[]string{"inspect", mesh, other}, other + ": named twice in one scene (files 1 and 2, as " + mesh + ")"},
		{[]string{"inspect", mesh, link}, link + ": named twice in one scene (files 1 and 2, as " + mesh + ")"},
		{[]string{"inspect", arch + ":tank.msh", arch + ":TANK.MSH"}, arch + ":TANK.MSH: named twice in one scene (files 1 and 2, as " + arch + ":tank.msh)"},
		{[]string{"sample", mesh, mesh}, "named twice in one scene"},
		{[]string{"export", "--out", out + ".glb", mesh, mesh}, "named twice in one scene"},
		{[]string{"render", "--out", out + ".png", mesh, mesh}, "named twice in one scene"},
		{[]string{"diff", mesh, mesh}, ""},
		{[]string{"inspect", arch + ":tank.msh", arch + ":BODY.TEX"}, ""},
	} {
		code, _, stderr := runCLI(tc.args...)
		if tc.want == "" {
			if strings.Contains(stderr, "named twice") {
				t.Errorf("%q: got %q, want no complaint about a file named twice", tc.args, stderr)
			}
			continue
		}
		if code != exitUsage || !strings.Contains(stderr, tc.want) {
			t.Errorf("%q: got exit %d, %q; want exit %d naming %q", tc.args, code, stderr, exitUsage, tc.want)
		}
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--compare", mesh, mesh}, ""},
		{[]string{"--compare", mesh, "--file-b", mesh}, ""},
		{[]string{mesh, other}, other + ": named twice in one scene (files 1 and 2, as " + mesh + ")"},
		{[]string{"--compare", mesh, mesh, "--file-b", other}, mesh + ": named twice in one scene (files 1 and 2)"},
		{[]string{"--compare", mesh, "--file-b", mesh, "--file-b", link}, link + ": named twice in one scene (files 1 and 2, as " + mesh + ")"},
	} {
		_, err := parseViewerArgs(tc.args)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if tc.want == "" && err != nil || tc.want != "" && (!strings.Contains(got, tc.want) || exitFor("", err, &strings.Builder{}) != exitUsage) {
			t.Errorf("viewer %q: got error %q, want a usage error naming %q", tc.args, got, tc.want)
		}
	}
}
