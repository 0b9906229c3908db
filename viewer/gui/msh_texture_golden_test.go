package gui

import (
	"os"
	"path/filepath"
	"testing"

	"animscope/formats"
	"animscope/formats/msh/mshtest"
	"animscope/viewer"
)

// TestMSHTexturedGolden draws the textured MSH archive (mshtest.TexturedArchive:
// batch material → WEAR → MAT0 → Texm) at frame 2: the base box with the
// orange and white 565 checker, the top box (turned 45° about Z) with the blue
// 4444 texture whose transparent middle is cut away (alpha key):
// testdata/golden_msh_textured.png.
func TestMSHTexturedGolden(t *testing.T) {
	const w, h = 320, 240
	data, err := mshtest.TexturedArchive()
	if err != nil {
		t.Fatal(err)
	}
	arch := filepath.Join(t.TempDir(), "tank.rlb")
	if err := os.WriteFile(arch, data, 0o644); err != nil {
		t.Fatal(err)
	}
	withGL(t, func(hd *Headless) {
		s := viewer.NewState(viewer.DefaultLoader, formats.Options{})
		if !s.Open([]string{arch}) {
			t.Fatalf("open: %s", s.LastError())
		}
		s.View.Bones, s.View.Joints = false, false
		img, err := hd.RenderShot(s, viewer.Shot{T: 2}, w, h)
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
		checkGolden(t, img, filepath.Join("testdata", "golden_msh_textured.png"))
	})
}
