package gui

import (
	"fmt"
	"strconv"
	"strings"

	"animscope/anim"
	"animscope/viewer"

	"github.com/inkyblackness/imgui-go/v4"
)

// comparePanel is --compare's per-node table (differences highlighted, optionally
// only the differing nodes); the fallback map is a panel of its own.
func (u *UI) comparePanel() {
	s := u.S
	a, b, m := s.Scene, s.SceneB, s.Match
	if a == nil || b == nil || m == nil {
		return
	}
	imgui.Text(fmt.Sprintf("%s   %s   %d nodes matched by %s", s.SideLabel(false), s.SideLabel(true), len(m.Pairs), m.By))
	if len(m.OnlyA)+len(m.OnlyB) > 0 && imgui.TreeNode(fmt.Sprintf("unmatched: %d only in A, %d only in B", len(m.OnlyA), len(m.OnlyB))) {
		imgui.PushTextWrapPos()
		imgui.Text("only in A: " + nodeNames(a, m.OnlyA))
		imgui.PopTextWrapPos()
		imgui.PushTextWrapPos()
		imgui.Text("only in B: " + nodeNames(b, m.OnlyB))
		imgui.PopTextWrapPos()
		imgui.TreePop()
	}
	if len(s.CompareReadings()) > 0 {
		u.readingB()
		imgui.SameLine()
	}
	imgui.Checkbox("only differing nodes", &u.onlyDiff)
	rowH := imgui.TextLineHeight() + 2*imgui.CurrentStyle().CellPadding().Y
	need := float32(min(len(m.Pairs), cmpFitRows)+1)*rowH + imgui.CurrentStyle().ScrollbarSize()
	u.fitBottom(viewer.PanelCompare, need, imgui.ContentRegionAvail().Y)
	u.compareTable()
}

func nodeNames(sc *viewer.Scene, idx []int32) string {
	names := make([]string, 0, min(len(idx), 200))
	for k, i := range idx {
		if k == 200 {
			names = append(names, fmt.Sprintf("... %d more", len(idx)-200))
			break
		}
		names = append(names, sc.NodeLabel(int(i)))
	}
	return strings.Join(names, ", ")
}

func (u *UI) compareTable() {
	s := u.S
	a, b, m := s.Scene, s.SceneB, s.Match
	rows := make([]int, 0, len(m.Pairs))
	for r, pr := range m.Pairs {
		if !u.onlyDiff || viewer.ProbesDiffer(&a.Pose.Probes[pr[0]], &b.Pose.Probes[pr[1]]) {
			rows = append(rows, r)
		}
	}
	// A branch column only for a side whose family has a fallback branch.
	brA, brB := a.HasBranch(), b.HasBranch()
	cols := []string{"node A", "node B", "differs in", sideFrameColumn("A ", a)}
	if brA {
		cols = append(cols, "A branch")
	}
	cols = append(cols, "A keys", sideFrameColumn("B ", b))
	if brB {
		cols = append(cols, "B branch")
	}
	cols = append(cols, "B keys")
	flags := imgui.TableFlagsBorders | imgui.TableFlagsRowBg | imgui.TableFlagsScrollY | imgui.TableFlagsScrollX | imgui.TableFlagsResizable | imgui.TableFlagsSizingFixedFit
	if !imgui.BeginTableV("cmptable", len(cols), flags, imgui.Vec2{X: 0, Y: max(imgui.ContentRegionAvail().Y, 50)}, 0) {
		return
	}
	imgui.TableSetupScrollFreeze(1, 1)
	// The keys columns start wide enough for every channel of the widest probe.
	nk := int32(1)
	for _, pr := range m.Pairs {
		nk = max(nk, int32(a.Pose.Probes[pr[0]].Len()), int32(b.Pose.Probes[pr[1]].Len()))
	}
	keysW := float32(nk) * (imgui.CalcTextSize("r[100,100] 0.00", false, 0).X + imgui.CurrentStyle().ItemSpacing().X)
	for _, c := range cols {
		w := float32(0)
		if strings.HasSuffix(c, "keys") {
			w = keysW
		}
		imgui.TableSetupColumnV(c, imgui.TableColumnFlagsWidthFixed, w, 0)
	}
	imgui.TableHeadersRow()
	var clip imgui.ListClipper
	clip.Begin(len(rows))
	for clip.Step() {
		for k := clip.DisplayStart; k < clip.DisplayEnd; k++ {
			pr := m.Pairs[rows[k]]
			pa, pb := &a.Pose.Probes[pr[0]], &b.Pose.Probes[pr[1]]
			var cn viewer.ChannelNames
			d, chans := viewer.KeyDiffs(pa, pb, &cn)
			imgui.TableNextRow()
			if d != 0 {
				imgui.TableSetBgColor(imgui.TableBgTargetRowBg1, colDiffBg)
			}
			imgui.TableNextColumn()
			if imgui.SelectableV(fmt.Sprintf("%d %s", a.Skel.FileIndexOf(int(pr[0])), a.NodeLabel(int(pr[0]))), int(pr[0]) == s.Selected, imgui.SelectableFlagsSpanAllColumns|imgui.SelectableFlagsAllowDoubleClick, imgui.Vec2{}) {
				s.Select(int(pr[0]))
				if imgui.IsMouseDoubleClicked(0) {
					s.MapShowPair(rows[k])
				}
			}
			tooltip("click: select the node; double-click: show it at this frame on the fallback map")
			imgui.TableNextColumn()
			imgui.Text(fmt.Sprintf("%d %s", b.Skel.FileIndexOf(int(pr[1])), b.NodeLabel(int(pr[1]))))
			imgui.TableNextColumn()
			imgui.Text(viewer.DiffWords(d, chans, brA && brB, &cn))
			compareCells(pa, brA, d, chans, &cn)
			compareCells(pb, brB, d, chans, &cn)
		}
	}
	clip.End()
	imgui.EndTable()
}

