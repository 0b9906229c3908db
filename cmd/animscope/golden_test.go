package main

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"animscope/assets"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata")

// demoFile writes the embedded demo into a temporary folder, as a user's file.
func demoFile(t *testing.T) (dir, path string) {
	t.Helper()
	dir = t.TempDir()
	path = filepath.Join(dir, assets.DemoName)
	if err := os.WriteFile(path, assets.DemoMSH, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir, path
}

// checkGolden compares got with testdata/name, or rewrites it with -update.
func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	p := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(p, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(p)
	if err != nil {
		t.Fatalf("%v (run go test ./cmd/animscope -update to create it)", err)
	}
	if got != string(want) {
		gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
		for i := 0; i < len(gl) && i < len(wl); i++ {
			if gl[i] != wl[i] {
				t.Fatalf("%s differs at line %d:\n got: %s\nwant: %s", name, i+1, gl[i], wl[i])
			}
		}
		t.Fatalf("%s differs in length: got %d lines, want %d", name, len(gl), len(wl))
	}
}

func TestDemoSampleGolden(t *testing.T) {
	dir, demo := demoFile(t)
	tests := []struct {
		golden string
		args   []string
	}{
		{"demo_sample_t12.5.json", []string{"sample", "--json", "--t", "12.5", demo}},
		{"demo_sample_t0.json", []string{"sample", "--json", demo}},
		{"demo_sample_blend.json", []string{"sample", "--json", "--t", "7", "--clip-b", "0", "--t-b", "31", "--weight", "0.25", demo}},
		{"demo_sample_floor_wxyz_t33.json", []string{"sample", "--json", "--t", "33", "--rounding", "floor", "--quat-order", "wxyz", demo}},
	}
	for _, tc := range tests {
		code, out, stderr := runCLI(tc.args...)
		if code != exitOK {
			t.Fatalf("%v: exit %d: %s", tc.args, code, stderr)
		}
		checkGolden(t, tc.golden, strings.ReplaceAll(out, dir+string(filepath.Separator), ""))
	}
}
