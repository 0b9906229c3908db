package viewer

import (
	"math"
	"os"
	"path/filepath"
	"testing"

	"animscope/anim"
	"animscope/formats"
)

// inside checks that r lies in a w×h window and is at least minW×minH.
func inside(t *testing.T, what string, r Rect, w, h, minW, minH float32) {
	t.Helper()
	const eps = 0.01
	if r.X < -eps || r.Y < -eps || r.X+r.W > w+eps || r.Y+r.H > h+eps {
		t.Errorf("%s %+v lies outside the %vx%v window", what, r, w, h)
	}
	if r.W+eps < minW || r.H+eps < minH {
		t.Errorf("%s %+v, want at least %vx%v", what, r, minW, minH)
	}
}

// TestLayoutAreasFromSmallToLarge: the default layout and extreme remembered ones
// keep every area inside the window and at its minimum size, from 1024×640 to
// 3840×2160 at scales 1 and 2, and the areas tile the window without overlap.
func TestLayoutAreasFromSmallToLarge(t *testing.T) {
	wide := DefaultLayout()
	wide.Left, wide.Right, wide.Bottom = 0.9, 0.9, 0.9
	narrow := DefaultLayout()
	narrow.Left, narrow.Right, narrow.Bottom = 0.001, 0.001, 0.001
	folded := DefaultLayout()
	folded.LeftCollapsed, folded.RightCollapsed, folded.BottomCollapsed = true, true, true
	layouts := []struct {
		name string
		l    Layout
	}{{"default", DefaultLayout()}, {"wide", wide}, {"narrow", narrow}, {"collapsed", folded}}
	sizes := []struct{ w, h, sc float32 }{{1024, 640, 1}, {1280, 800, 1}, {1440, 900, 1}, {3840, 2160, 1}, {3840, 2160, 2}, {1920, 1080, 1.5}}
	const top = 20
	for _, lt := range layouts {
		for _, sz := range sizes {
			a := lt.l.Areas(sz.w, sz.h, top, sz.sc)
			sc := sz.sc
			inside(t, lt.name+" view", a.View, sz.w, sz.h, minViewWPt*sc, minViewHPt*sc)
			side := float32(MinSidePt) * sc
			if lt.l.LeftCollapsed {
				side = collapsedPt * sc
			}
			inside(t, lt.name+" left", a.Left, sz.w, sz.h, side, 0)
			inside(t, lt.name+" right", a.Right, sz.w, sz.h, side, 0)
			bot := float32(minBottomPt) * sc
			if lt.l.BottomCollapsed {
				bot = collapsedPt * sc
			}
			inside(t, lt.name+" bottom", a.Bottom, sz.w, sz.h, sz.w, bot)
			// The row of left, splitter, view, splitter, right fills the width.
			if got := a.Left.W + a.SplitLeft.W + a.View.W + a.SplitRight.W + a.Right.W; math.Abs(float64(got-sz.w)) > 0.01 {
				t.Errorf("%s at %vx%v: the row is %v wide, want %v", lt.name, sz.w, sz.h, got, sz.w)
			}
			if got := top + a.View.H + a.SplitBottom.H + a.Bottom.H; math.Abs(float64(got-sz.h)) > 0.01 {
				t.Errorf("%s at %vx%v: the column is %v high, want %v", lt.name, sz.w, sz.h, got, sz.h)
			}
			if a.View.X != a.Left.W+a.SplitLeft.W || a.Right.X != a.View.X+a.View.W+a.SplitRight.W {
				t.Errorf("%s at %vx%v: areas overlap or leave gaps: %+v", lt.name, sz.w, sz.h, a)
			}
		}
	}
}

