package gui

import (
	"math"
	"testing"

	"animscope/formats"
	"animscope/viewer"
	"animscope/viewer/viewertest"

	"github.com/go-gl/glfw/v3.3/glfw"
	"github.com/inkyblackness/imgui-go/v4"
)

// dopeFrames builds n frames with the mouse at m and the left button as given.
func dopeFrames(u *UI, n int, m imgui.Vec2, down bool) {
	io := imgui.CurrentIO()
	for i := 0; i < n; i++ {
		io.SetMousePosition(m)
		io.SetMouseButtonDown(0, down)
		u.S.Evaluate()
		uiFrame(u)
	}
}

// The dope sheet driven by the mouse, without a window: a click on a cell selects
// the node and goes to the cell's frame; dragging a range handle on the ruler
// moves that end of the play range; the wheel on the ruler zooms about the mouse.
func TestDopeSheetMouse(t *testing.T) {
	defer newUIContext(t)()
	s := demoState(t)
	s.DismissBanner()
	s.Tr.Playing = false
	u := &UI{S: s, Scale: 1}
	u.ShowPanel(viewer.PanelDopeSheet)
	away := imgui.Vec2{X: 640, Y: 200} // over the 3D view
	dopeFrames(u, 3, away, false)
	dv := &u.dope
	d, g := dv.model, dv.geom
	xOf := func(t float64) float32 { return g.tlX + float32((t-d.ViewLo)/(d.ViewHi-d.ViewLo))*g.tlW }

	// A click in the cell of frame 20 on row 2.
	row := 2
	node := int(d.Rows[row].Node)
	cell := imgui.Vec2{X: xOf(20.5 * d.Step), Y: dv.rowsTop + (float32(row)+0.5)*g.rowH}
	dopeFrames(u, 1, cell, false)
	dopeFrames(u, 2, cell, true)
	dopeFrames(u, 1, cell, false)
	if s.Selected != node || s.Tr.T != 20*d.Step {
		t.Errorf("click on row %d, frame 20: selected %d at t %v; want node %d at %v", row, s.Selected, s.Tr.T, node, 20*d.Step)
	}

	// Drag the play range's upper handle from 30 to about 25.
	s.Tr.RangeOn, s.Tr.RangeLo, s.Tr.RangeHi = true, 4, 30
	dopeFrames(u, 1, away, false)
	y := dv.rulerTop + g.rulerH/2
	dopeFrames(u, 1, imgui.Vec2{X: xOf(30), Y: y}, false)
	dopeFrames(u, 2, imgui.Vec2{X: xOf(30), Y: y}, true)
	dopeFrames(u, 2, imgui.Vec2{X: xOf(25), Y: y}, true)
	dopeFrames(u, 1, imgui.Vec2{X: xOf(25), Y: y}, false)
	if math.Abs(s.Tr.RangeHi-25) > 0.1 || s.Tr.RangeLo != 4 {
		t.Errorf("range after dragging its end from 30 to 25: [%v, %v], want [4, 25]", s.Tr.RangeLo, s.Tr.RangeHi)
	}

	// One wheel notch over the ruler at t = 10 zooms in by 0.85 about 10.
	dopeFrames(u, 1, away, false)
	lo, hi := d.ViewLo, d.ViewHi
	at := imgui.Vec2{X: xOf(10), Y: y}
	dopeFrames(u, 1, at, false)
	imgui.CurrentIO().AddMouseWheelDelta(0, 1)
	dopeFrames(u, 1, at, false)
	if span := d.ViewHi - d.ViewLo; math.Abs(span-(hi-lo)*0.85) > 1e-6 {
		t.Errorf("span after a wheel notch = %v, want %v", span, (hi-lo)*0.85)
	}
	if k := (10 - d.ViewLo) / (d.ViewHi - d.ViewLo); math.Abs(k-(10-lo)/(hi-lo)) > 0.01 {
		t.Errorf("t = 10 moved on screen while zooming: at %.3f of the span, was %.3f", k, (10-lo)/(hi-lo))
	}
}

