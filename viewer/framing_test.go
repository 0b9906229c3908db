package viewer

import (
	"os"
	"path/filepath"
	"testing"

	"animscope/formats"
	"animscope/viewer/viewertest"

	"github.com/go-gl/mathgl/mgl32"
)

// TestFramingSameFromEveryRoute: a file opened from the command line (a relative
// name, before the first frame), File > Open and drag and drop (an absolute name,
// over another scene, after that scene was posed mid-clip) and Open recent (the
// list's absolute name) is framed the same: at rest, whatever the pose of the
// moment.
func TestFramingSameFromEveryRoute(t *testing.T) {
	dir := t.TempDir()
	abs := filepath.Join(dir, "model.test")
	if err := os.WriteFile(abs, []byte("a model"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	recent := &recent{Path: filepath.Join(dir, "recent.json")}

	routes := []struct {
		name string
		open func(s *State) bool
	}{
		{"command line", func(s *State) bool { return s.OpenStartup([]string{"model.test"}) }},
		{"File > Open", func(s *State) bool {
			s.Open([]string{"good"})
			s.Tr.T = 17.5
			s.Evaluate()
			s.TakeFraming()
			return s.Open([]string{abs})
		}},
		{"drag and drop after playing", func(s *State) bool {
			s.Open(nil)
			s.Tr.T, s.Clip = 9.25, 1
			s.Evaluate()
			ok := s.Open([]string{abs})
			s.Tr.T = 31 // the frame loop runs before the camera is framed
			s.Evaluate()
			return ok
		}},
		{"Open recent", func(s *State) bool {
			recent.Add([]string{abs})
			return s.Open(recent.Items[0])
		}},
	}
	var want Framing
	for i, r := range routes {
		s := NewState(viewertest.FakeLoader, formats.Options{})
		if !r.open(s) {
			t.Fatalf("%s: %s", r.name, s.LastError())
		}
		got, _, ok := s.TakeFraming()
		if !ok {
			t.Fatalf("%s: no framing asked after opening", r.name)
		}
		if got.Empty() || got.Hi.Sub(got.Lo).Len() < 1 {
			t.Fatalf("%s: framing %+v, want the model's box", r.name, got)
		}
		if i == 0 {
			want = got
			continue
		}
		if got != want {
			t.Errorf("%s: framing %+v, want the command line's %+v", r.name, got, want)
		}
		if _, _, again := s.TakeFraming(); again {
			t.Errorf("%s: the request stays after TakeFraming", r.name)
		}
	}
}

// TestMotionFraming: F frames the whole clip: the same box whatever the time of
// the moment, holding the joints of every pose of the clip.
func TestMotionFraming(t *testing.T) {
	s := NewState(viewertest.FakeLoader, formats.Options{})
	s.Open([]string{"good"})
	s.TakeFraming()
	var first Framing
	for i, tm := range []float64{0, 13.3, 40} {
		s.Tr.T = tm
		s.Evaluate()
		s.HandleKey(KeyF, false)
		f, _, ok := s.TakeFraming()
		if !ok {
			t.Fatal("F asked for no framing")
		}
		if i == 0 {
			first = f
		} else if f != first {
			t.Errorf("F at t=%v: %+v, want %+v (as at t=0)", tm, f, first)
		}
	}
	sc := s.Scene
	for _, tm := range []float64{0, 5, 12.5, 20, 33, 40} {
		s.Tr.T = tm
		s.Evaluate()
		for j := 0; j < sc.Skel.Len(); j++ {
			p := sc.Skel.JointPosition(j, sc.Pose.Model)
			for a := 0; a < 3; a++ {
				if p[a] < first.Lo[a]-1e-4 || p[a] > first.Hi[a]+1e-4 {
					t.Errorf("t=%v joint %d at %v is outside the motion framing %v..%v", tm, j, p, first.Lo, first.Hi)
				}
			}
		}
	}
}

// TestRobustFramingLeavesOutliers: one point parked far away does not set the
// box; the others all lie in it.
func TestRobustFramingLeavesOutliers(t *testing.T) {
	var pts []mgl32.Vec3
	for i := 0; i < 20; i++ {
		pts = append(pts, mgl32.Vec3{float32(i%3) - 1, float32(i) / 10, float32(i%2) * 0.5})
	}
	clean := robustFraming(pts)
	if clean.Outliers != 0 || clean.Lo != (mgl32.Vec3{-1, 0, 0}) || clean.Hi != (mgl32.Vec3{1, 1.9, 0.5}) {
		t.Errorf("without outliers: %+v, want the whole box -1,0,0..1,1.9,0.5", clean)
	}
	withOut := robustFraming(append(append([]mgl32.Vec3(nil), pts...), mgl32.Vec3{1000, 0, 0}, mgl32.Vec3{0, -500, 0}))
	if withOut.Outliers != 2 || withOut.Lo != clean.Lo || withOut.Hi != clean.Hi {
		t.Errorf("with two far points: %+v, want %v..%v and 2 outliers", withOut, clean.Lo, clean.Hi)
	}
	// All points on one spot but one: the median distance is 0, nothing is left out.
	same := robustFraming([]mgl32.Vec3{{}, {}, {}, {2, 0, 0}})
	if same.Outliers != 0 || same.Hi != (mgl32.Vec3{2, 0, 0}) {
		t.Errorf("coincident points: %+v", same)
	}
	if f := robustFraming(nil); !f.Empty() {
		t.Errorf("no points: %+v, want empty", f)
	}
}
