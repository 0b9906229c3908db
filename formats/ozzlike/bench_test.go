package ozzlike_test

import (
	"fmt"
	"runtime"
	"testing"
	"time"

	"animscope/anim"
)

// player steps a workload's time at 60 Hz through the clips' key span.
type player struct {
	t, step, span float64
}

func (p *player) next() float64 {
	t := p.t
	if p.t += p.step; p.t >= p.span {
		p.t -= p.span
	}
	return t
}

// BenchmarkOzz runs the workload for every family and joint count: "sample"
// (clip A alone), "sample+l2m" (then local-to-model), "blend+l2m" (clips A and B
// at the same time, blended at 0.5, then local-to-model) and "blend+l2m+probes"
// (the same recording probes for both sides, as the key table needs); and the
// stages alone, on poses sampled once: "l2m" (local-to-model) and "blend"
// (anim.BlendTransforms of the two clips' poses at 0.5). The blends
// run the pose pipeline's sampling stage (anim.Pose.Sample, PoseRequest.Probes
// off and on). Every variant uses the player's sampling contexts and reports
// ns/joint, and cpu-ns/joint: the process's CPU time, which on a loaded machine
// leaves out the time other processes held the cores.
func BenchmarkOzz(b *testing.B) {
	for _, fam := range families {
		for _, n := range jointCounts {
			w := fam.build(b, n)
			pose := anim.NewPose(n)
			ctxA := w.a.NewContext()
			// The two clips' poses at one time, for the stages alone.
			la, lb := make([]anim.Transform, n), make([]anim.Transform, n)
			w.a.Sample(nil, 3*w.step, la, nil)
			w.b.Sample(nil, 3*w.step, lb, nil)
			for _, v := range []struct {
				name   string
				blend  bool
				model  bool
				probes bool
				stage  bool // the stage alone, without sampling
			}{
				{"sample", false, false, false, false},
				{"l2m", false, true, false, true},
				{"sample+l2m", false, true, false, false},
				{"blend", true, false, false, true},
				{"blend+l2m", true, true, false, false},
				{"blend+l2m+probes", true, true, true, false},
			} {
				b.Run(fmt.Sprintf("%s/%d/%s", fam.name, n, v.name), func(b *testing.B) {
					var pa []anim.Probe
					if v.probes {
						pa = pose.Probes
					}
					req := anim.PoseRequest{A: w.a, B: w.b, Weight: 0.5, Probes: v.probes}
					p := player{step: w.step, span: w.span}
					b.ReportAllocs()
					runtime.GC() // the setup's garbage is not the frame's CPU time
					cpu0 := cpuNanos()
					copy(pose.Local, la)
					for b.Loop() {
						t := p.next()
						switch {
						case v.stage && v.blend:
							anim.BlendTransforms(la, lb, 0.5, pose.Local)
						case v.stage:
						case v.blend:
							req.TA, req.TB = t, t
							pose.Sample(w.skel, &req)
						default:
							w.a.Sample(ctxA, t, pose.Local, pa)
						}
						if v.model {
							anim.LocalToModel(w.skel, pose.Local, nil, pose.Model)
						}
					}
					b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/joint")
					if cpu := cpuNanos() - cpu0; cpu > 0 {
						b.ReportMetric(float64(cpu)/float64(b.N)/float64(n), "cpu-ns/joint")
					}
				})
			}
		}
	}
}

// TestWorkload checks that every family's workload is what the benchmark claims:
// the joints' parents form the ternary tree, both clips are animated (two ticks
// apart give different poses), the two clips differ, and a frame allocates nothing
// with and without probes.
func TestWorkload(t *testing.T) {
	for _, fam := range families {
		for _, n := range []int{64} {
			w := fam.build(t, n)
			for i := 1; i < n; i++ {
				if got, want := w.skel.Parents[i], int32(parent(i)); got != want {
					t.Fatalf("%s: parent of %d = %d, want %d", fam.name, i, got, want)
				}
			}
			pose := anim.NewPose(n)
			x0, x1, y := make([]anim.Transform, n), make([]anim.Transform, n), make([]anim.Transform, n)
			w.a.Sample(nil, 3*w.step, x0, nil)
			w.a.Sample(nil, 5*w.step, x1, nil)
			w.b.Sample(nil, 3*w.step, y, nil)
			if x0[n-1] == x1[n-1] {
				t.Errorf("%s: joint %d does not move between ticks 3 and 5: %v", fam.name, n-1, x0[n-1])
			}
			if x0[n-1] == y[n-1] {
				t.Errorf("%s: clips A and B agree on joint %d: %v", fam.name, n-1, x0[n-1])
			}
			p := player{step: w.step, span: w.span}
			for _, probes := range []bool{false, true} {
				var pa, pb []anim.Probe
				if probes {
					pa, pb = pose.Probes, pose.ProbesB
				}
				allocs := testing.AllocsPerRun(50, func() {
					t := p.next()
					pose.Blender.Sample(w.a, t, w.b, t, 0.5, pose.Local, pa, pb)
					anim.LocalToModel(w.skel, pose.Local, nil, pose.Model)
				})
				if allocs != 0 {
					t.Errorf("%s probes=%v: %v allocations per frame, want 0", fam.name, probes, allocs)
				}
			}
		}
	}
}

// BenchmarkOzzProbeCost measures what recording probes adds to the blend (2
// samples + blend + local-to-model) on a machine whose speed drifts: it runs
// blocks of frames with probes and without, alternately, and adds each block's
// time to its side, so that both sides see the same background load. It reports
// the cost of probes as a percentage of the frame without them ("probes-%"),
// and each side's ns/joint. Both sides play the same times. A block lasts about
// 10 ms: long enough for the caches to settle to the side's own steady state
// (blocks of 16 frames at 1,000 joints read 5 points lower for M2, the frames
// after a switch paying for the other side's lines), short enough that a drift
// of the machine's speed falls on both sides.
func BenchmarkOzzProbeCost(b *testing.B) {
	for _, fam := range families {
		for _, n := range jointCounts {
			block := max(128, 128_000/n)
			w := fam.build(b, n)
			pose := anim.NewPose(n)
			b.Run(fmt.Sprintf("%s/%d", fam.name, n), func(b *testing.B) {
				var spent [2]time.Duration // off, on
				var frames [2]int
				reqs := [2]anim.PoseRequest{
					{A: w.a, B: w.b, Weight: 0.5},
					{A: w.a, B: w.b, Weight: 0.5, Probes: true},
				}
				players := [2]player{{step: w.step, span: w.span}, {step: w.step, span: w.span}}
				b.ReportAllocs()
				runtime.GC()
				side := 0
				for b.Loop() {
					req, p := &reqs[side], &players[side]
					start := time.Now()
					for range block {
						t := p.next()
						req.TA, req.TB = t, t
						pose.Sample(w.skel, req)
						anim.LocalToModel(w.skel, pose.Local, nil, pose.Model)
					}
					spent[side] += time.Since(start)
					frames[side] += block
					side ^= 1
				}
				if frames[0] == 0 || frames[1] == 0 {
					return
				}
				off := float64(spent[0].Nanoseconds()) / float64(frames[0]*n)
				on := float64(spent[1].Nanoseconds()) / float64(frames[1]*n)
				b.ReportMetric(off, "off-ns/joint")
				b.ReportMetric(on, "on-ns/joint")
				b.ReportMetric(100*(on-off)/off, "probes-%")
			})
		}
	}
}