// TestLayoutFractions: the default layout at its own size gives the old fixed
// sizes, and the same fractions scale with the window.
func TestLayoutFractions(t *testing.T) {
	l := DefaultLayout()
	tests := []struct {
		w, h                 float32
		left, right, bottomH float32
	}{
		{1440, 900, 270, 360, 270},
		{2880, 1800, 540, 720, 540},
	}
	for _, tc := range tests {
		a := l.Areas(tc.w, tc.h, 0, 1)
		if math.Abs(float64(a.Left.W-tc.left)) > 0.01 || math.Abs(float64(a.Right.W-tc.right)) > 0.01 || math.Abs(float64(a.Bottom.H-tc.bottomH)) > 0.01 {
			t.Errorf("%vx%v: left %v right %v bottom %v, want %v %v %v", tc.w, tc.h, a.Left.W, a.Right.W, a.Bottom.H, tc.left, tc.right, tc.bottomH)
		}
	}
	// A small window keeps the minimums at scale 2 (HiDPI): 160 pt = 320 px.
	a := l.Areas(1024, 640, 0, 2)
	if a.Left.W < 2*MinSidePt-0.01 && a.View.W > 2*minViewWPt+0.01 {
		t.Errorf("scale 2 at 1024: left %v while the view has %v to give", a.Left.W, a.View.W)
	}
}

// TestLayoutDrag: dragging a splitter moves it by the distance, and dragging past
// a minimum stops there.
func TestLayoutDrag(t *testing.T) {
	l := DefaultLayout()
	const w, h = 1440, 900
	l.DragLeft(30, w, 1)
	if got := l.Areas(w, h, 0, 1).Left.W; math.Abs(float64(got-300)) > 0.01 {
		t.Errorf("left after +30: %v, want 300", got)
	}
	l.DragRight(-40, w, 1)
	if got := l.Areas(w, h, 0, 1).Right.W; math.Abs(float64(got-400)) > 0.01 {
		t.Errorf("right after dragging 40 left: %v, want 400", got)
	}
	l.DragBottom(-30, h, 1)
	if got := l.Areas(w, h, 0, 1).Bottom.H; math.Abs(float64(got-300)) > 0.01 {
		t.Errorf("bottom after dragging 30 up: %v, want 300", got)
	}
	l.DragLeft(-5000, w, 1)
	l.Fit(w, h, 0, 1)
	if got := l.Areas(w, h, 0, 1).Left.W; got != MinSidePt {
		t.Errorf("left dragged far past its minimum: %v, want %v", got, MinSidePt)
	}
	// Dragged back from the minimum it moves at once (Fit forgot the overshoot).
	l.DragLeft(10, w, 1)
	if got := l.Areas(w, h, 0, 1).Left.W; math.Abs(float64(got-MinSidePt-10)) > 0.01 {
		t.Errorf("left dragged back 10 from its minimum: %v, want %v", got, MinSidePt+10)
	}
}

// TestLayoutFitsAnotherWindow: a layout dragged in a 1024×640 window keeps its
// proportions in a 3840×2160 one, and one dragged wide at 4K still leaves the 3D
// view its minimum at 1024×640.
func TestLayoutFitsAnotherWindow(t *testing.T) {
	l := DefaultLayout()
	l.DragLeft(56, 1024, 1) // 192 -> 248 points: 0.2421875 of the width
	l.Fit(1024, 640, 0, 1)
	small, big := l.Areas(1024, 640, 0, 1), l.Areas(3840, 2160, 0, 1)
	if got, want := big.Left.W/3840, small.Left.W/1024; math.Abs(float64(got-want)) > 1e-6 {
		t.Errorf("left at 4K is %v of the width, want %v as at 1024", got, want)
	}
	w := DefaultLayout()
	w.DragLeft(1200, 3840, 2)
	w.DragRight(-1200, 3840, 2)
	a := w.Areas(1024, 640, 0, 2)
	if a.View.W < 2*minViewWPt-0.01 {
		t.Errorf("a layout dragged wide at 4K leaves the view %v points at 1024x640, want at least %v", a.View.W, 2*minViewWPt)
	}
}

