package gui

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"animscope/anim"
	"animscope/viewer"

	"github.com/go-gl/glfw/v3.3/glfw"
	"github.com/inkyblackness/imgui-go/v4"
)

// fmapUI is what the fallback map panel keeps between frames beyond the model's
// MapView: the marked difference the list last scrolled to.
type fmapUI struct {
	listMarked int // row-major index of the marked cell the list scrolled to (−1: none)
	listSet    bool
	listH      float32 // the list's height then: a new height centres it again
	// grownFor is the panel (fallback-map or compare) the bottom area was
	// fitted to since it last came to the front (fitBottom).
	grownFor string
	// grown says the bottom area is taller than the user made it, for the
	// panel in front (fitBottom); userBottom is the user's height, which the
	// area returns to when the panel leaves the front and which the saved
	// layout keeps, so that a later session (and its first picture) does not
	// start with the map's room. Dragging the splitter makes the height the
	// user's own.
	grown      bool
	userBottom float64
	// cellsAt is where the cell area's top left corner was last drawn (screen
	// points; tests point the mouse at cells with it).
	cellsAt imgui.Vec2
	// sides are the viewports' labels (compare mode), shortened to fit.
	sides [2]sideLabel
	// labelsOf and labelsW: the widest row label of that map (measured once).
	labelsOf *viewer.FallbackMap
	labelsW  float32
}

// mapFitRows is how many rows the bottom area grows to show when the map comes
// to the front (fewer when the map has fewer), cmpFitRows the compare table's;
// mapMaxBottom the most of the window's body it may take, so the 3D view keeps
// the rest.
const (
	mapFitRows   = 20
	cmpFitRows   = 12
	mapMaxBottom = 0.7
)

// fitBottom grows the bottom area, once each time panel id comes to the front,
// so that the panel's room below this point (avail) is at least need: the map
// shows up to mapFitRows rows with their names (rows never get lower than a
// text line: a strip of unlabelled rows says nothing), the compare table
// cmpFitRows rows. The user's splitter stays free to shrink it again.
func (u *UI) fitBottom(id string, need, avail float32) {
	if u.fmap.grownFor == id {
		return
	}
	u.fmap.grownFor = id
	body := u.lastH - u.lastTop
	if avail >= need || body <= 0 {
		return
	}
	cur := u.Layout.Areas(u.lastW, u.lastH, u.lastTop, u.scale()).Bottom.H
	if grow := float64(min((cur+need-avail)/body, mapMaxBottom)); grow > u.Layout.Bottom {
		if !u.fmap.grown {
			u.fmap.grown, u.fmap.userBottom = true, u.Layout.Bottom
		}
		u.Layout.Bottom = grow
	}
}

// mapFrontCheck notes, every frame, which panel is in front: one that is not
// will be fitted again the next time it is, and the bottom area it grew goes
// back to the user's height.
func (u *UI) mapFrontCheck() {
	if u.Layout.Tab != u.fmap.grownFor || u.Layout.BottomCollapsed {
		u.fmap.grownFor = ""
		if u.fmap.grown {
			u.Layout.Bottom, u.fmap.grown = u.fmap.userBottom, false
		}
	}
}

// userSizedBottom notes that the user sized the bottom area (the splitter, a
// reset): its height is theirs from now on.
func (u *UI) userSizedBottom() { u.fmap.grown = false }

// layoutToSave is the layout as the user made it: the bottom area at the
// user's height while a panel has grown it.
func (u *UI) layoutToSave() viewer.Layout {
	l := u.Layout
	if u.fmap.grown {
		l.Bottom = u.fmap.userBottom
	}
	return l
}

