package viewer_test

import (
	"math"
	"testing"

	"animscope/anim"
	"animscope/formats"
	"animscope/viewer"
	"animscope/viewer/viewertest"

	"github.com/go-gl/mathgl/mgl32"
)

// TestGridPlace: instances fill a square grid row by row, centred on the origin.
func TestGridPlace(t *testing.T) {
	tests := []struct {
		i, n    int
		spacing float32
		want    mgl32.Vec3
	}{
		{0, 1, 3, mgl32.Vec3{0, 0, 0}},
		{0, 4, 2, mgl32.Vec3{-1, 0, -1}},
		{1, 4, 2, mgl32.Vec3{1, 0, -1}},
		{2, 4, 2, mgl32.Vec3{-1, 0, 1}},
		{3, 4, 2, mgl32.Vec3{1, 0, 1}},
		// 5 instances: 3 columns, 2 rows, the second row short.
		{0, 5, 2, mgl32.Vec3{-2, 0, -1}},
		{2, 5, 2, mgl32.Vec3{2, 0, -1}},
		{4, 5, 2, mgl32.Vec3{0, 0, 1}},
		// 1000 instances: 32 columns, 32 rows (the last one partly filled).
		{0, 1000, 1, mgl32.Vec3{-15.5, 0, -15.5}},
		{31, 1000, 1, mgl32.Vec3{15.5, 0, -15.5}},
		{999, 1000, 1, mgl32.Vec3{-8.5, 0, 15.5}}, // row 31, column 7
	}
	for _, tc := range tests {
		if got := viewer.GridPlace(tc.i, tc.n, tc.spacing); got != tc.want {
			t.Errorf("GridPlace(%d, %d, %v) = %v, want %v", tc.i, tc.n, tc.spacing, got, tc.want)
		}
	}
	// No two instances share a cell.
	seen := map[mgl32.Vec3]int{}
	for i := range 1000 {
		p := viewer.GridPlace(i, 1000, 1.5)
		if j, ok := seen[p]; ok {
			t.Fatalf("instances %d and %d both at %v", j, i, p)
		}
		seen[p] = i
	}
}

// TestCrowdPhases: a seed gives the same phases every time, in [0, 1); another
// seed gives others.
func TestCrowdPhases(t *testing.T) {
	a := viewer.CrowdPhases(nil, 7, 500)
	b := viewer.CrowdPhases(make([]float64, 0, 3), 7, 500)
	c := viewer.CrowdPhases(nil, 8, 500)
	if len(a) != 500 {
		t.Fatalf("len = %d, want 500", len(a))
	}
	same, distinct := 0, map[float64]bool{}
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("seed 7, phase %d: %v then %v, want the same", i, a[i], b[i])
		}
		if a[i] < 0 || a[i] >= 1 {
			t.Errorf("phase %d = %v, want it in [0, 1)", i, a[i])
		}
		if a[i] == c[i] {
			same++
		}
		distinct[a[i]] = true
	}
	if same > 5 {
		t.Errorf("seeds 7 and 8 share %d of 500 phases, want different draws", same)
	}
	if len(distinct) < 490 {
		t.Errorf("%d distinct phases of 500, want random ones", len(distinct))
	}
	// The first phases of seed 7 stay what they are (a crowd looks the same
	// from one run to the next).
	if again := viewer.CrowdPhases(nil, 7, 3); again[0] != a[0] || again[2] != a[2] {
		t.Errorf("CrowdPhases(7, 3) = %v, want the prefix of CrowdPhases(7, 500) %v", again, a[:3])
	}
}

func crowdState(t *testing.T, nodes int) *viewer.State {
	t.Helper()
	s := viewer.NewState(func([]string, formats.Options) (*formats.Asset, error) { return viewertest.SyntheticAsset(nodes), nil }, formats.Options{})
	if !s.Open(nil) {
		t.Fatal(s.LastError())
	}
	return s
}