// TestLayoutRoundTrip saves a layout and loads it back, and a corrupt, a missing
// or a non-regular file gives the default layout.
func TestLayoutRoundTrip(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "sub", "layout.json")
	l := DefaultLayout()
	l.Path = p
	l.Left, l.Right, l.Bottom = 0.2, 0.3, 0.4
	l.RightCollapsed = true
	l.Tab = PanelFallbackMap
	l.Beside, l.BesideFrac = PanelCompare, 0.3
	if err := l.Save(); err != nil {
		t.Fatal(err)
	}
	got := LoadLayout(p)
	if got != l {
		t.Errorf("round trip: got %+v, want %+v", got, l)
	}
	def := DefaultLayout()
	for name, data := range map[string]string{
		"corrupt.json":   "{not json",
		"nan.json":       `{"Left": "x"}`,
		"truncated.json": `{"Left": 0.2, "Ri`,
	} {
		q := filepath.Join(dir, name)
		os.WriteFile(q, []byte(data), 0o644)
		got := LoadLayout(q)
		def.Path = q
		if got != def {
			t.Errorf("%s: got %+v, want the default layout", name, got)
		}
	}
	// Out-of-range values are clamped, an unknown tab forgotten.
	q := filepath.Join(dir, "odd.json")
	os.WriteFile(q, []byte(`{"Left": -1, "Right": 7, "Bottom": 0, "Tab": "nonsense", "Beside": "scene", "BesideFrac": 3}`), 0o644)
	got = LoadLayout(q)
	if got.Left != def.Left || got.Right != 0.9 || got.Bottom != def.Bottom || got.Tab != def.Tab || got.Beside != "" || got.BesideFrac != def.BesideFrac {
		t.Errorf("odd values: got %+v", got)
	}
	if got := LoadLayout(filepath.Join(dir, "missing.json")); got.Left != def.Left || got.Tab != def.Tab {
		t.Errorf("missing file: got %+v, want the default", got)
	}
	if got := LoadLayout(dir); got.Left != def.Left {
		t.Errorf("a folder: got %+v, want the default", got)
	}
	// No path: nothing written, no error.
	if err := DefaultLayout().Save(); err != nil {
		t.Errorf("save without a path: %v", err)
	}
}

// TestProbesOnlyWhenShown: a frame with no panel showing probes evaluates without
// them, one with the key table records them, and a state no window drives keeps
// recording them.
func TestProbesOnlyWhenShown(t *testing.T) {
	s := NewState(DefaultLoader, formats.Options{})
	if !s.Open(nil) {
		t.Fatal(s.LastError())
	}
	if !s.WantsProbes() {
		t.Fatal("a state nothing told about panels must record probes")
	}
	clear := func() {
		for i := range s.Scene.Pose.Probes {
			s.Scene.Pose.Probes[i] = anim.Probe{}
		}
	}
	s.Tr.T = s.Info().Duration / 3
	tests := []struct {
		name  string
		shown []string
		want  bool
	}{
		{"nothing that shows probes", []string{PanelScene, PanelGraph, PanelDiagnostics}, false},
		{"the key table", []string{PanelScene, PanelKeys}, true},
		{"the materials only", []string{PanelMaterials}, false},
		{"the dope sheet", []string{PanelDopeSheet}, true},
	}
	for _, tc := range tests {
		need := false
		for _, id := range tc.shown {
			need = need || PanelShowsProbes(id)
		}
		s.ShowProbes(need)
		clear()
		s.Evaluate()
		if got := s.Request(s.Scene).Probes; got != tc.want {
			t.Errorf("%s: request probes %v, want %v", tc.name, got, tc.want)
		}
		keys := keyCount(s.Scene.Pose.Probes)
		if tc.want && keys == 0 {
			t.Errorf("%s: no keys recorded, want the probes", tc.name)
		}
		if !tc.want && keys != 0 {
			t.Errorf("%s: %d keys recorded, want none", tc.name, keys)
		}
		if !tc.want && s.Stats.Keys != -1 {
			t.Errorf("%s: stats keys %d, want -1 (not counted)", tc.name, s.Stats.Keys)
		}
	}
}
