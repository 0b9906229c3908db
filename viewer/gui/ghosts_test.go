package gui

import (
	"path/filepath"
	"testing"

	"animscope/render"
	"animscope/viewer"
)

// ghostShots are the onion skin's and the trails' goldens, of the demo: three
// ghosts a side at the default step, skeleton only and with meshes; the neck's
// and a hand's trails over the whole clip with their key marks; the joint axes.
var ghostShots = []struct {
	name   string
	motion viewer.MotionSettings
}{
	{"ghosts", viewer.MotionSettings{Ghosts: 3}},
	{"ghosts_mesh", viewer.MotionSettings{Ghosts: 2, GhostStep: 6, GhostMesh: true}},
	{"trail", viewer.MotionSettings{}}, // Trails filled from node names below
	{"axes", viewer.MotionSettings{JointAxes: true}},
}

// TestGhostsGolden renders each of ghostShots and compares it with
// testdata/golden_NAME.png (go test -update rewrites them) with the tolerance
// of the other render goldens, and checks that each differs from the plain
// picture, so that a golden of nothing drawn cannot pass.
func TestGhostsGolden(t *testing.T) {
	const w, h = 320, 240
	for _, tc := range ghostShots {
		t.Run(tc.name, func(t *testing.T) {
			withGL(t, func(hd *Headless) {
				plain, err := hd.RenderShot(demoState(t), viewer.Shot{T: 10}, w, h)
				if err != nil {
					t.Fatal(err)
				}
				s := demoState(t)
				m := tc.motion
				if tc.name == "trail" {
					for _, name := range []string{"l_foot", "l_hand"} {
						i := s.Scene.Skel.Find(name)
						if i < 0 {
							t.Fatalf("the demo has no node %s", name)
						}
						m.Trails = append(m.Trails, i)
					}
				}
				img, err := hd.RenderShot(s, viewer.Shot{T: 10, Motion: m}, w, h)
				if err != nil {
					t.Fatalf("render: %v", err)
				}
				if err := render.CheckError(); err != nil {
					t.Fatal(err)
				}
				if n, _ := compareImages(img, plain, 24); n < w*h/400 {
					t.Errorf("%d pixels differ from the picture without them, want at least %d", n, w*h/400)
				}
				checkGolden(t, img, filepath.Join("testdata", "golden_"+tc.name+".png"))
			})
		})
	}
}

// TestGhostsDrawAllocatesNothing: a steady frame of the demo playing with
// ghosts (meshes too), trails around now and the joint axes allocates nothing
// in our code, posing and drawing together.
func TestGhostsDrawAllocatesNothing(t *testing.T) {
	withGL(t, func(h *Headless) {
		s := demoState(t)
		s.Motion.MotionSettings = viewer.MotionSettings{Ghosts: 3, GhostMesh: true, Trails: []int{1, 2},
			TrailSelected: true, TrailWindow: 5, JointAxes: true}
		s.Select(3)
		s.Tr.Playing = true
		s.Evaluate()
		target, err := render.NewTarget(160, 120)
		if err != nil {
			t.Fatal(err)
		}
		defer target.Delete()
		target.Bind()
		defer target.Unbind()
		cam := render.NewCamera()
		cell := frameCamera(s, &cam)
		vp := [4]int32{0, 0, 160, 120}
		for i := 0; i < 3; i++ { // the buffers grow to their size
			s.Tick(1.0 / 60)
			s.Evaluate()
			h.d.drawScenes(s, &cam, vp, cell)
		}
		allocs := testing.AllocsPerRun(30, func() {
			s.Tick(1.0 / 60)
			s.Evaluate()
			h.d.drawScenes(s, &cam, vp, cell)
		})
		if allocs != 0 {
			t.Errorf("allocations per frame with ghosts and trails = %v, want 0", allocs)
		}
		if s.Motion.GhostCount() != 6 || len(s.Motion.TrailNodes) != 3 {
			t.Errorf("%d ghosts and %d trails drawn, want 6 and 3", s.Motion.GhostCount(), len(s.Motion.TrailNodes))
		}
		if err := render.CheckError(); err != nil {
			t.Error(err)
		}
	})
}

// BenchmarkDrawGhosts is one frame of the demo with three ghosts a side and
// two trails around now, posed and drawn off-screen.
func BenchmarkDrawGhosts(b *testing.B) {
	withGL(b, func(h *Headless) {
		s := demoState(b)
		s.Motion.MotionSettings = viewer.MotionSettings{Ghosts: 3, Trails: []int{1, 2}, TrailWindow: 5}
		s.Tr.Playing = true
		s.Evaluate()
		t, err := render.NewTarget(320, 240)
		if err != nil {
			b.Fatal(err)
		}
		defer t.Delete()
		t.Bind()
		defer t.Unbind()
		cam := render.NewCamera()
		cell := frameCamera(s, &cam)
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
