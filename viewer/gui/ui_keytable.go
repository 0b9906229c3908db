package gui

import (
	"fmt"

	"animscope/anim"
	"animscope/viewer"

	"github.com/inkyblackness/imgui-go/v4"
)

func probeKeys(p *anim.Probe) (k0, k1, alpha string) {
	if p.Len() == 0 {
		return "-", "-", "-"
	}
	k := p.Key(0)
	k0, k1, alpha = fmt.Sprint(k.K0), fmt.Sprint(k.K1), fmt.Sprintf("%.4f", k.Alpha)
	if p.Len() > 1 {
		k0 = fmt.Sprintf("%s %s (+%d)", k.Channel, k0, p.Len()-1)
	}
	return
}

func probeTooltip(p *anim.Probe) {
	if p.Len() <= 1 || !imgui.IsItemHovered() {
		return
	}
	imgui.BeginTooltip()
	for _, k := range p.All() {
		imgui.Text(fmt.Sprintf("%-6s k0 %d  k1 %d  alpha %.4f", k.Channel, k.K0, k.K1, k.Alpha))
	}
	imgui.EndTooltip()
}

func branchCell(p *anim.Probe) {
	if p.Fallback {
		coloured(colFallback, "fallback")
		tooltip(viewer.HelpFallback)
	} else {
		coloured(colMapped, "mapped")
		tooltip(viewer.HelpMapped)
	}
}

// probeCells are the first channel's cells of a probe (the compare table's).
func probeCells(p *anim.Probe) {
	imgui.TableNextColumn()
	imgui.Text(fmt.Sprint(p.Frame))
	imgui.TableNextColumn()
	branchCell(p)
	k0, k1, al := probeKeys(p)
	imgui.TableNextColumn()
	imgui.Text(k0)
	probeTooltip(p)
	imgui.TableNextColumn()
	imgui.Text(k1)
	imgui.TableNextColumn()
	imgui.Text(al)
}

// keyTableView is the key table's window state: its model, the sides it shows
// this frame, and label buffers.
type keyTableView struct {
	model viewer.KeyTable
	sides viewer.KeySides
	// compare says the sides are two scenes (not a blend's two clips).
	compare bool
	ints    intStrings
	tb      textBuf
	// lastSel is the selection when last drawn (selSeen: drawn once); scrollTo the
	// row to bring into view (−1: none); rowH the rows' height, measured.
	lastSel, scrollTo int
	selSeen           bool
	rowH              float32
	// shownLo, shownHi are the rows the clipper drew last frame (for tests).
	shownLo, shownHi int
	// labels are the column labels for labelsKey.
	labels    []string
	labelsKey keyColumnsKey
}

// keyTable is every channel of every node: frame, branch (families with one), k0,
// k1 and alpha, for side A and, when blending or comparing, side B beside it with
// the differing cells marked. Filters: name, only fallback (families with a
// branch), only differing (two sides). The rows go through a list clipper, and
// the cells are formatted without allocating.
func (u *UI) keyTable() {
	s := u.S
	if s.Scene == nil {
		return
	}
	kv := &u.keyTab
	kv.sync(s)
	kv.toolbar(u, s)
	sc := s.Scene
	frameA, frameB := sc.FrameColumn(), sc.FrameColumn()
	if kv.compare {
		frameB = s.SceneB.FrameColumn()
	}
	labels := kv.columns(kv.sides.HasBranch, kv.sides.B != nil, kv.compare, frameA, frameB)
	if !kv.header(labels) {
		return
	}
	kv.scrollToRow()
	kv.rows(u, s)
	imgui.EndTable()
}

// sync sets the sides for this frame (side A, and side B when comparing two
// scenes or blending two clips), rebuilds the rows, and on a new selection
// (here, in the scene tree, on the dope sheet or in the 3D view) asks to scroll
// to the node's first row.
func (kv *keyTableView) sync(s *viewer.State) {
	sc := s.Scene
	in := &kv.sides
	*in = viewer.KeySides{Gen: sc.Gen, Names: sc.Skel.Names, A: sc.Pose.Probes, HasBranch: sc.HasBranch()}
	kv.compare = s.SceneB != nil && s.Match != nil
	switch {
	case kv.compare:
		in.GenB = s.SceneB.Gen
		in.B, in.Pairs = s.SceneB.Pose.Probes, s.Match.Pairs
		in.HasBranch = in.HasBranch && s.SceneB.HasBranch()
	case s.BlendOn():
		in.B, in.Blend = sc.Pose.ProbesB, true
	}
	m := &kv.model
	m.Update(in)
	if sel := s.Selected; !kv.selSeen || sel != kv.lastSel {
		kv.selSeen, kv.lastSel, kv.scrollTo = true, sel, -1
		for r, row := range m.Rows {
			if int(row.Node) == sel {
				kv.scrollTo = r
				break
			}
		}
	}
}

