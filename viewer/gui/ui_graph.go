package gui

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"animscope/anim"
	"animscope/viewer"

	"github.com/inkyblackness/imgui-go/v4"
)

// graphPanel is the graph editor's window side: the model, and the labels it
// draws, made again only when what they say changes, so that the panel's own
// per-frame work allocates nothing (imgui-go itself allocates each call's
// arguments: BenchmarkGraphPanel counts the whole frame).
type graphPanel struct {
	g *viewer.Graph
	// ticks are the axes' labels; nodesText and timeTitle name the nodes and
	// the time axis for the model's Gen.
	ticks     [1 + int(viewer.NumLanes)]tickLabels
	textGen   int
	nodesText string
	timeTitle string
	// drag is the lane a drag began in (−1: a time-only drag); dragging says a
	// drag is under way, so that its release is no click.
	drag     viewer.Lane
	dragging bool
	// legend has one line per node, side and lane; laneShown is the lane shown
	// when the panel is too low for all of them.
	legend    []legendLine
	laneShown viewer.Lane
	cramped   bool
	curveIDs  []string // the curves' ImGui ids
	// laneRect and laneOf are this frame's lanes on screen (nLanes of them).
	laneRect [viewer.NumLanes]viewer.Rect
	laneOf   [viewer.NumLanes]viewer.Lane
	nLanes   int
}

// laneAt is the lane drawn at height y (a gap belongs to the lane above).
func (p *graphPanel) laneAt(y float32) (viewer.Lane, viewer.Rect, bool) {
	gap := float32(0)
	for i := 0; i < p.nLanes; i++ {
		r := p.laneRect[i]
		if i+1 < p.nLanes {
			gap = p.laneRect[i+1].Y - (r.Y + r.H)
		} else {
			gap = 0
		}
		if y >= r.Y && y < r.Y+r.H+gap {
			return p.laneOf[i], r, true
		}
	}
	return 0, viewer.Rect{}, false
}

// rectOf is lane l's rectangle this frame.
func (p *graphPanel) rectOf(l viewer.Lane) (viewer.Rect, bool) {
	for i := 0; i < p.nLanes; i++ {
		if p.laneOf[i] == l {
			return p.laneRect[i], true
		}
	}
	return viewer.Rect{}, false
}

// legendLine is one line of the legend: "neck rot (B)" and the channels' axis
// letters in their colours.
type legendLine struct {
	text string
	node int
	side viewer.GraphSide
	lane viewer.Lane
}

// laneShort names a lane in the legend.
var laneShort = [viewer.NumLanes]string{"t", "rot", "s"}

// axisLetter is a channel's letter in the legend.
var axisLetter = [viewer.NumGraphChannels]string{"x", "y", "z", "w", "x", "y", "z", "x", "y", "z", "x", "y", "z"}

// tickLabels are an axis's tick texts for one (first tick, step, count).
type tickLabels struct {
	first, step float64
	n           int
	texts       []string
}

// labels returns the texts of n ticks from first by step, formatted again
// only when they changed.
func (tl *tickLabels) labels(first, step float64, n int) []string {
	if tl.first == first && tl.step == step && tl.n == n && tl.texts != nil {
		return tl.texts
	}
	tl.first, tl.step, tl.n = first, step, n
	tl.texts = tl.texts[:0]
	dec := viewer.TickDecimals(step)
	for i := 0; i < n; i++ {
		v := first + float64(i)*step
		if math.Abs(v) < step*1e-6 {
			v = 0 // no "-0"
		}
		tl.texts = append(tl.texts, strconv.FormatFloat(v, 'f', dec, 64))
	}
	return tl.texts
}

// minLaneLines is a lane's least height in text lines.
const minLaneLines = 3.5

// graphModel is the graph's model, made on first use (the scene tree's
// ctrl-click adds nodes to it).
func (u *UI) graphModel() *viewer.Graph {
	if u.gp.g == nil {
		u.gp.g = viewer.NewGraph()
		u.gp.laneShown = viewer.LaneRotation // the lane a cramped panel shows first
	}
	return u.gp.g
}

