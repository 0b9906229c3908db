package gui

import (
	"path/filepath"
	"testing"

	"animscope/formats"
	"animscope/viewer"
	"animscope/viewer/viewertest"

	"github.com/go-gl/glfw/v3.3/glfw"
)

// TestUITellsProbes: the frame's panels decide whether the next pose records
// probes: the dope sheet or the key table in front (or a selected node's readout
// in the inspector) asks for them; the graph in front with nothing selected, or a
// collapsed bottom area, does not.
func TestUITellsProbes(t *testing.T) {
	defer newUIContext(t)()
	tests := []struct {
		name     string
		panel    string
		selected int
		collapse bool
		want     bool
	}{
		{"dope sheet", viewer.PanelDopeSheet, -1, false, true},
		{"key table", viewer.PanelKeys, -1, false, true},
		{"graph, nothing selected", viewer.PanelGraph, -1, false, false},
		{"diagnostics, nothing selected", viewer.PanelDiagnostics, -1, false, false},
		{"graph, a node selected (the inspector's readout)", viewer.PanelGraph, 2, false, true},
		{"key table in a collapsed bottom area", viewer.PanelKeys, -1, true, false},
		{"graph in front, the key table beside it", viewer.PanelGraph, -1, false, true},
		{"diagnostics in front, the graph beside it", viewer.PanelDiagnostics, -1, false, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := viewer.NewState(viewertest.FakeLoader, formats.Options{})
			if !s.Open([]string{"good"}) {
				t.Fatal(s.LastError())
			}
			u := &UI{S: s, Scale: 1}
			u.ShowPanel(tc.panel)
			switch tc.name {
			case "graph in front, the key table beside it":
				u.ShowBeside(viewer.PanelKeys)
			case "diagnostics in front, the graph beside it":
				u.ShowBeside(viewer.PanelGraph)
			}
			s.Select(tc.selected)
			u.Layout.BottomCollapsed = tc.collapse
			for range 3 { // the tab bar selects the asked tab on the next frame
				uiFrame(u)
			}
			if got := s.WantsProbes(); got != tc.want {
				t.Errorf("wants probes %v, want %v (front tab %q)", got, tc.want, u.Layout.Tab)
			}
			s.Evaluate()
			if got := s.Request(s.Scene).Probes; got != tc.want {
				t.Errorf("request probes %v, want %v", got, tc.want)
			}
		})
	}
}

// TestShowPanel: a bottom panel comes to the front of an expanded bottom area, a
// side panel expands, an unknown id is refused.
func TestShowPanel(t *testing.T) {
	defer newUIContext(t)()
	s := viewer.NewState(viewertest.FakeLoader, formats.Options{})
	if !s.Open([]string{"good"}) {
		t.Fatal(s.LastError())
	}
	u := &UI{S: s, Scale: 1}
	u.Layout.BottomCollapsed, u.Layout.LeftCollapsed = true, true
	if !u.ShowPanel(viewer.PanelDiagnostics) || u.Layout.BottomCollapsed {
		t.Fatalf("ShowPanel(diagnostics): bottom collapsed %v", u.Layout.BottomCollapsed)
	}
	for range 3 {
		uiFrame(u)
	}
	if u.Layout.Tab != viewer.PanelDiagnostics {
		t.Errorf("front tab %q, want diagnostics", u.Layout.Tab)
	}
	if !u.ShowPanel(viewer.PanelScene) || u.Layout.LeftCollapsed {
		t.Errorf("ShowPanel(scene) left the scene panel collapsed")
	}
	if u.ShowPanel("timeline") {
		t.Errorf("ShowPanel(timeline) accepted an unknown id")
	}
	// The front panel asked beside the tabs moves there; another comes forward.
	if !u.ShowBeside(viewer.PanelDiagnostics) || u.Layout.Beside != viewer.PanelDiagnostics || u.Layout.Tab == viewer.PanelDiagnostics {
		t.Errorf("ShowBeside(front tab): beside %q, tab %q", u.Layout.Beside, u.Layout.Tab)
	}
	if u.ShowBeside(viewer.PanelScene) {
		t.Errorf("ShowBeside(scene) accepted a side panel")
	}
	for range 2 {
		uiFrame(u)
	}
	if u.besidePanel() == nil {
		t.Errorf("no panel beside the tabs")
	}
	// The 3D view lies between the panels the layout places.
	uiFrame(u)
	a := u.Layout.Areas(1280, 800, u.lastTop, 1)
	if v := u.Viewport; v != [4]float32{a.View.X, a.View.Y, a.View.W, a.View.H} {
		t.Errorf("viewport %v, want the layout's view %+v", v, a.View)
	}
}

