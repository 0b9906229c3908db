package gui

import (
	"testing"

	"animscope/formats"
	"animscope/viewer"
	"animscope/viewer/viewertest"

	"github.com/go-gl/glfw/v3.3/glfw"
	"github.com/inkyblackness/imgui-go/v4"
)

// demoFloorUI is the demo compared with itself under floor rounding, the
// fallback map in front, in a UI without a window.
func demoFloorUI(t testing.TB) (*viewer.State, *UI) {
	s := viewer.NewState(viewer.DefaultLoader, formats.Options{})
	s.OptsB = formats.Options{Readings: map[string]string{"rounding": "floor"}}
	if !s.OpenCompare(nil, nil) {
		t.Fatal(s.LastError())
	}
	s.DismissBanner()
	u := &UI{S: s, Scale: 1, Layout: viewer.DefaultLayout()}
	s.ShowFallbackMap()
	return s, u
}

// TestFallbackMapPanelShowsTheDemo: at 1280×800 and 1024×640 the map in front
// shows at least 15 of the demo's 17 nodes and 40 of its 41 frames, rows at
// least a text line tall (their names readable), and uses the panel's room: the
// columns fill the cell area's width and the rows its height.
func TestFallbackMapPanelShowsTheDemo(t *testing.T) {
	for _, size := range [][2]float32{{1280, 800}, {1024, 640}} {
		func() {
			defer newUIContext(t)()
			imgui.CurrentIO().SetDisplaySize(imgui.Vec2{X: size[0], Y: size[1]})
			s, u := demoFloorUI(t)
			for range 8 {
				imgui.NewFrame()
				u.Build(size[0], size[1])
				imgui.Render()
			}
			if u.Layout.Tab != viewer.PanelFallbackMap {
				t.Fatalf("%v: front tab %q, want the fallback map", size, u.Layout.Tab)
			}
			v := s.Map.View
			fm := s.FallbackMap()
			// The acceptance picture's "at least 15 rows × 40 frames": whole
			// rows and columns in view.
			rows, cols := int(v.ViewH/v.CellH), int(v.ViewW/v.CellW)
			if rows < 15 || cols < 40 {
				t.Errorf("%v: %d rows × %d columns in view (cell %v×%v, view %v×%v), want at least 15 × 40", size, rows, cols, v.CellW, v.CellH, v.ViewW, v.ViewH)
			}
			if line := imgui.TextLineHeight(); v.CellH < line {
				t.Errorf("%v: rows %v points, lower than a text line (%v)", size, v.CellH, line)
			}
			if used := float32(fm.Rows) * v.CellH; used < v.ViewH-v.CellH {
				t.Errorf("%v: rows use %v of %v points", size, used, v.ViewH)
			}
			if used := float32(fm.Cols) * v.CellW; used < v.ViewW-v.CellW && v.CellW < 48 {
				t.Errorf("%v: columns use %v of %v points", size, used, v.ViewW)
			}
		}()
	}
}

// TestFallbackMapPanelNavigates: in a window too small for the whole map, the
// panel applies the scroll the model asks for (previous difference from none
// marked: the last one, at the map's far corner) to its cell window.
func TestFallbackMapPanelNavigates(t *testing.T) {
	defer newUIContext(t)()
	const w, h = 900, 500
	imgui.CurrentIO().SetDisplaySize(imgui.Vec2{X: w, Y: h})
	s, u := demoFloorUI(t)
	frame := func() {
		imgui.NewFrame()
		u.Build(w, h)
		imgui.Render()
	}
	for range 8 { // the request, the tab, the panel's first sizes and scrollbars
		frame()
	}
	fm := s.FallbackMap()
	v := &s.Map.View
	last := fm.DiffCells[len(fm.DiffCells)-1]
	r, c := int(last)/fm.Cols, int(last)%fm.Cols
	if v.Visible(r, c) {
		t.Fatalf("the last difference %d,%d is in view before navigating (view %v×%v): the test needs a smaller window", r, c, v.ViewW, v.ViewH)
	}
	s.MapStep(-1)
	if !v.Marked || v.Row != r || v.Col != c || !v.Visible(r, c) {
		t.Fatalf("marked %v %d,%d visible %v, want the last difference %d,%d in view", v.Marked, v.Row, v.Col, v.Visible(r, c), r, c)
	}
	wantX, wantY := v.ScrollX, v.ScrollY
	for range 3 {
		frame()
	}
	// The cell window took the scroll: the model reads the same back from it.
	if v.ScrollX != wantX || v.ScrollY != wantY || !v.Visible(r, c) {
		t.Errorf("after frames: scroll %v,%v (model asked %v,%v), cell visible %v", v.ScrollX, v.ScrollY, wantX, wantY, v.Visible(r, c))
	}
}

