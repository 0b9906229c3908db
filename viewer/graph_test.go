package viewer

import (
	"math"
	"strings"
	"testing"

	"animscope/formats"
	"animscope/viewer/viewertest"

	"github.com/go-gl/mathgl/mgl32"
)

func deg(d float32) float32 { return mgl32.DegToRad(d) }

func TestEulerXYZ(t *testing.T) {
	x, y, z := mgl32.Vec3{1, 0, 0}, mgl32.Vec3{0, 1, 0}, mgl32.Vec3{0, 0, 1}
	tests := []struct {
		name string
		q    mgl32.Quat
		want [3]float64
	}{
		{"identity", mgl32.QuatIdent(), [3]float64{0, 0, 0}},
		{"90 about X", mgl32.QuatRotate(deg(90), x), [3]float64{90, 0, 0}},
		{"90 about Y", mgl32.QuatRotate(deg(90), y), [3]float64{0, 90, 0}},
		{"-45 about Z", mgl32.QuatRotate(deg(-45), z), [3]float64{0, 0, -45}},
		// R = Rz(30)·Ry(20)·Rx(10): X applied first.
		{"10, 20, 30", mgl32.QuatRotate(deg(30), z).Mul(mgl32.QuatRotate(deg(20), y)).Mul(mgl32.QuatRotate(deg(10), x)), [3]float64{10, 20, 30}},
		// Not unit length: the same rotation.
		{"scaled by 2", mgl32.QuatRotate(deg(-45), z).Scale(2), [3]float64{0, 0, -45}},
		// −q is the same rotation as q.
		{"negated", mgl32.QuatRotate(deg(60), x).Scale(-1), [3]float64{60, 0, 0}},
		{"zero quaternion", mgl32.Quat{}, [3]float64{0, 0, 0}},
	}
	for _, tc := range tests {
		got := eulerXYZ(tc.q)
		for a := range got {
			if math.Abs(got[a]-tc.want[a]) > 1e-4 {
				t.Errorf("%s: EulerXYZ = %.5f, want %v", tc.name, got, tc.want)
				break
			}
		}
	}
}

func TestUnwrap(t *testing.T) {
	tests := []struct{ a, prev, want float64 }{
		{-179, 179, 181},
		{170, -170, -190},
		{10, 350, 370},
		{10, 20, 10},
		{-90, 0, -90},
	}
	for _, tc := range tests {
		if got := unwrap(tc.a, tc.prev); math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("Unwrap(%v, %v) = %v, want %v", tc.a, tc.prev, got, tc.want)
		}
	}
}

func TestTicks(t *testing.T) {
	steps := []struct {
		span float64
		max  int
		want float64
	}{
		{10, 5, 2},
		{1, 10, 0.1},
		{40, 8, 5},
		{0.37, 5, 0.1},
		{360, 6, 100},
		{0, 5, 1},
		{math.Inf(1), 5, 1},
	}
	for _, tc := range steps {
		if got := niceStep(tc.span, tc.max); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("NiceStep(%v, %d) = %v, want %v", tc.span, tc.max, got, tc.want)
		}
	}
	if got := firstTick(-0.37, 0.1); math.Abs(got+0.3) > 1e-12 {
		t.Errorf("FirstTick(-0.37, 0.1) = %v, want -0.3", got)
	}
	if got := firstTick(10, 5); got != 10 {
		t.Errorf("FirstTick(10, 5) = %v, want 10", got)
	}
	for _, tc := range []struct {
		step float64
		want int
	}{{5, 0}, {1, 0}, {0.5, 1}, {0.1, 1}, {0.05, 2}, {0.001, 3}} {
		if got := TickDecimals(tc.step); got != tc.want {
			t.Errorf("TickDecimals(%v) = %d, want %d", tc.step, got, tc.want)
		}
	}
}

func graphState(t *testing.T) *State {
	t.Helper()
	s := NewState(viewertest.FakeLoader, formats.Options{})
	if !s.Open(nil) {
		t.Fatal(s.LastError())
	}
	return s
}

func curve(t *testing.T, g *Graph, node int, side GraphSide, c GraphChannel) *graphCurve {
	t.Helper()
	for i := range g.Curves {
		if cv := &g.Curves[i]; cv.Node == node && cv.Side == side && cv.Channel == c {
			return cv
		}
	}
	t.Fatalf("no curve for node %d side %d channel %s", node, side, GraphChannelNames[c])
	return nil
}

