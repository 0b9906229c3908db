package gui

import (
	"testing"

	"animscope/formats"
	"animscope/viewer"
	"animscope/viewer/viewertest"

	"github.com/inkyblackness/imgui-go/v4"
)

// newUIContext makes an ImGui context with the embedded font and a built atlas,
// without any GL.
func newUIContext(t testing.TB) func() {
	t.Helper()
	ctx := imgui.CreateContext(nil)
	io := imgui.CurrentIO()
	io.SetIniFilename("")
	SetupFonts(1)
	io.Fonts().TextureDataRGBA32() // builds the atlas
	io.SetDisplaySize(imgui.Vec2{X: 1280, Y: 800})
	io.SetDeltaTime(1.0 / 60)
	return ctx.Destroy
}

func uiFrame(u *UI) imgui.DrawData {
	imgui.NewFrame()
	u.Build(1280, 800)
	imgui.Render()
	return imgui.RenderedDrawData()
}

func drawCommands(d imgui.DrawData) (lists, cmds int) {
	for _, l := range d.CommandLists() {
		lists++
		cmds += len(l.Commands())
	}
	return
}

// TestUIFrameWithoutGL builds full frames of the panels in several states and
// checks that ImGui produced draw commands.
func TestUIFrameWithoutGL(t *testing.T) {
	defer newUIContext(t)()
	tests := []struct {
		name  string
		setup func(s *viewer.State)
	}{
		{"demo", func(s *viewer.State) {}},
		{"selection and plot", func(s *viewer.State) { s.Select(3) }},
		{"blend with B probes", func(s *viewer.State) { s.Blend.On = true; s.Blend.Sync = false }},
		{"play range", func(s *viewer.State) { s.Tr.RangeOn, s.Tr.RangeLo, s.Tr.RangeHi = true, 5, 15 }},
		{"open dialog", func(s *viewer.State) { s.Req.OpenDialog = true }},
		{"bad file diagnostics", func(s *viewer.State) { s.Open([]string{"bad"}) }},
		{"scene without clips or meshes", func(s *viewer.State) { s.Open([]string{"noclips"}); s.Select(1); s.Tr.Playing = true }},
		{"compare", func(s *viewer.State) { s.OpenCompare([]string{"good"}, []string{"other"}); s.Select(2) }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := viewer.NewState(viewertest.FakeLoader, formats.Options{})
			if !s.Open([]string{"good"}) {
				t.Fatal(s.LastError())
			}
			tc.setup(s)
			u := &UI{S: s, Scale: 1}
			for i := 0; i < 3; i++ { // the first frame measures, later ones lay out
				s.Tick(1.0 / 60)
				s.Evaluate()
				d := uiFrame(u)
				lists, cmds := drawCommands(d)
				if !d.Valid() || lists == 0 || cmds == 0 {
					t.Fatalf("frame %d: valid %v, %d lists, %d commands; want draw commands", i, d.Valid(), lists, cmds)
				}
			}
			if v := u.Viewport; v[2] <= 0 || v[3] <= 0 {
				t.Errorf("viewport %v, want a positive area between the panels", v)
			}
		})
	}
}

// BenchmarkUIBuild measures building the whole UI for the demo scene.
func BenchmarkUIBuild(b *testing.B) {
	defer newUIContext(b)()
	s := viewer.NewState(viewer.DefaultLoader, formats.Options{})
	s.Open(nil)
	s.Select(5)
	s.Blend.On = true
	u := &UI{S: s, Scale: 1}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.Tick(1.0 / 60)
		s.Evaluate()
		uiFrame(u)
	}
}
