package gui

import (
	"path/filepath"
	"testing"

	"animscope/formats"
	"animscope/formats/swg/swgtest"
	"animscope/viewer"
)

// TestSWGTexturedGolden draws the textured SWG box (swgtest.WriteTexturedScene:
// mesh → shader/*.sht → texture/*.dds), skeleton and mesh opened together, turned
// so that three faces show: the front and back faces with the orange and cream
// DXT1 checker, the sides with the blue and white DXT5 stripes, the top and
// bottom flat grey (their shader is missing: a warning, drawn untextured):
// testdata/golden_swg_textured.png.
func TestSWGTexturedGolden(t *testing.T) {
	const w, h = 320, 240
	root := t.TempDir()
	mesh, err := swgtest.WriteTexturedScene(root)
	if err != nil {
		t.Fatal(err)
	}
	skt := filepath.Join(root, filepath.FromSlash(swgtest.TexturedSkeleton))
	withGL(t, func(hd *Headless) {
		s := viewer.NewState(viewer.DefaultLoader, formats.Options{})
		if !s.Open([]string{skt, mesh}) {
			t.Fatalf("open: %s", s.LastError())
		}
		s.View.Bones, s.View.Joints = false, false
		img, err := hd.RenderShot(s, viewer.Shot{}, w, h)
		if err != nil {
			t.Fatalf("render: %v", err)
		}
		if n := len(s.Scene.Textures); n != 2 {
			t.Errorf("scene textures = %d, want 2", n)
		}
		for _, tx := range s.Scene.Textures {
			if tx.Err != nil || tx.Image == nil {
				t.Errorf("texture %s: %v", tx.Path, tx.Err)
			}
		}
		checkGolden(t, img, filepath.Join("testdata", "golden_swg_textured.png"))
	})
}
