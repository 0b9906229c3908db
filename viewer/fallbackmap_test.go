package viewer

import (
	"strings"
	"testing"

	"animscope/anim"
	"animscope/formats"
	"animscope/viewer/viewertest"
)

// demoFloor opens the demo and compares it with itself under floor rounding
// (File > Compare with another reading).
func demoFloor(t *testing.T) *State {
	t.Helper()
	s := NewState(DefaultLoader, formats.Options{})
	if !s.Open(nil) {
		t.Fatal(s.LastError())
	}
	o, ok := s.AnotherReading()
	if !ok || o.Value("rounding") != "floor" {
		t.Fatalf("another reading of the demo = %v (%v), want rounding floor", o, ok)
	}
	if !s.CompareReading(o) {
		t.Fatal(s.LastError())
	}
	return s
}

func TestFallbackMapDemoFloor(t *testing.T) {
	s := demoFloor(t)
	fm := s.FallbackMap()
	if fm == nil || fm.Rows != 17 || fm.Cols != 41 || fm.RowsCut() || fm.ColsCut() {
		t.Fatalf("map %+v, want 17 nodes × 41 frames, nothing cut", fm)
	}
	if !fm.Branch || fm.Unit != "frame" || fm.Labels[0] != "0 pelvis" {
		t.Errorf("branch %v unit %q first label %q; want true, frame, \"0 pelvis\"", fm.Branch, fm.Unit, fm.Labels[0])
	}
	if again := s.FallbackMap(); again != fm {
		t.Errorf("the map was rebuilt without a change")
	}
	// Floor and the engine's rule (round t − 0.5 to even) pick other frames at
	// odd integer times: t = 1 → engine 0, floor 1; t = 2 → both 2.
	if got := fm.DiffText(0, 1); got != "frame" {
		t.Errorf("pelvis at t = 1 differs in %q, want \"frame\"", got)
	}
	if d := fm.Diff(0, 2); d != 0 {
		t.Errorf("pelvis at t = 2 differs (%v), want not", d)
	}
	if len(fm.DiffCells) == 0 {
		t.Fatal("no differing cell")
	}
	for _, i := range fm.DiffCells {
		if fm.Diffs[i] == 0 {
			t.Fatalf("cell %d listed as differing, but its diff is 0", i)
		}
	}
	// A new reading for B is a new scene: a new map.
	o := s.OptionsB()
	o.Set("rounding", "half-away")
	s.OptsB = o
	if !s.ReopenB() || s.FallbackMap() == fm {
		t.Errorf("ReopenB kept the old map")
	}
}

// TestFallbackMapWithoutBranch: a family without a fallback branch never has
// the word (or the bit) for it, and the map still lists key differences.
func TestFallbackMapWithoutBranch(t *testing.T) {
	s := NewState(viewertest.FakeLoader, formats.Options{})
	if !s.OpenCompare([]string{"good"}, []string{"good2"}) {
		t.Fatal(s.LastError())
	}
	fm := s.FallbackMap()
	if fm.Branch {
		t.Fatalf("the fake family has a branch, want none")
	}
	for i, d := range fm.Diffs {
		if d&anim.DiffBranch != 0 {
			t.Fatalf("cell %d has the branch bit", i)
		}
	}
	for r := range fm.Rows {
		for c := range fm.Cols {
			if w := fm.DiffText(r, c); strings.Contains(w, "branch") || strings.Contains(w, "fallback") {
				t.Fatalf("cell %d,%d says %q", r, c, w)
			}
		}
	}
}

