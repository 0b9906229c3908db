package gui

import (
	"math"
	"slices"
	"sort"

	"animscope/anim"
	"animscope/formats"
	"animscope/viewer"

	"github.com/go-gl/glfw/v3.3/glfw"
	"github.com/inkyblackness/imgui-go/v4"
)

// dopeView is the dope sheet's per-window state besides its model: what a drag on
// the ruler moves, and the label buffers.
type dopeView struct {
	model   *viewer.DopeSheet
	drag    int // dragNone, dragScrub, dragLo, dragHi
	ints    intStrings
	tb, tb2 textBuf
	geom    dopeGeom
	// rulerTop and rowsTop are the screen y of the ruler and of the first row
	// (scrolled) this frame.
	rulerTop, rowsTop float32
	// times and used are nodeCells' scratch (a probe's sample times, the keys in
	// use), held here so that drawing a row allocates nothing.
	times [anim.MaxProbeKeys + 1]float64
	used  [2 * (anim.MaxProbeKeys + 1)]int32
}

const (
	dragNone = iota
	dragScrub
	dragLo
	dragHi
)

// Dope sheet colours.
var (
	dsBg         = packed(0.11, 0.11, 0.13, 1)
	dsRulerBg    = packed(0.15, 0.15, 0.18, 1)
	dsGrid       = packed(0.4, 0.4, 0.45, 1)
	dsGridFaint  = packed(0.22, 0.22, 0.26, 1)
	dsText       = packed(0.85, 0.85, 0.85, 1)
	dsTextDim    = packed(0.6, 0.6, 0.62, 1)
	dsTick       = packed(1, 0.85, 0.3, 1)
	dsTickUsed   = packed(1, 1, 1, 1)
	dsPairBand   = packed(1, 0.85, 0.3, 0.22)
	dsSpanA      = packed(0.2, 0.2, 0.24, 1)
	dsSpanB      = packed(0.26, 0.26, 0.31, 1)
	dsSelRow     = packed(0.3, 0.4, 0.6, 0.35)
	dsMapped     = packed(0.45, 0.75, 1, 0.22)
	dsFallback   = packed(1, 0.65, 0.2, 0.45)
	dsCursor     = packed(1, 0.3, 0.3, 1)
	dsRange      = packed(0.25, 0.35, 0.5, 0.5)
	dsOutside    = packed(0, 0, 0, 0.35)
	dsHandle     = packed(0.55, 0.75, 1, 1)
	dsClipMarker = packed(0.5, 1, 0.6, 1)
	dsUserMarker = packed(0.95, 0.5, 1, 1)
	dsBlendB     = packed(0.4, 0.7, 1, 1)
	dsEnd        = packed(0.7, 0.7, 0.75, 1)
)

// niceSteps are the frame counts between ruler labels, smallest first.
var niceSteps = []int{1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000, 100000}

// dopeGeom is where the dope sheet's parts are this frame: the name column's
// width and the time axis's left edge and width (screen points), shared by the
// ruler and the rows so that they line up.
type dopeGeom struct {
	nameW, tlX, tlW, rulerH, rowH float32
}