// TestSplitterDrag drags the left splitter bar 40 points to the right in a real
// window (the mouse held over frames) and finds the scene panel 40 points wider,
// and the layout saved beside the recent list when the button is let go.
func TestSplitterDrag(t *testing.T) {
	withGL(t, func(h *Headless) {
		defer h.MakeCurrent()
		dir := t.TempDir()
		var before, after float32
		var saved viewer.Layout
		cfg := Config{Frames: 16, Size: [2]int{1280, 800}, RecentPath: filepath.Join(dir, "recent.json")}
		cfg.Script = func(frame int, a *App) {
			a.S.Tr.Playing = false
			w, hgt := a.win.GetSize()
			ar := a.UI.Layout.Areas(float32(w), float32(hgt), a.UI.lastTop, a.UI.scale())
			x, y := float64(ar.SplitLeft.X+ar.SplitLeft.W/2), float64(ar.SplitLeft.Y+ar.SplitLeft.H/2)
			switch {
			case frame == 2:
				a.win.Focus()
				before = ar.Left.W
				a.win.SetCursorPos(x, y)
			case frame >= 3 && frame < 12: // held down, moving 5 points a frame 8 times
				if frame == 3 {
					a.plat.pushButton(0, true, 0)
				} else {
					a.win.SetCursorPos(x+5, y)
				}
			case frame == 12:
				a.plat.pushButton(0, false, 0)
			case frame == 14:
				after = ar.Left.W
				saved = viewer.LoadLayout(filepath.Join(dir, "layout.json"))
			}
		}
		if err := runWindow(cfg); err != nil {
			t.Fatal(err)
		}
		glfw.DetachCurrentContext()
		if d := after - before; d < 39 || d > 41 {
			t.Errorf("the scene panel went from %v to %v points wide, want 40 wider", before, after)
		}
		if got := saved.Left * 1280; got < float64(after)-0.5 || got > float64(after)+0.5 {
			t.Errorf("saved layout's left %v of 1280 = %v points, want %v", saved.Left, got, after)
		}
	})
}

// TestCollapseByTitleArrow clicks the inspector's title-bar arrow in a real
// window: the inspector collapses to its title bar and the 3D view takes its
// room; a second click brings it back.
func TestCollapseByTitleArrow(t *testing.T) {
	withGL(t, func(h *Headless) {
		defer h.MakeCurrent()
		dir := t.TempDir()
		var viewW [3]float32
		var collapsed [3]bool
		cfg := Config{Frames: 20, Size: [2]int{1280, 800}, RecentPath: filepath.Join(dir, "recent.json")}
		cfg.Script = func(frame int, a *App) {
			a.S.Tr.Playing = false
			w, hgt := a.win.GetSize()
			ar := a.UI.Layout.Areas(float32(w), float32(hgt), a.UI.lastTop, a.UI.scale())
			// The arrow sits at the title bar's left, past the frame padding.
			x, y := float64(ar.Right.X+12), float64(ar.Right.Y+10)
			switch frame {
			case 2:
				a.win.Focus()
				a.win.SetCursorPos(x, y)
				viewW[0], collapsed[0] = a.UI.Viewport[2], a.UI.Layout.RightCollapsed
			case 4, 12:
				a.plat.pushButton(0, true, 0) // down and up within one frame: a click
				a.plat.pushButton(0, false, 0)
			case 10:
				viewW[1], collapsed[1] = a.UI.Viewport[2], a.UI.Layout.RightCollapsed
				a.win.SetCursorPos(x, y)
			case 18:
				viewW[2], collapsed[2] = a.UI.Viewport[2], a.UI.Layout.RightCollapsed
			}
		}
		if err := runWindow(cfg); err != nil {
			t.Fatal(err)
		}
		glfw.DetachCurrentContext()
		if collapsed != [3]bool{false, true, false} {
			t.Errorf("collapsed before, after one click, after two: %v, want [false true false]", collapsed)
		}
		if !(viewW[1] > viewW[0]+200 && viewW[2] == viewW[0]) {
			t.Errorf("3D view widths %v: want it wider while the inspector is collapsed, as before after", viewW)
		}
	})
}

// TestShootWindowRefusesAFailedScene: a file that does not open is an error, not
// a picture of the demo under a banner.
func TestShootWindowRefusesAFailedScene(t *testing.T) {
	withGL(t, func(h *Headless) {
		defer h.MakeCurrent()
		defer glfw.DetachCurrentContext()
		for _, ws := range []WindowShot{
			{Files: []string{"bad"}, Load: viewertest.FakeLoader, W: 320, H: 200, Select: -1},
			{Compare: true, CompareA: []string{"good"}, CompareB: []string{"bad"}, Load: viewertest.FakeLoader, W: 320, H: 200, Select: -1},
			{Compare: true, CompareA: []string{"good"}, W: 320, H: 200, Select: -1},
		} {
			if img, err := ShootWindow(ws); err == nil {
				t.Errorf("%+v: a picture %v, want an error", ws, img.Rect)
			}
		}
	})
}
