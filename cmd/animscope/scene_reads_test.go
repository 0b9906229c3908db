package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"animscope/formats/vca/vcatest"
)

// TestRenderNeverOverwritesTextures: render's (and shot's, either side of a
// compare) --out may not be a texture the
// scene draws (a model's texture, one an animation switches a slot to), though
// the user never named it: a usage error naming it, the texture unchanged. It
// used to draw the scene over its own checker.png.
func TestRenderNeverOverwritesTextures(t *testing.T) {
	dir := t.TempDir()
	entity, clip, err := vcatest.TexturedPack(dir)
	if err != nil {
		t.Fatal(err)
	}
	textures := filepath.Join(dir, "content", "test", "textures")
	for _, tc := range []struct {
		out  string
		args []string
	}{
		{filepath.Join(textures, "entities", "checker.png"), []string{entity}},
		{filepath.Join(textures, "faces", "a.png"), []string{entity, clip}},
		{filepath.Join(textures, "faces", "b.png"), []string{entity, clip}},
	} {
		before, err := os.ReadFile(tc.out)
		if err != nil {
			t.Fatal(err)
		}
		for _, cmd := range [][]string{{"render"}, {"shot"}, {"shot", "--compare", entity}} {
			args := append(append(append([]string{}, cmd...), "--out", tc.out), tc.args...)
			if len(cmd) > 1 && len(tc.args) > 1 {
				continue // a compare takes one file a side
			}
			code, _, stderr := runCLI(args...)
			want := "--out " + tc.out + " is an input file"
			if code != exitUsage || !strings.Contains(stderr, want) {
				t.Errorf("%s --out %s: got exit %d, %q; want exit %d, %q", strings.Join(cmd, " "), filepath.Base(tc.out), code, stderr, exitUsage, want)
			}
			if after, _ := os.ReadFile(tc.out); !bytes.Equal(after, before) {
				t.Errorf("%s --out %s: the texture was changed", strings.Join(cmd, " "), filepath.Base(tc.out))
			}
		}
	}
}