// Colours of the map's cells.
var (
	cellMapped   = packed(0.24, 0.47, 0.78, 1)
	cellFallback = packed(0.9, 0.59, 0.16, 1)
	cellSame     = packed(0.2, 0.2, 0.22, 1)
	cellBranch   = packed(0.92, 0.2, 0.2, 1)   // differs in branch (and maybe more)
	cellDiff     = packed(0.85, 0.35, 0.75, 1) // differs in frame or keys only
	cellMarkDiff = packed(1, 0.25, 0.25, 1)    // the differing mark in the A and B modes
	cellHover    = packed(1, 1, 1, 0.5)
	cellMarked   = packed(1, 1, 1, 1)
	rulerText    = packed(0.75, 0.75, 0.75, 1)
	rulerTick    = packed(0.5, 0.5, 0.5, 1)
	labelSel     = packed(1, 0.7, 0.3, 1)
)

// fallbackMap is the fallback map panel (panel id fallback-map): node × frame
// cells with the node names on the rows and a frame ruler on the columns, the
// list of differences beside it, next/previous difference.
func (u *UI) fallbackMap() {
	s := u.S
	fm := s.FallbackMap()
	if fm == nil {
		imgui.Text("The map compares two scenes: File > Open as B, or Compare with another reading.")
		return
	}
	v := &s.Map.View
	sc := u.scale()
	imgui.Text(fmt.Sprintf("%d nodes × %d frames, %d cells differ", fm.Rows, fm.Cols, len(fm.DiffCells)))
	if fm.ClipA != fm.ClipB {
		imgui.SameLine()
		coloured(colWarn, fmt.Sprintf("(clips: A %s, B %s)", fm.ClipA, fm.ClipB))
	}
	if fm.RowsCut() || fm.ColsCut() {
		imgui.SameLine()
		coloured(colWarn, fmt.Sprintf("(cut: %d of %d nodes, %d of %d frames)", fm.Rows, fm.AllRows, fm.Cols, fm.AllCols))
	}
	imgui.SameLine()
	// N and Shift+N step through the differences while the map is in front, no
	// text field has the keyboard and no dialog or menu is open.
	keyN := !imgui.IsAnyItemActive() && !imgui.IsPopupOpenV("", imgui.PopupFlagsAnyPopup) && imgui.IsKeyPressed(int(glfw.KeyN))
	shift := imgui.CurrentIO().KeyShiftPressed()
	if imgui.Button("< previous") || (keyN && shift) {
		s.MapStep(-1)
	}
	tooltip("previous difference (Shift+N): mark it, select its node, move the time to its frame")
	imgui.SameLine()
	if imgui.Button("next >") || (keyN && !shift) {
		s.MapStep(1)
	}
	tooltip("next difference (N): mark it, select its node, move the time to its frame")
	imgui.SameLine()
	if imgui.Button(" - ") {
		v.ZoomBy(fm.Rows, fm.Cols, 1/viewer.MapZoomStep, v.ViewW/2, v.ViewH/2)
	}
	tooltip("zoom out (ctrl+wheel on the map)")
	imgui.SameLine()
	if imgui.Button(" + ") {
		v.ZoomBy(fm.Rows, fm.Cols, viewer.MapZoomStep, v.ViewW/2, v.ViewH/2)
	}
	tooltip("zoom in (ctrl+wheel on the map; wheel scrolls, shift+wheel scrolls sideways)")
	if fm.Branch {
		imgui.SameLine()
		mode := int(v.Mode)
		for i, l := range []string{"A", "B", "difference"} { // in MapMode's order
			if i > 0 {
				imgui.SameLine()
			}
			imgui.RadioButtonInt(l, &mode, i)
		}
		v.Mode = viewer.MapMode(mode)
		helpMarker("A, B: each side's branch, mapped (blue) or fallback (orange), with a red frame where the sides differ.\n" +
			"difference: red where the branch differs, violet where only the frame index or the keys do.")
	} else {
		helpMarker("violet: the sides' probes differ (frame index or keys); grey: they agree.")
	}
	mapLegend(fm, v.Mode)
	avail := imgui.ContentRegionAvail()
	line := imgui.TextLineHeight()
	need := float32(min(fm.Rows, mapFitRows))*line + 2*line + 12*sc + imgui.CurrentStyle().ScrollbarSize()
	if fm.Unit != "frame" || fm.Step != 1 {
		need += line // the ruler's time row
	}
	u.fitBottom(viewer.PanelFallbackMap, need, avail.Y)
	listW := min(max(avail.X*0.3, 240*sc), 360*sc)
	gap := imgui.CurrentStyle().ItemSpacing().X
	if imgui.BeginChildV("fmapbody", imgui.Vec2{X: max(avail.X-listW-gap, 50), Y: avail.Y}, false, imgui.WindowFlagsNoScrollbar|imgui.WindowFlagsNoScrollWithMouse) {
		u.mapGrid(fm, v)
	}
	imgui.EndChild()
	imgui.SameLine()
	if imgui.BeginChildV("fmaplist", imgui.Vec2{X: 0, Y: avail.Y}, false, 0) {
		u.diffList(fm, v)
	}
	imgui.EndChild()
}