// timeline is the dope sheet's ruler, always shown above the bottom panels: frame
// numbers and times in the clip's unit, zoom (wheel) and pan (right or middle
// drag), the play-range handles, markers; in the corner the node filter, "fit"
// and the markers. Click or drag on it to scrub.
func (u *UI) timeline() {
	s := u.S
	if s.Scene == nil {
		return
	}
	dv := &u.dope
	if dv.model == nil {
		dv.model = viewer.NewDopeSheet()
	}
	d := dv.model
	if err := d.Sync(s.Scene, s.Clip, s.Selected); err != nil {
		s.AddDiag(formats.Error, "%v", err)
	}
	info := s.Info()
	sc := u.scale()
	io := imgui.CurrentIO()
	style := imgui.CurrentStyle()

	avail := imgui.ContentRegionAvail()
	origin := imgui.CursorScreenPos()
	lineH := imgui.TextLineHeight()
	g := &dv.geom
	g.nameW = min(200*sc, avail.X*0.3)
	g.tlX = origin.X + g.nameW
	g.tlW = max(avail.X-g.nameW-style.ScrollbarSize(), 10)
	g.rulerH = rulerHeight(lineH, sc, len(s.Markers()) > 0)
	g.rowH = lineH + 4*sc
	nameW, tlX, tlW, rulerH := g.nameW, g.tlX, g.tlW, g.rulerH
	dv.rulerTop = origin.Y

	if !(d.ViewHi-d.ViewLo > 0) {
		d.Fit(info)
	}
	span := d.ViewHi - d.ViewLo
	xOf := func(t float64) float32 { return tlX + float32((t-d.ViewLo)/span)*tlW }
	tOf := func(x float32) float64 { return d.ViewLo + float64((x-tlX)/tlW)*span }

	// The corner left of the ruler: filter, fit, markers.
	imgui.SetNextItemWidth(nameW - 4*sc)
	imgui.InputTextWithHint("##dsfilter", "filter nodes", &d.Filter)
	tooltip("show only the nodes whose name contains this text (Dope sheet tab)")
	if smallButton("fit") {
		d.Fit(info)
	}
	tooltip("show the whole clip (wheel on the ruler zooms, right or middle drag pans)")
	imgui.SameLine()
	addMarker := smallButton("+marker")
	tooltip("add a marker at the current time (M); right-click a marker on the ruler to remove it")
	if !io.WantTextInput() && imgui.IsKeyPressed(int(glfw.KeyM)) {
		addMarker = true
	}
	if addMarker {
		d.AddMarker(info.Name, s.Tr.T)
	}
	// [ and ] go to the previous and next marker (the clip's own and the user's).
	if !io.WantTextInput() {
		for _, k := range [2]struct {
			key glfw.Key
			dir int
		}{{glfw.KeyLeftBracket, -1}, {glfw.KeyRightBracket, 1}} {
			if imgui.IsKeyPressed(int(k.key)) {
				u.stepMarker(k.dir, info)
			}
		}
	}
	imgui.SameLine()
	if smallButton("markers") {
		imgui.OpenPopup("##dsmarkers")
	}
	tooltip("the clip's markers and yours: click one to go there")
	u.markerPopup(info)

	// The ruler.
	dl := imgui.WindowDrawList()
	imgui.SetCursorScreenPos(imgui.Vec2{X: tlX, Y: origin.Y})
	imgui.InvisibleButtonV("##ruler", imgui.Vec2{X: tlW, Y: rulerH}, imgui.ButtonFlagsMouseButtonLeft|imgui.ButtonFlagsMouseButtonRight|imgui.ButtonFlagsMouseButtonMiddle)
	rulerHovered, rulerActive := imgui.IsItemHovered(), imgui.IsItemActive()
	mx := imgui.MousePos().X
	lo, hi := s.Tr.RangeLo, s.Tr.RangeHi
	if imgui.IsItemActivated() && imgui.IsMouseDown(0) {
		dv.drag = dragScrub
		if s.Tr.RangeOn && hi > lo {
			switch {
			case abs32(mx-xOf(lo)) <= 6*sc:
				dv.drag = dragLo
			case abs32(mx-xOf(hi)) <= 6*sc:
				dv.drag = dragHi
			}
		}
	}
	if rulerActive && imgui.IsMouseDown(0) {
		t := tOf(mx)
		dur := info.Duration
		if math.IsInf(dur, 1) {
			dur = math.Max(t, 0)
		}
		switch dv.drag {
		case dragScrub:
			s.Tr.Scrub(t, info)
		case dragLo:
			s.Tr.RangeLo = clamp64(t, 0, hi-info.FrameStep())
		case dragHi:
			s.Tr.RangeHi = clamp64(t, lo+info.FrameStep(), dur)
		}
	} else {
		dv.drag = dragNone
	}
	if rulerHovered && imgui.IsMouseClicked(1) {
		u.removeMarkerNear(info, mx, xOf, 6*sc)
	}
	if _, wy := io.MouseWheel(); rulerHovered && wy != 0 {
		d.Zoom(math.Pow(0.85, float64(wy)), tOf(mx), info)
	}
	// Right or middle drag on the ruler pans.
	if rulerActive && (imgui.IsMouseDragging(1, 2) || imgui.IsMouseDragging(2, 2)) {
		d.Pan(-float64(io.MouseDelta().X/tlW) * span)
	}
	u.drawRuler(dl, info, imgui.Vec2{X: tlX, Y: origin.Y}, tlW, rulerH, xOf)
	imgui.SetCursorScreenPos(imgui.Vec2{X: origin.X, Y: origin.Y + rulerH + 2*sc})
	imgui.Dummy(imgui.Vec2{X: 1, Y: 0})
}