func TestKeyDiffsAndWords(t *testing.T) {
	probe := func(frame int32, fb bool, keys ...anim.KeyUse) *anim.Probe {
		p := &anim.Probe{}
		p.Reset(frame, fb)
		for _, k := range keys {
			p.Add(k)
		}
		return p
	}
	t0 := anim.KeyUse{Channel: anim.ChannelOf("t"), K0: 1, K1: 2}
	r0 := anim.KeyUse{Channel: anim.ChannelOf("r"), K0: 1, K1: 2}
	r1 := anim.KeyUse{Channel: anim.ChannelOf("r"), K0: 2, K1: 3}
	s0 := anim.KeyUse{Channel: anim.ChannelOf("s"), K0: 0, K1: 0}
	tests := []struct {
		name   string
		a, b   *anim.Probe
		branch bool
		want   string
	}{
		{"equal", probe(3, false, t0, r0), probe(3, false, t0, r0), true, ""},
		{"rotation only", probe(3, false, t0, r0, s0), probe(3, false, t0, r1, s0), true, "keys r"},
		{"frame and branch", probe(3, false, t0), probe(4, true, t0), true, "frame, branch"},
		{"branch hidden without one", probe(3, false, t0), probe(4, true, t0), false, "frame"},
		{"a channel on one side", probe(3, false, t0, r0), probe(3, false, t0, r0, s0), true, "keys s"},
		{"a channel missing first", probe(3, false, r0), probe(3, false, t0, r0), true, "keys t"},
		{"channels matched by name, not place", probe(1, false, t0, r0), probe(1, false, r1, t0), false, "keys r"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := probeDiffWords(tc.a, tc.b, tc.branch); got != tc.want {
				t.Errorf("words = %q, want %q", got, tc.want)
			}
		})
	}
	var cn ChannelNames
	_, chans := KeyDiffs(probe(3, false, t0, r0, s0), probe(3, false, t0, r1, s0), &cn)
	if !cn.Has(chans, "r") || cn.Has(chans, "t") || cn.Has(chans, "s") {
		t.Errorf("channel set %b over %+v, want r alone", chans, cn)
	}
}

// TestMapViewReveal: worked numbers for Fit and Reveal.
func TestMapViewReveal(t *testing.T) {
	// 17 rows × 41 columns in a 100×60 view with 15-point lines: columns get the
	// narrowest width (100/41 < 4 → 4), rows one line (60/17 < 15 → 15); the
	// content is 164×255, so the scroll runs to 64 and 195.
	tests := []struct {
		name   string
		r, c   int
		sx, sy float32 // the scroll before
		wx, wy float32 // the scroll wanted after
	}{
		{"visible cell keeps the scroll", 1, 2, 0, 0, 0, 0},
		{"last cell: the ends", 16, 40, 0, 0, 64, 195},
		{"cell out of view comes to the middle", 8, 25, 0, 0, 25*4 + 2 - 50, 8*15 + 7.5 - 30},
		{"first cell from the end", 0, 0, 64, 195, 0, 0},
		{"partly visible row moves", 4, 1, 0, 0, 0, 4*15 + 7.5 - 30},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var v MapView
			v.ScrollX, v.ScrollY = tc.sx, tc.sy
			v.Fit(17, 41, 100, 60, 15)
			if v.CellW != 4 || v.CellH != 15 {
				t.Fatalf("cell %v×%v, want 4×15", v.CellW, v.CellH)
			}
			v.reveal(17, 41, tc.r, tc.c)
			if v.ScrollX != tc.wx || v.ScrollY != tc.wy {
				t.Errorf("scroll %v,%v, want %v,%v", v.ScrollX, v.ScrollY, tc.wx, tc.wy)
			}
			if !v.Visible(tc.r, tc.c) {
				t.Errorf("cell %d,%d not visible after Reveal", tc.r, tc.c)
			}
		})
	}
}

func TestMapViewFitFillsTheView(t *testing.T) {
	var v MapView
	// 17 × 41 in 900×400: the columns share the width, the rows the height.
	v.Fit(17, 41, 902, 408, 17)
	if v.CellW != 22 || v.CellH != 24 {
		t.Errorf("cell %v×%v, want 22×24", v.CellW, v.CellH)
	}
	// A two-row map does not get rows of half the view: at most 2.5 lines.
	v.Fit(2, 41, 902, 408, 16)
	if v.CellH != 40 {
		t.Errorf("cell height %v, want 40 (2.5 lines)", v.CellH)
	}
}

func TestMapViewZoomKeepsTheAnchor(t *testing.T) {
	var v MapView
	v.Fit(100, 500, 400, 300, 15)
	v.ScrollX, v.ScrollY = 100, 50
	r0, c0, _ := v.CellAt(100, 500, 200, 150)
	v.ZoomBy(100, 500, 2, 200, 150)
	if v.Zoom != 2 || v.CellW != 8 || v.CellH != 30 {
		t.Fatalf("zoom %v cell %v×%v, want 2 and 8×30", v.Zoom, v.CellW, v.CellH)
	}
	if v.ScrollX != 400 || v.ScrollY != 250 {
		t.Errorf("scroll %v,%v, want 400,250 (the point under the mouse stays)", v.ScrollX, v.ScrollY)
	}
	if r, c, _ := v.CellAt(100, 500, 200, 150); r != r0 || c != c0 {
		t.Errorf("cell under the anchor %d,%d, want %d,%d", r, c, r0, c0)
	}
	for range 20 {
		v.ZoomBy(100, 500, MapZoomStep, 0, 0)
	}
	if v.Zoom != mapZoomMax {
		t.Errorf("zoom %v after zooming far in, want the limit %v", v.Zoom, mapZoomMax)
	}
	// Far out: the 4-point columns stop at 3 points (zoom 0.75), before the
	// 15-point rows would reach it.
	for range 40 {
		v.ZoomBy(100, 500, 1/MapZoomStep, 0, 0)
	}
	if v.Zoom != 0.75 || v.CellW != 3 || v.CellH != 11.25 {
		t.Errorf("zoom %v cell %v×%v after zooming far out, want 0.75 and 3×11.25", v.Zoom, v.CellW, v.CellH)
	}
	v.Fit(100, 500, 400, 300, 15)
	if v.Zoom != 0.75 {
		t.Errorf("Fit changed the zoom to %v", v.Zoom)
	}
}