// mapLegend is the cells' colours in words, on the header line.
func mapLegend(fm *viewer.FallbackMap, mode viewer.MapMode) {
	type key struct {
		col    imgui.PackedColor
		framed bool
		word   string
	}
	var keys []key
	switch {
	case fm.Branch && mode != viewer.MapDiff:
		keys = []key{{cellMapped, false, "mapped"}, {cellFallback, false, "fallback"}, {cellSame, true, "differs"}}
	case fm.Branch:
		keys = []key{{cellBranch, false, "branch differs"}, {cellDiff, false, "frame/keys differ"}, {cellSame, false, "agree"}}
	default:
		keys = []key{{cellDiff, false, "differ"}, {cellSame, false, "agree"}}
	}
	line := imgui.TextLineHeight()
	for _, k := range keys {
		imgui.SameLine()
		p := imgui.CursorScreenPos().Plus(imgui.Vec2{Y: imgui.CurrentStyle().FramePadding().Y})
		dl := imgui.WindowDrawList()
		q := p.Plus(imgui.Vec2{X: line, Y: line})
		dl.AddRectFilled(p, q, k.col)
		if k.framed {
			dl.AddRectV(p, q, cellMarkDiff, 0, 0, 2)
		}
		imgui.Dummy(imgui.Vec2{X: line, Y: line})
		imgui.SameLineV(0, 4)
		imgui.Text(k.word)
	}
}