// sideFrameColumn is "A frame" or "A ms" (side "A " or "B "), as constants: the
// table is laid out every frame.
func sideFrameColumn(side string, sc *viewer.Scene) string {
	ms := sc.FrameColumn() == "ms"
	switch {
	case side == "A " && ms:
		return "A ms"
	case side == "A ":
		return "A frame"
	case ms:
		return "B ms"
	}
	return "B frame"
}

// compareCells is one side's frame, branch (where its family has one) and every
// channel's keys ("t[3,4] 0.50": k0, k1, alpha), what differs from the other
// side in red.
func compareCells(p *anim.Probe, branch bool, d anim.ProbeDiff, chans uint16, cn *viewer.ChannelNames) {
	imgui.TableNextColumn()
	diffText(d&anim.DiffFrame != 0, strconv.Itoa(int(p.Frame)))
	if branch {
		imgui.TableNextColumn()
		switch {
		case d&anim.DiffBranch != 0:
			coloured(colError, branchWord(p.Fallback))
		case p.Fallback:
			coloured(colFallback, "fallback")
		default:
			coloured(colMapped, "mapped")
		}
		if p.Fallback {
			tooltip(viewer.HelpFallback)
		} else {
			tooltip(viewer.HelpMapped)
		}
	}
	imgui.TableNextColumn()
	items := 0
	for _, k := range p.All() {
		if items > 0 {
			imgui.SameLine()
		}
		diffText(cn.Has(chans, k.Channel.String()), keyUseText(&k))
		items++
	}
	// A channel the other side has and this one lacks.
	for i := range cn.Len() {
		if chans&(1<<i) == 0 || hasChannel(p, cn.Name(i)) {
			continue
		}
		if items > 0 {
			imgui.SameLine()
		}
		coloured(colError, "(no "+cn.Name(i)+")")
		items++
	}
	if items == 0 {
		coloured(colDim, "no keys")
	}
	tooltip(helpCompareKeys)
}

// helpCompareKeys explains the compare table's keys cells.
const helpCompareKeys = "Every channel as name[k0,k1] alpha: k0 and k1 are the two keys the channel\n" +
	"interpolates between (indices into the channel's keys; k1 = -1: exactly k0),\n" +
	"alpha the weight of k1. Red: differs from the other side; (no t): the other\n" +
	"side has a channel this one lacks."