// toolbar is the line above the table: the filters and what the sides are.
func (kv *keyTableView) toolbar(u *UI, s *viewer.State) {
	in, m := &kv.sides, &kv.model
	imgui.SetNextItemWidth(160 * u.scale())
	imgui.InputTextWithHint("##ktfilter", "filter nodes", &m.Filter)
	if in.HasBranch {
		imgui.SameLine()
		imgui.Checkbox("only fallback", &m.OnlyFallback)
		tooltip(viewer.HelpFallback)
	}
	if in.B != nil {
		if kv.compare { // a blend's two clips differ as a matter of course
			imgui.SameLine()
			imgui.Checkbox("only differing", &m.OnlyDiff)
			tooltip("only the channels whose frame, branch or keys differ between A and B")
		}
		imgui.SameLine()
		tb := kv.tb.reset()
		if kv.compare {
			tb.str("A: ").str(s.Scene.ShortName()).str("   B: ").str(s.SceneB.ShortName())
		} else {
			tb.str("A: ").str(clipName(s.Info())).str("   B: ").str(clipName(s.InfoB())).str(" (blend)")
		}
		coloured(colDim, tb.String())
	}
	imgui.SameLine()
	coloured(colDim, kv.tb.reset().int(len(m.Rows)).str(" rows").String())
}

// header begins the table with its columns (node, channel, then per side
// frame, [branch], k0, k1, alpha) and draws the header row with each column's
// tooltip; false when the table is not drawn this frame.
func (kv *keyTableView) header(labels []string) bool {
	cols := len(labels)
	flags := imgui.TableFlagsBorders | imgui.TableFlagsRowBg | imgui.TableFlagsScrollY | imgui.TableFlagsResizable | imgui.TableFlagsSizingFixedFit
	if !imgui.BeginTableV("keys", cols, flags, imgui.Vec2{X: 0, Y: max(imgui.ContentRegionAvail().Y, 50)}, 0) {
		return false
	}
	imgui.TableSetupScrollFreeze(2, 1)
	for _, l := range labels {
		imgui.TableSetupColumn(l)
	}
	imgui.TableNextRowV(imgui.TableRowFlagsHeaders, 0)
	for c := 0; c < cols; c++ {
		imgui.TableSetColumnIndex(c)
		name := labels[c]
		imgui.TableHeader(name)
		switch trimSide(name) {
		case "ch":
			tooltip("the channel: t translation, r rotation, s scale, or the family's own (VCA lines, SWG axes)")
		case "branch":
			tooltip(viewer.HelpMapped + "\n\n" + viewer.HelpFallback)
		case "k0", "k1", "alpha":
			tooltip(viewer.HelpKeyNotation)
		case "frame", "ms":
			tooltip(viewer.FrameColumnHelp(trimSide(name)))
		}
	}
	return true
}

// scrollToRow brings the row sync asked for into view (once its height is
// known), centred when it is out of view.
func (kv *keyTableView) scrollToRow() {
	if kv.scrollTo >= 0 && kv.rowH > 0 {
		top := float32(kv.scrollTo+1) * kv.rowH // the header row first
		if visH := imgui.WindowHeight() - kv.rowH; top < imgui.ScrollY()+kv.rowH || top+kv.rowH > imgui.ScrollY()+visH {
			imgui.SetScrollY(max(0, top-visH/2))
		}
		kv.scrollTo = -1
	}
}

// rows draws the rows the list clipper shows: the node's name on its first row
// (a selectable spanning the row), the channel, side A's cells, side B's (empty
// where B has no such node), and in compare mode B's node.
func (kv *keyTableView) rows(u *UI, s *viewer.State) {
	sc, in, m := s.Scene, &kv.sides, &kv.model
	perSide := 4
	if in.HasBranch {
		perSide = 5
	}
	var clip imgui.ListClipper
	clip.Begin(len(m.Rows))
	kv.shownLo, kv.shownHi = len(m.Rows), 0
	for clip.Step() {
		if clip.ItemsHeight > 0 {
			kv.rowH = clip.ItemsHeight
		}
		if clip.DisplayEnd > clip.DisplayStart+1 || clip.StepNo > 1 {
			kv.shownLo, kv.shownHi = min(kv.shownLo, clip.DisplayStart), max(kv.shownHi, clip.DisplayEnd)
		}
		for r := clip.DisplayStart; r < clip.DisplayEnd; r++ {
			row := m.Rows[r]
			imgui.TableNextRow()
			imgui.PushIDInt(r)
			imgui.TableNextColumn()
			label := ""
			if row.First {
				label = kv.tb.reset().int(sc.Skel.FileIndexOf(int(row.Node))).str(" ").str(sc.NodeLabel(int(row.Node))).String()
			}
			if imgui.SelectableV(label, int(row.Node) == s.Selected, imgui.SelectableFlagsSpanAllColumns, imgui.Vec2{}) {
				s.Select(int(row.Node))
			}
			imgui.PopID()
			pa := &sc.Pose.Probes[row.Node]
			imgui.TableNextColumn()
			if int(row.Chan) < pa.Len() {
				imgui.Text(pa.Key(int(row.Chan)).Channel.String())
			} else if in.B != nil && row.NodeB >= 0 && int(row.Chan) < in.B[row.NodeB].Len() {
				coloured(colDim, in.B[row.NodeB].Key(int(row.Chan)).Channel.String())
			} else {
				coloured(colDim, "-")
			}
			u.keyCells(pa, int(row.Chan), row.Diff, in.HasBranch, in.B != nil)
			if in.B != nil {
				if row.NodeB >= 0 {
					u.keyCells(&in.B[row.NodeB], int(row.Chan), row.Diff, in.HasBranch, true)
				} else {
					for k := 0; k < perSide; k++ {
						imgui.TableNextColumn()
					}
				}
			}
			if kv.compare {
				imgui.TableNextColumn()
				if row.First && row.NodeB >= 0 {
					imgui.Text(kv.tb.reset().int(s.SceneB.Skel.FileIndexOf(int(row.NodeB))).str(" ").str(s.SceneB.NodeLabel(int(row.NodeB))).String())
				}
			}
		}
	}
	clip.End()
}

