package gui

import (
	"fmt"
	"runtime"
	"testing"

	"animscope/formats"
	"animscope/render"
	"animscope/viewer"
	"animscope/viewer/viewertest"
)

// crowdBenchState is the viewer's state of a nodes-node synthetic model blending
// both clips, playing, shown as a crowd of n on workers goroutines.
func crowdBenchState(tb testing.TB, n, nodes, workers int) *viewer.State {
	tb.Helper()
	s := viewer.NewState(func([]string, formats.Options) (*formats.Asset, error) { return viewertest.SyntheticAsset(nodes), nil }, formats.Options{})
	if !s.Open(nil) {
		tb.Fatal(s.LastError())
	}
	s.Blend = viewer.BlendState{On: true, ClipB: 1, Weight: 0.4, Sync: true}
	s.Select(3)
	s.Tr.Playing = true
	s.Crowd = viewer.Crowd{On: true, N: n, Seed: 1, Cores: workers}
	s.Crowd.Update(s)
	return s
}

// crowdWorkers are the benchmarks' worker counts: one core, and all of them.
func crowdWorkers() []int {
	if p := runtime.GOMAXPROCS(0); p > 1 {
		return []int{1, p}
	}
	return []int{1}
}

// BenchmarkCrowdFrame1000x64 is the CPU side of one crowd-view frame of 1,000
// instances of a 64-node model without GL: advance time, pose the scene, and
// pose every instance (sample A and B, blend, local-to-model, skin palette) on
// one core and on all. With the bones on the GPU, what remains of drawing the
// skeletons on the CPU is one upload of the model matrices (3 MB), which
// BenchmarkDrawCrowd1000x64 adds. cpu-ms/frame is the process's CPU time a frame
// (all its threads together: with 2 workers, the two cores' sum), steadier than
// wall time on a loaded machine.
func BenchmarkCrowdFrame1000x64(b *testing.B) {
	for _, w := range crowdWorkers() {
		b.Run(fmt.Sprintf("%dcores", w), func(b *testing.B) {
			s := crowdBenchState(b, 1000, 64, w)
			defer s.Crowd.Close()
			b.ReportAllocs()
			runtime.GC() // the setup's garbage is not the frame's CPU time
			cpu0 := cpuNanos()
			for b.Loop() {
				s.Tick(1.0 / 60)
				s.Evaluate()
				s.Crowd.Update(s)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1e6, "ms/frame")
			if cpu := cpuNanos() - cpu0; cpu > 0 {
				b.ReportMetric(float64(cpu)/float64(b.N)/1e6, "cpu-ms/frame")
			}
		})
	}
}

// BenchmarkDrawCrowd1000x64 is one whole crowd-view frame of 1,000 instances of
// a 64-node model with its skeletons drawn (bones and joints, no mesh) into a
// 320×240 off-screen target: the posing of BenchmarkCrowdFrame1000x64 and the GL
// submission (the matrices' upload and the instanced draws). "submit" leaves GL
// to draw in its own time; "finish" waits for the drawing (under Xvfb llvmpipe
// runs the vertex shader and rasterises on the CPU, so that figure is the
// software GPU's).
func BenchmarkDrawCrowd1000x64(b *testing.B) {
	for _, w := range crowdWorkers() {
		for _, finish := range []bool{false, true} {
			name := fmt.Sprintf("%dcores/submit", w)
			if finish {
				name = fmt.Sprintf("%dcores/finish", w)
			}
			b.Run(name, func(b *testing.B) {
				withGL(b, func(h *Headless) {
					defer func() { h.d.crowd = crowdView{} }()
					s := crowdBenchState(b, 1000, 64, w)
					defer s.Crowd.Close()
					s.View.Mesh = false
					tg, err := render.NewTarget(320, 240)
					if err != nil {
						b.Fatal(err)
					}
					defer tg.Delete()
					tg.Bind()
					defer tg.Unbind()
					cam := render.NewCamera()
					vp := [4]int32{0, 0, 320, 240}
					h.d.drawScenes(s, &cam, vp, 1)
					render.Finish()
					b.ReportAllocs()
					for b.Loop() {
						s.Tick(1.0 / 60)
						s.Evaluate()
						h.d.drawScenes(s, &cam, vp, 1)
						if finish {
							render.Finish()
						}
					}
					render.Finish()
					b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1e6, "ms/frame")
				})
			})
		}
	}
}

// TestCrowdDrawAllocatesNothing: a steady crowd-view frame (posing 50 instances
// and drawing their meshes, bones and joints) allocates nothing.
func TestCrowdDrawAllocatesNothing(t *testing.T) {
	withGL(t, func(h *Headless) {
		defer func() { h.d.crowd = crowdView{} }()
		s := crowdBenchState(t, 50, 16, 2)
		defer s.Crowd.Close()
		tg, err := render.NewTarget(160, 120)
		if err != nil {
			t.Fatal(err)
		}
		defer tg.Delete()
		tg.Bind()
		defer tg.Unbind()
		cam := render.NewCamera()
		vp := [4]int32{0, 0, 160, 120}
		h.d.drawScenes(s, &cam, vp, 1)
		allocs := testing.AllocsPerRun(20, func() {
			s.Tick(1.0 / 60)
			s.Evaluate()
			h.d.drawScenes(s, &cam, vp, 1)
		})
		if allocs != 0 {
			t.Errorf("allocations per crowd frame = %v, want 0", allocs)
		}
		if err := render.CheckError(); err != nil {
			t.Error(err)
		}
	})
}
