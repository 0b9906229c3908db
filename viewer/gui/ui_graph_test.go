package gui

import (
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
