package ozzlike_test

import (
	"fmt"
	"runtime"
	"testing"

	"animscope/anim"
	"animscope/anim/crowd"
)

// crowdSize is how many characters BenchmarkCrowd poses per frame.
const crowdSize = 256

// BenchmarkCrowd poses many 64-joint characters of each family per frame: each
// character blends clips A and B at 0.5 at its own phase and composes
// local-to-model and the skin palette (anim.Pose.Evaluate), with crowd.Job on
// one goroutine and on all of them (GOMAXPROCS), probes off; "probes" is one
// goroutine with probes on. It reports how many characters fit a 16.7 ms frame
// of wall time, and chars/cpu-frame: how many fit 16.7 ms of the process's CPU
// time (all its threads together), steadier than wall time on a loaded machine;
// with one worker it is one core's frame, with several their sum's.
func BenchmarkCrowd(b *testing.B) {
	for _, fam := range families {
		w := fam.build(b, 64)
		chars := make([]crowd.Character, crowdSize)
		for i := range chars {
			phase := float64((i*7919)%crowdSize) / crowdSize * w.span
			chars[i] = crowd.Character{Skel: w.skel, Pose: anim.NewPose(64),
				Req: anim.PoseRequest{A: w.a, TA: phase, B: w.b, TB: phase, Weight: 0.5}}
		}
		for _, v := range []struct {
			name    string
			workers int
			probes  bool
		}{
			{"1core", 1, false},
			{fmt.Sprintf("%dcores", runtime.GOMAXPROCS(0)), runtime.GOMAXPROCS(0), false},
			{"1core+probes", 1, true},
		} {
			b.Run(fmt.Sprintf("%s/%s", fam.name, v.name), func(b *testing.B) {
				job := crowd.New(v.workers)
				defer job.Close()
				for i := range chars {
					chars[i].Req.Probes = v.probes
				}
				job.Evaluate(chars) // the poses make their sampling contexts
				b.ReportAllocs()
				runtime.GC() // the setup's garbage is not the frame's CPU time
				cpu0 := cpuNanos()
				for b.Loop() {
					job.Evaluate(chars)
					for i := range chars {
						r := &chars[i].Req
						if r.TA += w.step; r.TA >= w.span {
							r.TA -= w.span
						}
						r.TB = r.TA
					}
				}
				perChar := float64(b.Elapsed().Nanoseconds()) / float64(b.N) / crowdSize
				b.ReportMetric(16.7e6/perChar, "chars/frame")
				b.ReportMetric(perChar/64, "ns/joint")
				if cpu := cpuNanos() - cpu0; cpu > 0 {
					b.ReportMetric(16.7e6*float64(b.N)*crowdSize/float64(cpu), "chars/cpu-frame")
				}
			})
		}
	}
}
