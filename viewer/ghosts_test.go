package viewer

import (
	"math"
	"slices"
	"testing"

	"animscope/anim"
	"animscope/formats"
)

func motionDemo(t testing.TB) *State {
	t.Helper()
	s := NewState(DefaultLoader, formats.Options{})
	if !s.Open(nil) {
		t.Fatalf("open demo: %s", s.LastError())
	}
	return s
}

// poseAt is the scene's pose at clip time ta on a fresh pose (the reference the
// ghosts and trails must match bit for bit).
func poseAt(s *State, ta float64) *anim.Pose {
	sc := s.Scene
	p := anim.NewPose(sc.Skel.Len())
	req := s.Request(sc)
	req.TA, req.Probes = ta, false
	p.Evaluate(sc.Skel, &req)
	return p
}

// TestGhostTimesTintsAndPoses: N ghosts each side of now, step apart, nearest
// first, before tinted ghostBeforeColor and after ghostAfterColor, fading with
// distance; each ghost's model matrices and palette are the pose pipeline's at
// its time, and the scene's own pose is left as it was.
func TestGhostTimesTintsAndPoses(t *testing.T) {
	s := motionDemo(t)
	s.Tr.T = 10
	s.Evaluate()
	before := slices.Clone(s.Scene.Pose.Model)
	s.Motion.Ghosts, s.Motion.GhostStep = 2, 1.5
	s.Motion.Update(s)
	wantTimes := []float64{8.5, 11.5, 7, 13}
	if !slices.Equal(s.Motion.GhostTimes, wantTimes) {
		t.Fatalf("ghost times = %v, want %v", s.Motion.GhostTimes, wantTimes)
	}
	wantTints := [][4]float32{
		{ghostBeforeColor[0], ghostBeforeColor[1], ghostBeforeColor[2], 0.8},
		{ghostAfterColor[0], ghostAfterColor[1], ghostAfterColor[2], 0.8},
		{ghostBeforeColor[0], ghostBeforeColor[1], ghostBeforeColor[2], 0.4},
		{ghostAfterColor[0], ghostAfterColor[1], ghostAfterColor[2], 0.4},
	}
	if !slices.Equal(s.Motion.GhostTints, wantTints) {
		t.Errorf("ghost tints = %v, want %v", s.Motion.GhostTints, wantTints)
	}
	n := s.Scene.Skel.Len()
	for g, ta := range wantTimes {
		ref := poseAt(s, ta)
		if got := s.Motion.Ghost(g, n); !slices.Equal(got, ref.Model) {
			t.Errorf("ghost %d (t %v): model matrices differ from the pose pipeline's", g, ta)
		}
		if got := s.Motion.GhostSkin[g*n : (g+1)*n]; !slices.Equal(got, ref.Skin) {
			t.Errorf("ghost %d (t %v): skin palette differs from the pose pipeline's", g, ta)
		}
	}
	if !slices.Equal(s.Scene.Pose.Model, before) {
		t.Error("the scene's pose changed under the ghosts")
	}
}

// TestGhostsAtTheEnds: a looping transport wraps ghosts around the play range;
// without loop those outside it are left out; at rest there are none.
func TestGhostsAtTheEnds(t *testing.T) {
	s := motionDemo(t)
	d := s.Info().Duration
	step := DefaultGhostStep(s.Info())
	if step != 4*s.Info().FrameStep() {
		t.Errorf("default step = %v, want 4 frame steps (%v)", step, 4*s.Info().FrameStep())
	}
	s.Motion.Ghosts = 1
	s.Tr.T = 0
	s.Motion.Update(s)
	if want := []float64{d - step, step}; !slices.Equal(s.Motion.GhostTimes, want) {
		t.Errorf("looping at 0: ghost times = %v, want %v", s.Motion.GhostTimes, want)
	}
	s.Tr.Loop = false
	s.Motion.Update(s)
	if want := []float64{step}; !slices.Equal(s.Motion.GhostTimes, want) {
		t.Errorf("not looping at 0: ghost times = %v, want %v", s.Motion.GhostTimes, want)
	}
	s.View.Rest = true
	s.Motion.Update(s)
	if n := s.Motion.GhostCount(); n != 0 {
		t.Errorf("at rest: %d ghosts, want none", n)
	}
	s.View.Rest = false
	s.Motion.Ghosts = 99
	s.Tr.Loop, s.Tr.T = true, d/2
	s.Motion.Update(s)
	if n := s.Motion.GhostCount(); n != 2*MaxGhosts {
		t.Errorf("99 asked: %d ghosts, want %d", n, 2*MaxGhosts)
	}
}

