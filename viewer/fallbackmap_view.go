package viewer

import "math"

// MapMode is what the fallback map's cells show.
type MapMode int

// The map's modes: A's branch (the default), B's branch, where A and B differ.
// A's and B's colour each cell by its branch and mark the differing ones; for a
// family without a fallback branch the map always shows where they differ.
const (
	mapA MapMode = iota
	MapB
	MapDiff
)

// Zoom limits of the map (a factor on the fitted cell size).
const (
	mapZoomMin  = 0.25
	mapZoomMax  = 16
	MapZoomStep = 1.25
	// mapMinCellW is the narrowest fitted column in points; mapMaxCellW the
	// widest (a short clip does not get columns a hand wide).
	mapMinCellW = 4
	mapMaxCellW = 48
	// mapMaxRowLines is the tallest fitted row, in text lines.
	mapMaxRowLines = 2.5
	// mapMinCell is the smallest cell side zooming out reaches, in points: the
	// panel draws each visible cell, so a view stays within some 10^5 cells.
	mapMinCell = 3
)

// MapView is how the fallback map is shown: mode, zoom, scroll and the marked
// cell. The panel tells it the size of the cell area every frame (Fit); the
// scroll it computes (reveal) is applied by the panel. Plain Go, so difference
// navigation is tested without a window.
type MapView struct {
	Mode MapMode
	// Zoom scales the fitted cells (1: the map fills the view where it can).
	Zoom float32
	// CellW and CellH are a cell's size in points; ViewW and ViewH the visible
	// cell area's (Fit sets them).
	CellW, CellH float32
	ViewW, ViewH float32
	// ScrollX and ScrollY are the cell area's scroll in points.
	ScrollX, ScrollY float32
	// ScrollSet says that Reveal or Zoom moved the scroll: the panel applies it
	// to its window once (and clears it) instead of reading the window's.
	ScrollSet bool
	// Marked says that cell (Row, Col) is marked (the last one picked or
	// reached by next/previous difference).
	Marked   bool
	Row, Col int
	// fitW and fitH are the fitted cell size before the zoom.
	fitW, fitH float32
}

// Fit sizes the cells for a map of rows×cols in a view of w×h points whose text
// lines are line points tall: columns share the width (between mapMinCellW and
// mapMaxCellW), rows the height (at least one text line, so that the node names
// are readable, at most mapMaxRowLines), both times Zoom. It keeps the scroll
// inside the content.
func (v *MapView) Fit(rows, cols int, w, h, line float32) {
	if v.Zoom <= 0 {
		v.Zoom = 1
	}
	v.ViewW, v.ViewH = max(w, 1), max(h, 1)
	cw := min(max(v.ViewW/float32(max(cols, 1)), mapMinCellW), mapMaxCellW)
	ch := min(max(v.ViewH/float32(max(rows, 1)), max(line, 1)), max(line, 1)*mapMaxRowLines)
	v.fitW, v.fitH = cw, ch
	v.Zoom = min(max(v.Zoom, v.minZoom()), mapZoomMax)
	v.CellW, v.CellH = cw*v.Zoom, ch*v.Zoom
	v.clamp(rows, cols)
}

// minZoom is the zoom below which a cell would be smaller than mapMinCell.
func (v *MapView) minZoom() float32 {
	z := float32(mapZoomMin)
	if v.fitW > 0 && v.fitH > 0 {
		z = max(z, mapMinCell/v.fitW, mapMinCell/v.fitH)
	}
	return z
}

func (v *MapView) clamp(rows, cols int) {
	v.ScrollX = min(max(v.ScrollX, 0), max(float32(cols)*v.CellW-v.ViewW, 0))
	v.ScrollY = min(max(v.ScrollY, 0), max(float32(rows)*v.CellH-v.ViewH, 0))
}

// reveal scrolls so that cell (r, c) is in view: an axis on which it is already
// wholly visible stays; otherwise the cell comes to the middle of the view (as
// near as the content's ends allow). Fit must have run.
func (v *MapView) reveal(rows, cols, r, c int) {
	axis := func(scroll *float32, i int, cell, view float32, n int) {
		lo, hi := float32(i)*cell, float32(i+1)*cell
		if lo >= *scroll && hi <= *scroll+view {
			return
		}
		*scroll = min(max(lo+cell/2-view/2, 0), max(float32(n)*cell-view, 0))
	}
	axis(&v.ScrollX, c, v.CellW, v.ViewW, cols)
	axis(&v.ScrollY, r, v.CellH, v.ViewH, rows)
	v.ScrollSet = true
}

// Visible says whether cell (r, c) lies wholly in the view.
func (v *MapView) Visible(r, c int) bool {
	x0, y0 := float32(c)*v.CellW-v.ScrollX, float32(r)*v.CellH-v.ScrollY
	return x0 >= 0 && y0 >= 0 && x0+v.CellW <= v.ViewW && y0+v.CellH <= v.ViewH
}