// TestFallbackMapPanelMouse: a click on a cell picks it (node, time, mark),
// Ctrl + wheel zooms at the mouse, N steps to the next difference.
func TestFallbackMapPanelMouse(t *testing.T) {
	defer newUIContext(t)()
	io := imgui.CurrentIO()
	s, u := demoFloorUI(t)
	frame := func() {
		imgui.NewFrame()
		u.Build(1280, 800)
		imgui.Render()
	}
	for range 8 {
		frame()
	}
	v := &s.Map.View
	fm := s.FallbackMap()
	// Cell (3, 7): its middle.
	p := u.fmap.cellsAt.Plus(imgui.Vec2{X: (7 + 0.5) * v.CellW, Y: (3 + 0.5) * v.CellH})
	io.SetMousePosition(p)
	frame()
	io.SetMouseButtonDown(0, true)
	frame()
	io.SetMouseButtonDown(0, false)
	frame()
	if !v.Marked || v.Row != 3 || v.Col != 7 || s.Selected != int(fm.Pairs[3][0]) || s.Tr.T != fm.Time(7) {
		t.Fatalf("after a click on cell 3,7: marked %v %d,%d, selected %d, t %v", v.Marked, v.Row, v.Col, s.Selected, s.Tr.T)
	}
	io.KeyPress(int(glfw.KeyLeftControl))
	io.KeyCtrl(int(glfw.KeyLeftControl), int(glfw.KeyRightControl))
	frame()
	io.AddMouseWheelDelta(0, 1)
	frame()
	io.KeyRelease(int(glfw.KeyLeftControl))
	io.KeyCtrl(int(glfw.KeyLeftControl), int(glfw.KeyRightControl))
	frame()
	if v.Zoom != viewer.MapZoomStep {
		t.Errorf("zoom %v after ctrl+wheel, want %v", v.Zoom, viewer.MapZoomStep)
	}
	if r, c, ok := v.CellAt(fm.Rows, fm.Cols, p.X-u.fmap.cellsAt.X, p.Y-u.fmap.cellsAt.Y); !ok || r != 3 || c != 7 {
		t.Errorf("cell under the mouse after zooming %d,%d (%v), want 3,7 (zoom keeps the point)", r, c, ok)
	}
	io.KeyPress(int(glfw.KeyN))
	frame()
	io.KeyRelease(int(glfw.KeyN))
	frame()
	nr, nc, _ := fm.NextDiff(3, 7, 1)
	if v.Row != nr || v.Col != nc {
		t.Errorf("after N: marked %d,%d, want the next difference %d,%d", v.Row, v.Col, nr, nc)
	}
	// Under the open dialog N is the dialog's, not the map's.
	s.Req.OpenDialog = true
	frame()
	frame()
	io.KeyPress(int(glfw.KeyN))
	frame()
	io.KeyRelease(int(glfw.KeyN))
	frame()
	if v.Row != nr || v.Col != nc {
		t.Errorf("N under the open dialog moved the mark to %d,%d", v.Row, v.Col)
	}
}

// BenchmarkFallbackMapPanel is one frame of the whole window with the fallback
// map of a 2,148-node pair in front (2,048 rows kept): the map is built once,
// a frame draws only the visible cells, labels and ruler.
func BenchmarkFallbackMapPanel(b *testing.B) {
	defer newUIContext(b)()
	big := func([]string, formats.Options) (*formats.Asset, error) {
		return viewertest.SyntheticAsset(viewer.MapMaxRows + 100), nil
	}
	s := viewer.NewState(big, formats.Options{})
	if !s.OpenCompare(nil, nil) {
		b.Fatal(s.LastError())
	}
	s.DismissBanner()
	u := &UI{S: s, Scale: 1, Layout: viewer.DefaultLayout()}
	s.ShowFallbackMap()
	for range 4 {
		imgui.NewFrame()
		u.Build(1280, 800)
		imgui.Render()
	}
	b.ReportAllocs()
	for b.Loop() {
		imgui.NewFrame()
		u.Build(1280, 800)
		imgui.Render()
	}
}
