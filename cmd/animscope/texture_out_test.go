package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"animscope/formats/dds/ddstest"
	"animscope/formats/swg/swgtest"
)

// TestTextureOutMustBePNG: `texture` writes PNG, so an --out of another kind
// (a .dds or .blp beside the input, no extension at all) is a usage error that
// names it, and the file there keeps its bytes; .png in any case is written.
// It used to write PNG bytes into x.dds.
func TestTextureOutMustBePNG(t *testing.T) {
	dir := t.TempDir()
	data, err := ddstest.Encode(swgtest.CheckerImage(), ddstest.DXT1)
	if err != nil {
		t.Fatal(err)
	}
	in := filepath.Join(dir, "in.dds")
	if err := os.WriteFile(in, data, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		out      string
		wantCode int
		wantErr  string
	}{
		{"other.dds", exitUsage, "--out OUT/other.dds: want a .png file"},
		{"other.blp", exitUsage, "--out OUT/other.blp: want a .png file"},
		{"other", exitUsage, "--out OUT/other: want a .png file"},
		{"other.jpg", exitUsage, "--out OUT/other.jpg: want a .png file"},
		{"other.png", exitOK, ""},
		{"OTHER.PNG", exitOK, ""},
	} {
		out := filepath.Join(dir, tc.out)
		old := []byte("the user's file")
		if err := os.WriteFile(out, old, 0o644); err != nil {
			t.Fatal(err)
		}
		code, _, stderr := runCLI("texture", in, "--out", out)
		want := strings.ReplaceAll(tc.wantErr, "OUT", dir)
		if code != tc.wantCode || !strings.Contains(stderr, want) {
			t.Errorf("--out %s: got exit %d, %q; want exit %d, %q", tc.out, code, stderr, tc.wantCode, want)
		}
		got, _ := os.ReadFile(out)
		if changed := !bytes.Equal(got, old); changed != (tc.wantCode == exitOK) {
			t.Errorf("--out %s: changed %v, want %v", tc.out, changed, tc.wantCode == exitOK)
		}
	}
}
