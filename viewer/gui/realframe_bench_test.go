package gui

import (
	"fmt"
	"path/filepath"
	"runtime"
	"testing"

	"animscope/formats"
	"animscope/formats/samples"
	"animscope/render"
	"animscope/viewer"

	"github.com/go-gl/mathgl/mgl32"
)

// The viewer's frame on a real character: the WotLK scourgefemale of the
// samples (140 bones, 8 of its 48 submeshes at the default geosets, its
// materials and their textures, skinned on the GPU), and, so that the figures
// exist without the samples, the synthetic character of m2test laid out the
// same way. Each frame plays clip A blended with another clip at 0.4, so the CPU
// part is what a person scrubbing a blend pays: two samples, the blend,
// local-to-model, the skin palette and the materials' states. The GL part is
// the palette's upload and the draws; render's BenchmarkPaletteUpload times the
// upload alone at these sizes.

// frameCharacter is one character the frame benchmarks open.
type frameCharacter struct {
	name string
	path func(testing.TB) string
}

var frameCharacters = []frameCharacter{
	{"synthetic", characterModel},
	{"scourgefemale", realCharacter},
}

// realCharacter is the samples' WotLK scourgefemale (it skips without them).
func realCharacter(tb testing.TB) string {
	return filepath.Join(samples.Dir(tb, "m2-real"), "wotlk", "scourgefemale.m2")
}

// blendingCharacter opens the character at its default geosets, playing its
// start clip blended at 0.4 with the next clip, the clocks in sync (with one
// clip, with itself half a clip on).
func blendingCharacter(tb testing.TB, path string) *viewer.State {
	tb.Helper()
	s := texturedState(tb, []string{path}, "")
	s.Blend = viewer.BlendState{On: true, ClipB: (s.Clip + 1) % len(s.Scene.Clips), Weight: 0.4, Sync: true}
	if s.Blend.ClipB == s.Clip { // one clip (the synthetic character): B is A half a clip on
		s.Blend.Sync, s.Blend.TB = false, s.Scene.Infos[s.Clip].Duration/2
	}
	if !s.BlendOn() {
		tb.Fatalf("%s: the blend of clips %d and %d is off", path, s.Clip, s.Blend.ClipB)
	}
	return s
}

// cpuFrame is the CPU side of one frame of a single scene: time, both samples,
// the blend, local-to-model, the skin palette (Evaluate), the pose the meshes are
// drawn with, and the materials' states.
func cpuFrame(s *viewer.State, states []formats.MaterialState) {
	s.Tick(1.0 / 60)
	s.Evaluate()
	s.Scene.DrawnPose(mgl32.Vec3{0, 0, 5}, mgl32.Vec3{0, 1, 0})
	s.SampleMaterials(s.Scene, states)
}

// perFrame reports the time a frame took: wall ms, the process's CPU ms (every
// thread, llvmpipe's included) and the benchmark thread's own CPU ms (Linux).
type perFrame struct {
	proc, thread int64
}

// startFrames starts the clocks; the caller has locked its OS thread (withGL
// does), so that the thread's time is the benchmark's.
func startFrames() perFrame {
	runtime.GC() // the setup's garbage is not the frames' CPU time
	return perFrame{cpuNanos(), threadCPUNanos()}
}

func (p perFrame) report(b *testing.B) {
	n := float64(b.N)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/n/1e6, "ms/frame")
	if c := cpuNanos() - p.proc; p.proc > 0 && c > 0 {
		b.ReportMetric(float64(c)/n/1e6, "cpu-ms/frame")
	}
	if c := threadCPUNanos() - p.thread; p.thread > 0 && c > 0 {
		b.ReportMetric(float64(c)/n/1e6, "thread-cpu-ms/frame")
	}
}

// BenchmarkCharacterFrame is one frame of a single character: "cpu" is the CPU
// side alone (cpuFrame, no GL); "upload" the skin palette's GL upload alone
// (140 matrices for scourgefemale, 6.7 KB); "submit" the whole frame with its GL
// calls issued but not waited for; "finish" the whole frame drawn (under Xvfb,
// llvmpipe rasterises 320×240 on the CPU, so that figure is the software GPU's).
func BenchmarkCharacterFrame(b *testing.B) {
	for _, c := range frameCharacters {
		b.Run(c.name+"/cpu", func(b *testing.B) {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			s := blendingCharacter(b, c.path(b))
			states := make([]formats.MaterialState, len(s.Scene.ReadTextures()))
			cpuFrame(s, states)
			b.ReportAllocs()
			p := startFrames()
			for b.Loop() {
				cpuFrame(s, states)
			}
			p.report(b)
		})
		b.Run(c.name+"/upload", func(b *testing.B) {
			path := c.path(b)
			withGL(b, func(h *Headless) {
				s := blendingCharacter(b, path)
				s.Evaluate()
				gpu := h.d.gpu(0, s.Scene)
				skin := s.Scene.Pose.Skin
				gpu.UploadPalette(skin)
				render.Finish()
				b.SetBytes(int64(len(skin) * 48))
				b.ReportAllocs()
				for b.Loop() {
					gpu.UploadPalette(skin)
				}
				render.Finish()
			})
		})
		for _, finish := range []bool{false, true} {
			name := c.name + "/submit"
			if finish {
				name = c.name + "/finish"
			}
			b.Run(name, func(b *testing.B) {
				path := c.path(b)
				withGL(b, func(h *Headless) {
					s := blendingCharacter(b, path)
					tg, cam, cell := drawTarget(b, s)
					defer tg.Delete()
					defer tg.Unbind()
					vp := [4]int32{0, 0, 320, 240}
					h.d.drawScenes(s, &cam, vp, cell)
					render.Finish()
					b.ReportAllocs()
					p := startFrames()
					for b.Loop() {
						s.Tick(1.0 / 60)
						s.Evaluate()
						h.d.drawScenes(s, &cam, vp, cell)
						if finish {
							render.Finish()
						}
					}
					render.Finish()
					p.report(b)
				})
			})
		}
	}
}

