package gui

import (
	"math"
	"testing"

	"animscope/formats"
	"animscope/viewer"
	"animscope/viewer/viewertest"

	"github.com/inkyblackness/imgui-go/v4"
)

// graphFrame builds one frame holding only the graph editor, in a window of
// w×h points.
func graphFrame(u *UI, w, h float32) {
	imgui.NewFrame()
	imgui.SetNextWindowPosV(imgui.Vec2{}, imgui.ConditionAlways, imgui.Vec2{})
	imgui.SetNextWindowSizeV(imgui.Vec2{X: w, Y: h}, imgui.ConditionAlways)
	imgui.BeginV("graph", nil, imgui.WindowFlagsNoSavedSettings)
	u.graph()
	imgui.End()
	imgui.Render()
}

// TestGraphPanelFrames builds frames of the graph editor (two nodes, compare B
// and the blend's clip B, a playing clip), lanes stacked and one lane at a time:
// the curves are sampled once, not per frame, and the graph's own per-frame work
// (the model's check, the axes' labels) allocates nothing. (ImGui calls
// allocate their arguments in imgui-go itself; BenchmarkGraphPanel counts the
// whole frame.)
func TestGraphPanelFrames(t *testing.T) {
	defer newUIContext(t)()
	s := viewer.NewState(viewertest.FakeLoader, formats.Options{})
	if !s.OpenCompare([]string{"good"}, []string{"other"}) {
		t.Fatal(s.LastError())
	}
	s.Select(2)
	s.Blend.On, s.Blend.ClipB = true, 1
	u := &UI{S: s, Scale: 1}
	u.graphModel().ToggleAlso(3)
	for _, size := range [][2]float32{{1200, 500}, {900, 150}} {
		for i := 0; i < 3; i++ {
			s.Tick(1.0 / 60)
			s.Evaluate()
			graphFrame(u, size[0], size[1])
		}
		g := u.graphModel()
		if n := len(g.Curves); n != 3*2*int(viewer.NumGraphChannels) {
			t.Fatalf("%d curves, want %d (2 nodes × A, B and blend B)", n, 3*2*viewer.NumGraphChannels)
		}
		if cramped := size[1] < 200; u.gp.cramped != cramped {
			t.Errorf("%v: cramped %v, want %v", size, u.gp.cramped, cramped)
		}
		gen := g.Gen
		for i := 0; i < 10; i++ {
			s.Tick(1.0 / 60)
			s.Evaluate()
			graphFrame(u, size[0], size[1])
		}
		if g.Gen != gen {
			t.Errorf("%v: the curves were sampled again while nothing they show changed", size)
		}
		tl := &u.gp.ticks[0]
		first, step, n := tl.first, tl.step, tl.n
		allocs := testing.AllocsPerRun(50, func() {
			g.Update(s)
			tl.labels(first, step, n)
		})
		if allocs != 0 {
			t.Errorf("%v: the graph's per-frame work allocates %v times, want 0", size, allocs)
		}
	}
}

// TestGraphPanelManyCurves: eight nodes with B and blend B, every channel on
// (168 curves), build a frame (past 65,536 vertices in one list, which the
// renderer draws by vertex offset).
func TestGraphPanelManyCurves(t *testing.T) {
	defer newUIContext(t)()
	io := imgui.CurrentIO()
	io.SetBackendFlags(io.GetBackendFlags() | imgui.BackendFlagsRendererHasVtxOffset) // as render.NewUIRenderer does
	s := viewer.NewState(viewertest.FakeLoader, formats.Options{})
	s.OpenCompare([]string{"good"}, []string{"other"})
	s.Select(0)
	s.Blend.On, s.Blend.ClipB = true, 1
	u := &UI{S: s, Scale: 1}
	g := u.graphModel()
	for i := 1; i < 8; i++ {
		g.ToggleAlso(i)
	}
	for c := range g.Show {
		g.Show[c] = true
	}
	graphFrame(u, 1400, 700)
	if n := len(g.Curves); n != 8*3*int(viewer.NumGraphChannels) {
		t.Fatalf("%d curves, want %d", n, 8*3*viewer.NumGraphChannels)
	}
	graphFrame(u, 1400, 700)
}

// BenchmarkGraphPanel is one frame of the graph editor for two nodes with
// compare B and the blend's clip B.
func BenchmarkGraphPanel(b *testing.B) {
	defer newUIContext(b)()
	s := viewer.NewState(viewertest.FakeLoader, formats.Options{})
	s.OpenCompare([]string{"good"}, []string{"other"})
	s.Select(2)
	s.Blend.On, s.Blend.ClipB = true, 1
	u := &UI{S: s, Scale: 1}
	u.graphModel().ToggleAlso(3)
	graphFrame(u, 1200, 500)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		graphFrame(u, 1200, 500)
	}
}

