package viewer

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"slices"

	"animscope/formats"
	"animscope/formats/atomicfile"
)

// The panels' ids: `animscope shot --panel ID` and the remembered layout name
// them.
const (
	PanelScene       = "scene"
	PanelInspector   = "inspector"
	PanelDopeSheet   = "dope-sheet"
	PanelKeys        = "keys"
	PanelGraph       = "graph"
	PanelFallbackMap = "fallback-map"
	PanelCompare     = "compare"
	PanelDiagnostics = "diagnostics"
	PanelMaterials   = "materials"
	PanelCrowd       = "crowd"
	PanelGeosets     = "geosets"
	PanelCharacter   = "character"
)

// PanelIDs lists every panel id: the two side panels, then the bottom area's
// tabs in their order.
var PanelIDs = []string{PanelScene, PanelInspector, PanelDopeSheet, PanelKeys, PanelGraph,
	PanelFallbackMap, PanelCompare, PanelDiagnostics, PanelMaterials, PanelCrowd, PanelGeosets, PanelCharacter}

// BottomPanels are the panels the bottom area hosts as tabs.
var BottomPanels = PanelIDs[2:]

// IsPanel says whether id names a panel.
func IsPanel(id string) bool { return slices.Contains(PanelIDs, id) }

// Minimum and default sizes of the layout's areas, in points (times the content
// scale on a HiDPI screen). The defaults are the fixed sizes the window had
// before it could be resized.
const (
	MinSidePt      = 160 // a side panel's narrowest
	minBottomPt    = 110 // the bottom area's lowest: the transport and a tab bar
	minViewWPt     = 200 // the 3D view's narrowest
	minViewHPt     = 120 // the 3D view's lowest
	collapsedPt    = 22  // a collapsed area: its title bar (a side panel: a strip as wide)
	SplitterPt     = 5   // a splitter bar's thickness
	defaultLeftPt  = 270
	defaultRightPt = 360
	defaultBotPt   = 270
	defaultBeside  = 0.45
	defaultW       = 1440.0 // the window size the defaults are fractions of
	defaultH       = 900.0
)

// Layout is the window's arrangement: how wide the side panels and how high the
// bottom area are, as fractions of the window (so that a layout remembered at one
// window size fits another), which are collapsed, and which bottom panel is in
// front. It is plain data: Areas turns it into rectangles for a window size, and
// the splitters change it through Drag*.
type Layout struct {
	// Left and Right are the side panels' widths as fractions of the window's
	// width; Bottom is the bottom area's height as a fraction of its height.
	Left, Right, Bottom float64
	// LeftCollapsed, RightCollapsed and BottomCollapsed shrink an area to its
	// title bar; the 3D view takes the room.
	LeftCollapsed, RightCollapsed, BottomCollapsed bool
	// Tab is the bottom panel in front (a panel id).
	Tab string
	// Beside is a second bottom panel shown to the right of the tabs ("": none),
	// BesideFrac its share of the bottom area's width.
	Beside     string
	BesideFrac float64
	// Path is where Save writes (""; nothing is saved).
	Path string `json:"-"`
}

// DefaultLayout is the layout of a first run.
func DefaultLayout() Layout {
	return Layout{Left: defaultLeftPt / defaultW, Right: defaultRightPt / defaultW, Bottom: defaultBotPt / defaultH, Tab: PanelDopeSheet,
		BesideFrac: defaultBeside}
}

// Rect is an area of the window in points, top-left origin.
type Rect struct{ X, Y, W, H float32 }

// contains says whether the point (x, y) is inside r.
func (r Rect) contains(x, y float32) bool {
	return x >= r.X && y >= r.Y && x < r.X+r.W && y < r.Y+r.H
}

// Areas are the rectangles of one frame's layout.
type Areas struct {
	Left, Right, Bottom, View Rect
	// SplitLeft, SplitRight and SplitBottom are the splitter bars (zero-sized
	// when the area beside them is collapsed).
	SplitLeft, SplitRight, SplitBottom Rect
}

// Areas places the panels in a window of w×h points whose menu bar is top points
// high, at content scale sc: every size is clamped to its minimum, and when the
// window is too small for all the minimums the 3D view gives way first, then the
// panels shrink in proportion, so nothing ever lies outside the window.
func (l Layout) Areas(w, h, top, sc float32) Areas {
	if sc <= 0 || math.IsNaN(float64(sc)) {
		sc = 1
	}
	w, h = max(w, 1), max(h, top+1)
	l = l.clamped()
	collapsed := collapsedPt * sc
	split := SplitterPt * sc
	side := func(f float64, coll bool) (float32, float32) { // width, splitter
		if coll {
			return collapsed, 0
		}
		return max(float32(f)*w, MinSidePt*sc), split
	}
	lw, ls := side(l.Left, l.LeftCollapsed)
	rw, rs := side(l.Right, l.RightCollapsed)
	// The view keeps its minimum width while the panels can give; below that the
	// panels share what is left in proportion to their widths.
	if avail := w - minViewWPt*sc - ls - rs; lw+rw > avail {
		k := max(avail, 0) / (lw + rw)
		if !l.LeftCollapsed {
			lw *= k
		}
		if !l.RightCollapsed {
			rw *= k
		}
	}
	lw, rw = min(lw, w), min(rw, max(w-lw, 0))
	body := h - top
	bh, bs := collapsed, float32(0)
	if !l.BottomCollapsed {
		bh, bs = max(float32(l.Bottom)*body, minBottomPt*sc), split
		if avail := body - minViewHPt*sc - bs; bh > avail {
			bh = max(avail, min(minBottomPt*sc, body/2))
		}
	}
	bh = min(bh, body)
	midH := max(body-bh-bs, 0)
	var a Areas
	a.Left = Rect{0, top, lw, midH}
	a.Right = Rect{w - rw, top, rw, midH}
	a.SplitLeft = Rect{lw, top, ls, midH}
	a.SplitRight = Rect{w - rw - rs, top, rs, midH}
	a.View = Rect{lw + ls, top, max(w-lw-ls-rw-rs, 1), max(midH, 1)}
	a.SplitBottom = Rect{0, top + midH, w, bs}
	a.Bottom = Rect{0, h - bh, w, bh}
	return a
}