// The dope sheet and the key table build in every kind of state, and the key
// table's columns fit the family and the sides: a branch column only where the
// family has a branch, A and B columns when blending or comparing.
func TestDopeSheetAndKeyTablePanels(t *testing.T) {
	defer newUIContext(t)()
	tests := []struct {
		name  string
		open  func(s *viewer.State) bool
		setup func(s *viewer.State)
		want  []string
	}{
		{"demo (MSH)", func(s *viewer.State) bool { return s.Open(nil) }, nil,
			[]string{"node", "ch", "frame", "branch", "k0", "k1", "alpha"}},
		{"demo blended", func(s *viewer.State) bool { return s.Open(nil) }, func(s *viewer.State) { s.Blend.On = true },
			[]string{"node", "ch", "A frame", "A branch", "A k0", "A k1", "A alpha", "B frame", "B branch", "B k0", "B k1", "B alpha"}},
		{"demo against itself", func(s *viewer.State) bool { return s.OpenCompare(nil, nil) }, func(s *viewer.State) { s.Select(2) },
			[]string{"node", "ch", "A frame", "A branch", "A k0", "A k1", "A alpha", "B frame", "B branch", "B k0", "B k1", "B alpha", "node B"}},
		{"synthetic: no branch", func(s *viewer.State) bool { s.Load = viewertestLoader; return s.Open([]string{"good"}) }, nil,
			[]string{"node", "ch", "frame", "k0", "k1", "alpha"}},
		{"synthetic blended", func(s *viewer.State) bool { s.Load = viewertestLoader; return s.Open([]string{"good"}) },
			func(s *viewer.State) { s.Blend.On = true },
			[]string{"node", "ch", "A frame", "A k0", "A k1", "A alpha", "B frame", "B k0", "B k1", "B alpha"}},
		{"no clips", func(s *viewer.State) bool { s.Load = viewertestLoader; return s.Open([]string{"noclips"}) }, nil,
			[]string{"node", "ch", "frame", "k0", "k1", "alpha"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := demoState(t)
			if !tc.open(s) {
				t.Fatal(s.LastError())
			}
			if tc.setup != nil {
				tc.setup(s)
			}
			u := &UI{S: s, Scale: 1}
			for _, panel := range []string{viewer.PanelDopeSheet, viewer.PanelKeys} {
				u.ShowPanel(panel)
				for i := 0; i < 3; i++ {
					s.Tick(1.0 / 60)
					s.Evaluate()
					d := uiFrame(u)
					if lists, cmds := drawCommands(d); !d.Valid() || lists == 0 || cmds == 0 {
						t.Fatalf("%s, frame %d: %d lists, %d commands; want draw commands", panel, i, lists, cmds)
					}
				}
			}
			got := u.keyTab.labels
			if len(got) != len(tc.want) {
				t.Fatalf("key table columns %q, want %q", got, tc.want)
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Fatalf("key table columns %q, want %q", got, tc.want)
				}
			}
			if got := len(u.dope.model.Rows); got != s.Scene.Skel.Len() {
				t.Errorf("dope sheet rows = %d, want one per node (%d)", got, s.Scene.Skel.Len())
			}
		})
	}
}

var viewertestLoader viewer.Loader = viewertest.FakeLoader

// Selecting a node far down a 10,000-node scene brings its rows into view on the
// key table and on the dope sheet.
func TestSelectionScrollsKeyTableAndDopeSheet(t *testing.T) {
	defer newUIContext(t)()
	s, u := bigScene(t, 10000)
	for _, panel := range []string{viewer.PanelKeys, viewer.PanelDopeSheet} {
		u.ShowPanel(panel)
		for _, node := range []int{7000, 20, 9990} {
			s.Select(node)
			for i := 0; i < 3; i++ {
				s.Evaluate()
				uiFrame(u)
			}
			switch panel {
			case viewer.PanelKeys:
				kv := &u.keyTab
				r := -1
				for k, row := range kv.model.Rows {
					if int(row.Node) == node {
						r = k
						break
					}
				}
				if r < kv.shownLo || r >= kv.shownHi {
					t.Errorf("key table: node %d's row %d not drawn (rows %d..%d shown)", node, r, kv.shownLo, kv.shownHi)
				}
			default:
				dv := &u.dope
				r := dv.model.RowOf(node)
				y := dv.rowsTop + float32(r)*dv.geom.rowH
				if y < dv.rulerTop || y > 800 {
					t.Errorf("dope sheet: node %d's row %d at y %v, off the window (ruler at %v)", node, r, y, dv.rulerTop)
				}
			}
		}
	}
}

// M adds a marker at the current time; [ and ] go to the previous and next marker
// (the clip's own markers and the user's).
func TestDopeSheetMarkerKeys(t *testing.T) {
	defer newUIContext(t)()
	s := viewer.NewState(viewertest.FakeLoader, formats.Options{})
	if !s.Open(nil) { // synthetic: markers "step L" at 10 and "step R" at 30
		t.Fatal(s.LastError())
	}
	s.DismissBanner()
	s.Tr.Playing = false
	u := &UI{S: s, Scale: 1}
	io := imgui.CurrentIO()
	key := func(k glfw.Key) {
		io.KeyPress(int(k))
		s.Evaluate()
		uiFrame(u)
		io.KeyRelease(int(k))
		s.Evaluate()
		uiFrame(u)
	}
	s.Evaluate()
	uiFrame(u)
	s.Tr.T = 17
	key(glfw.KeyM)
	if got := u.dope.model.UserMarkers; len(got) != 1 || got[0].Time != 17 || got[0].Clip != "wave" {
		t.Fatalf("after M at 17: markers %v, want one on wave at 17", got)
	}
	s.Tr.T = 0
	for _, want := range []float64{10, 17, 30, 30} {
		key(glfw.KeyRightBracket)
		if s.Tr.T != want {
			t.Errorf("] goes to %v, want %v", s.Tr.T, want)
		}
	}
	for _, want := range []float64{17, 10, 10} {
		key(glfw.KeyLeftBracket)
		if s.Tr.T != want {
			t.Errorf("[ goes to %v, want %v", s.Tr.T, want)
		}
	}
}
