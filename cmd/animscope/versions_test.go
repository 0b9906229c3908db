package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"animscope/formats/vfs/vfstest"
)

// runCmd runs the command line and returns its exit status and outputs.
func runCmd(args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	code := run(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

func frogPatchFolder(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "Data")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := vfstest.FrogPatches(dir); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestLsVersions: a data folder of a base archive and two patches, each with
// a version of the frog: ls --versions prints the three in load order with the
// winner marked, as text and as JSON.
func TestLsVersions(t *testing.T) {
	dir := frogPatchFolder(t)
	code, out, errOut := runCmd("ls", "--versions", dir, "*.m2")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var sizes [3]int
	for n := range sizes {
		m2, _ := vfstest.FrogVersion(n)
		sizes[n] = len(m2)
	}
	want := "Creature/Frog/Frog.m2: 3 versions\n" +
		linef("   1 %12d  common.MPQ\n", sizes[0]) +
		linef("   2 %12d  patch.MPQ\n", sizes[1]) +
		linef("   3 %12d  patch-2.MPQ  wins\n", sizes[2])
	if out != want {
		t.Errorf("ls --versions prints\n%s\nwant\n%s", out, want)
	}
	code, out, _ = runCmd("ls", "--versions", "--json", dir, "readme")
	var rep struct {
		Files []struct {
			Path     string
			Versions []map[string]any
		}
	}
	if err := json.Unmarshal([]byte(out), &rep); code != exitOK || err != nil || len(rep.Files) != 1 || len(rep.Files[0].Versions) != 1 {
		t.Fatalf("exit %d, %v: %s", code, err, out)
	}
	v := rep.Files[0].Versions[0]
	if v["archive"] != filepath.Join(dir, "common.MPQ") || v["wins"] != true || v["file"] != dir+":ReadMe.txt@common.MPQ" || v["size"] != float64(17) {
		t.Errorf("ReadMe.txt's version: %v", v)
	}
	code, out, _ = runCmd("ls", "--versions", "--json", dir, "frog.m2")
	if err := json.Unmarshal([]byte(out), &rep); code != exitOK || err != nil || len(rep.Files) != 1 {
		t.Fatalf("exit %d, %v: %s", code, err, out)
	}
	var got []string
	for _, v := range rep.Files[0].Versions {
		got = append(got, filepath.Base(v["archive"].(string))+" "+jsonBool(v["wins"]))
	}
	if g := strings.Join(got, ", "); g != "common.MPQ false, patch.MPQ false, patch-2.MPQ true" {
		t.Errorf("versions %s", g)
	}
	// Plain ls --json has no "versions" key.
	_, out, _ = runCmd("ls", "--json", dir, "frog.m2")
	if strings.Contains(out, `"versions"`) {
		t.Errorf("ls --json without --versions: %s", out)
	}
}

func linef(format string, args ...any) string {
	var b strings.Builder
	fmt.Fprintf(&b, format, args...)
	return b.String()
}

func jsonBool(v any) string {
	if b, ok := v.(bool); ok && b {
		return "true"
	}
	return "false"
}

// TestVersionFiles: MOUNT:MEMBER@ARCHIVE is a FILE to every command; diff of
// the first version with the last finds the jaw's keys differing (the base
// keys it every 100 ms, patch-2 every 300 ms) and nothing else.
func TestVersionFiles(t *testing.T) {
	dir := frogPatchFolder(t)
	first := dir + ":" + vfstest.FrogMember + "@common.MPQ"
	mid := dir + ":" + vfstest.FrogMember + "@patch.MPQ"
	last := dir + ":" + vfstest.FrogMember + "@patch-2.MPQ"
	merged := dir + ":" + vfstest.FrogMember

	for _, args := range [][]string{
		{"validate", first},
		{"inspect", mid},
		{"sample", "--clip", "Walk", "--t", "150", last},
		{"export", "--out", filepath.Join(t.TempDir(), "frog.glb"), first},
	} {
		if code, _, errOut := runCmd(args...); code != exitOK {
			t.Errorf("%v: exit %d: %s", args, code, errOut)
		}
	}
	// The jaw (bone 3) at Walk 150 ms: keys 1-2 in the base (every 100 ms),
	// key 0-1 in patch-2 (every 300 ms).
	jaw := func(file string) string {
		code, out, errOut := runCmd("sample", "--json", "--clip", "Walk", "--t", "150", file)
		if code != exitOK {
			t.Fatalf("sample %s: exit %d: %s", file, code, errOut)
		}
		var rep struct {
			Nodes []struct {
				Index int
				Probe struct {
					Keys []struct {
						Channel string
						K0, K1  int
					}
				}
			}
		}
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatal(err)
		}
		for _, n := range rep.Nodes {
			if n.Index == 3 {
				for _, k := range n.Probe.Keys {
					if k.Channel == "r" || strings.Contains(k.Channel, "rot") {
						return fmt.Sprint(k.K0, "-", k.K1)
					}
				}
				return fmt.Sprint(n.Probe.Keys)
			}
		}
		return "no jaw"
	}
	// Keys number on the shared timeline (version 256): Walk's first jaw key
	// is 21 in the base (Stand's 21 keys first), 7 in patch-2.
	if a, b, w := jaw(first), jaw(last), jaw(merged); a != "22-23" || b != "7-8" || w != b {
		t.Errorf("jaw keys at Walk 150 ms: first %s, last %s, merged %s; want 22-23, 7-8, 7-8", a, b, w)
	}
	diffNodes := func(a, b string) (int, []int) {
		code, out, errOut := runCmd("diff", "--json", "--clip", "Walk", a, b)
		if code != exitOK && code != exitInvalid { // 1: the scenes differ
			t.Fatalf("diff %s %s: exit %d: %s", a, b, code, errOut)
		}
		var rep struct {
			Differing int `json:"differing_nodes"`
			Nodes     []struct {
				IndexA int `json:"index_a"`
				Count  int
			}
		}
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatal(err)
		}
		var idx []int
		for _, n := range rep.Nodes {
			if n.Count > 0 {
				idx = append(idx, n.IndexA)
			}
		}
		return rep.Differing, idx
	}
	if n, idx := diffNodes(first, last); n != 1 || len(idx) != 1 || idx[0] != 3 {
		t.Errorf("diff of the first and last versions: %d differing nodes %v, want the jaw (3) alone", n, idx)
	}
	if n, idx := diffNodes(last, merged); n != 0 {
		t.Errorf("diff of the winning version and the merged file: %d differing nodes %v", n, idx)
	}
	if code, _, errOut := runCmd("inspect", dir+":ReadMe.txt@patch.MPQ"); code != exitInvalid || !strings.Contains(errOut, "holds no version") {
		t.Errorf("a version the archive lacks: exit %d: %s", code, errOut)
	}
}

// TestCompleteVersions: a word MOUNT:MEMBER@ completes to each version.
func TestCompleteVersions(t *testing.T) {
	dir := frogPatchFolder(t)
	name := dir + ":creature/frog/frog.m2@"
	for _, tc := range []struct{ cur, want string }{
		{name, name + "common.MPQ " + name + "patch.MPQ " + name + "patch-2.MPQ"},
		{name + "PATCH-", name + "patch-2.MPQ"},
		{dir + ":ReadMe.txt@", dir + ":ReadMe.txt@common.MPQ"},
		{dir + ":creature/frog/frog.m2", ""},
	} {
		if got := strings.Join(completeWords([]string{"inspect", tc.cur}), " "); got != tc.want {
			t.Errorf("complete %q = %q, want %q", tc.cur, got, tc.want)
		}
	}
}

// TestSceneNameOfVersion: glTF scenes are named after the member, not after
// the version's archive.
func TestSceneNameOfVersion(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Data:Creature/Frog/Frog.m2@patch-2.MPQ", "Frog"},
		{"Data:Creature/Frog/Frog.m2", "Frog"},
		{"models.rlb:TANK.msh", "TANK"},
	} {
		if got := sceneName(tc.in); got != tc.want {
			t.Errorf("sceneName(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