// keySideColumns are one side's columns, the first labelled frame (the
// side's Scene.FrameColumn: "frame", or "ms" for M2); branch only where the
// family has one.
func keySideColumns(hasBranch bool, frame string) []string {
	if hasBranch {
		return []string{frame, "branch", "k0", "k1", "alpha"}
	}
	return []string{frame, "k0", "k1", "alpha"}
}

// keyColumnsKey is what the key table's labels were built for.
type keyColumnsKey struct {
	hasBranch, twoSides, compare bool
	frameA, frameB               string
}

// columns are the table's column labels, rebuilt only when the set changes;
// frameA and frameB label each side's frame column.
func (kv *keyTableView) columns(hasBranch, twoSides, compare bool, frameA, frameB string) []string {
	key := keyColumnsKey{hasBranch, twoSides, compare, frameA, frameB}
	if kv.labels != nil && kv.labelsKey == key {
		return kv.labels
	}
	kv.labelsKey = key
	kv.labels = append(kv.labels[:0], "node", "ch")
	if !twoSides {
		kv.labels = append(kv.labels, keySideColumns(hasBranch, frameA)...)
	} else {
		for k, pre := range []string{"A ", "B "} {
			frame := frameA
			if k == 1 {
				frame = frameB
			}
			for _, c := range keySideColumns(hasBranch, frame) {
				kv.labels = append(kv.labels, pre+c)
			}
		}
	}
	if compare {
		kv.labels = append(kv.labels, "node B")
	}
	return kv.labels
}

// trimSide is a column label without its side ("A k0" → "k0").
func trimSide(label string) string {
	if len(label) > 2 && (label[0] == 'A' || label[0] == 'B') && label[1] == ' ' {
		return label[2:]
	}
	return label
}

func clipName(info anim.ClipInfo) string {
	if info.Name == "" {
		return "(bind pose)"
	}
	return info.Name
}

// keyCells are one side's cells of channel c of p: frame, branch (families with
// one), k0, k1, alpha; the cells that differ from the other side are marked.
func (u *UI) keyCells(p *anim.Probe, c int, diff viewer.KeyDiff, hasBranch, twoSides bool) {
	kv := &u.keyTab
	mark := func(bit viewer.KeyDiff) {
		if twoSides && diff&bit != 0 {
			imgui.TableSetBgColorV(imgui.TableBgTargetCellBg, colDiffBg, imgui.TableGetColumnIndex())
		}
	}
	imgui.TableNextColumn()
	mark(viewer.KeyDiffFrame)
	if f, own := viewer.KeyFrame(p, c); own {
		imgui.Text(kv.tb.reset().float(f, 2).String())
	} else {
		imgui.Text(kv.ints.intText(int(f), &kv.tb))
	}
	if hasBranch {
		imgui.TableNextColumn()
		mark(viewer.KeyDiffBranch)
		branchCell(p)
	}
	imgui.TableNextColumn()
	mark(viewer.KeyDiffK0 | viewer.KeyDiffChannel)
	if c >= p.Len() {
		coloured(colDim, "-")
		imgui.TableNextColumn()
		mark(viewer.KeyDiffK1 | viewer.KeyDiffChannel)
		coloured(colDim, "-")
		imgui.TableNextColumn()
		coloured(colDim, "-")
		return
	}
	k := p.Key(c)
	keyIndex(kv, k.K0)
	imgui.TableNextColumn()
	mark(viewer.KeyDiffK1 | viewer.KeyDiffChannel)
	keyIndex(kv, k.K1)
	imgui.TableNextColumn()
	if k.K1 < 0 {
		coloured(colDim, "-")
	} else {
		imgui.Text(kv.tb.reset().float(float64(k.Alpha), 4).String())
	}
}

// keyIndex is a key index cell: "-" for −1 (no key).
func keyIndex(kv *keyTableView, k int32) {
	if k < 0 {
		coloured(colDim, "-")
		return
	}
	imgui.Text(kv.ints.intText(int(k), &kv.tb))
}
