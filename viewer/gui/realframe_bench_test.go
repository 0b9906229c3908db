package gui

import (
	"fmt"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"animscope/formats"
	"animscope/formats/blp"
	"animscope/formats/blp/blptest"
	"animscope/formats/m2"
	"animscope/formats/m2/m2test"
	"animscope/formats/samples"
	"animscope/render"
	"animscope/viewer"

	"github.com/go-gl/mathgl/mgl32"
)

// The viewer's frame on a real character: the WotLK scourgefemale of the
// samples (140 bones, 8 of its 48 submeshes at the default geosets, its 48
// materials, skinned on the GPU), and, so that the figures exist without the
// samples, m2test's synthetic character given a skeleton of the same size
// (riggedCharacter). The texture slots the game fills (body skin, hair, cape)
// get a 256×256 stand-in BLP each, so that every material draws textured.
// Each frame plays clip A blended with another clip at 0.4, so the CPU part is
// what a person scrubbing a blend pays: two samples, the blend, local-to-model,
// the skin palette and the materials' states. The GL part is the palette's
// upload and the draws; render's BenchmarkFrameUpload times the uploads alone
// at these sizes.

// frameCharacter is one character the frame benchmarks open.
type frameCharacter struct {
	name string
	path func(testing.TB) string
}

var frameCharacters = []frameCharacter{
	{"synthetic", riggedCharacter},
	{"scourgefemale", realCharacter},
}

// realCharacter is the samples' WotLK scourgefemale (it skips without them).
func realCharacter(tb testing.TB) string {
	return filepath.Join(samples.Dir(tb, "m2-real"), "wotlk", "scourgefemale.m2")
}

// riggedBones is the real character's bone count.
const riggedBones = 140

// riggedCharacter writes m2test's character with a skeleton of riggedBones
// bones (a ternary tree, every bone rotating and moving through 31 linear keys
// in each of two clips, Walk 1 s and Stand 2 s) and every box of its geosets
// bound to a bone of its own, laid out as the client lays a character out.
func riggedCharacter(tb testing.TB) string {
	tb.Helper()
	m := m2test.Character(264, "ScourgeFemale")
	bounds := m.Seqs[0]
	m.Seqs = []m2test.Seq{{ID: 4, Duration: 1000, Flags: 0x20, Next: -1}, {ID: 0, Duration: 2000, Flags: 0x20, Next: -1}}
	for i := range m.Seqs {
		m.Seqs[i].BoundsMin, m.Seqs[i].BoundsMax = bounds.BoundsMin, bounds.BoundsMax
	}
	m.Bones = make([]m2test.Bone, riggedBones)
	for b := range m.Bones {
		parent := int16(-1)
		if b > 0 {
			parent = int16((b - 1) / 3)
		}
		rot, move := make([][]m2test.Key, len(m.Seqs)), make([][]m2test.Key, len(m.Seqs))
		for q, seq := range m.Seqs {
			for k := range 31 {
				t := seq.Duration * uint32(k) / 30
				a := float64((b*7+k*11+q*5)%60) - 30
				rot[q] = append(rot[q], m2test.Key{T: t, V: m2test.QuatZ(a)})
				move[q] = append(move[q], m2test.Key{T: t, V: m2test.V3(0, 0.01*float32(k%5), 0.02)})
			}
		}
		m.Bones[b] = m2test.Bone{KeyBone: -1, Parent: parent, Pivot: [3]float32{0, 0, 0.015 * float32(b%20)},
			R: m2test.MakeTrack(m, 1, -1, rot, -1), T: m2test.MakeTrack(m, 1, -1, move, -1)}
	}
	for i := range m.Verts {
		m.Verts[i].B[0] = uint8((i / 8 * 37) % riggedBones) // one bone a box
	}
	for i := range m.Subs {
		m.Subs[i].BoneCount = riggedBones
	}
	dir := filepath.Join(tb.TempDir(), "Character", "Scourge", "Female")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		tb.Fatal(err)
	}
	data, skin := m.Encode()
	p := filepath.Join(dir, "ScourgeFemale.m2")
	if err := os.WriteFile(p, data, 0o644); err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(m2.SkinName(p), skin, 0o644); err != nil {
		tb.Fatal(err)
	}
	return p
}

// standInTexture writes a 256×256 BLP2 (BGRA, 8-bit alpha, mipmapped) into a
// temporary folder and returns its path.
func standInTexture(tb testing.TB) string {
	tb.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, 256, 256))
	for y := range 256 {
		for x := range 256 {
			img.Set(x, y, color.NRGBA{uint8(x), uint8(y), 160, 255})
		}
	}
	tex, err := blptest.Encode(img, blptest.Format{Version: 2, Encoding: blp.BGRA, AlphaDepth: 8, Mips: true})
	if err != nil {
		tb.Fatal(err)
	}
	p := filepath.Join(tb.TempDir(), "standin.blp")
	if err := os.WriteFile(p, tex, 0o644); err != nil {
		tb.Fatal(err)
	}
	return p
}

// blendingCharacter opens the character at its default geosets, its empty
// texture slots filled with standInTexture, playing its start clip blended at
// 0.4 with the next clip, the clocks in sync.
func blendingCharacter(tb testing.TB, path string) *viewer.State {
	tb.Helper()
	a, err := formats.Open([]string{path}, formats.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	slots, ok := a.Materials.(formats.TextureSlots)
	if !ok {
		tb.Fatalf("%s: no texture slots", path)
	}
	tex := standInTexture(tb)
	for _, sl := range slots.TextureSlots() {
		if sl.File == "" {
			if err := slots.FillSlot(sl.Type, tex); err != nil {
				tb.Fatal(err)
			}
		}
	}
	if w := formats.SlotWarnings(a); len(w) > 0 {
		tb.Fatalf("slots still empty: %q", w)
	}
	s := viewer.NewState(func([]string, formats.Options) (*formats.Asset, error) { return a, nil }, formats.Options{})
	if !s.Open([]string{path}) {
		tb.Fatalf("open: %s", s.LastError())
	}
	s.Tr.Playing = true
	if s.Scene.Skel.Len() != riggedBones {
		tb.Fatalf("%s: %d bones, want %d", path, s.Scene.Skel.Len(), riggedBones)
	}
	s.Blend = viewer.BlendState{On: true, ClipB: (s.Clip + 1) % len(s.Scene.Clips), Weight: 0.4, Sync: true}
	if !s.BlendOn() || s.Blend.ClipB == s.Clip {
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
						runs = 3 // llvmpipe draws a crowd frame slowly; an allocation every frame still shows
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
