package gui

import (
	"path/filepath"
	"testing"

	"animscope/formats"
	"animscope/formats/samples"
	"animscope/render"
	"animscope/viewer"
	"animscope/viewer/viewertest"

	"github.com/go-gl/mathgl/mgl32"
)

// texturedState opens a textured model (all its clips) for drawing benchmarks.
func texturedState(t testing.TB, files []string, skin string) *viewer.State {
	t.Helper()
	a, err := formats.Open(files, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if skin != "" {
		if err := a.Materials.UseSkin(skin); err != nil {
			t.Fatal(err)
		}
	}
	s := viewer.NewState(func([]string, formats.Options) (*formats.Asset, error) { return a, nil }, formats.Options{})
	if !s.Open(files) {
		t.Fatalf("open: %s", s.LastError())
	}
	s.Tr.Playing = true
	return s
}

// drawTarget binds a 320×240 off-screen target and frames the state's scene.
func drawTarget(t testing.TB, s *viewer.State) (*render.Target, render.Camera, float32) {
	t.Helper()
	s.Evaluate()
	cam := render.NewCamera()
	cell := frameCamera(s, &cam)
	tg, err := render.NewTarget(320, 240)
	if err != nil {
		t.Fatal(err)
	}
	tg.Bind()
	return tg, cam, cell
}

// TestTexturedDrawAllocatesNothing: a steady-state frame of the textured fixture
// (materials sampled, transparent layers sorted, drawn) allocates nothing.
func TestTexturedDrawAllocatesNothing(t *testing.T) {
	withGL(t, func(h *Headless) {
		s := texturedState(t, []string{viewertest.TexturedModel(t)}, "")
		tg, cam, cell := drawTarget(t, s)
		defer tg.Delete()
		defer tg.Unbind()
		vp := [4]int32{0, 0, 320, 240}
		h.d.drawScenes(s, &cam, vp, cell)
		if n := h.d.gpus[0].Materials(); n != 5 {
			t.Fatalf("materials on the GPU = %d, want 5", n)
		}
		allocs := testing.AllocsPerRun(20, func() {
			s.Tick(1.0 / 60)
			s.Evaluate()
			h.d.drawScenes(s, &cam, vp, cell)
		})
		if allocs != 0 {
			t.Errorf("allocations per textured frame = %v, want 0", allocs)
		}
		if err := render.CheckError(); err != nil {
			t.Error(err)
		}
	})
}

// BenchmarkDrawTextured is one frame's sampling and GL submission of a textured
// scene off-screen (under Xvfb with llvmpipe the time is mostly the software
// rasteriser's): the synthetic fixture, Murloc2 with a skin (samples), and 100
// instances of Murloc2 at different times, each with its own pose, palette
// upload and material states, on a 10×10 grid in one frame.
func BenchmarkDrawTextured(b *testing.B) {
	b.Run("fixture", func(b *testing.B) {
		withGL(b, func(h *Headless) {
			benchDraw(b, h, texturedState(b, []string{viewertest.TexturedModel(b)}, ""))
		})
	})
	b.Run("murloc2", func(b *testing.B) {
		dir := samples.Dir(b, "m2")
		withGL(b, func(h *Headless) {
			benchDraw(b, h, texturedState(b, []string{filepath.Join(dir, "Murloc2.m2")}, "murloc2_Green.blp"))
		})
	})
	b.Run("murloc2x100", func(b *testing.B) {
		dir := samples.Dir(b, "m2")
		withGL(b, func(h *Headless) {
			insts := make([]*viewer.State, 100)
			for i := range insts {
				insts[i] = texturedState(b, []string{filepath.Join(dir, "Murloc2.m2")}, "murloc2_Green.blp")
				insts[i].Tr.T = float64(i * 37)
			}
			s0 := insts[0]
			tg, cam, cell := drawTarget(b, s0)
			defer tg.Delete()
			defer tg.Unbind()
			cam.Distance *= 9
			d := &h.d
			gpu := d.gpu(0, s0.Scene)
			frame := render.Frame{Viewport: [4]int32{0, 0, 320, 240}, View: cam.View(), Proj: cam.Proj(320.0 / 240), Background: render.DefaultBackground}
			opts := drawOptions(s0, s0.Scene, cell)
			opts.ShowBones, opts.Joints, opts.ShowGrid, opts.ShowAxes = false, false, false, false
			base := opts.Scene
			bb := SceneBounds(s0.Scene, base)
			step := 1.1 * max(bb.Hi[0]-bb.Lo[0], bb.Hi[2]-bb.Lo[2]) // side by side
			frameAll := func() {
				d.r.Begin(&frame)
				for i, s := range insts {
					s.Tick(1.0 / 60)
					s.Evaluate()
					opts.Scene = mgl32.Translate3D(float32(i%10-5)*step, 0, float32(i/10-5)*step).Mul4(base)
					s.SampleMaterials(s.Scene, gpu.States)
					d.r.DrawScene(&frame, &opts, gpu, s.Scene.Skel, s.Scene.Pose.Model, s.Scene.Pose.Skin)
				}
				d.r.End()
			}
			frameAll()
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				frameAll()
				render.Finish()
			}
		})
	})
}

func benchDraw(b *testing.B, h *Headless, s *viewer.State) {
	tg, cam, cell := drawTarget(b, s)
	defer tg.Delete()
	defer tg.Unbind()
	vp := [4]int32{0, 0, 320, 240}
	h.d.drawScenes(s, &cam, vp, cell)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.Tick(1.0 / 60)
		s.Evaluate()
		h.d.drawScenes(s, &cam, vp, cell)
		render.Finish()
	}
}