// keyValue is the curve's value at the key at time x.
func keyValue(t *testing.T, c *graphCurve, x float64) float32 {
	t.Helper()
	for k, kx := range c.KeyX {
		if math.Abs(kx-x) < 1e-9 {
			return c.KeyV[k]
		}
	}
	t.Fatalf("%s: no key at %v (keys %v)", c.Label, x, c.KeyX)
	return 0
}

func near(a float32, b float64, tol float64) bool { return math.Abs(float64(a)-b) <= tol }

// The synthetic "wave" clip (40 frames, keys every 4) turns node i by
// a = 0.35·sin(2π·f/40 + 0.7·i) about Z after 0.3·a about X: at node 1's key at
// frame 8, a = 0.324269 rad = 18.5792°, X = 5.5738°, q.w = cos(a/2)·cos(0.3a/2)
// = 0.985718; t = (0, 1, 0), s = 1.
func TestGraphSamplesTheSelectedNode(t *testing.T) {
	s := graphState(t)
	g := NewGraph()
	if !g.Update(s) || len(g.Curves) != 0 {
		t.Fatalf("no selection: %d curves, want none", len(g.Curves))
	}
	s.Select(1)
	if !g.Update(s) {
		t.Fatal("Update after a new selection did not resample")
	}
	if len(g.Nodes) != 1 || g.Nodes[0] != 1 {
		t.Fatalf("Nodes = %v, want [1]", g.Nodes)
	}
	if got := len(g.Curves); got != int(NumGraphChannels) {
		t.Fatalf("%d curves, want %d", got, NumGraphChannels)
	}
	if n := len(g.X); n != 257 || g.X[0] != 0 || g.X[n-1] != 40 {
		t.Fatalf("X: %d samples from %v to %v, want 257 over 0..40", n, g.X[0], g.X[n-1])
	}
	rz := curve(t, g, 1, SideA, GraphRZ)
	if rz.Label != "node01 rot.z" || rz.Name != "node01" {
		t.Errorf("label %q, want %q", rz.Label, "node01 rot.z")
	}
	if want := []float64{0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40}; len(rz.KeyX) != len(want) {
		t.Fatalf("key times %v, want %v", rz.KeyX, want)
	}
	checks := []struct {
		c    GraphChannel
		want float64
	}{
		{GraphRZ, 18.579235}, {GraphRX, 5.573771}, {graphRY, 0},
		{GraphQW, 0.985718}, {GraphTX, 0}, {graphTY, 1}, {GraphSX, 1},
	}
	for _, ck := range checks {
		if got := keyValue(t, curve(t, g, 1, SideA, ck.c), 8); !near(got, ck.want, 2e-4) {
			t.Errorf("%s at key 8 = %v, want %v", GraphChannelNames[ck.c], got, ck.want)
		}
	}
	// A sample that falls on a key time has the key's value: t = 20 is X[128].
	if got, want := rz.V[128], keyValue(t, rz, 20); got != want {
		t.Errorf("sample at t=20 = %v, key value %v", got, want)
	}
	if g.Update(s) {
		t.Error("Update with nothing changed resampled")
	}
	if n := testing.AllocsPerRun(50, func() { g.Update(s) }); n != 0 {
		t.Errorf("Update with nothing changed allocates %v times, want 0", n)
	}
	// Both forms are sampled: switching shows the other without resampling.
	g.Rotation = RotationEuler
	if g.Update(s) || !g.Visible(GraphRZ) || g.Visible(GraphQW) {
		t.Errorf("Euler: resampled or shows the wrong form (rot.z %v, q.w %v)", g.Visible(GraphRZ), g.Visible(GraphQW))
	}
	s.SetClip(1)
	if !g.Update(s) || g.X[len(g.X)-1] != 20 {
		t.Errorf("a new clip: X ends at %v, want 20", g.X[len(g.X)-1])
	}
}