// dopeSheet is the dope sheet's rows (the Dope sheet tab), under the ruler and on
// its time axis: one row per node in tree order (filterable, expandable to one row
// per channel) with the keys as ticks, the key pair in use highlighted and, for
// families with a fallback branch, every frame cell coloured by branch. Clicking a
// cell selects the node and moves the time there. The rows go through a list
// clipper: only the visible rows cost anything.
func (u *UI) dopeSheet() {
	s := u.S
	dv := &u.dope
	if s.Scene == nil || dv.model == nil {
		return
	}
	d := dv.model
	info := s.Info()
	io := imgui.CurrentIO()
	g := dv.geom
	// The tab's content starts where the window's does, as the ruler's corner.
	origin := imgui.CursorScreenPos()
	g.tlX += origin.X - (dv.geom.tlX - dv.geom.nameW)
	span := d.ViewHi - d.ViewLo
	if !(span > 0) {
		return
	}
	xOf := func(t float64) float32 { return g.tlX + float32((t-d.ViewLo)/span)*g.tlW }
	tOf := func(x float32) float64 { return d.ViewLo + float64((x-g.tlX)/g.tlW)*span }
	mx := imgui.MousePos().X
	avail := imgui.ContentRegionAvail()
	imgui.PushStyleVarVec2(imgui.StyleVarWindowPadding, imgui.Vec2{})
	imgui.PushStyleVarVec2(imgui.StyleVarItemSpacing, imgui.Vec2{})
	if imgui.BeginChildV("##dsrows", imgui.Vec2{X: avail.X, Y: max(avail.Y, 3*g.rowH)}, false, imgui.WindowFlagsAlwaysVerticalScrollbar) {
		u.dopeRows(info, g.nameW, g.tlX, g.tlW, g.rowH, xOf, tOf)
		// Zoom (Ctrl + wheel) and pan (Shift + wheel, right or middle drag) over the rows.
		if imgui.IsWindowHovered() {
			if _, wy := io.MouseWheel(); wy != 0 && io.KeyCtrlPressed() {
				d.Zoom(math.Pow(0.85, float64(wy)), tOf(mx), info)
			} else if wy != 0 && io.KeyShiftPressed() {
				d.Pan(-float64(wy) * span * 0.1)
			}
			if imgui.IsMouseDragging(1, 2) || imgui.IsMouseDragging(2, 2) {
				d.Pan(-float64(io.MouseDelta().X/g.tlW) * span)
			}
		}
	}
	imgui.EndChild()
	imgui.PopStyleVarV(2)
}

func isMouseIn(a, b imgui.Vec2) bool {
	m := imgui.MousePos()
	return m.X >= a.X && m.X < b.X && m.Y >= a.Y && m.Y < b.Y
}

func abs32(v float32) float32 {
	if v < 0 {
		return -v
	}
	return v
}

func clamp64(v, lo, hi float64) float64 {
	if v > hi {
		v = hi
	}
	if v < lo {
		v = lo
	}
	return v
}

// rulerStep is the number of frames between ruler labels for pxPerFrame pixels a
// frame, and between minor ticks.
func rulerStep(pxPerFrame, minLabelPx float32) (label, minor int) {
	label, minor = niceSteps[len(niceSteps)-1], 0
	for _, st := range niceSteps {
		if float32(st)*pxPerFrame >= minLabelPx {
			label = st
			break
		}
	}
	for _, st := range niceSteps {
		if st >= label {
			break
		}
		if float32(st)*pxPerFrame >= 6 && label%st == 0 {
			minor = st
			break
		}
	}
	return label, minor
}

// rulerLanes are the tops of the ruler's lines of text, from its top: frame
// numbers, times, and (a clip with markers) the markers' names, each a text
// line high, so that none covers another.
type rulerLanes struct{ frame, time, marker float32 }

func rulerLanesAt(lineH, sc float32) rulerLanes {
	return rulerLanes{frame: 1 * sc, time: lineH + 2*sc, marker: 2*lineH + 4*sc}
}

