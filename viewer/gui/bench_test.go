package gui

import (
	"testing"

	"animscope/formats"
	"animscope/render"
	"animscope/viewer"
	"animscope/viewer/viewertest"

	"github.com/inkyblackness/imgui-go/v4"
)

// instances makes n states of a nodes-node synthetic model, blending both clips.
func instances(n, nodes int) []*viewer.State {
	out := make([]*viewer.State, n)
	for i := range out {
		s := viewer.NewState(func([]string, formats.Options) (*formats.Asset, error) { return viewertest.SyntheticAsset(nodes), nil }, formats.Options{})
		if !s.Open(nil) {
			panic(s.LastError())
		}
		s.Tr.T = float64(i % 40)
		s.Blend = viewer.BlendState{On: true, ClipB: 1, Weight: 0.4, Sync: true}
		s.Select(i % nodes)
		out[i] = s
	}
	return out
}

// frameScene is the per-frame scene work of one instance: advance time, sample A
// and B, blend, local-to-model, palette, and the skeleton's vertices.
func frameScene(s *viewer.State, verts []render.SolidVertex) []render.SolidVertex {
	s.Tick(1.0 / 60)
	s.Evaluate()
	verts = render.AppendSkeleton(verts[:0], s.Scene.Skel, s.Scene.Pose.Model, s.Selected)
	return render.AppendJoints(verts, s.Scene.Skel, s.Scene.Pose.Model, s.Selected)
}

// BenchmarkSceneFrame100x64 is one frame of 100 instances of a 64-node model.
func BenchmarkSceneFrame100x64(b *testing.B) {
	insts := instances(100, 64)
	verts := make([]render.SolidVertex, 0, 64*(render.BoneVertices+1))
	for _, s := range insts {
		s.Tr.Playing = true
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, s := range insts {
			verts = frameScene(s, verts)
		}
	}
}

// BenchmarkSceneFrameDemo is one frame of the demo's scene work.
func BenchmarkSceneFrameDemo(b *testing.B) {
	s := viewer.NewState(viewer.DefaultLoader, formats.Options{})
	s.Open(nil)
	s.Blend = viewer.BlendState{On: true, ClipB: min(1, len(s.Scene.Clips)-1), Weight: 0.4, Sync: true}
	verts := make([]render.SolidVertex, 0, s.Scene.Skel.Len()*(render.BoneVertices+1))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		verts = frameScene(s, verts)
	}
}

// TestSceneFrameAllocatesNothing: the steady-state scene part of a frame makes no
// allocation.
func TestSceneFrameAllocatesNothing(t *testing.T) {
	insts := instances(4, 64)
	verts := make([]render.SolidVertex, 0, 64*(render.BoneVertices+1))
	for _, s := range insts {
		verts = frameScene(s, verts)
	}
	allocs := testing.AllocsPerRun(50, func() {
		for _, s := range insts {
			verts = frameScene(s, verts)
		}
	})
	if allocs != 0 {
		t.Errorf("allocations per frame = %v, want 0", allocs)
	}
}

// bigScene is a state with an n-node synthetic scene, playing, blending clip B
// into A (so the key table has both sides), a node selected in the middle and,
// on the dope sheet, that node's channels shown.
func bigScene(tb testing.TB, n int) (*viewer.State, *UI) {
	s := viewer.NewState(func([]string, formats.Options) (*formats.Asset, error) { return viewertest.SyntheticAsset(n), nil }, formats.Options{})
	if !s.Open(nil) {
		tb.Fatal(s.LastError())
	}
	s.DismissBanner()
	s.Blend = viewer.BlendState{On: true, ClipB: 1, Weight: 0.4, Sync: true}
	s.Tr.Playing = true
	s.Select(n / 2)
	u := &UI{S: s, Scale: 1}
	u.dope.model = viewer.NewDopeSheet()
	u.dope.model.Sync(s.Scene, s.Clip, s.Selected)
	u.dope.model.ToggleExpand(n / 2)
	u.ShowPanel(viewer.PanelDopeSheet)
	for i := 0; i < 5; i++ { // the first frames measure and lay out, and grow the buffers
		s.Tick(1.0 / 60)
		s.Evaluate()
		uiFrameBoth(u)
	}
	return s, u
}

// uiFrameBoth builds a frame with the dope sheet as the bottom area's front tab
// and the key table in a window of its own beside it, so that both panels are
// built every frame.
func uiFrameBoth(u *UI) {
	imgui.NewFrame()
	u.Build(1280, 800)
	imgui.SetNextWindowPosV(imgui.Vec2{X: 0, Y: 0}, imgui.ConditionAlways, imgui.Vec2{})
	imgui.SetNextWindowSizeV(imgui.Vec2{X: 1280, Y: 300}, imgui.ConditionAlways)
	if imgui.Begin("keys (benchmark)") {
		u.keyTable()
	}
	imgui.End()
	imgui.Render()
}

// BenchmarkUIBuild10k is one frame of a 10,000-node scene with the dope sheet and
// the key table open (both built every frame): "scene" is the state's part (time,
// sampling A and B with probes, blend, local-to-model, palette), "ui" the whole
// window's ImGui build, "frame" both.
func BenchmarkUIBuild10k(b *testing.B) {
	defer newUIContext(b)()
	s, u := bigScene(b, 10000)
	b.Run("scene", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			s.Tick(1.0 / 60)
			s.Evaluate()
		}
	})
	b.Run("ui", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			uiFrameBoth(u)
		}
	})
	b.Run("frame", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			s.Tick(1.0 / 60)
			s.Evaluate()
			uiFrameBoth(u)
		}
	})
}
