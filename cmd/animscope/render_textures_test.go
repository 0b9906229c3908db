package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"animscope/formats/swg/swgtest"
)

// TestRenderWarnsUnreadableTextures: a texture the scene's materials name that
// `texture` refuses is a warning from render naming it and the place (the
// material is drawn untextured), as export warns; before, render said nothing.
// The warnings come before the display is needed, so the test runs without one
// (exit 1 there, 0 with a display).
func TestRenderWarnsUnreadableTextures(t *testing.T) {
	root := t.TempDir()
	mesh, err := swgtest.WriteTexturedScene(root)
	if err != nil {
		t.Fatal(err)
	}
	checker := filepath.Join(root, filepath.FromSlash(swgtest.CheckerTexture))
	stripes := filepath.Join(root, filepath.FromSlash(swgtest.StripesTexture))
	data, err := os.ReadFile(checker)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"cut short", data[:200], "warning: texture " + checker + ": offset 0x80: mip level 0 (32 x 32, 512 bytes of DXT1) runs past the end of the file (200 bytes); the material is drawn untextured\n"},
		{"empty", nil, "warning: texture " + checker + ": not a texture this program reads (BLP, DDS, Texm, PNG or JPEG); the material is drawn untextured\n"},
		{"good", data, ""},
	} {
		if err := os.WriteFile(checker, tc.data, 0o644); err != nil {
			t.Fatal(err)
		}
		code, _, stderr := runCLI("render", "--size", "64x48", "--out", filepath.Join(root, "out.png"), mesh)
		// Without GL (a CGO_ENABLED=0 build) render stops with 2 after the
		// scene's warnings, which are what this test reads.
		if code != exitOK && code != exitInvalid && (haveGL || code != exitUsage) {
			t.Errorf("%s: exit %d: %s", tc.name, code, stderr)
		}
		got := ""
		for _, line := range strings.SplitAfter(stderr, "\n") {
			if strings.HasPrefix(line, "warning: texture ") {
				got += line
			}
		}
		if got != tc.want {
			t.Errorf("%s: got texture warnings %q, want %q", tc.name, got, tc.want)
		}
		if strings.Contains(stderr, stripes) {
			t.Errorf("%s: a warning names the good texture %s: %q", tc.name, stripes, stderr)
		}
	}
}