// channelColour is a curve's colour: the channel's axis (x red, y green, z
// blue, w white), darker for each further node, fainter for the B sides.
func channelColour(c viewer.GraphChannel, nodeRank int, side viewer.GraphSide) imgui.PackedColor {
	axis := [viewer.NumGraphChannels]int{0, 1, 2, 3, 0, 1, 2, 0, 1, 2, 0, 1, 2}
	base := [4][3]float32{{1, 0.38, 0.38}, {0.4, 0.95, 0.4}, {0.45, 0.62, 1}, {0.92, 0.92, 0.92}}[axis[c]]
	k := float32(1) - 0.22*float32(min(nodeRank, 3))
	alpha := float32(1)
	switch side {
	case viewer.SideB:
		alpha = 0.75
		for i := range base { // B leans to cyan-white: told apart from A at a glance
			base[i] = base[i]*0.6 + 0.4
		}
	case viewer.SideBlend:
		alpha = 0.55
	}
	return packed(base[0]*k, base[1]*k, base[2]*k, alpha)
}

var graphChannelHelp = [viewer.NumGraphChannels]string{
	"translation x, in the file's units", "translation y", "translation z",
	"quaternion w", "quaternion x", "quaternion y", "quaternion z",
	"rotation about X in degrees (X applied first, then Y, then Z)", "rotation about Y in degrees", "rotation about Z in degrees",
	"scale x (1: unscaled)", "scale y", "scale z",
}

// graph draws the graph editor: the toolbar, one lane per kind of channel,
// the legend at the right.
func (u *UI) graph() {
	s := u.S
	if s.Scene == nil {
		return
	}
	g := u.graphModel()
	if g.Update(s) || g.Gen != u.gp.textGen {
		u.graphTexts()
	}
	if g.View.Fit {
		g.FitView()
	}
	// Too low for every lane at a readable height (three value labels each):
	// one lane at a time, picked in the toolbar.
	{
		_, n := visibleLanes(g)
		lineH := imgui.TextLineHeight()
		h := imgui.ContentRegionAvail().Y - imgui.FrameHeightWithSpacing()*1.5 - lineH - 6*u.scale()
		u.gp.cramped = n > 1 && h < float32(n)*(minLaneLines*lineH+4*u.scale())
	}
	u.graphToolbar()
	if len(g.Nodes) == 0 {
		coloured(colDim, "Select a node (click a joint or a node in the tree; ctrl-click adds more) to see its curves.")
		return
	}
	if len(g.X) < 2 {
		coloured(colDim, "This clip has a single pose (no time to plot over): the inspector shows its values.")
		return
	}
	sc := u.scale()
	avail := imgui.ContentRegionAvail()
	legendW := u.legendWidth()
	plotW := avail.X - legendW - 8*sc
	if plotW < 120*sc || avail.Y < 60*sc {
		coloured(colDim, "(too small: make the panel larger)")
		return
	}
	start := imgui.CursorScreenPos()
	u.graphPlot(start, plotW, avail.Y)
	imgui.SetCursorScreenPos(imgui.Vec2{X: start.X + plotW + 8*sc, Y: start.Y})
	u.graphLegend(legendW, avail.Y)
}

// graphTexts makes the labels that change with the curves.
func (u *UI) graphTexts() {
	g := u.gp.g
	u.gp.textGen = g.Gen
	var b strings.Builder
	b.WriteString("nodes: ")
	for i, n := range g.Nodes {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(u.S.Scene.NodeLabel(n))
	}
	u.gp.nodesText = b.String()
	unit := g.Info.Unit
	if unit == "" {
		unit = "frame"
	}
	u.gp.timeTitle = "time (" + unit + ")"
	for len(u.gp.curveIDs) < len(g.Curves) {
		u.gp.curveIDs = append(u.gp.curveIDs, "##curve"+strconv.Itoa(len(u.gp.curveIDs)))
	}
	u.gp.legend = u.gp.legend[:0]
	for i := range g.Curves {
		c := &g.Curves[i]
		l := viewer.LaneOf(c.Channel)
		if c.Channel != viewer.GraphTX && c.Channel != viewer.GraphQW && c.Channel != viewer.GraphSX {
			continue // one line per lane (rotation's, quaternion or Euler, on q.w's)
		}
		u.gp.legend = append(u.gp.legend, legendLine{text: c.Name + " " + laneShort[l] + viewer.SideSuffix[c.Side], node: c.Node, side: c.Side, lane: l})
	}
}