// TestTrailPointsAndKeyMarks: a trail samples its joint over the whole clip at
// the clip's frame step, each point the joint position of the pose pipeline at
// that time, with one key mark per key time of the node inside the span.
func TestTrailPointsAndKeyMarks(t *testing.T) {
	s := motionDemo(t)
	sc := s.Scene
	node := sc.Skel.Find("neck")
	if node < 0 {
		t.Fatal("the demo has no node neck")
	}
	s.Motion.Trails = []int{node}
	s.Tr.T = 5
	s.Motion.Update(s)
	info := s.Info()
	lo, hi := s.Tr.Range(info)
	times := s.Motion.TrailTimes
	if len(times) < 2 || times[0] != lo || times[len(times)-1] != hi {
		t.Fatalf("trail times %v…: want from %v to %v", times[:min(3, len(times))], lo, hi)
	}
	if st := info.FrameStep(); times[1]-times[0] != st {
		t.Errorf("trail step = %v, want the frame step %v", times[1]-times[0], st)
	}
	pts := s.Motion.Trail(0)
	for i, ta := range times {
		if want := sc.Skel.JointPosition(node, poseAt(s, ta).Model); pts[i] != want {
			t.Fatalf("trail point %d (t %v) = %v, want %v", i, ta, pts[i], want)
		}
	}
	kt := sc.Clips[s.Clip].(anim.KeyTimesClip).KeyTimes(node, nil)
	slices.Sort(kt)
	kt = slices.Compact(kt)
	var want []float64
	for _, k := range kt {
		if k >= lo && k <= hi {
			want = append(want, k)
		}
	}
	keys := s.Motion.Keys(0)
	if len(keys) != len(want) || len(want) == 0 {
		t.Fatalf("%d key marks, want %d (the node's keys in the clip)", len(keys), len(want))
	}
	for i, k := range want {
		if p := sc.Skel.JointPosition(node, poseAt(s, k).Model); keys[i] != p {
			t.Errorf("key mark %d (t %v) = %v, want %v", i, k, keys[i], p)
		}
	}
	// Over the whole clip the trail does not move with time: it is not sampled again.
	pts[0][0] = 1e9
	s.Tr.T = 7
	s.Motion.Update(s)
	if s.Motion.Trail(0)[0][0] != 1e9 {
		t.Error("a whole-clip trail was sampled again when only the time changed")
	}
	// Around now it follows the time.
	s.Motion.TrailWindow = 3
	s.Motion.Update(s)
	if got := s.Motion.TrailTimes; got[0] != 4 || got[len(got)-1] != 10 {
		t.Errorf("window ±3 at 7: trail from %v to %v, want 4 to 10", got[0], got[len(got)-1])
	}
	// The selected node's trail joins the named ones, once.
	s.Motion.TrailSelected = true
	s.Select(node)
	s.Motion.Update(s)
	if !slices.Equal(s.Motion.TrailNodes, []int{node}) {
		t.Errorf("trail nodes = %v, want [%d] once", s.Motion.TrailNodes, node)
	}
	s.Select(0)
	s.Motion.Update(s)
	if !slices.Equal(s.Motion.TrailNodes, []int{node, 0}) {
		t.Errorf("trail nodes = %v, want [%d 0]", s.Motion.TrailNodes, node)
	}
}

// TestTrailBounds: a long span is sampled at most trailMaxPoints times, ends
// included.
func TestTrailBounds(t *testing.T) {
	s := motionDemo(t)
	s.Motion.Trails = []int{0}
	s.Tr.RangeOn, s.Tr.RangeLo, s.Tr.RangeHi = false, 0, 0
	info := s.Info()
	s.Scene.Infos[s.Clip].Step = info.Duration / 10000 // a very fine frame grid
	s.Motion.Update(s)
	times := s.Motion.TrailTimes
	if len(times) > trailMaxPoints || times[0] != 0 || math.Abs(times[len(times)-1]-info.Duration) > 1e-9 {
		t.Errorf("%d trail times from %v to %v, want at most %d from 0 to %v", len(times), times[0], times[len(times)-1], trailMaxPoints, info.Duration)
	}
}

// TestMotionUpdateAllocatesNothing: a steady frame with ghosts and a trail
// around now (sampled again every frame) allocates nothing.
func TestMotionUpdateAllocatesNothing(t *testing.T) {
	s := motionDemo(t)
	s.Motion.Ghosts, s.Motion.GhostMesh = 3, true
	s.Motion.Trails = []int{1, 2}
	s.Motion.TrailSelected, s.Motion.TrailWindow = true, 4
	s.Select(3)
	s.Tr.Playing = true
	s.Motion.Update(s)
	allocs := testing.AllocsPerRun(50, func() {
		s.Tick(1.0 / 60)
		s.Evaluate()
		s.Motion.Update(s)
	})
	if allocs != 0 {
		t.Errorf("%v allocations a frame, want 0", allocs)
	}
	if s.Motion.GhostCount() != 6 || len(s.Motion.TrailNodes) != 3 {
		t.Errorf("%d ghosts, %d trails; want 6 and 3", s.Motion.GhostCount(), len(s.Motion.TrailNodes))
	}
}

// BenchmarkMotionUpdate is one frame of ghosts (3 a side) and two trails
// around now, on the demo.
func BenchmarkMotionUpdate(b *testing.B) {
	s := motionDemo(b)
	s.Motion.Ghosts = 3
	s.Motion.Trails = []int{1, 2}
	s.Motion.TrailWindow = 4
	s.Tr.Playing = true
	s.Motion.Update(s) // the buffers, once
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.Tick(1.0 / 60)
		s.Motion.Update(s)
	}
}

// TestMotionClipPanics: a clip that panics under the ghosts leaves them and the
// trails empty, for that scene, without taking the viewer down.
func TestMotionClipPanics(t *testing.T) {
	s := motionDemo(t)
	s.Motion.Ghosts, s.Motion.Trails = 2, []int{1}
	s.Scene.Clips[0] = panicClip{} // state_test.go's
	s.Motion.Update(s)
	if s.Motion.GhostCount() != 0 || len(s.Motion.TrailPos) != 0 {
		t.Errorf("%d ghosts, %d trail points after a panic; want none", s.Motion.GhostCount(), len(s.Motion.TrailPos))
	}
	s.Motion.Update(s) // and not again
}