// rulerHeight is the ruler's height: two lanes, and a third for the names of a
// clip's markers (SWG messages, M2 events).
func rulerHeight(lineH, sc float32, markers bool) float32 {
	h := 2*lineH + 8*sc
	if markers {
		h += lineH + 2*sc
	}
	return h
}

// drawRuler draws the ruler: frame numbers on top, times in the clip's unit below,
// the clip's end, the play range with its handles, markers, B's time and the cursor.
func (u *UI) drawRuler(dl imgui.DrawList, info anim.ClipInfo, pos imgui.Vec2, w, h float32, xOf func(float64) float32) {
	s, dv := u.S, &u.dope
	d := dv.model
	sc := u.scale()
	lineH := imgui.TextLineHeight()
	end := imgui.Vec2{X: pos.X + w, Y: pos.Y + h}
	lanes := rulerLanesAt(lineH, sc)
	dl.PushClipRectV(pos, end, true)
	defer dl.PopClipRect()
	dl.AddRectFilled(pos, end, dsRulerBg)
	st := info.FrameStep()
	span := d.ViewHi - d.ViewLo
	pxPerFrame := w * float32(st/span)
	label, minor := rulerStep(pxPerFrame, 64*sc)
	f0 := int(math.Floor(d.ViewLo / st))
	f1 := int(math.Ceil(d.ViewHi / st))
	if minor > 0 {
		for f := f0 - f0%minor; f <= f1; f += minor {
			x := xOf(float64(f) * st)
			dl.AddLine(imgui.Vec2{X: x, Y: end.Y - 4*sc}, imgui.Vec2{X: x, Y: end.Y}, dsGrid)
		}
	}
	for f := f0 - ((f0%label)+label)%label; f <= f1; f += label {
		t := float64(f) * st
		x := xOf(t)
		dl.AddLine(imgui.Vec2{X: x, Y: pos.Y}, imgui.Vec2{X: x, Y: end.Y}, dsGrid)
		dl.AddText(imgui.Vec2{X: x + 3*sc, Y: pos.Y + lanes.frame}, dsText, dv.ints.intText(f, &dv.tb))
		dl.AddText(imgui.Vec2{X: x + 3*sc, Y: pos.Y + lanes.time}, dsTextDim, timeLabel(&dv.tb2, t, info))
	}
	if du := info.Duration; du > 0 && !math.IsInf(du, 1) {
		x := xOf(du)
		dl.AddLineV(imgui.Vec2{X: x, Y: pos.Y}, imgui.Vec2{X: x, Y: end.Y}, dsEnd, 2)
	}
	if s.Tr.RangeOn && s.Tr.RangeHi > s.Tr.RangeLo {
		xl, xh := xOf(s.Tr.RangeLo), xOf(s.Tr.RangeHi)
		dl.AddRectFilled(imgui.Vec2{X: xl, Y: end.Y - 6*sc}, imgui.Vec2{X: xh, Y: end.Y}, dsRange)
		for _, x := range [2]float32{xl, xh} {
			dl.AddRectFilled(imgui.Vec2{X: x - 3*sc, Y: pos.Y + h*0.3}, imgui.Vec2{X: x + 3*sc, Y: end.Y}, dsHandle)
		}
	}
	// The clip's markers: a name in the ruler's third lane (below the frame
	// numbers and times, which it would cover), cut at the next marker.
	marks := s.Markers()
	for i, m := range marks {
		x := xOf(m.Time)
		dl.AddTriangleFilled(imgui.Vec2{X: x - 5*sc, Y: end.Y - 8*sc}, imgui.Vec2{X: x + 5*sc, Y: end.Y - 8*sc}, imgui.Vec2{X: x, Y: end.Y}, dsClipMarker)
		right := end.X
		if i+1 < len(marks) {
			right = min(right, xOf(marks[i+1].Time)-2*sc)
		}
		ty := pos.Y + lanes.marker
		dl.PushClipRectV(imgui.Vec2{X: x, Y: ty}, imgui.Vec2{X: right, Y: end.Y}, true)
		dl.AddText(imgui.Vec2{X: x + 6*sc, Y: ty}, dsClipMarker, m.Name)
		dl.PopClipRect()
	}
	for _, m := range d.UserMarkers {
		if m.Clip != info.Name {
			continue
		}
		x := xOf(m.Time)
		dl.AddTriangleFilled(imgui.Vec2{X: x - 5*sc, Y: end.Y - 8*sc}, imgui.Vec2{X: x + 5*sc, Y: end.Y - 8*sc}, imgui.Vec2{X: x, Y: end.Y}, dsUserMarker)
	}
	if s.BlendOn() && !s.Blend.Sync {
		ib := s.InfoB()
		if ib.Duration > 0 && !math.IsInf(ib.Duration, 1) && info.Duration > 0 && !math.IsInf(info.Duration, 1) {
			x := xOf(s.Blend.TB / ib.Duration * info.Duration)
			dl.AddLine(imgui.Vec2{X: x, Y: pos.Y}, imgui.Vec2{X: x, Y: end.Y}, dsBlendB)
		}
	}
	x := xOf(s.Tr.T)
	dl.AddLineV(imgui.Vec2{X: x, Y: pos.Y}, imgui.Vec2{X: x, Y: end.Y}, dsCursor, 2)
}