// mapGrid draws the node labels, the frame ruler and the cells, and handles
// the mouse: hover (tooltip), click (pick), ctrl+wheel (zoom).
func (u *UI) mapGrid(fm *viewer.FallbackMap, v *viewer.MapView) {
	s := u.S
	sc := u.scale()
	line := imgui.TextLineHeight()
	origin := imgui.CursorScreenPos()
	size := imgui.ContentRegionAvail()
	// The label column is as wide as the longest name, within a readable width.
	if u.fmap.labelsOf != fm {
		u.fmap.labelsOf, u.fmap.labelsW = fm, 0
		for _, l := range fm.Labels {
			u.fmap.labelsW = max(u.fmap.labelsW, imgui.CalcTextSize(l, false, 0).X)
		}
	}
	labelW := min(u.fmap.labelsW+8*sc, 190*sc, size.X*0.35)
	timeRow := fm.Unit != "frame" || fm.Step != 1
	rulerH := line + 5*sc
	if timeRow {
		rulerH += line
	}
	cellsPos := imgui.Vec2{X: origin.X + labelW, Y: origin.Y + rulerH}
	cellsSize := imgui.Vec2{X: max(size.X-labelW, 10), Y: max(size.Y-rulerH, 10)}

	imgui.SetCursorScreenPos(cellsPos)
	flags := imgui.WindowFlagsHorizontalScrollbar
	if imgui.CurrentIO().KeyCtrlPressed() {
		flags |= imgui.WindowFlagsNoScrollWithMouse // ctrl+wheel zooms
	}
	hoverR, hoverC, hovered := -1, -1, false
	if imgui.BeginChildV("fmapcells", cellsSize, false, flags) {
		inner := imgui.CursorScreenPos().Plus(imgui.Vec2{X: imgui.ScrollX(), Y: imgui.ScrollY()})
		u.fmap.cellsAt = inner
		view := imgui.ContentRegionAvail()
		v.Fit(fm.Rows, fm.Cols, view.X, view.Y, line)
		if v.ScrollSet {
			imgui.SetScrollX(v.ScrollX)
			imgui.SetScrollY(v.ScrollY)
			v.ScrollSet = false
		} else {
			v.ScrollX, v.ScrollY = imgui.ScrollX(), imgui.ScrollY()
		}
		u.drawCells(fm, v, inner)
		if imgui.IsWindowHovered() {
			mp := imgui.MousePos().Minus(inner)
			if r, c, ok := v.CellAt(fm.Rows, fm.Cols, mp.X, mp.Y); ok {
				hoverR, hoverC, hovered = r, c, true
				x0, y0 := inner.X+float32(c)*v.CellW-v.ScrollX, inner.Y+float32(r)*v.CellH-v.ScrollY
				imgui.WindowDrawList().AddRect(imgui.Vec2{X: x0, Y: y0}, imgui.Vec2{X: x0 + v.CellW, Y: y0 + v.CellH}, cellHover)
				if imgui.IsMouseClicked(0) {
					s.MapPick(r, c)
				}
			}
			if _, wy := imgui.CurrentIO().MouseWheel(); wy != 0 && imgui.CurrentIO().KeyCtrlPressed() {
				v.ZoomBy(fm.Rows, fm.Cols, float32(math.Pow(viewer.MapZoomStep, float64(wy))), mp.X, mp.Y)
			}
		}
		// The content's size gives the scrollbars (floored: a map that fits
		// exactly gets none).
		imgui.SetCursorPos(imgui.Vec2{})
		imgui.Dummy(imgui.Vec2{X: float32(math.Floor(float64(float32(fm.Cols) * v.CellW))), Y: float32(math.Floor(float64(float32(fm.Rows) * v.CellH)))})
	}
	imgui.EndChild()
	dl := imgui.WindowDrawList()
	u.drawMapRuler(dl, fm, v, imgui.Vec2{X: cellsPos.X, Y: origin.Y}, rulerH, timeRow, hoverC)
	u.drawLabels(dl, fm, v, imgui.Vec2{X: origin.X, Y: cellsPos.Y}, labelW, hoverR)
	// The corner above the labels names the ruler's rows.
	dl.AddText(origin, rulerText, "frame")
	if timeRow {
		dl.AddText(origin.Plus(imgui.Vec2{Y: line}), rulerText, "t ("+fm.Unit+")")
	}
	if hovered {
		u.mapTooltip(fm, hoverR, hoverC)
	}
}

// cellColour is cell i's colour in the view's mode.
func cellColour(fm *viewer.FallbackMap, mode viewer.MapMode, r, c int) imgui.PackedColor {
	i := r*fm.Cols + c
	if fm.Branch && mode != viewer.MapDiff {
		fb := fm.A[i]
		if mode == viewer.MapB {
			fb = fm.B[i]
		}
		if fb {
			return cellFallback
		}
		return cellMapped
	}
	d := fm.Diff(r, c)
	switch {
	case d == 0:
		return cellSame
	case d&anim.DiffBranch != 0:
		return cellBranch
	}
	return cellDiff
}