// flow keeps the next item, w points wide, on the current line when it fits and
// starts a new line otherwise.
func flow(w float32) {
	imgui.SameLine()
	if imgui.ContentRegionAvail().X < w {
		imgui.Dummy(imgui.Vec2{}) // ends the line: the next item starts the next one
	}
}

func checkboxWidth(label string) float32 {
	return imgui.FrameHeight() + imgui.CurrentStyle().ItemInnerSpacing().X + imgui.CalcTextSize(label, false, 0).X
}

func (u *UI) graphToolbar() {
	g := u.gp.g
	imgui.Text("rotation:")
	flow(checkboxWidth("quaternion"))
	if imgui.RadioButton("quaternion", g.Rotation == viewer.RotationQuat) && g.Rotation != viewer.RotationQuat {
		g.Rotation = viewer.RotationQuat
		g.FitLane(viewer.LaneRotation)
	}
	tooltip("Rotation as the quaternion's w, x, y, z, exactly as sampled.")
	flow(checkboxWidth("Euler"))
	if imgui.RadioButton("Euler", g.Rotation == viewer.RotationEuler) && g.Rotation != viewer.RotationEuler {
		g.Rotation = viewer.RotationEuler
		g.FitLane(viewer.LaneRotation)
	}
	tooltip("Rotation as angles in degrees about X, Y, Z (X applied first), unwrapped along the curve.")
	for c := viewer.GraphChannel(0); c < viewer.NumGraphChannels; c++ {
		quat := c >= viewer.GraphQW && c <= viewer.GraphQZ
		euler := c >= viewer.GraphRX && c <= viewer.GraphRZ
		if (quat && g.Rotation != viewer.RotationQuat) || (euler && g.Rotation != viewer.RotationEuler) {
			continue
		}
		flow(checkboxWidth(viewer.GraphChannelNames[c]))
		imgui.PushStyleColor(imgui.StyleColorCheckMark, imgui.Vec4{X: 1, Y: 1, Z: 1, W: 1})
		imgui.PushStyleColor(imgui.StyleColorText, packedToVec4(channelColour(c, 0, viewer.SideA)))
		if imgui.Checkbox(viewer.GraphChannelNames[c], &g.Show[c]) {
			g.FitLane(viewer.LaneOf(c))
		}
		imgui.PopStyleColorV(2)
		tooltip(graphChannelHelp[c])
	}
	flow(imgui.CalcTextSize("Fit", false, 0).X + 2*imgui.CurrentStyle().FramePadding().X)
	if imgui.Button("Fit") {
		g.View.Fit = true
	}
	tooltip("Show the whole clip and every visible curve (or double-click the graph).\nWheel: zoom time; Shift+wheel: zoom the lane's values; drag: pan;\nclick a key point: go to its time; click elsewhere: go to that time.")
	if u.gp.cramped {
		lanes, n := visibleLanes(g)
		for i := 0; i < n; i++ {
			l := lanes[i]
			flow(checkboxWidth(laneShort[l]) + 10)
			if imgui.RadioButton(laneShort[l]+"##lane", u.gp.laneShown == l) {
				u.gp.laneShown = l
			}
			tooltip("The panel is too low for every lane: this one is shown (drag the bar above the panel to make room for all).")
		}
	}
	flow(imgui.CalcTextSize(u.gp.nodesText, false, 0).X + 30)
	coloured(colDim, u.gp.nodesText)
	tooltip("Ctrl-click nodes in the scene tree to plot them too (up to 8).")
	u.keysOfCombo()
}

// keysOfCombo ("keys of") picks the kind of track whose keys , and . (and the transport's
// <k k>) step to: any channel, translation, rotation or scale.
func (u *UI) keysOfCombo() {
	s := u.S
	w := 100 * u.scale()
	flow(imgui.CalcTextSize("keys", false, 0).X + imgui.CurrentStyle().ItemInnerSpacing().X + w)
	imgui.SetNextItemWidth(w)
	if imgui.BeginCombo("keys", anim.TrackKindNames[s.Steps.Channel]) {
		for k := anim.TrackAny; k < anim.NumTrackKinds; k++ {
			if imgui.SelectableV(anim.TrackKindNames[k], k == s.Steps.Channel, 0, imgui.Vec2{}) {
				s.Steps.Channel = k
			}
		}
		imgui.EndCombo()
	}
	tooltip("The keys , and . (the transport's <k and k>) step to: the plotted nodes' keys\nof every channel, or of their translation, rotation or scale tracks only.")
}