// timeLabel is t in the clip's unit, short: "1.25s" for a clip timed in frames or
// seconds, "400ms" for one in milliseconds.
func timeLabel(tb *textBuf, t float64, info anim.ClipInfo) string {
	tb.reset()
	switch info.Unit {
	case "ms":
		return tb.float(t, 0).str("ms").String()
	case "s":
		return tb.float(t, 2).str("s").String()
	}
	sec := t
	if info.UnitsPerSecond > 0 {
		sec = t / info.UnitsPerSecond
	}
	return tb.float(sec, 2).str("s").String()
}

// dopeRows draws the visible rows (list clipper) and handles their clicks.
func (u *UI) dopeRows(info anim.ClipInfo, nameW, tlX, tlW, rowH float32, xOf func(float64) float32, tOf func(float32) float64) {
	s, dv := u.S, &u.dope
	d := dv.model
	sc := u.scale()
	scene := s.Scene
	dl := imgui.WindowDrawList()
	winPos := imgui.WindowPos()
	winH := imgui.WindowHeight()
	dv.rowsTop = winPos.Y - imgui.ScrollY()
	if d.ScrollTo >= 0 {
		top := float32(d.ScrollTo) * rowH
		if y := imgui.ScrollY(); top < y || top+rowH > y+winH {
			imgui.SetScrollY(max(0, top-winH/2))
		}
		d.ScrollTo = -1
	}
	var clip imgui.ListClipper
	clip.BeginV(len(d.Rows), rowH)
	for clip.Step() {
		for r := clip.DisplayStart; r < clip.DisplayEnd; r++ {
			row := d.Rows[r]
			node := int(row.Node)
			p := imgui.CursorScreenPos()
			imgui.PushIDInt(r)
			imgui.InvisibleButton("n", imgui.Vec2{X: nameW, Y: rowH})
			nameClicked, nameDouble := imgui.IsItemClicked(), imgui.IsItemHovered() && imgui.IsMouseDoubleClicked(0)
			if row.Chan < 0 && imgui.IsItemHovered() {
				imgui.SetTooltip(scene.NodeLabel(node)) // the column may cut a long name
			}
			imgui.SameLineV(0, 0)
			imgui.InvisibleButton("t", imgui.Vec2{X: tlW, Y: rowH})
			cellActive := imgui.IsItemActive() && imgui.IsMouseDown(0)
			cellHovered := imgui.IsItemHovered()
			imgui.PopID()

			rowEnd := imgui.Vec2{X: tlX + tlW, Y: p.Y + rowH}
			if node == s.Selected && row.Chan < 0 {
				dl.AddRectFilled(p, rowEnd, dsSelRow)
			}
			// The name, indented by depth; a node row has its expander.
			indent := min(float32(row.Depth)*10*sc, nameW*0.5)
			ty := p.Y + 2*sc
			if row.Chan < 0 {
				ex := "+"
				if d.Expanded(node) {
					ex = "-"
				}
				dl.AddText(imgui.Vec2{X: p.X + 4*sc + indent, Y: ty}, dsTextDim, ex)
				dl.PushClipRectV(p, imgui.Vec2{X: p.X + nameW - 2*sc, Y: p.Y + rowH}, true)
				dl.AddText(imgui.Vec2{X: p.X + 16*sc + indent, Y: ty}, dsText, scene.NodeLabel(node))
				dl.PopClipRect()
				if nameClicked {
					if imgui.MousePos().X < p.X+14*sc+indent || nameDouble {
						d.ToggleExpand(node)
					} else {
						s.Select(node)
					}
				}
			} else {
				ch := d.Channels(node)
				if int(row.Chan) < len(ch) {
					dl.AddText(imgui.Vec2{X: p.X + 28*sc + indent, Y: ty}, dsTextDim, ch[row.Chan].Name)
				}
				if nameClicked {
					s.Select(node)
				}
			}
			// The cells.
			tl := imgui.Vec2{X: tlX, Y: p.Y}
			dl.PushClipRectV(tl, rowEnd, true)
			if row.Chan < 0 {
				u.nodeCells(dl, node, p.Y, rowH, info, xOf)
			} else {
				u.channelCells(dl, node, int(row.Chan), p.Y, rowH, xOf)
			}
			dl.AddLine(imgui.Vec2{X: tlX, Y: rowEnd.Y - 0.5}, imgui.Vec2{X: rowEnd.X, Y: rowEnd.Y - 0.5}, dsGridFaint)
			dl.PopClipRect()
			if cellActive {
				s.Select(node)
				t := tOf(imgui.MousePos().X)
				if c := d.CellOf(t); c >= 0 && t >= 0 {
					t = float64(c) * d.Step
				}
				s.Tr.Scrub(t, info)
			}
			if cellHovered && !cellActive {
				u.cellTooltip(node, row, tOf(imgui.MousePos().X), info)
			}
		}
	}
	// Markers, the play range and the cursor over the visible rows.
	top := imgui.Vec2{X: tlX, Y: winPos.Y}
	bot := imgui.Vec2{X: tlX + tlW, Y: winPos.Y + winH}
	dl.PushClipRectV(top, bot, true)
	for _, m := range s.Markers() {
		x := xOf(m.Time)
		dl.AddLine(imgui.Vec2{X: x, Y: top.Y}, imgui.Vec2{X: x, Y: bot.Y}, packed(0.5, 1, 0.6, 0.35))
	}
	for _, m := range d.UserMarkers {
		if m.Clip == info.Name {
			x := xOf(m.Time)
			dl.AddLine(imgui.Vec2{X: x, Y: top.Y}, imgui.Vec2{X: x, Y: bot.Y}, packed(0.95, 0.5, 1, 0.35))
		}
	}
	if s.Tr.RangeOn && s.Tr.RangeHi > s.Tr.RangeLo {
		dl.AddRectFilled(top, imgui.Vec2{X: xOf(s.Tr.RangeLo), Y: bot.Y}, dsOutside)
		dl.AddRectFilled(imgui.Vec2{X: xOf(s.Tr.RangeHi), Y: top.Y}, bot, dsOutside)
	}
	if du := info.Duration; du > 0 && !math.IsInf(du, 1) {
		dl.AddRectFilled(imgui.Vec2{X: xOf(du + d.Step), Y: top.Y}, bot, dsOutside)
	}
	x := xOf(s.Tr.T)
	dl.AddLineV(imgui.Vec2{X: x, Y: top.Y}, imgui.Vec2{X: x, Y: bot.Y}, dsCursor, 2)
	dl.PopClipRect()
}