// TestCrowdUpdate: every instance has the pose a serial Evaluate of the scene
// gives at the state's time moved on by its phase (blend synced), its matrices
// sit in the shared buffers at i·nodes, the grid is placed and a steady frame
// allocates nothing.
func TestCrowdUpdate(t *testing.T) {
	const nodes = 12
	s := crowdState(t, nodes)
	s.Tr.T = 0.3 * s.Info().Duration
	s.Blend = viewer.BlendState{On: true, ClipB: 1, Weight: 0.4, Sync: true}
	c := &s.Crowd
	c.On, c.N, c.Seed = true, 23, 5
	c.Update(s)
	defer c.Close()
	if got := c.Characters(); got != 23 {
		t.Fatalf("characters = %d, want 23", got)
	}
	if len(c.Model) != 23*nodes || len(c.Skin) != 23*nodes || len(c.Offsets) != 23 {
		t.Fatalf("buffers: %d model, %d skin, %d offsets; want %d, %d, 23", len(c.Model), len(c.Skin), len(c.Offsets), 23*nodes, 23*nodes)
	}
	if !(c.Spacing > 0) {
		t.Fatalf("spacing = %v, want > 0", c.Spacing)
	}
	da, db := s.Info().Duration, s.InfoB().Duration
	ref := anim.NewPose(nodes)
	for i := 0; i < 23; i++ {
		ta := math.Mod(s.Tr.T+c.Phases[i]*da, da)
		ref.Evaluate(s.Scene.Skel, &anim.PoseRequest{A: s.Scene.Clips[0], TA: ta, B: s.Scene.Clips[1], TB: ta / da * db, Weight: 0.4})
		for n := 0; n < nodes; n++ {
			if got, want := c.Model[i*nodes+n], ref.Model[n]; got != want {
				t.Fatalf("instance %d node %d: model %v, want %v", i, n, got, want)
			}
			if got, want := c.Skin[i*nodes+n], ref.Skin[n]; got != want {
				t.Fatalf("instance %d node %d: skin %v, want %v", i, n, got, want)
			}
		}
		if got, want := c.Offsets[i], viewer.GridPlace(i, 23, c.Spacing); got != want {
			t.Errorf("instance %d at %v, want %v", i, got, want)
		}
	}
	// Phases differ, so the instances do not all stand in one pose.
	if c.Model[nodes-1] == c.Model[2*nodes-1] && c.Model[nodes-1] == c.Model[3*nodes-1] {
		t.Errorf("instances 0, 1 and 2 share their last node's matrix: phases not applied")
	}
	layout := c.Layout
	s.Tr.Playing = true
	if a := testing.AllocsPerRun(20, func() { s.Tick(1.0 / 60); c.Update(s) }); a != 0 {
		t.Errorf("steady crowd frame: %v allocations, want 0", a)
	}
	if c.Layout != layout {
		t.Errorf("layout changed from %d to %d on a steady frame", layout, c.Layout)
	}
	c.N = 40
	c.Update(s)
	if c.Layout == layout || c.Characters() != 40 {
		t.Errorf("after N = 40: layout %d (was %d), %d characters; want a new layout of 40", c.Layout, layout, c.Characters())
	}
}

// TestCrowdSeed: the same seed poses the same crowd; another seed another.
func TestCrowdSeed(t *testing.T) {
	pose := func(seed uint64) []anim.Affine {
		s := crowdState(t, 6)
		s.Tr.T = 1
		s.Crowd = viewer.Crowd{On: true, N: 9, Seed: seed}
		s.Crowd.Update(s)
		defer s.Crowd.Close()
		return append([]anim.Affine(nil), s.Crowd.Model...)
	}
	a, b, c := pose(3), pose(3), pose(4)
	differ := false
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("seed 3 twice: matrix %d %v then %v", i, a[i], b[i])
		}
		differ = differ || a[i] != c[i]
	}
	if !differ {
		t.Errorf("seeds 3 and 4 pose the same crowd, want other phases")
	}
}

// TestCrowdLimit: N is clamped to 1..CrowdLimit(nodes), which keeps
// instances × nodes within MaxCrowdNodes.
func TestCrowdLimit(t *testing.T) {
	for _, tc := range []struct{ nodes, want int }{
		{1, viewer.MaxCrowd}, {64, viewer.MaxCrowd}, {1000, viewer.MaxCrowdNodes / 1000}, {1 << 20, 1},
	} {
		if got := viewer.CrowdLimit(tc.nodes); got != tc.want {
			t.Errorf("CrowdLimit(%d) = %d, want %d", tc.nodes, got, tc.want)
		}
	}
	s := crowdState(t, 4)
	s.Crowd = viewer.Crowd{On: true, N: 5000}
	s.Crowd.Update(s)
	defer s.Crowd.Close()
	if got := s.Crowd.Characters(); got != viewer.MaxCrowd {
		t.Errorf("N = 5000: %d characters, want %d", got, viewer.MaxCrowd)
	}
	s.Crowd.N = 0
	s.Crowd.Update(s)
	if got := s.Crowd.Characters(); got != viewer.DefaultCrowd {
		t.Errorf("N = 0: %d characters, want the default %d", got, viewer.DefaultCrowd)
	}
	s.Crowd.N = 1
	s.Crowd.Update(s)
	if got := s.Crowd.Characters(); got != 1 {
		t.Errorf("N = 1: %d characters, want 1", got)
	}
}

// TestCrowdOff: a crowd that is off, or without a scene, does nothing.
func TestCrowdOff(t *testing.T) {
	s := crowdState(t, 4)
	s.Crowd.N = 10
	s.Crowd.Update(s)
	if s.Crowd.Characters() != 0 || s.Crowd.Model != nil {
		t.Errorf("crowd off: %d characters posed, want none", s.Crowd.Characters())
	}
	empty := viewer.NewState(viewer.DefaultLoader, formats.Options{})
	empty.Crowd = viewer.Crowd{On: true, N: 10}
	empty.Crowd.Update(empty)
	if empty.Crowd.Characters() != 0 {
		t.Errorf("no scene: %d characters posed, want none", empty.Crowd.Characters())
	}
}