func hasChannel(p *anim.Probe, ch string) bool {
	for _, k := range p.All() {
		if k.Channel.String() == ch {
			return true
		}
	}
	return false
}

func diffText(differs bool, text string) {
	if differs {
		coloured(colError, text)
		return
	}
	imgui.Text(text)
}

// readingB lets B read its files another way (two readings of one file): the
// comparable readings that apply to scene B (MSH: rounding and quaternion order).
func (u *UI) readingB() {
	s := u.S
	ob := s.OptionsB()
	changed := false
	for i, r := range s.CompareReadings() {
		if i > 0 {
			imgui.SameLine()
		}
		imgui.SetNextItemWidth(120 * u.scale())
		if choiceCombo(s.CompareScene().Readings.LabelsB[i], r, &ob) {
			changed = true
		}
	}
	if changed {
		old := s.OptsB
		s.OptsB = ob
		if !s.ReopenB() {
			s.OptsB = old
		}
	}
}

// takeMapRequest shows the fallback map panel when the state asked for it
// (State.ShowFallbackMap), and notes which panel is in front (fitBottom).
func (u *UI) takeMapRequest() {
	u.mapFrontCheck()
	if u.S.Map.Show {
		u.S.Map.Show = false
		if hasB(u) { // outside compare mode there is no map to show
			u.ShowPanel(viewer.PanelFallbackMap)
		}
	}
}

// compareSideLabels names each viewport's side in compare mode ("A: demo
// (rounding engine)" over the left half, B over the right), at its top left,
// over the 3D view and under every window.
func (u *UI) compareSideLabels() {
	s := u.S
	if s.Scene == nil || s.SceneB == nil {
		return
	}
	sc := u.scale()
	v := u.Viewport
	dl := imgui.BackgroundDrawList()
	for i := range 2 {
		x := v[0]
		if i == 1 {
			x += v[2] / 2
		}
		text := u.fmap.sides[i].fit(s, i == 1, v[2]/2-20*sc)
		p := imgui.Vec2{X: x + 8*sc, Y: v[1] + 6*sc}
		// Clipped to its half, so a long name never runs into the other side.
		dl.PushClipRectV(imgui.Vec2{X: x, Y: v[1]}, imgui.Vec2{X: x + v[2]/2 - 4*sc, Y: v[1] + v[3]}, false)
		size := imgui.CalcTextSize(text, false, 0)
		dl.AddRectFilledV(p.Minus(imgui.Vec2{X: 4 * sc, Y: 2 * sc}), p.Plus(imgui.Vec2{X: size.X + 4*sc, Y: size.Y + 2*sc}), packed(0, 0, 0, 0.6), 3*sc, 0)
		dl.AddText(p, packed(1, 1, 1, 1), text)
		dl.PopClipRect()
	}
}

// sideLabel is one viewport's label, shortened to fit and kept until the label
// or the room changes.
type sideLabel struct {
	full, out string
	w         float32
}

func (l *sideLabel) fit(s *viewer.State, b bool, w float32) string {
	if full := s.SideLabel(b); full != l.full || w != l.w {
		l.full, l.w, l.out = full, w, sideLabelFitting(s, b, w)
	}
	return l.out
}

// sideLabelFitting is the side's label within width w points: a long scene name
// (several files) is cut at its end ("..."), keeping the side and the readings.
func sideLabelFitting(s *viewer.State, b bool, w float32) string {
	side, name, readings := s.SideParts(b)
	tail := ""
	if readings != "" {
		tail = " (" + readings + ")"
	}
	full := side + ": " + name + tail
	if imgui.CalcTextSize(full, false, 0).X <= w {
		return full
	}
	r := []rune(name)
	for n := len(r) - 1; n > 0; n-- {
		t := side + ": " + string(r[:n]) + "..." + tail
		if imgui.CalcTextSize(t, false, 0).X <= w {
			return t
		}
	}
	return side + tail
}
