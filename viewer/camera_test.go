package viewer

import (
	"math"
	"testing"

	"animscope/formats"
	"animscope/viewer/viewertest"
)

func TestViewPresetAngles(t *testing.T) {
	tests := []struct {
		p          ViewPreset
		yaw, pitch float32
	}{
		{ViewFront, 0, 0},
		{ViewBack, math.Pi, 0},
		{ViewRight, math.Pi / 2, 0},
		{ViewLeft, -math.Pi / 2, 0},
		{ViewTop, 0, math.Pi / 2},
		{ViewBottom, 0, -math.Pi / 2},
	}
	for _, tc := range tests {
		yaw, pitch, ok := tc.p.Angles()
		if !ok || yaw != tc.yaw || pitch != tc.pitch {
			t.Errorf("%s: Angles() = %v, %v, %v; want %v, %v, true", ViewPresetNames[tc.p], yaw, pitch, ok, tc.yaw, tc.pitch)
		}
	}
	if _, _, ok := ViewNone.Angles(); ok {
		t.Error("ViewNone has angles")
	}
}

// F with a node selected frames that node's motion, not the whole clip: in the
// synthetic scene node 5 is a joint of the spine; its box holds its joint and
// its child's at every frame and is smaller than the clip's whole motion.
func TestFrameSelection(t *testing.T) {
	s := NewState(viewertest.FakeLoader, formats.Options{})
	s.Open([]string{"good"})
	s.TakeFraming()
	s.Select(5)
	s.HandleKey(KeyF, false)
	if !s.Req.FrameSelection || s.Req.FrameAll {
		t.Fatalf("F with a selection: request %+v, want FrameSelection", s.Req)
	}
	f, _, ok := s.TakeFraming()
	if !ok || f.Empty() {
		t.Fatalf("no selection framing: %+v %v", f, ok)
	}
	if s.Req.FrameSelection {
		t.Error("the request was not cleared")
	}
	all := s.Scene.motionFraming(0, 0)
	if sel, whole := f.Hi.Sub(f.Lo).Len(), all.Hi.Sub(all.Lo).Len(); !(sel < whole/2) {
		t.Errorf("selection box diagonal %v, whole motion %v: want the selection's much smaller", sel, whole)
	}
	sc := s.Scene
	for _, tm := range []float64{0, 7, 20, 40} {
		s.Tr.T = tm
		s.Evaluate()
		for _, j := range []int{5, 6} { // node 5 and its child
			p := sc.Skel.JointPosition(j, sc.Pose.Model)
			for a := 0; a < 3; a++ {
				if p[a] < f.Lo[a]-1e-4 || p[a] > f.Hi[a]+1e-4 {
					t.Errorf("t=%v joint %d at %v outside the selection framing %v..%v", tm, j, p, f.Lo, f.Hi)
				}
			}
		}
	}
	// A leaf's lone joint is framed at a tenth of the bind framing's size.
	leaf := sc.Skel.Len() - 1
	g := sc.selectionFraming(0, 0, leaf)
	bind := sc.bindFraming()
	want := bind.Hi.Sub(bind.Lo).Len() * 0.1
	if got := g.Hi.Sub(g.Lo).Len(); got < want*(1-1e-3) {
		t.Errorf("leaf framing diagonal %v, want at least %v", got, want)
	}
}

// Follow puts the camera's target on the selected joint as posed now.
func TestFollowPoint(t *testing.T) {
	s := NewState(viewertest.FakeLoader, formats.Options{})
	s.Open([]string{"good"})
	s.Select(3)
	s.Tr.T = 13
	s.Evaluate()
	if _, ok := s.FollowPoint(); ok {
		t.Error("FollowPoint with Follow off: ok")
	}
	s.View.Camera.Follow = true
	for _, tm := range []float64{0, 13, 27.5} {
		s.Tr.T = tm
		s.Evaluate()
		p, ok := s.FollowPoint()
		want := s.Scene.Skel.JointPosition(3, s.Scene.Pose.Model)
		if !ok || p != want {
			t.Errorf("t=%v: FollowPoint = %v, %v; want %v, true", tm, p, ok, want)
		}
	}
	s.Select(-1)
	if _, ok := s.FollowPoint(); ok {
		t.Error("FollowPoint without a selection: ok")
	}
}
