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

// TestExportNeverOverwritesWhatItReads: export's --out (and a .gltf's buffer
// beside it) may not be a file the scene read besides the ones named: an M2's
// .skin through a link or a hard link named like a .glb, or a texture the
// export draws. Export refused only the named files, and wrote a .glb over
// Rabbit00.skin through "--out s.glb" (s.glb → Rabbit00.skin).
func TestExportNeverOverwritesWhatItReads(t *testing.T) {
	dir := t.TempDir()
	model := writeM2(t, dir, 264)
	skin := strings.TrimSuffix(model, ".m2") + "00.skin"
	entity, _, err := vcatest.TexturedPack(filepath.Join(dir, "pack"))
	if err != nil {
		t.Fatal(err)
	}
	checker := filepath.Join(dir, "pack", "content", "test", "textures", "entities", "checker.png")
	link := func(name, target string, hard bool) string {
		p := filepath.Join(dir, name)
		if hard {
			err = os.Link(target, p)
		} else {
			err = os.Symlink(target, p)
		}
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, tc := range []struct {
		name, target string
		args         []string
		shown        string // the --out the message names
	}{
		{"skin behind a link", skin, []string{"--out", link("s.glb", skin, false), model}, "s.glb"},
		{"skin behind a hard link", skin, []string{"--out", link("h.glb", skin, true), model}, "h.glb"},
		{"skin behind the buffer's name", skin, []string{"--separate", "--out", filepath.Join(dir, "b.gltf"), model}, "b.bin"},
		{"texture behind a link", checker, []string{"--out", link("t.glb", checker, false), entity}, "t.glb"},
	} {
		if tc.shown == "b.bin" {
			link("b.bin", skin, false)
		}
		before, err := os.ReadFile(tc.target)
		if err != nil {
			t.Fatal(err)
		}
		code, _, stderr := runCLI(append([]string{"export"}, tc.args...)...)
		want := " is an input file (" + tc.target + ")"
		if code != exitUsage || !strings.Contains(stderr, tc.shown+want) {
			t.Errorf("%s: got exit %d, %q; want exit %d, %q", tc.name, code, stderr, exitUsage, tc.shown+want)
		}
		if after, _ := os.ReadFile(tc.target); !bytes.Equal(after, before) {
			t.Errorf("%s: %s was changed", tc.name, filepath.Base(tc.target))
		}
	}
}