func packedToVec4(c imgui.PackedColor) imgui.Vec4 {
	return imgui.Vec4{X: float32(c&0xff) / 255, Y: float32(c>>8&0xff) / 255, Z: float32(c>>16&0xff) / 255, W: float32(c>>24&0xff) / 255}
}

// visibleLanes lists the lanes with a visible channel.
func visibleLanes(g *viewer.Graph) (lanes [viewer.NumLanes]viewer.Lane, n int) {
	for l := viewer.Lane(0); l < viewer.NumLanes; l++ {
		for c := viewer.GraphChannel(0); c < viewer.NumGraphChannels; c++ {
			if viewer.LaneOf(c) == l && g.Visible(c) {
				lanes[n] = l
				n++
				break
			}
		}
	}
	return lanes, n
}

// keyBudget is how many key marks a lane draws at most (every nth key past it):
// each is a call into ImGui.
const keyBudget = 600

// graphPlot draws the lanes and the axes in a child window of their own (a draw
// list of their own).
func (u *UI) graphPlot(origin imgui.Vec2, w, h float32) {
	if imgui.BeginChildV("##graphplot", imgui.Vec2{X: w, Y: h}, false, imgui.WindowFlagsNoScrollbar|imgui.WindowFlagsNoScrollWithMouse) {
		u.graphLanes(imgui.CursorScreenPos(), w, h)
	}
	imgui.EndChild()
}