// TestMapStepScrollsAndMarks is difference navigation without a window: next
// and previous select the node, move the time, mark the cell and scroll it into
// a view too small for the whole map.
func TestMapStepScrollsAndMarks(t *testing.T) {
	s := demoFloor(t)
	fm := s.FallbackMap()
	v := &s.Map.View
	v.Fit(fm.Rows, fm.Cols, 100, 60, 15)
	if !s.MapStep(1) {
		t.Fatal("no next difference")
	}
	first := fm.DiffCells[0]
	if !v.Marked || v.Row*fm.Cols+v.Col != int(first) {
		t.Fatalf("marked %v %d,%d, want the first differing cell %d", v.Marked, v.Row, v.Col, first)
	}
	// Walk every difference: each is marked, selected, timed and in view.
	for k, i := range fm.DiffCells {
		if k > 0 && !s.MapStep(1) {
			t.Fatal("next difference lost")
		}
		r, c := int(i)/fm.Cols, int(i)%fm.Cols
		if v.Row != r || v.Col != c {
			t.Fatalf("step %d marked %d,%d, want %d,%d", k, v.Row, v.Col, r, c)
		}
		if !v.Visible(r, c) || !v.ScrollSet {
			t.Fatalf("step %d: cell %d,%d not scrolled into view (scroll %v,%v)", k, r, c, v.ScrollX, v.ScrollY)
		}
		if s.Selected != int(fm.Pairs[r][0]) || s.Tr.T != fm.Time(c) {
			t.Fatalf("step %d: selected %d at t %v, want %d at %v", k, s.Selected, s.Tr.T, fm.Pairs[r][0], fm.Time(c))
		}
		v.ScrollSet = false
	}
	// Past the last one: wraps to the first; before the first: the last.
	s.MapStep(1)
	if v.Row*fm.Cols+v.Col != int(first) {
		t.Errorf("next after the last marked %d,%d, want the first", v.Row, v.Col)
	}
	s.MapStep(-1)
	last := fm.DiffCells[len(fm.DiffCells)-1]
	if v.Row*fm.Cols+v.Col != int(last) {
		t.Errorf("previous before the first marked %d,%d, want the last (%d)", v.Row, v.Col, last)
	}
	// The last cell of the demo's map is at the content's end: the scroll is the
	// largest (content 164×255 in 100×60).
	if v.ScrollY != 195 {
		t.Errorf("scroll y %v at the last row, want 195", v.ScrollY)
	}
	// Picking a cell does the same.
	s.MapPick(3, 7)
	if !v.Marked || v.Row != 3 || v.Col != 7 || s.Tr.T != 7 || s.Selected != int(fm.Pairs[3][0]) {
		t.Errorf("MapPick(3, 7): marked %d,%d t %v selected %d", v.Row, v.Col, s.Tr.T, s.Selected)
	}
	if !v.Visible(3, 7) {
		t.Errorf("picked cell not in view")
	}
}

func TestSideLabel(t *testing.T) {
	s := demoFloor(t)
	if a, b := s.SideLabel(false), s.SideLabel(true); a != "A: demo (rounding engine)" || b != "B: demo (rounding floor)" {
		t.Errorf("labels %q, %q", a, b)
	}
	f := NewState(viewertest.FakeLoader, formats.Options{})
	f.OpenCompare([]string{"x/a.bin"}, []string{"y/b.bin"})
	if a, b := f.SideLabel(false), f.SideLabel(true); a != "A: a.bin" || b != "B: b.bin" {
		t.Errorf("labels %q, %q; want A: a.bin, B: b.bin", a, b)
	}
}