// crowdCharacter is blendingCharacter shown as a crowd of n posed on workers
// goroutines.
func crowdCharacter(tb testing.TB, path string, n, workers int) *viewer.State {
	s := blendingCharacter(tb, path)
	s.Crowd = viewer.Crowd{On: true, N: n, Seed: 1, Cores: workers}
	s.Evaluate() // the scene's own samplers start before the frames are timed
	s.Crowd.Update(s)
	if got := s.Crowd.Characters(); got != n {
		tb.Fatalf("crowd of %d: %d instances posed", n, got)
	}
	return s
}

// BenchmarkCharacterCrowd1000 is one crowd-view frame of 1,000 instances of the
// character, each at its own phase of the blend: "cpu" poses them (both
// samples, the blend, local-to-model and the skin palette for every instance;
// viewer.Crowd.Update) on one core and on all; "frame" adds the GL side: the
// upload of every instance's palette and model matrices (2 × 6.7 MB for
// scourgefemale) and the instanced draws of the meshes (flat, as the crowd view
// draws them) and the bones, waited for.
func BenchmarkCharacterCrowd1000(b *testing.B) {
	for _, c := range frameCharacters {
		for _, w := range crowdWorkers() {
			b.Run(fmt.Sprintf("%s/cpu/%dcores", c.name, w), func(b *testing.B) {
				runtime.LockOSThread()
				defer runtime.UnlockOSThread()
				s := crowdCharacter(b, c.path(b), 1000, w)
				defer s.Crowd.Close()
				b.ReportAllocs()
				p := startFrames()
				for b.Loop() {
					s.Tick(1.0 / 60)
					s.Evaluate()
					s.Crowd.Update(s)
				}
				p.report(b)
			})
		}
		w := runtime.GOMAXPROCS(0)
		b.Run(fmt.Sprintf("%s/frame/%dcores", c.name, w), func(b *testing.B) {
			path := c.path(b)
			withGL(b, func(h *Headless) {
				defer func() { h.d.crowd = crowdView{} }()
				s := crowdCharacter(b, path, 1000, w)
				defer s.Crowd.Close()
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
				p := startFrames()
				for b.Loop() {
					s.Tick(1.0 / 60)
					s.Evaluate()
					h.d.drawScenes(s, &cam, vp, 1)
					render.Finish()
				}
				p.report(b)
			})
		})
	}
}

// TestCharacterFramesAllocateNothing: steady frames of the character blending
// two clips, alone and as a crowd of 1,000 (posed and drawn), allocate nothing,
// and the frame leaves no GL error.
func TestCharacterFramesAllocateNothing(t *testing.T) {
	for _, c := range frameCharacters {
		for _, crowd := range []int{0, 1000} {
			name := c.name + "/single"
			if crowd > 0 {
				name = fmt.Sprintf("%s/crowd%d", c.name, crowd)
			}
			t.Run(name, func(t *testing.T) {
				path := c.path(t)
				withGL(t, func(h *Headless) {
					defer func() { h.d.crowd = crowdView{} }()
					s := blendingCharacter(t, path)
					if crowd > 0 {
						s.Crowd = viewer.Crowd{On: true, N: crowd, Seed: 1}
						defer s.Crowd.Close()
					}
					tg, cam, cell := drawTarget(t, s)
					defer tg.Delete()
					defer tg.Unbind()
					vp := [4]int32{0, 0, 320, 240}
					frame := func() {
						s.Tick(1.0 / 60)
						s.Evaluate()
						h.d.drawScenes(s, &cam, vp, cell)
					}
					frame()
					if crowd > 0 && s.Crowd.Characters() != crowd {
						t.Fatalf("crowd: %d instances posed, want %d", s.Crowd.Characters(), crowd)
					}
					runs := 20
					if crowd > 0 {
						runs = 3 // llvmpipe draws a crowd frame slowly
					}
					if n := testing.AllocsPerRun(runs, frame); n != 0 {
						t.Errorf("allocations per frame = %v, want 0", n)
					}
					if err := render.CheckError(); err != nil {
						t.Error(err)
					}
				})
			})
		}
	}
}