// drawCells draws the visible cells only (a 2048×1024 map stays cheap).
func (u *UI) drawCells(fm *viewer.FallbackMap, v *viewer.MapView, inner imgui.Vec2) {
	dl := imgui.WindowDrawList()
	r0 := max(int(v.ScrollY/v.CellH), 0)
	r1 := min(int((v.ScrollY+v.ViewH)/v.CellH)+1, fm.Rows)
	c0 := max(int(v.ScrollX/v.CellW), 0)
	c1 := min(int((v.ScrollX+v.ViewW)/v.CellW)+1, fm.Cols)
	// A one-point gap between cells where they are big enough to show it.
	gx, gy := float32(0), float32(0)
	if v.CellW >= 6 {
		gx = 1
	}
	if v.CellH >= 6 {
		gy = 1
	}
	marks := fm.Branch && v.Mode != viewer.MapDiff
	for r := r0; r < r1; r++ {
		y0 := inner.Y + float32(r)*v.CellH - v.ScrollY
		for c := c0; c < c1; c++ {
			x0 := inner.X + float32(c)*v.CellW - v.ScrollX
			p0, p1 := imgui.Vec2{X: x0, Y: y0}, imgui.Vec2{X: x0 + v.CellW - gx, Y: y0 + v.CellH - gy}
			dl.AddRectFilled(p0, p1, cellColour(fm, v.Mode, r, c))
			if marks && fm.Diff(r, c) != 0 {
				// In the A and B modes a differing cell keeps its branch colour
				// and gets a red frame.
				dl.AddRectV(p0, p1, cellMarkDiff, 0, 0, min(max(min(v.CellW, v.CellH)/7, 1), 3))
			}
		}
	}
	if v.Marked && v.Row < fm.Rows && v.Col < fm.Cols {
		x0 := inner.X + float32(v.Col)*v.CellW - v.ScrollX
		y0 := inner.Y + float32(v.Row)*v.CellH - v.ScrollY
		// Inside the cell, so that a cell at the map's edge keeps its whole mark.
		dl.AddRectV(imgui.Vec2{X: x0 + 1, Y: y0 + 1}, imgui.Vec2{X: x0 + v.CellW - 1, Y: y0 + v.CellH - 1}, cellMarked, 0, 0, 3)
	}
	// The time cursor: the column of the current time.
	if fm.Step <= 0 {
		return
	}
	if c := int(math.Round(u.S.Tr.T / fm.Step)); c >= c0 && c < c1 {
		x := inner.X + (float32(c)+0.5)*v.CellW - v.ScrollX
		dl.AddLine(imgui.Vec2{X: x, Y: inner.Y}, imgui.Vec2{X: x, Y: inner.Y + min(v.ViewH, float32(fm.Rows)*v.CellH)}, packed(1, 1, 1, 0.35))
	}
}

// mapRulerStep is how many columns apart the ruler's numbers are: 1, 2, 5, 10, 20,
// 50… columns, the first whose spacing fits a label of width w.
func mapRulerStep(cellW, w float32) int {
	for k := 1; ; k *= 10 {
		for _, m := range []int{1, 2, 5} {
			if float32(k*m)*cellW >= w || k*m >= 1<<20 {
				return k * m
			}
		}
	}
}