func (u *UI) graphLanes(origin imgui.Vec2, w, h float32) {
	s := u.S
	g := u.gp.g
	sc := u.scale()
	lineH := imgui.TextLineHeight()
	axisW := 58 * sc
	timeAxisH := lineH + 6*sc
	plot := viewer.Rect{X: origin.X + axisW, Y: origin.Y, W: w - axisW, H: h - timeAxisH}
	lanes, n := visibleLanes(g)
	if u.gp.cramped && n > 1 {
		shown := lanes[0]
		for i := 0; i < n; i++ {
			if lanes[i] == u.gp.laneShown {
				shown = lanes[i]
			}
		}
		u.gp.laneShown = shown
		lanes[0], n = shown, 1
	}
	gap := 4 * sc
	laneH := (plot.H - gap*float32(max(n-1, 0))) / float32(max(n, 1))
	dl := imgui.WindowDrawList()

	// Interaction: one invisible button over the lanes.
	imgui.SetCursorScreenPos(imgui.Vec2{X: plot.X, Y: plot.Y})
	u.gp.nLanes = n
	for i := 0; i < n; i++ {
		u.gp.laneOf[i] = lanes[i]
		u.gp.laneRect[i] = viewer.Rect{X: plot.X, Y: plot.Y + float32(i)*(laneH+gap), W: plot.W, H: laneH}
	}
	clicked := imgui.InvisibleButtonV("##graph", imgui.Vec2{X: max(plot.W, 1), Y: max(plot.H, 1)}, imgui.ButtonFlagsMouseButtonLeft|imgui.ButtonFlagsMouseButtonMiddle)
	u.graphInput(plot, clicked)

	// The lanes: background, grid and value labels, curves, keys.
	dl.PushClipRect(imgui.Vec2{X: origin.X, Y: origin.Y}, imgui.Vec2{X: origin.X + w, Y: origin.Y + h})
	tFirst, tStep, tN := viewer.AxisTicks(g.View.T0, g.View.T1, max(2, int(plot.W/(70*sc))))
	tN = min(tN, 200)
	for i := 0; i < n; i++ {
		l := lanes[i]
		r := viewer.Rect{X: plot.X, Y: plot.Y + float32(i)*(laneH+gap), W: plot.W, H: laneH}
		pmin, pmax := imgui.Vec2{X: r.X, Y: r.Y}, imgui.Vec2{X: r.X + r.W, Y: r.Y + r.H}
		dl.AddRectFilled(pmin, pmax, packed(0.1, 0.1, 0.12, 1))
		// Time grid.
		for k := 0; k < tN; k++ {
			x := g.View.TimeToX(tFirst+float64(k)*tStep, r)
			dl.AddLine(imgui.Vec2{X: x, Y: r.Y}, imgui.Vec2{X: x, Y: r.Y + r.H}, packed(1, 1, 1, 0.06))
		}
		// Value grid and labels.
		vr := g.View.V[l]
		vFirst, vStep, vN := viewer.AxisTicks(vr[0], vr[1], max(2, int(r.H/(lineH*1.2))))
		texts := u.gp.ticks[1+int(l)].labels(vFirst, vStep, min(vN, 100))
		for k, txt := range texts {
			y := g.View.ValueToY(l, vFirst+float64(k)*vStep, r)
			dl.AddLine(imgui.Vec2{X: r.X, Y: y}, imgui.Vec2{X: r.X + r.W, Y: y}, packed(1, 1, 1, 0.08))
			tw := imgui.CalcTextSize(txt, false, 0).X
			ty := min(max(y-lineH/2, r.Y), r.Y+r.H-lineH)
			dl.AddText(imgui.Vec2{X: r.X - tw - 4*sc, Y: ty}, packed(0.75, 0.75, 0.75, 1), txt)
		}
		dl.PushClipRect(pmin, pmax)
		u.graphCurves(dl, l, r)
		dl.PopClipRect()
		// The lane's title: what it shows and its unit.
		title := viewer.LaneUnit(l, g.Rotation)
		tw := imgui.CalcTextSize(title, false, 0).X
		dl.AddRectFilled(imgui.Vec2{X: r.X + 2, Y: r.Y + 2}, imgui.Vec2{X: r.X + tw + 8*sc, Y: r.Y + lineH + 4}, packed(0.1, 0.1, 0.12, 0.8))
		dl.AddText(imgui.Vec2{X: r.X + 4*sc, Y: r.Y + 2}, packed(0.85, 0.85, 0.85, 1), title)
		// The time cursor (and a blend B running on its own: where B is).
		if x := g.View.TimeToX(s.Tr.T, r); x >= r.X && x <= r.X+r.W {
			dl.AddLine(imgui.Vec2{X: x, Y: r.Y}, imgui.Vec2{X: x, Y: r.Y + r.H}, packed(1, 0.3, 0.3, 1))
		}
		if s.BlendOn() && !s.Blend.Sync {
			if a, b := s.Info().Duration, s.InfoB().Duration; a > 0 && b > 0 && !math.IsInf(a, 1) && !math.IsInf(b, 1) {
				x := g.View.TimeToX(s.Blend.TB/b*a, r)
				if x >= r.X && x <= r.X+r.W {
					dl.AddLine(imgui.Vec2{X: x, Y: r.Y}, imgui.Vec2{X: x, Y: r.Y + r.H}, packed(1, 0.7, 0.3, 0.8))
				}
			}
		}
	}
	// The time axis: labels under the last lane, its title at the right.
	texts := u.gp.ticks[0].labels(tFirst, tStep, tN)
	axisY := plot.Y + plot.H + 3*sc
	title := u.gp.timeTitle
	titleW := imgui.CalcTextSize(title, false, 0).X
	for k, txt := range texts {
		x := g.View.TimeToX(tFirst+float64(k)*tStep, plot)
		tw := imgui.CalcTextSize(txt, false, 0).X
		lx := x - tw/2
		if lx+tw > plot.X+plot.W-titleW-8*sc || lx < plot.X-axisW {
			continue // the title's place
		}
		dl.AddText(imgui.Vec2{X: lx, Y: axisY}, packed(0.75, 0.75, 0.75, 1), txt)
	}
	dl.AddText(imgui.Vec2{X: plot.X + plot.W - titleW, Y: axisY}, packed(0.85, 0.85, 0.85, 1), title)
	dl.PopClipRect()
}

