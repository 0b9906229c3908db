package main

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"animscope/formats/swg/swgtest"
)

// TestStandInWarning: render, sample and export of an SWG clip opened without its
// .skt (the scene stands on the clip's stand-in skeleton) say so on stderr; the
// same clip with its skeleton says nothing of the kind.
func TestStandInWarning(t *testing.T) {
	dir := t.TempDir()
	ans := filepath.Join(dir, "walk.ans")
	skt := filepath.Join(dir, "body.skt")
	if err := os.WriteFile(ans, ansFixture(t, "KFAT", "0003"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(skt, sktFixture(t), 0o644); err != nil {
		t.Fatal(err)
	}
	want := "warning: " + ans + ": no skeleton was given: using the stand-in skeleton this file offers"
	display := hasDisplay()
	if display {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
	}
	tests := []struct {
		name string
		args []string
	}{
		{"sample", []string{"sample", "--t", "2"}},
		{"sample --json", []string{"sample", "--json", "--t", "2"}},
		{"export", []string{"export", "--out", filepath.Join(dir, "out.glb")}},
		{"render", []string{"render", "--size", "64x48", "--out", filepath.Join(dir, "out.png")}},
		{"shot", []string{"shot", "--size", "640x400", "--out", filepath.Join(dir, "shot.png")}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, _, stderr := runCLI(append(tc.args, ans)...)
			// render needs a display; without one it fails after the warning.
			if code != exitOK && !((tc.name == "render" || tc.name == "shot") && !display) {
				t.Fatalf("exit %d, stderr %q", code, stderr)
			}
			if n := strings.Count(stderr, want); n != 1 {
				t.Errorf("stderr %q: the stand-in warning %d times, want once (%q)", stderr, n, want)
			}
			code, _, stderr = runCLI(append(tc.args, skt, ans)...)
			if code != exitOK && !((tc.name == "render" || tc.name == "shot") && !display) {
				t.Fatalf("with the skeleton: exit %d, stderr %q", code, stderr)
			}
			if strings.Contains(stderr, "stand-in") {
				t.Errorf("with the skeleton: stderr %q mentions a stand-in", stderr)
			}
		})
	}
}

// TestStandInSaysWhatIsDrawn: render, shot, export and sample of an SWG scene
// on a stand-in skeleton say on stderr whether its meshes were drawn in bind
// pose (the flat stand-in) or follow the clip (the skeleton the mesh names).
func TestStandInSaysWhatIsDrawn(t *testing.T) {
	flat, named := t.TempDir(), t.TempDir()
	if err := swgtest.WriteStandInScene(flat, false); err != nil {
		t.Fatal(err)
	}
	if err := swgtest.WriteStandInScene(named, true); err != nil {
		t.Fatal(err)
	}
	f := func(root, name string) string { return filepath.Join(root, filepath.FromSlash(name)) }
	display := hasDisplay()
	if display {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
	}
	out := t.TempDir()
	commands := []struct {
		name string
		args []string
	}{
		{"sample", []string{"sample", "--t", "30"}},
		{"export", []string{"export", "--out", filepath.Join(out, "out.glb")}},
		{"render", []string{"render", "--t", "30", "--size", "64x48", "--out", filepath.Join(out, "out.png")}},
		{"shot", []string{"shot", "--t", "30", "--size", "640x400", "--out", filepath.Join(out, "shot.png")}},
	}
	scenes := []struct {
		name  string
		files []string
		want  string
	}{
		{"flat stand-in", []string{f(flat, swgtest.StandInAppearance), f(flat, swgtest.StandInClip)},
			"the meshes are drawn in bind pose, whatever the clip does to the skeleton"},
		{"the mesh's skeleton", []string{f(named, swgtest.StandInMesh), f(named, swgtest.StandInClip)},
			"the meshes follow the clip (the stand-in is the skeleton the meshes were bound in)"},
	}
	for _, sc := range scenes {
		for _, tc := range commands {
			t.Run(sc.name+"/"+tc.name, func(t *testing.T) {
				code, _, stderr := runCLI(append(tc.args, sc.files...)...)
				if code != exitOK && !((tc.name == "render" || tc.name == "shot") && !display) {
					t.Fatalf("exit %d, stderr %q", code, stderr)
				}
				if n := strings.Count(stderr, sc.want); n != 1 {
					t.Errorf("stderr %q: %q %d times, want once", stderr, sc.want, n)
				}
			})
		}
	}
}