// drawMapRuler draws frame numbers (and times when they are not the frame
// numbers) over the cell columns.
func (u *UI) drawMapRuler(dl imgui.DrawList, fm *viewer.FallbackMap, v *viewer.MapView, pos imgui.Vec2, h float32, timeRow bool, hoverC int) {
	line := imgui.TextLineHeight()
	end := pos.Plus(imgui.Vec2{X: v.ViewW, Y: h})
	dl.PushClipRectV(pos, end, true)
	defer dl.PopClipRect()
	widest := imgui.CalcTextSize(strconv.Itoa(fm.Cols-1), false, 0).X
	if timeRow {
		widest = max(widest, imgui.CalcTextSize(rulerTime(fm.Time(fm.Cols-1), fm.Step), false, 0).X)
	}
	step := mapRulerStep(v.CellW, widest+8*u.scale())
	c0 := max(int(v.ScrollX/v.CellW), 0)
	c1 := min(int((v.ScrollX+v.ViewW)/v.CellW)+1, fm.Cols)
	for c := c0; c < c1; c++ {
		x := pos.X + float32(c)*v.CellW - v.ScrollX
		mid := x + v.CellW/2
		if v.CellW >= 3 {
			dl.AddLine(imgui.Vec2{X: mid, Y: end.Y - 3}, imgui.Vec2{X: mid, Y: end.Y}, rulerTick)
		}
		if c%step != 0 && c != hoverC {
			continue
		}
		col := rulerText
		if c == hoverC {
			col = cellMarked
		}
		dl.AddLine(imgui.Vec2{X: mid, Y: end.Y - 6}, imgui.Vec2{X: mid, Y: end.Y}, col)
		// Centred on the column, kept inside the ruler at its ends.
		at := func(tw float32) float32 { return max(min(mid-tw/2, end.X-tw), pos.X) }
		txt := strconv.Itoa(c)
		dl.AddText(imgui.Vec2{X: at(imgui.CalcTextSize(txt, false, 0).X), Y: pos.Y}, col, txt)
		if timeRow {
			tt := rulerTime(fm.Time(c), fm.Step)
			dl.AddText(imgui.Vec2{X: at(imgui.CalcTextSize(tt, false, 0).X), Y: pos.Y + line}, col, tt)
		}
	}
}

// formatTime writes a time in the clip's unit with as few digits as it needs.
func formatTime(t float64) string { return strconv.FormatFloat(t, 'g', 6, 64) }

// rulerTime writes a ruler time with the decimals its frame step shows (33 ms
// steps: none; 1/30 s steps: two), so that the labels stay short; the tooltip
// gives the exact time.
func rulerTime(t, step float64) string {
	dec := 0
	if step > 0 && step < 1 {
		dec = min(int(math.Ceil(-math.Log10(step))), 6)
	}
	return strconv.FormatFloat(t, 'f', dec, 64)
}

// drawLabels draws the node names on the rows, clipped to the label column;
// rows lower than a text line get every k-th name.
func (u *UI) drawLabels(dl imgui.DrawList, fm *viewer.FallbackMap, v *viewer.MapView, pos imgui.Vec2, w float32, hoverR int) {
	line := imgui.TextLineHeight()
	dl.PushClipRectV(pos, pos.Plus(imgui.Vec2{X: w - 4*u.scale(), Y: v.ViewH}), true)
	defer dl.PopClipRect()
	step := max(int(math.Ceil(float64(line/v.CellH))), 1)
	r0 := max(int(v.ScrollY/v.CellH), 0)
	r1 := min(int((v.ScrollY+v.ViewH)/v.CellH)+1, fm.Rows)
	sel := u.S.Selected
	for r := r0; r < r1; r++ {
		isSel := int(fm.Pairs[r][0]) == sel
		if r%step != 0 && r != hoverR && !isSel {
			continue
		}
		y := pos.Y + float32(r)*v.CellH - v.ScrollY + (v.CellH-line)/2
		col := rulerText
		switch {
		case r == hoverR:
			col = cellMarked
		case isSel:
			col = labelSel
		}
		dl.AddText(imgui.Vec2{X: pos.X, Y: y}, col, fm.Labels[r])
	}
}

// mapTooltip shows both probes of a cell: frame, branch where the family has
// one, and every channel's k0, k1 and alpha.
func (u *UI) mapTooltip(fm *viewer.FallbackMap, r, c int) {
	s := u.S
	pa, pb, ok := fm.Probes(r, c)
	if !ok {
		return
	}
	pr := fm.Pairs[r]
	imgui.BeginTooltip()
	imgui.Text(fmt.Sprintf("A %s  |  B %d %s", fm.Labels[r], s.SceneB.Skel.FileIndexOf(int(pr[1])), s.SceneB.NodeLabel(int(pr[1]))))
	imgui.Text(fmt.Sprintf("column %d: t = %s %s", c, formatTime(fm.Time(c)), fm.Unit))
	for k, p := range []*anim.Probe{pa, pb} {
		side := "A"
		if k == 1 {
			side = "B"
		}
		txt := fmt.Sprintf("%s  frame %d", side, p.Frame)
		if fm.Branch {
			txt += "  " + branchWord(p.Fallback)
		}
		imgui.Text(txt)
		imgui.Text("   " + probeKeysText(p))
	}
	if w := fm.DiffText(r, c); w != "" {
		coloured(colError, "differs in: "+w)
	} else {
		coloured(colDim, "A and B agree")
	}
	imgui.EndTooltip()
}