// graphInput: wheel zooms (time, or with Shift the lane's values), a drag
// (left or middle button) pans, a left click goes to the key under the mouse or
// to the time there, a double-click fits. clicked is the plot's button's
// answer: released over it.
func (u *UI) graphInput(plot viewer.Rect, clicked bool) {
	s := u.S
	g := u.gp.g
	io := imgui.CurrentIO()
	mouse := imgui.MousePos()
	if imgui.IsItemHovered() {
		if _, wy := io.MouseWheel(); wy != 0 {
			f := math.Pow(0.85, float64(wy))
			if io.KeyShiftPressed() {
				if l, r, ok := u.gp.laneAt(mouse.Y); ok {
					g.View.ZoomValue(l, f, g.View.YToValue(l, mouse.Y, r))
				}
			} else {
				g.View.ZoomTime(f, g.View.XToTime(mouse.X, plot))
			}
		}
		if imgui.IsMouseDoubleClicked(0) {
			g.View.Fit = true
			u.gp.dragging = true // the double-click's release is no click
			return
		}
		if l, r, ok := u.gp.laneAt(mouse.Y); ok && !imgui.IsItemActive() {
			if ci, k, hit := g.KeyMarkAt(l, mouse.X, mouse.Y, r, 6*u.scale()); hit {
				c := &g.Curves[ci]
				imgui.SetTooltip(fmt.Sprintf("%s key at %s: %.6g\nclick: go to this time", c.Label,
					viewer.FormatTime(c.KeyX[k], g.Info), c.KeyV[k]))
			}
		}
	}
	if imgui.IsItemActivated() { // a press began on the plot
		u.gp.drag = -1
		if l, _, ok := u.gp.laneAt(mouse.Y); ok {
			u.gp.drag = l
		}
		u.gp.dragging = false
	}
	if imgui.IsItemActive() {
		for _, b := range [2]int{0, 2} {
			if !imgui.IsMouseDragging(b, 3) {
				continue
			}
			u.gp.dragging = true
			d := imgui.MouseDragDelta(b, 3)
			imgui.ResetMouseDragDelta(b)
			g.View.PanTime(-float64(d.X/plot.W) * (g.View.T1 - g.View.T0))
			if l := u.gp.drag; l >= 0 {
				if r, ok := u.gp.rectOf(l); ok && r.H > 0 {
					vr := g.View.V[l]
					g.View.PanValue(l, float64(d.Y/r.H)*(vr[1]-vr[0]))
				}
			}
		}
	}
	if clicked && imgui.IsMouseReleased(0) && !u.gp.dragging {
		t := g.View.XToTime(mouse.X, plot)
		if l, r, ok := u.gp.laneAt(mouse.Y); ok {
			if kt, hit := g.KeyAt(l, mouse.X, mouse.Y, r, 6*u.scale()); hit {
				t = kt
			}
		}
		s.Tr.Scrub(t, s.Info())
	}
}