// nodeCells draws a node row: the branch of every frame cell (families with a
// fallback branch), the node's key ticks, and the two keys around the cursor.
func (u *UI) nodeCells(dl imgui.DrawList, node int, y, h float32, info anim.ClipInfo, xOf func(float64) float32) {
	s, d := u.S, u.dope.model
	sc := u.scale()
	if d.HasBranch && d.Cols > 0 {
		c0 := max(0, int(math.Floor(d.ViewLo/d.Step)))
		c1 := min(d.Cols-1, int(math.Ceil(d.ViewHi/d.Step)))
		for c := c0; c <= c1; {
			fb := d.Fallback(node, c)
			e := c + 1
			for e <= c1 && d.Fallback(node, e) == fb {
				e++
			}
			col := dsMapped
			if fb {
				col = dsFallback
			}
			dl.AddRectFilled(imgui.Vec2{X: xOf(float64(c) * d.Step), Y: y + 1}, imgui.Vec2{X: xOf(float64(e)*d.Step) - 1, Y: y + h - 1}, col)
			c = e
		}
	}
	kt := d.KeyTimes(node)
	if len(kt) == 0 {
		return
	}
	// The keys in use: around the time each channel was sampled at (the cursor,
	// or a channel's own frame), the last key at or before it and, between two
	// keys, the next one, with a band between the pair.
	dv := &u.dope
	at := s.Tr.T
	var times []float64
	if node < len(s.Scene.Pose.Probes) {
		times = viewer.SampleTimes(&s.Scene.Pose.Probes[node], at, d.Step, dv.times[:0])
	} else {
		times = append(dv.times[:0], at)
	}
	used := dv.used[:0]
	for i := range times {
		n := len(used)
		used = viewer.KeysInUse(kt, times[i:i+1], used)
		if len(used)-n == 2 {
			dl.AddRectFilled(imgui.Vec2{X: xOf(kt[used[n]]), Y: y + 3*sc}, imgui.Vec2{X: xOf(kt[used[n+1]]), Y: y + h - 3*sc}, dsPairBand)
		}
	}
	first := sort.SearchFloat64s(kt, d.ViewLo)
	lastX := float32(math.Inf(-1))
	for k := first; k < len(kt) && kt[k] <= d.ViewHi; k++ {
		x := xOf(kt[k])
		inUse := slices.Contains(used, int32(k))
		if !inUse && x-lastX < 1 {
			continue // one tick a pixel
		}
		lastX = x
		if inUse {
			dl.AddLineV(imgui.Vec2{X: x, Y: y + 2*sc}, imgui.Vec2{X: x, Y: y + h - 2*sc}, dsTickUsed, 2.5*sc)
		} else {
			dl.AddLine(imgui.Vec2{X: x, Y: y + 3*sc}, imgui.Vec2{X: x, Y: y + h - 3*sc}, dsTick)
		}
	}
	u.keyNumbers(dl, node, kt, y, h, info, xOf)
}