// TestFallbackMapLimits: past MapMaxRows nodes or the columns asked for, the map
// keeps the first ones and says that it cut.
func TestFallbackMapLimits(t *testing.T) {
	big := func([]string, formats.Options) (*formats.Asset, error) {
		return viewertest.SyntheticAsset(MapMaxRows + 100), nil
	}
	s := NewState(big, formats.Options{})
	if !s.OpenCompare(nil, nil) {
		t.Fatal(s.LastError())
	}
	fm := s.FallbackMap()
	if fm.Rows != MapMaxRows || fm.AllRows != MapMaxRows+100 || !fm.RowsCut() || fm.ColsCut() {
		t.Errorf("rows %d of %d (cut %v), cols cut %v; want %d of %d, cut, columns whole", fm.Rows, fm.AllRows, fm.RowsCut(), fm.ColsCut(), MapMaxRows, MapMaxRows+100)
	}
	if len(fm.Labels) != fm.Rows || len(fm.Diffs) != fm.Rows*fm.Cols {
		t.Errorf("%d labels, %d cells for %d×%d", len(fm.Labels), len(fm.Diffs), fm.Rows, fm.Cols)
	}
	few := buildFallbackMap(s.Scene, s.SceneB, s.Match, 0, 10)
	if few.Cols != 10 || few.AllCols <= 10 || !few.ColsCut() {
		t.Errorf("cols %d of %d (cut %v), want 10 of more, cut", few.Cols, few.AllCols, few.ColsCut())
	}
}

// BenchmarkBuildFallbackMap is building the map of a 2,148-node pair (rows cut
// at 2,048) over its whole clip: once per scene pair, clip and reading.
func BenchmarkBuildFallbackMap(b *testing.B) {
	big := func([]string, formats.Options) (*formats.Asset, error) {
		return viewertest.SyntheticAsset(MapMaxRows + 100), nil
	}
	s := NewState(big, formats.Options{})
	if !s.OpenCompare(nil, nil) {
		b.Fatal(s.LastError())
	}
	b.ReportAllocs()
	for b.Loop() {
		buildFallbackMap(s.Scene, s.SceneB, s.Match, 0, mapMaxCols)
	}
}

// TestFallbackMapClipRule: a side with fewer clips plays its first, as its
// viewport does (State.Request), and the map names both clips.
func TestFallbackMapClipRule(t *testing.T) {
	load := func(files []string, opts formats.Options) (*formats.Asset, error) {
		a := viewertest.SyntheticAsset(12) // clips "wave", "bend"
		if files[0] == "three" {
			a.Clips = append(a.Clips, a.Clips[1])
		}
		return a, nil
	}
	s := NewState(load, formats.Options{})
	if !s.OpenCompare([]string{"three"}, []string{"two"}) {
		t.Fatal(s.LastError())
	}
	s.SetClip(2) // A's third clip; B has two: its first plays
	fm := s.FallbackMap()
	if fm.ClipA != "bend" || fm.ClipB != "wave" {
		t.Errorf("clips %q | %q, want bend | wave", fm.ClipA, fm.ClipB)
	}
	if got := s.Request(s.SceneB).A.Info().Name; got != fm.ClipB {
		t.Errorf("B's viewport plays %q, the map %q", got, fm.ClipB)
	}
}

// TestMapShowPair: the compare table's double-click shows a node's row at the
// current time's frame and asks for the map.
func TestMapShowPair(t *testing.T) {
	s := demoFloor(t)
	fm := s.FallbackMap()
	s.Map.View.Fit(fm.Rows, fm.Cols, 100, 60, 15)
	s.Tr.T = 12.4
	if !s.MapShowPair(5) {
		t.Fatal("MapShowPair(5) failed")
	}
	v := s.Map.View
	if !v.Marked || v.Row != 5 || v.Col != 12 || s.Tr.T != 12 || !s.Map.Show || s.Selected != int(fm.Pairs[5][0]) {
		t.Errorf("marked %v %d,%d, t %v, show %v, selected %d; want 5,12 at t 12, shown, node %d", v.Marked, v.Row, v.Col, s.Tr.T, s.Map.Show, s.Selected, fm.Pairs[5][0])
	}
	if !v.Visible(5, 12) || fm != s.FallbackMap() {
		t.Errorf("cell not in view, or the map rebuilt")
	}
	if s.MapShowPair(fm.Rows) {
		t.Errorf("a pair past the map's rows was shown")
	}
}