// graphCurves draws lane l's visible curves and their key marks into r. A
// curve is one ImGui line plot of its samples in view (ImGui thins them to one
// per pixel): a handful of calls per curve whatever its length, where a call
// per segment cost thousands a frame.
func (u *UI) graphCurves(dl imgui.DrawList, l viewer.Lane, r viewer.Rect) {
	g := u.gp.g
	sc := u.scale()
	xs := g.X
	if len(xs) < 2 {
		return
	}
	// The first and last sample in view.
	i0, i1 := 0, len(xs)-1
	for i0 < i1 && xs[i0+1] < g.View.T0 {
		i0++
	}
	for i1 > i0 && xs[i1-1] > g.View.T1 {
		i1--
	}
	if i1 == i0 {
		return
	}
	// The plot's box spans its first and last sample; the lane's clip cuts it.
	x0, x1 := g.View.TimeToX(xs[i0], r), g.View.TimeToX(xs[i1], r)
	vlo, vhi := g.View.V[l][0], g.View.V[l][1]
	// Key marks drawn: every keyStride-th, within keyBudget.
	nKeys := 0
	for ci := range g.Curves {
		if c := &g.Curves[ci]; viewer.LaneOf(c.Channel) == l && g.Visible(c.Channel) {
			nKeys += len(c.KeyX)
		}
	}
	keyStride := 1 + nKeys/keyBudget
	imgui.PushStyleVarVec2(imgui.StyleVarFramePadding, imgui.Vec2{})
	imgui.PushStyleVarFloat(imgui.StyleVarFrameBorderSize, 0)
	imgui.PushStyleColor(imgui.StyleColorFrameBg, imgui.Vec4{})
	for ci := range g.Curves {
		c := &g.Curves[ci]
		if viewer.LaneOf(c.Channel) != l || !g.Visible(c.Channel) {
			continue
		}
		col := channelColour(c.Channel, nodeRank(g, c.Node), c.Side)
		imgui.SetCursorScreenPos(imgui.Vec2{X: x0, Y: r.Y})
		imgui.PushStyleColor(imgui.StyleColorPlotLines, packedToVec4(col))
		imgui.PlotLinesV(u.gp.curveIDs[ci], c.V[i0:i1+1], 0, "", float32(vlo), float32(vhi), imgui.Vec2{X: max(x1-x0, 1), Y: r.H})
		imgui.PopStyleColor()
		// Keys: filled squares on A, hollow on the B sides.
		rad := 2.5 * sc
		for k := 0; k < len(c.KeyX); k += keyStride {
			kx := c.KeyX[k]
			if kx < g.View.T0 || kx > g.View.T1 {
				continue
			}
			p := imgui.Vec2{X: g.View.TimeToX(kx, r), Y: g.View.ValueToY(l, float64(c.KeyV[k]), r)}
			lo, hi := imgui.Vec2{X: p.X - rad, Y: p.Y - rad}, imgui.Vec2{X: p.X + rad, Y: p.Y + rad}
			if c.Side == viewer.SideA {
				dl.AddRectFilled(lo, hi, col)
			} else {
				dl.AddRectV(lo, hi, col, 0, 0, 1)
			}
		}
	}
	imgui.PopStyleColor()
	imgui.PopStyleVarV(2)
}

// nodeRank is node's place among the plotted nodes (its colour shade).
func nodeRank(g *viewer.Graph, node int) int {
	for i, n := range g.Nodes {
		if n == node {
			return i
		}
	}
	return 0
}

// legendWidth fits the legend's longest line (and no more than a third of the
// panel).
func (u *UI) legendWidth() float32 {
	sc := u.scale()
	w := float32(0)
	for i := range u.gp.legend {
		w = max(w, imgui.CalcTextSize(u.gp.legend[i].text, false, 0).X)
	}
	w += imgui.CalcTextSize(" w x y z", false, 0).X + 40*sc
	return min(max(w, 120*sc), imgui.ContentRegionAvail().X/3)
}

// graphLegend lists the visible curves: a line per node, side and lane, with a
// swatch and the channels' letters in their colours.
func (u *UI) graphLegend(w, h float32) {
	g := u.gp.g
	sc := u.scale()
	if imgui.BeginChildV("graph-legend", imgui.Vec2{X: w, Y: h}, false, 0) {
		dl := imgui.WindowDrawList()
		lineH := imgui.TextLineHeight()
		spaceW := imgui.CalcTextSize(" ", false, 0).X
		for i := range u.gp.legend {
			ln := &u.gp.legend[i]
			first := true
			p := imgui.CursorScreenPos()
			x := p.X + 20*sc + imgui.CalcTextSize(ln.text, false, 0).X + spaceW
			for c := viewer.GraphChannel(0); c < viewer.NumGraphChannels; c++ {
				if viewer.LaneOf(c) != ln.lane || !g.Visible(c) {
					continue
				}
				col := channelColour(c, nodeRank(g, ln.node), ln.side)
				if first {
					y := p.Y + lineH/2
					dl.AddLineV(imgui.Vec2{X: p.X, Y: y}, imgui.Vec2{X: p.X + 16*sc, Y: y}, col, 2*sc)
					imgui.SetCursorScreenPos(imgui.Vec2{X: p.X + 20*sc, Y: p.Y})
					imgui.Text(ln.text)
					first = false
				}
				dl.AddText(imgui.Vec2{X: x, Y: p.Y}, col, axisLetter[c])
				x += imgui.CalcTextSize(axisLetter[c], false, 0).X + spaceW
			}
		}
	}
	imgui.EndChild()
}