// TestGraphPanelMouse drives the graph with ImGui's mouse input (no window): a
// click on a key mark goes to the key's time, a click elsewhere to the time
// under the mouse, the wheel zooms time about the mouse, a drag pans and does
// not move the time, a double-click fits.
func TestGraphPanelMouse(t *testing.T) {
	defer newUIContext(t)()
	io := imgui.CurrentIO()
	s := viewer.NewState(viewertest.FakeLoader, formats.Options{})
	if !s.Open([]string{"good"}) {
		t.Fatal(s.LastError())
	}
	s.Select(1)
	s.Tr.Playing = false
	u := &UI{S: s, Scale: 1}
	const w, h = 1200, 500
	frame := func(x, y float32, down bool) {
		io.SetMousePosition(imgui.Vec2{X: x, Y: y})
		io.SetMouseButtonDown(0, down)
		graphFrame(u, w, h)
	}
	click := func(x, y float32) {
		frame(x, y, false)
		frame(x, y, true)
		frame(x, y, false)
		for i := 0; i < 30; i++ { // past the double-click time
			frame(x, y, false)
		}
	}
	frame(-1, -1, false)
	frame(-1, -1, false)
	g := u.graphModel()
	r, ok := u.gp.rectOf(viewer.LaneTranslation)
	if !ok {
		t.Fatal("no translation lane drawn")
	}
	// Node 1's t.y key at frame 8 (value 1), two pixels off.
	kx, ky := g.View.TimeToX(8, r), g.View.ValueToY(viewer.LaneTranslation, 1, r)
	click(kx+2, ky-2)
	if s.Tr.T != 8 {
		t.Errorf("click on the key at 8: time %v, want 8", s.Tr.T)
	}
	// Halfway between keys 20 and 24, away from every curve: that time.
	x := g.View.TimeToX(22, r)
	click(x, r.Y+r.H*0.3)
	if math.Abs(s.Tr.T-22) > 0.05 {
		t.Errorf("click at 22: time %v, want 22", s.Tr.T)
	}
	// The wheel zooms time about the mouse: 22 stays under it.
	io.AddMouseWheelDelta(0, 2)
	frame(x, r.Y+r.H*0.3, false)
	if span := g.View.T1 - g.View.T0; math.Abs(span-40*0.85*0.85) > 1e-6 {
		t.Errorf("after two wheel notches the span is %v, want %v", span, 40*0.85*0.85)
	}
	if got := g.View.XToTime(x, r); math.Abs(got-22) > 0.05 {
		t.Errorf("the time under the mouse moved to %v, want 22", got)
	}
	// A drag of 100 pixels to the right shows earlier times, and is no click.
	t0 := g.View.T0
	span := g.View.T1 - g.View.T0
	frame(x, r.Y+r.H*0.3, true)
	for i := 1; i <= 10; i++ {
		frame(x+float32(i*10), r.Y+r.H*0.3, true)
	}
	frame(x+100, r.Y+r.H*0.3, false)
	if want := t0 - 100/float64(r.W)*span; math.Abs(g.View.T0-want) > 1e-3*span {
		t.Errorf("after dragging 100 px right the view starts at %v, want %v", g.View.T0, want)
	}
	if math.Abs(s.Tr.T-22) > 0.05 {
		t.Errorf("the drag moved the time to %v", s.Tr.T)
	}
	// A double-click fits the whole clip again.
	for i := 0; i < 30; i++ {
		frame(x, r.Y+r.H*0.3, false)
	}
	frame(x, r.Y+r.H*0.3, true)
	frame(x, r.Y+r.H*0.3, false)
	frame(x, r.Y+r.H*0.3, true)
	frame(x, r.Y+r.H*0.3, false)
	frame(x, r.Y+r.H*0.3, false)
	if g.View.T0 != 0 || g.View.T1 != 40 {
		t.Errorf("after a double-click the view is %v..%v, want 0..40", g.View.T0, g.View.T1)
	}
}

// A scene without clips (its bind pose: one sample) builds a graph frame that
// says there is no time to plot over.
func TestGraphPanelSinglePose(t *testing.T) {
	defer newUIContext(t)()
	s := viewer.NewState(viewertest.FakeLoader, formats.Options{})
	if !s.Open([]string{"noclips"}) {
		t.Fatal(s.LastError())
	}
	s.Select(1)
	u := &UI{S: s, Scale: 1}
	for i := 0; i < 3; i++ {
		graphFrame(u, 900, 300)
	}
	if g := u.graphModel(); len(g.X) != 1 || len(g.Curves) != int(viewer.NumGraphChannels) {
		t.Errorf("%d samples, %d curves; want 1 and %d", len(g.X), len(g.Curves), viewer.NumGraphChannels)
	}
	if u.gp.nLanes != 0 {
		t.Errorf("%d lanes drawn for a single pose, want none", u.gp.nLanes)
	}
}
