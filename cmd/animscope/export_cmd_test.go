package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"animscope/assets"

	"github.com/qmuntal/gltf"
)

func TestExportCommand(t *testing.T) {
	dir := t.TempDir()
	good := writeScene(t, dir, "a.test", "TESTSCENE 0")
	bad := writeScene(t, dir, "bad.test", "TESTSCENE x")
	out := filepath.Join(dir, "out.glb")
	tests := []struct {
		name      string
		args      []string
		want      int
		wantErr   string
		wantAnims int // with exit 0: animations in the written file
		wantNodes int
	}{
		{"all clips", []string{"export", "--out", out, good}, exitOK, "", 1, 4},
		{"flags after the file", []string{"export", good, "--out", out, "--fps", "20", "--scale", "0.5"}, exitOK, "", 1, 4},
		{"one clip by name", []string{"export", "--clip", "walk", "--out", out, good}, exitOK, "", 1, 4},
		{"bind pose", []string{"export", "--bind-pose", "--out", out, good}, exitOK, "", 0, 4},
		{"sampling flags of other families are accepted", []string{"export", "--rounding", "floor", "--quat-order", "wxyz", "--fidelity", "client", "--handles", "absolute", "--unknown-bone", "root", "--out", out, good}, exitOK, "", 1, 4},
		{"no --out", []string{"export", good}, exitUsage, "--out", 0, 0},
		{"no file", []string{"export", "--out", out}, exitUsage, "no FILE", 0, 0},
		{"unknown flag", []string{"export", "--frames", "3", "--out", out, good}, exitUsage, "frames", 0, 0},
		{"bad fps", []string{"export", "--fps", "0", "--out", out, good}, exitUsage, "--fps", 0, 0},
		{"max-samples enough", []string{"export", "--max-samples", "100000", "--out", out, good}, exitOK, "", 1, 4},
		{"max-samples too few", []string{"export", "--max-samples", "1", "--out", out, good}, exitInvalid, "raise --max-samples", 0, 0},
		{"bad max-samples", []string{"export", "--max-samples", "0", "--out", out, good}, exitUsage, "--max-samples", 0, 0},
		{"max-samples past an int32", []string{"export", "--max-samples", "2147483648", "--out", out, good}, exitUsage, "--max-samples", 0, 0},
		{"bad scale", []string{"export", "--scale", "NaN", "--out", out, good}, exitUsage, "--scale", 0, 0},
		{"bad rounding", []string{"export", "--rounding", "ceil", "--out", out, good}, exitUsage, "--rounding", 0, 0},
		{"clip and bind pose", []string{"export", "--clip", "0", "--bind-pose", "--out", out, good}, exitUsage, "exclude", 0, 0},
		{"no such clip", []string{"export", "--clip", "run", "--out", out, good}, exitUsage, "run", 0, 0},
		{"out is the input", []string{"export", "--out", good, good}, exitUsage, "input file", 0, 0},
		{"out is the input, spelled differently", []string{"export", "--out", filepath.Join(dir, ".", "a.test"), good}, exitUsage, "input file", 0, 0},
		{"out is a folder", []string{"export", "--out", dir, good}, exitUsage, "folder", 0, 0},
		{"bad file", []string{"export", "--out", out, bad}, exitInvalid, "bad.test: offset 0xa: shift", 0, 0},
		{"missing folder for out", []string{"export", "--out", filepath.Join(dir, "no", "x.glb"), good}, exitInvalid, "x.glb", 0, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			os.Remove(out)
			before, _ := os.ReadFile(good)
			code, _, stderr := runCLI(tc.args...)
			if code != tc.want {
				t.Fatalf("exit %d, want %d (stderr %q)", code, tc.want, stderr)
			}
			if !strings.Contains(stderr, tc.wantErr) {
				t.Errorf("stderr %q does not mention %q", stderr, tc.wantErr)
			}
			if after, _ := os.ReadFile(good); string(after) != string(before) {
				t.Errorf("the input file changed: got %q, want %q", after, before)
			}
			entries, _ := os.ReadDir(dir)
			for _, e := range entries {
				if strings.HasSuffix(e.Name(), ".tmp") {
					t.Errorf("temporary file %s left behind", e.Name())
				}
			}
			_, statErr := os.Stat(out)
			if code != exitOK {
				if statErr == nil {
					t.Errorf("%s was written although the command failed", out)
				}
				return
			}
			doc, err := gltf.Open(out)
			if err != nil {
				t.Fatalf("reading %s: %v", out, err)
			}
			if got := len(doc.Animations); got != tc.wantAnims {
				t.Errorf("got %d animations, want %d", got, tc.wantAnims)
			}
			if got := len(doc.Nodes); got != tc.wantNodes {
				t.Errorf("got %d nodes, want %d (armature and three joints)", got, tc.wantNodes)
			}
			if got, want := doc.Nodes[0].Name, "a"; got != want {
				t.Errorf("armature root: got name %q, want %q", got, want)
			}
		})
	}
}

// TestExportReplacesAtomically: an existing .glb is replaced whole.
func TestExportReplacesAtomically(t *testing.T) {
	dir := t.TempDir()
	good := writeScene(t, dir, "a.test", "TESTSCENE 0")
	out := filepath.Join(dir, "out.glb")
	if err := os.WriteFile(out, []byte("old contents"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runCLI("export", "--out", out, good); code != exitOK {
		t.Fatalf("exit %d, want 0 (stderr %q)", code, stderr)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(data[:4]), "glTF"; got != want {
		t.Errorf("got magic %q, want %q", got, want)
	}
	entries, _ := os.ReadDir(dir)
	if got, want := len(entries), 2; got != want {
		t.Errorf("got %d files in the folder, want %d (the input and the .glb)", got, want)
	}
}

// TestExportDemoFile exports the built-in demo, written to a file, through the
// command: Z-up MSH turned Y-up, one animation named after the clip, 17 joints.
func TestExportDemoFile(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, assets.DemoName)
	if err := os.WriteFile(in, assets.DemoMSH, 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "demo.glb")
	code, stdout, stderr := runCLI("export", "--out", out, "--scale", "2", in)
	if code != exitOK {
		t.Fatalf("exit %d, want 0 (stderr %q)", code, stderr)
	}
	if !strings.Contains(stdout, ", 1 animation\n") {
		t.Errorf("stdout %q does not report 1 animation", stdout)
	}
	doc, err := gltf.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := len(doc.Skins[0].Joints), 17; got < want {
		t.Errorf("got %d joints, want at least %d", got, want)
	}
	if got, want := doc.Animations[0].Name, "demo"; got != want {
		t.Errorf("animation name: got %q, want %q", got, want)
	}
	if got, want := doc.Nodes[0].Name, "demo"; got != want {
		t.Errorf("armature root: got %q, want %q", got, want)
	}
}