// keyNumbers names keys by their number among the node's key times: the key
// the time cursor is on, on the selected node's row (where a key step lands),
// and the key under the mouse on any row, in a tooltip.
func (u *UI) keyNumbers(dl imgui.DrawList, node int, kt []float64, y, h float32, info anim.ClipInfo, xOf func(float64) float32) {
	s, d, dv := u.S, u.dope.model, &u.dope
	sc := u.scale()
	if node == s.Selected {
		if k := viewer.KeyAt(kt, s.Tr.T); k >= 0 && kt[k] >= d.ViewLo && kt[k] <= d.ViewHi {
			dl.AddText(imgui.Vec2{X: xOf(kt[k]) + 3*sc, Y: y + (h-imgui.TextLineHeight())/2}, dsTickUsed, dv.tb.reset().str("key ").int(k).String())
		}
	}
	m := imgui.MousePos()
	if m.Y < y || m.Y >= y+h || !imgui.IsWindowHovered() {
		return
	}
	j := sort.Search(len(kt), func(i int) bool { return xOf(kt[i]) >= m.X })
	if j == len(kt) || (j > 0 && m.X-xOf(kt[j-1]) < xOf(kt[j])-m.X) {
		j--
	}
	if j < 0 || abs32(xOf(kt[j])-m.X) > 4*sc {
		return
	}
	imgui.SetTooltip(dv.tb.reset().str(s.Scene.Skel.Names[node]).str(": key ").int(j).str(" (counting from 0, of ").int(len(kt)).
		str(" key times), at ").str(timeLabel(&dv.tb2, kt[j], info)).String())
}

// channelCells draws a channel row: the key spans the channel used at every frame
// cell (alternating shades, a tick where the key changes), the span of the key
// pair the sampler uses now highlighted.
func (u *UI) channelCells(dl imgui.DrawList, node, ch int, y, h float32, xOf func(float64) float32) {
	s, d := u.S, u.dope.model
	sc := u.scale()
	chans := d.Channels(node)
	if ch >= len(chans) || d.Cols == 0 {
		return
	}
	c := &chans[ch]
	cur0, cur1 := int32(-3), int32(-3)
	if node < len(s.Scene.Pose.Probes) {
		for _, k := range s.Scene.Pose.Probes[node].All() {
			if k.Channel.String() == c.Name {
				cur0, cur1 = k.K0, k.K1
				break
			}
		}
	}
	c0 := max(0, int(math.Floor(d.ViewLo/d.Step)))
	c1 := min(d.Cols-1, int(math.Ceil(d.ViewHi/d.Step)))
	for k := c0; k <= c1; {
		k0, k1 := c.K0[k], c.K1[k]
		e := k + 1
		for e <= c1 && c.K0[e] == k0 && c.K1[e] == k1 {
			e++
		}
		if k0 != -2 {
			col := dsSpanA
			if k0%2 != 0 {
				col = dsSpanB
			}
			if k0 == cur0 && k1 == cur1 {
				col = packed(0.55, 0.47, 0.18, 1)
			}
			x0, x1 := xOf(float64(k)*d.Step), xOf(float64(e)*d.Step)
			dl.AddRectFilled(imgui.Vec2{X: x0, Y: y + 2*sc}, imgui.Vec2{X: x1, Y: y + h - 2*sc}, col)
			if k == 0 || c.K0[k-1] != k0 {
				dl.AddLine(imgui.Vec2{X: x0, Y: y + 2*sc}, imgui.Vec2{X: x0, Y: y + h - 2*sc}, dsTick)
			}
		}
		k = e
	}
}