func TestGraphMoreNodes(t *testing.T) {
	s := graphState(t)
	g := NewGraph()
	s.Select(1)
	g.ToggleAlso(3)
	g.ToggleAlso(1) // the selection itself: plotted once
	g.Update(s)
	if len(g.Nodes) != 2 || g.Nodes[0] != 1 || g.Nodes[1] != 3 {
		t.Fatalf("Nodes = %v, want [1 3]", g.Nodes)
	}
	if got := len(g.Curves); got != 2*int(NumGraphChannels) {
		t.Errorf("%d curves, want %d", got, 2*NumGraphChannels)
	}
	g.ToggleAlso(3)
	if g.Has(3) || !g.Update(s) || len(g.Nodes) != 1 || g.Nodes[0] != 1 {
		t.Errorf("after toggling 3 off: Also %v Nodes %v", g.Also, g.Nodes)
	}
	// A reload keeps the extra nodes; another file drops them.
	g.ToggleAlso(4)
	s.Reload()
	g.Update(s)
	if !g.Has(4) {
		t.Errorf("a reload dropped the extra nodes: Also %v", g.Also)
	}
	s.Open([]string{"good"})
	s.Select(1)
	g.Update(s)
	if len(g.Also) != 0 || len(g.Nodes) != 1 {
		t.Errorf("another file kept the extra nodes: Also %v Nodes %v", g.Also, g.Nodes)
	}
}

// In compare mode every node has B's curves too; with the blend on, the blend's
// clip B ("bend", 20 frames) lies over A's 40: B's key at 4 sits at 8, where its
// value is bend's at frame 4: a = 0.8·sin(2π·4/20 + 0.7) = 42.4668°.
func TestGraphCompareAndBlend(t *testing.T) {
	s := NewState(viewertest.FakeLoader, formats.Options{})
	if !s.OpenCompare([]string{"good"}, []string{"other"}) {
		t.Fatal(s.LastError())
	}
	s.Select(1)
	g := NewGraph()
	g.Update(s)
	b := curve(t, g, 1, SideB, graphTY)
	if !strings.HasSuffix(b.Label, "(B)") {
		t.Errorf("B label %q, want a (B) mark", b.Label)
	}
	s.Blend.On, s.Blend.ClipB = true, 1
	if !g.Update(s) {
		t.Fatal("the blend did not resample")
	}
	bl := curve(t, g, 1, SideBlend, GraphRZ)
	if got := keyValue(t, bl, 8); !near(got, 42.466823, 2e-4) {
		t.Errorf("blend B rot.z at A's 8 = %v, want 42.466823", got)
	}
	if got := len(bl.KeyX); got != 6 { // bend's keys 0, 4, …, 20 at 0, 8, …, 40
		t.Errorf("blend B keys %v, want 6", bl.KeyX)
	}
}

func TestGraphView(t *testing.T) {
	s := graphState(t)
	g := NewGraph()
	s.Select(1)
	g.Update(s)
	if g.Visible(GraphSX) {
		t.Error("scale shown by default; want it a click away")
	}
	g.Show[GraphSX], g.Show[graphSY], g.Show[graphSZ] = true, true, true
	g.FitView()
	v := g.View
	if v.T0 != 0 || v.T1 != 40 {
		t.Errorf("fit time span %v..%v, want 0..40", v.T0, v.T1)
	}
	// Translation: t.x = t.z = 0 and t.y = 1, with an 8% margin.
	if got := v.V[LaneTranslation]; math.Abs(got[0]+0.08) > 1e-9 || math.Abs(got[1]-1.08) > 1e-9 {
		t.Errorf("translation lane %v, want [-0.08 1.08]", got)
	}
	// Scale: flat at 1, spread ±0.5.
	if got := v.V[laneScale]; got != [2]float64{0.5, 1.5} {
		t.Errorf("scale lane %v, want [0.5 1.5]", got)
	}
	g.Show[graphTY] = false // t.x and t.z alone: flat at 0
	g.FitView()
	if got := g.View.V[LaneTranslation]; got != [2]float64{-0.5, 0.5} {
		t.Errorf("translation lane without t.y %v, want [-0.5 0.5]", got)
	}
	g.View.ZoomTime(0.5, 10)
	if g.View.T0 != 5 || g.View.T1 != 25 {
		t.Errorf("zoom ×0.5 about 10: %v..%v, want 5..25", g.View.T0, g.View.T1)
	}
	g.View.PanTime(-5)
	if g.View.T0 != 0 || g.View.T1 != 20 {
		t.Errorf("pan −5: %v..%v, want 0..20", g.View.T0, g.View.T1)
	}
	g.View.ZoomValue(laneScale, 2, 1)
	if got := g.View.V[laneScale]; got != [2]float64{0, 2} {
		t.Errorf("scale lane zoomed ×2 about 1: %v, want [0 2]", got)
	}
	g.View.ZoomTime(1e-12, 0)
	if g.View.T1-g.View.T0 != 20 {
		t.Errorf("a zoom to nothing changed the span to %v", g.View.T1-g.View.T0)
	}
	// Euler degrees: the rotation lane alone is fitted again (node 1's rot.z
	// swings about ±20° (0.35 rad), far past the quaternion's ±1); the zoom stays.
	quat := g.View.V[LaneRotation]
	g.Rotation = RotationEuler
	g.FitLane(LaneRotation)
	if got := g.View.V[LaneRotation]; got[1]-got[0] < 30 || got == quat {
		t.Errorf("rotation lane in degrees %v (was %v), want a span of tens of degrees", got, quat)
	}
	if g.View.T0 != 0 || g.View.T1 != 20 {
		t.Errorf("fitting a lane changed the time span to %v..%v", g.View.T0, g.View.T1)
	}
}

