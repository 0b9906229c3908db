package gui

import (
	"path/filepath"
	"testing"

	"animscope/formats"
	"animscope/formats/vca/vcatest"
	"animscope/viewer"
)

// TestVCATexturedGolden draws the textured VoxelCore pack (vcatest.TexturedPack)
// with its animation at t = 0.25 s, when slot $0 of the head shows faces:a
// (green), and at t = 0.75 s, when the @texture line has switched it to faces:b
// (blue, with a hole): testdata/golden_vca_t025.png and golden_vca_t075.png.
// The body shows the orange and white checker at both times.
func TestVCATexturedGolden(t *testing.T) {
	const w, h = 320, 240
	entity, clip, err := vcatest.TexturedPack(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	files := []string{entity, clip}
	for _, tc := range []struct {
		name string
		t    float64
	}{{"t025", 0.25}, {"t075", 0.75}} {
		t.Run(tc.name, func(t *testing.T) {
			withGL(t, func(hd *Headless) {
				s := viewer.NewState(viewer.DefaultLoader, formats.Options{})
				if !s.Open(files) {
					t.Fatalf("open: %s", s.LastError())
				}
				s.View.Bones, s.View.Joints = false, false
				img, err := hd.RenderShot(s, viewer.Shot{T: tc.t}, w, h)
				if err != nil {
					t.Fatalf("render: %v", err)
				}
				if n := len(s.Scene.Textures); n != 3 {
					t.Errorf("scene textures = %d, want 3 (checker, faces a and b)", n)
				}
				for _, tx := range s.Scene.Textures {
					if tx.Err != nil || tx.Image == nil {
						t.Errorf("texture %s: %v", tx.Path, tx.Err)
					}
				}
				checkGolden(t, img, filepath.Join("testdata", "golden_vca_"+tc.name+".png"))
			})
		})
	}
}