// mark marks cell (r, c) and scrolls it into view.
func (v *MapView) mark(rows, cols, r, c int) {
	v.Marked, v.Row, v.Col = true, r, c
	v.reveal(rows, cols, r, c)
}

// CellAt is the cell under a point of the view (x, y in points from the cell
// area's top left corner, as seen: the scroll is added); ok is false outside.
func (v *MapView) CellAt(rows, cols int, x, y float32) (r, c int, ok bool) {
	if v.CellW <= 0 || v.CellH <= 0 || x < 0 || y < 0 || x >= v.ViewW || y >= v.ViewH {
		return 0, 0, false
	}
	c, r = int((x+v.ScrollX)/v.CellW), int((y+v.ScrollY)/v.CellH)
	if r >= rows || c >= cols {
		return 0, 0, false
	}
	return r, c, true
}

// ZoomBy multiplies the zoom by f (within mapZoomMin…mapZoomMax, and no cell
// smaller than mapMinCell points) keeping the
// content under the view point (ax, ay) in place (ctrl+wheel zooms at the mouse;
// the buttons at the view's middle).
func (v *MapView) ZoomBy(rows, cols int, f, ax, ay float32) {
	z := min(max(v.Zoom*f, v.minZoom()), mapZoomMax)
	if z == v.Zoom || v.Zoom <= 0 {
		return
	}
	k := z / v.Zoom
	v.Zoom = z
	v.CellW, v.CellH = v.CellW*k, v.CellH*k
	if v.fitW > 0 && v.fitH > 0 {
		v.CellW, v.CellH = v.fitW*z, v.fitH*z // no rounding drift over many steps
	}
	v.ScrollX = (v.ScrollX+ax)*k - ax
	v.ScrollY = (v.ScrollY+ay)*k - ay
	v.clamp(rows, cols)
	v.ScrollSet = true
}

// mapPanel is compare mode's fallback map: the map of the scenes on screen
// (rebuilt only when a scene, its reading or the clip changes), its view, and
// a request to show it.
type mapPanel struct {
	View MapView
	// Show asks the GUI to bring the fallback map forward (the compare panel's
	// "Fallback map" tab; panel id fallback-map); the GUI clears it.
	Show bool
	fm   *FallbackMap
	key  mapKey
}

// mapKey is what the fallback map was built for: both scenes' revisions and the clip.
type mapKey struct {
	a, b Revision
	clip int
}

// ShowFallbackMap asks the window to show the fallback map (compare mode).
func (s *State) ShowFallbackMap() { s.Map.Show = true }

// FallbackMap is the fallback map of the two scenes' current clip, built once
// per pair of scene generations (a load or a new reading makes a new one) and
// clip; nil outside compare mode.
func (s *State) FallbackMap() *FallbackMap {
	a, b, m := s.Scene, s.SceneB, s.Match
	if a == nil || b == nil || m == nil {
		s.Map.fm = nil
		return nil
	}
	key := mapKey{a.Gen, b.Gen, s.Clip}
	if s.Map.fm == nil || s.Map.key != key {
		s.Map.fm = buildFallbackMap(a, b, m, s.Clip, mapMaxCols)
		s.Map.key = key
		v := &s.Map.View
		if v.Marked && (v.Row >= s.Map.fm.Rows || v.Col >= s.Map.fm.Cols) {
			v.Marked = false
		}
	}
	return s.Map.fm
}

// MapPick goes to cell (r, c) of the fallback map: selects its node (A's),
// moves the time to its frame, marks the cell and scrolls it into view.
func (s *State) MapPick(r, c int) {
	fm := s.FallbackMap()
	if fm == nil || r < 0 || r >= fm.Rows || c < 0 || c >= fm.Cols {
		return
	}
	s.Select(int(fm.Pairs[r][0]))
	s.Tr.Scrub(fm.Time(c), s.Info())
	s.Map.View.mark(fm.Rows, fm.Cols, r, c)
}

// MapStep goes to the next (dir > 0) or previous difference after the marked
// cell (from the start or the end when none is marked), as MapPick does; it
// reports whether there is one.
func (s *State) MapStep(dir int) bool {
	fm := s.FallbackMap()
	if fm == nil {
		return false
	}
	v := &s.Map.View
	r, c := -1, -1
	if v.Marked {
		r, c = v.Row, v.Col
	}
	r, c, ok := fm.NextDiff(r, c, dir)
	if ok {
		s.MapPick(r, c)
	}
	return ok
}

// MapShowPair shows matched pair k (match.Pairs[k], the map's row k) at the
// current time's frame on the fallback map: picks that cell (MapPick: the time
// moves onto the frame) and brings the map forward (the compare table's
// double-click). It reports false when the pair has no row (past the map's
// limits) or there is no map.
func (s *State) MapShowPair(k int) bool {
	fm := s.FallbackMap()
	if fm == nil || k < 0 || k >= fm.Rows || fm.Step <= 0 {
		return false
	}
	s.MapPick(k, min(max(int(math.Round(s.Tr.T/fm.Step)), 0), fm.Cols-1))
	s.ShowFallbackMap()
	return true
}