// A key point is hit within its radius: in a 400×100 lane showing 0..40 and
// -0.08..1.08, node 1's t.y key at frame 8 (value 1) is at x = 80,
// y = 100 − (1.08/1.16)·100 = 6.897.
func TestGraphKeyAt(t *testing.T) {
	s := graphState(t)
	g := NewGraph()
	s.Select(1)
	g.Update(s)
	g.FitView()
	r := Rect{X: 0, Y: 0, W: 400, H: 100}
	if x := g.View.TimeToX(8, r); math.Abs(float64(x)-80) > 1e-4 {
		t.Errorf("TimeToX(8) = %v, want 80", x)
	}
	if y := g.View.ValueToY(LaneTranslation, 1, r); math.Abs(float64(y)-6.897) > 1e-3 {
		t.Errorf("ValueToY(1) = %v, want 6.897", y)
	}
	if got, ok := g.KeyAt(LaneTranslation, 82, 9, r, 6); !ok || got != 8 {
		t.Errorf("KeyAt(82, 9) = %v, %v; want 8, true", got, ok)
	}
	if _, ok := g.KeyAt(LaneTranslation, 60, 50, r, 6); ok {
		t.Error("KeyAt(60, 50) hit a key; nothing is drawn there")
	}
	if got := g.View.XToTime(200, r); got != 20 {
		t.Errorf("XToTime(200) = %v, want 20", got)
	}
}

func TestAxisTicks(t *testing.T) {
	tests := []struct {
		lo, hi float64
		max    int
		first  float64
		step   float64
		n      int
	}{
		{0, 40, 8, 0, 5, 9},
		// niceStep(0.638, 3) is 0.5: one tick (0) only, so 0.2: −0.4, −0.2, 0.
		{-0.494, 0.144, 3, -0.4, 0.2, 3},
		{-43.5, 30.9, 4, -40, 20, 4},
		{1, 1, 4, 1, 1, 0},
	}
	for _, tc := range tests {
		first, step, n := AxisTicks(tc.lo, tc.hi, tc.max)
		if math.Abs(first-tc.first) > 1e-9 || math.Abs(step-tc.step) > 1e-9 || n != tc.n {
			t.Errorf("AxisTicks(%v, %v, %d) = %v, %v, %d; want %v, %v, %d", tc.lo, tc.hi, tc.max, first, step, n, tc.first, tc.step, tc.n)
		}
	}
}

// BenchmarkGraphResample is one resampling of the graph (a new selection) for
// eight nodes of a 1,000-node scene with compare B and the blend's clip B.
func BenchmarkGraphResample(b *testing.B) {
	load := func([]string, formats.Options) (*formats.Asset, error) { return viewertest.SyntheticAsset(1000), nil }
	s := NewState(load, formats.Options{})
	if !s.OpenCompare([]string{"a"}, []string{"b"}) {
		b.Fatal(s.LastError())
	}
	s.Blend.On, s.Blend.ClipB = true, 1
	g := NewGraph()
	for i := 1; i < 8; i++ {
		g.ToggleAlso(100 * i)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.Select(i % 2) // a new selection each time
		g.Update(s)
	}
}