// clamped replaces fractions that are not numbers or out of 0..0.9 with the
// defaults' or the bound, an unknown tab with the default and an unknown
// panel beside the tabs with none.
func (l Layout) clamped() Layout {
	d := DefaultLayout()
	fix := func(f, def float64) float64 {
		if math.IsNaN(f) || math.IsInf(f, 0) || f <= 0 {
			return def
		}
		return min(f, 0.9)
	}
	l.Left, l.Right, l.Bottom = fix(l.Left, d.Left), fix(l.Right, d.Right), fix(l.Bottom, d.Bottom)
	if !IsPanel(l.Tab) || !slices.Contains(BottomPanels, l.Tab) {
		l.Tab = d.Tab
	}
	if !slices.Contains(BottomPanels, l.Beside) {
		l.Beside = ""
	}
	if f := l.BesideFrac; math.IsNaN(f) || f < 0.1 || f > 0.9 {
		l.BesideFrac = d.BesideFrac
	}
	return l
}

// DragLeft moves the left splitter by dx points in a window w points wide at
// content scale sc (the
// new width is kept as a fraction; Areas clamps it to the minimums).
func (l *Layout) DragLeft(dx, w, sc float32) {
	a := l.Areas(w, 2*minViewHPt*sc, 0, sc)
	l.Left = float64(max(a.Left.W+dx, 1) / max(w, 1))
}

// DragRight moves the right splitter by dx points (to the right narrows the right
// panel).
func (l *Layout) DragRight(dx, w, sc float32) {
	a := l.Areas(w, 2*minViewHPt*sc, 0, sc)
	l.Right = float64(max(a.Right.W-dx, 1) / max(w, 1))
}

// DragBottom moves the bottom splitter by dy points in a body (window less menu)
// bodyH points high (down lowers the bottom area).
func (l *Layout) DragBottom(dy, bodyH, sc float32) {
	cur := l.Areas(1e5, bodyH, 0, sc).Bottom.H
	l.Bottom = float64(max(cur-dy, 1) / max(bodyH, 1))
}

// Fit stores the areas as they are drawn at w×h (after clamping), so that a
// splitter dragged past a minimum does not keep an unreachable fraction.
func (l *Layout) Fit(w, h, top, sc float32) {
	a := l.Areas(w, h, top, sc)
	if !l.LeftCollapsed {
		l.Left = float64(a.Left.W / max(w, 1))
	}
	if !l.RightCollapsed {
		l.Right = float64(a.Right.W / max(w, 1))
	}
	if !l.BottomCollapsed {
		l.Bottom = float64(a.Bottom.H / max(h-top, 1))
	}
}

// DefaultLayoutPath is where the layout is remembered: beside the recent list in
// the user's config directory, or "" when the system has none.
func DefaultLayoutPath() string {
	dir, err := os.UserConfigDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "animscope", "layout.json")
}

// maxLayoutFile bounds the read: the file is a few hundred bytes.
const maxLayoutFile = 64 << 10

// LoadLayout reads the layout at path. A missing, oversized, unreadable or
// corrupt file, or "" , gives the default layout (with Path set: a save replaces
// a corrupt file).
func LoadLayout(path string) Layout {
	l := DefaultLayout()
	l.Path = path
	if path == "" {
		return l
	}
	if st, err := os.Stat(path); err != nil || !st.Mode().IsRegular() || st.Size() > maxLayoutFile {
		return l
	}
	data, err := formats.ReadFile(path) // a regular file only
	if err != nil {
		return l
	}
	var got Layout
	if json.Unmarshal(data, &got) != nil {
		return l
	}
	got = got.clamped()
	got.Path = path
	return got
}

// Save writes the layout to its Path (atomically: a temporary file, then a
// rename); no path, nothing written.
func (l Layout) Save() error {
	if l.Path == "" {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(l.Path), 0o755); err != nil {
		return err
	}
	data, err := json.MarshalIndent(l.clamped(), "", "  ")
	if err != nil {
		return err
	}
	return atomicfile.Write(l.Path, data)
}
