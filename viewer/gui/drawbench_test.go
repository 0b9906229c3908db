package gui

import (
	"testing"

	"animscope/formats"
	"animscope/render"
	"animscope/viewer"
)

// BenchmarkDrawDemo is one frame's GL submission for the demo off-screen: the
// palette upload, meshes, skeleton and grid (under Xvfb with llvmpipe, so the time
// is mostly the software rasteriser's).
func BenchmarkDrawDemo(b *testing.B) {
	withGL(b, func(h *Headless) {
		s := viewer.NewState(viewer.DefaultLoader, formats.Options{})
		s.Open(nil)
		s.Select(3)
		s.Evaluate()
		cam := render.NewCamera()
		cell := frameCamera(s, &cam)
		t, err := render.NewTarget(320, 240)
		if err != nil {
			b.Fatal(err)
		}
		defer t.Delete()
		t.Bind()
		defer t.Unbind()
		vp := [4]int32{0, 0, 320, 240}
		h.d.drawScenes(s, &cam, vp, cell)
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			s.Tick(1.0 / 60)
			s.Evaluate()
			h.d.drawScenes(s, &cam, vp, cell)
		}
	})
}