// cellTooltip says what a cell shows: node, frame, branch, keys.
func (u *UI) cellTooltip(node int, row viewer.DopeRow, t float64, info anim.ClipInfo) {
	s, dv := u.S, &u.dope
	d := dv.model
	c := d.CellOf(t)
	if c < 0 {
		return
	}
	imgui.BeginTooltip()
	tb := dv.tb.reset().str(s.Scene.NodeLabel(node)).str("  frame ").int(c).str("  ")
	tb.float(float64(c)*d.Step, 2).str(" ").str(info.Unit)
	imgui.Text(tb.String())
	if d.HasBranch {
		if d.Fallback(node, c) {
			coloured(colFallback, "fallback")
		} else {
			coloured(colMapped, "mapped")
		}
	}
	if row.Chan >= 0 {
		if ch := d.Channels(node); int(row.Chan) < len(ch) {
			k := &ch[row.Chan]
			tb = dv.tb.reset().str(k.Name).str("  k0 ").int(int(k.K0[c])).str("  k1 ").int(int(k.K1[c]))
			imgui.Text(tb.String())
		}
	} else {
		imgui.Text("click: select the node and go to this frame")
	}
	imgui.EndTooltip()
}

// markerPopup lists the clip's markers and the user's: click to go there.
func (u *UI) markerPopup(info anim.ClipInfo) {
	s, dv := u.S, &u.dope
	d := dv.model
	if !imgui.BeginPopup("##dsmarkers") {
		return
	}
	n := 0
	for i, m := range s.Markers() {
		imgui.PushIDInt(i)
		if imgui.Selectable(dv.tb.reset().str(m.Name).str("  ").str(viewer.FormatTime(m.Time, info)).String()) {
			s.Tr.Scrub(m.Time, info)
		}
		imgui.PopID()
		n++
	}
	for i, m := range d.UserMarkers {
		if m.Clip != info.Name {
			continue
		}
		imgui.PushIDInt(1000000 + i)
		if imgui.Selectable(dv.tb.reset().str("marker  ").str(viewer.FormatTime(m.Time, info)).String()) {
			s.Tr.Scrub(m.Time, info)
		}
		imgui.SameLine()
		if smallButton("x") {
			d.RemoveMarker(m.Clip, m.Time)
			imgui.PopID()
			break
		}
		imgui.PopID()
		n++
	}
	if n == 0 {
		coloured(colDim, "no markers: +marker (M) adds one at the current time")
	} else {
		coloured(colDim, "[ and ] go to the previous and next marker")
	}
	imgui.EndPopup()
}

// removeMarkerNear removes the user marker of the clip nearest x within tol.
func (u *UI) removeMarkerNear(info anim.ClipInfo, x float32, xOf func(float64) float32, tol float32) {
	d := u.dope.model
	for _, m := range d.UserMarkers {
		if m.Clip == info.Name && abs32(xOf(m.Time)-x) <= tol {
			d.RemoveMarker(m.Clip, m.Time)
			return
		}
	}
}

// smallButton is a button without vertical frame padding (imgui-go has no
// SmallButton), to fit a line of text.
func smallButton(label string) bool {
	imgui.PushStyleVarVec2(imgui.StyleVarFramePadding, imgui.Vec2{X: 4, Y: 0})
	ok := imgui.Button(label)
	imgui.PopStyleVar()
	return ok
}
