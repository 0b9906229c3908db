package ozzlike_test

import (
	"fmt"
	"runtime"
	"slices"
	"testing"
	"time"

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

// BenchmarkCrowdScaling measures how the crowd's frame scales from one
// goroutine to all of them (GOMAXPROCS) on a machine whose load drifts: it
// runs blocks of 8 frames on a one-worker job and on an all-workers job
// alternately (each job with its own characters, so that each keeps its own
// caches), and compares the two sides' block times. "scaling" is the ratio of
// their median blocks, "scaling-q1" of their fastest quarters (the blocks
// least disturbed by other processes, nearest to a quiet machine);
// "1core-ns/joint" and "Ncores-ns/joint" are the sides' median blocks in wall
// time. (The CPU time of a block is not measured: the process's CPU clock
// counts another thread's time only when that thread is next accounted, and
// BenchmarkCrowd's chars/cpu-frame over a whole run is the steadier figure.)
//
// Each block starts with one frame that is timed apart, the wake frame: while
// the other side ran its block, the all-workers job's workers stopped polling
// and slept (crowd.Job polls for 100 µs), and the first frame after waits for
// their threads to wake, which takes up to a few hundred microseconds on a
// virtual machine whose idle CPUs are descheduled. The blocks' frames follow
// back to back, as a crowd's frames do when the CPU is the limit, so
// "scaling" is the steady scaling; "Ncores-wake-us" is how much longer the
// all-workers side's median wake frame took than its median frame, the cost
// a crowd pays in a frame that starts with its workers asleep (the viewer's,
// at 60 Hz). The one-worker side has a wake frame too, so that both sides
// time frames whose characters are back in the cache.
func BenchmarkCrowdScaling(b *testing.B) {
	const frames = 8
	for _, fam := range families {
		w := fam.build(b, 64)
		b.Run(fam.name, func(b *testing.B) {
			type side struct {
				job   *crowd.Job
				chars []crowd.Character
				wall  []float64 // ns/joint of each block
				wake  []float64 // ns of each block's wake frame
			}
			var sides [2]*side
			for k, workers := range []int{1, runtime.GOMAXPROCS(0)} {
				s := &side{job: crowd.New(workers), chars: make([]crowd.Character, crowdSize)}
				defer s.job.Close()
				for i := range s.chars {
					phase := float64((i*7919)%crowdSize) / crowdSize * w.span
					s.chars[i] = crowd.Character{Skel: w.skel, Pose: anim.NewPose(64),
						Req: anim.PoseRequest{A: w.a, TA: phase, B: w.b, TB: phase, Weight: 0.5}}
				}
				s.job.Evaluate(s.chars) // the poses make their sampling contexts
				s.wall = make([]float64, 0, 1024)
				s.wake = make([]float64, 0, 1024)
				sides[k] = s
			}
			b.ReportAllocs()
			runtime.GC()
			k := 0
			for b.Loop() {
				s := sides[k]
				step := func() {
					s.job.Evaluate(s.chars)
					for i := range s.chars {
						r := &s.chars[i].Req
						if r.TA += w.step; r.TA >= w.span {
							r.TA -= w.span
						}
						r.TB = r.TA
					}
				}
				t0 := time.Now()
				step() // the wake frame
				t1 := time.Now()
				for range frames {
					step()
				}
				s.wake = append(s.wake, float64(t1.Sub(t0).Nanoseconds()))
				s.wall = append(s.wall, float64(time.Since(t1).Nanoseconds())/frames/crowdSize/64)
				k ^= 1
			}
			one, all := sides[0], sides[1]
			if len(one.wall) == 0 || len(all.wall) == 0 {
				return
			}
			slices.Sort(one.wall)
			slices.Sort(all.wall)
			slices.Sort(all.wake)
			median := func(x []float64) float64 { return x[len(x)/2] }
			q1 := func(x []float64) float64 { return x[len(x)/4] }
			b.ReportMetric(median(one.wall)/median(all.wall), "scaling")
			b.ReportMetric(q1(one.wall)/q1(all.wall), "scaling-q1")
			b.ReportMetric(median(one.wall), "1core-ns/joint")
			b.ReportMetric(median(all.wall), "Ncores-ns/joint")
			b.ReportMetric((median(all.wake)-median(all.wall)*crowdSize*64)/1e3, "Ncores-wake-us")
		})
	}
}