func branchWord(fallback bool) string {
	if fallback {
		return "fallback"
	}
	return "mapped"
}

// probeKeysText is every channel's keys (k0, k1, alpha): "t[3,4] 0.50   r[3,4] 0.50".
func probeKeysText(p *anim.Probe) string {
	var b strings.Builder
	for i, k := range p.All() {
		if i > 0 {
			b.WriteString("   ")
		}
		b.WriteString(keyUseText(&k))
	}
	if p.Len() == 0 {
		return "no keys"
	}
	return b.String()
}

func keyUseText(k *anim.KeyUse) string {
	return fmt.Sprintf("%s[%d,%d] %.2f", k.Channel, k.K0, k.K1, k.Alpha)
}

// diffList lists the differing cells (node, frame, what differs); a click goes
// to the cell as next/previous do.
func (u *UI) diffList(fm *viewer.FallbackMap, v *viewer.MapView) {
	s := u.S
	imgui.Text(fmt.Sprintf("differences: %d", len(fm.DiffCells)))
	if len(fm.DiffCells) == 0 {
		coloured(colDim, "A and B sample alike on this clip.")
		return
	}
	flags := imgui.TableFlagsBorders | imgui.TableFlagsRowBg | imgui.TableFlagsScrollY | imgui.TableFlagsSizingFixedFit
	if !imgui.BeginTableV("fmapdiffs", 3, flags, imgui.Vec2{X: 0, Y: max(imgui.ContentRegionAvail().Y, 40)}, 0) {
		return
	}
	imgui.TableSetupScrollFreeze(0, 1)
	imgui.TableSetupColumn("node")
	imgui.TableSetupColumn("frame")
	imgui.TableSetupColumnV("differs in", imgui.TableColumnFlagsWidthStretch, 0, 0)
	imgui.TableHeadersRow()
	marked := -1
	if v.Marked {
		marked = v.Row*fm.Cols + v.Col
	}
	// A newly marked cell (next/previous, a click on the map) scrolls the list
	// to its row, and so does a new list height (the panel's first frames).
	if viewH := imgui.WindowHeight(); marked != u.fmap.listMarked || !u.fmap.listSet || viewH != u.fmap.listH {
		u.fmap.listMarked, u.fmap.listSet, u.fmap.listH = marked, true, viewH
		if k := fm.DiffIndex(v.Row, v.Col); v.Marked && k >= 0 {
			rowH := imgui.TextLineHeight() + 2*imgui.CurrentStyle().CellPadding().Y
			imgui.SetScrollY(max(float32(k)*rowH-viewH/2, 0))
		}
	}
	var clip imgui.ListClipper
	clip.Begin(len(fm.DiffCells))
	for clip.Step() {
		for k := clip.DisplayStart; k < clip.DisplayEnd; k++ {
			i := int(fm.DiffCells[k])
			r, c := i/fm.Cols, i%fm.Cols
			imgui.TableNextRow()
			imgui.TableNextColumn()
			if imgui.SelectableV(fm.Labels[r]+"##d"+strconv.Itoa(k), i == marked, imgui.SelectableFlagsSpanAllColumns, imgui.Vec2{}) {
				s.MapPick(r, c)
			}
			imgui.TableNextColumn()
			imgui.Text(strconv.Itoa(c))
			imgui.TableNextColumn()
			imgui.Text(fm.DiffText(r, c))
		}
	}
	clip.End()
	imgui.EndTable()
}
