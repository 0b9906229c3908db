package gui

import (
	"math"
	"testing"

	"animscope/anim"
	"animscope/formats"
	"animscope/render"
	"animscope/viewer"
	"animscope/viewer/viewertest"

	"github.com/go-gl/mathgl/mgl32"
)

func TestPickJoint(t *testing.T) {
	s := viewer.NewState(viewertest.FakeLoader, formats.Options{})
	s.Open([]string{"good"})
	s.Tr.T = 0
	s.Evaluate()
	cam := render.NewCamera()
	frameCamera(s, &cam)
	m := sceneMatrix(s, s.Scene)
	view, proj := cam.View(), cam.Proj(4.0/3)
	for _, node := range []int{0, 3, 7} {
		x, y, ok := jointScreen(s.Scene, node, m, view, proj, 400, 300)
		if !ok {
			t.Fatalf("node %d behind the camera", node)
		}
		got := PickJoint(s.Scene, m, view, proj, 400, 300, x+2, y-2, 10)
		// Another joint may sit on the same pixel; the pick must be at that spot.
		gx, gy, _ := jointScreen(s.Scene, got, m, view, proj, 400, 300)
		if got < 0 || math.Hypot(float64(gx-x), float64(gy-y)) > 3 {
			t.Errorf("pick near node %d = %d at %v,%v; want a joint at %v,%v", node, got, gx, gy, x, y)
		}
	}
	if got := PickJoint(s.Scene, m, view, proj, 400, 300, -500, -500, 10); got != -1 {
		t.Errorf("pick far away = %d, want -1", got)
	}
}

func TestDecompose(t *testing.T) {
	tests := []struct {
		name string
		t    mgl32.Vec3
		q    mgl32.Quat
		s    mgl32.Vec3
	}{
		{"identity", mgl32.Vec3{}, mgl32.QuatIdent(), mgl32.Vec3{1, 1, 1}},
		{"rotated and scaled", mgl32.Vec3{1, 2, 3}, mgl32.QuatRotate(0.7, mgl32.Vec3{0, 1, 0}), mgl32.Vec3{2, 2, 2}},
		{"mirrored", mgl32.Vec3{0, 1, 0}, mgl32.QuatRotate(-1.2, mgl32.Vec3{1, 0, 0}), mgl32.Vec3{-1, 1, 1}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var m anim.Affine
			anim.RotationColumns(&m, tc.q, tc.s)
			m[9], m[10], m[11] = tc.t[0], tc.t[1], tc.t[2]
			gt, gq, gs := Decompose(&m)
			if !gt.ApproxEqual(tc.t) || !gs.ApproxEqualThreshold(tc.s, 1e-5) || math.Abs(float64(anim.Dot4(gq, tc.q))) < 0.99999 {
				t.Errorf("Decompose = %v %v %v, want %v %v %v", gt, gq, gs, tc.t, tc.q, tc.s)
			}
		})
	}
}

func TestViewports(t *testing.T) {
	got, n := viewports([4]int32{10, 20, 101, 50}, true)
	if n != 2 || got[0] != [4]int32{10, 20, 50, 50} || got[1] != [4]int32{60, 20, 51, 50} {
		t.Errorf("split = %v (%d), want two halves covering the viewport", got, n)
	}
	if one, n := viewports([4]int32{0, 0, 8, 8}, false); n != 1 || one[0] != [4]int32{0, 0, 8, 8} {
		t.Errorf("single viewport = %v (%d), want the viewport itself", one, n)
	}
}
