package gui

import (
	"fmt"
	"strings"

	"animscope/viewer"

	"github.com/inkyblackness/imgui-go/v4"
)

// comparePanel is --compare's per-node table (differences highlighted, optionally
// only the differing nodes) and the fallback map.
func (u *UI) comparePanel() {
	s := u.S
	a, b, m := s.Scene, s.SceneB, s.Match
	if a == nil || b == nil || m == nil {
		return
	}
	imgui.Text(fmt.Sprintf("A: %s   B: %s   %d nodes matched by %s", a.Name(), b.Name(), len(m.Pairs), m.By))
	if len(m.OnlyA)+len(m.OnlyB) > 0 && imgui.TreeNode(fmt.Sprintf("unmatched: %d only in A, %d only in B", len(m.OnlyA), len(m.OnlyB))) {
		imgui.PushTextWrapPos()
		imgui.Text("only in A: " + nodeNames(a, m.OnlyA))
		imgui.PopTextWrapPos()
		imgui.PushTextWrapPos()
		imgui.Text("only in B: " + nodeNames(b, m.OnlyB))
		imgui.PopTextWrapPos()
		imgui.TreePop()
	}
	u.readingB()
	imgui.Checkbox("only differing nodes", &u.onlyDiff)
	if !imgui.BeginTabBar("cmp") {
		return
	}
	if imgui.BeginTabItem("Nodes") {
		u.compareTable()
		imgui.EndTabItem()
	}
	if imgui.BeginTabItem("Fallback map") {
		u.fallbackMap()
		imgui.EndTabItem()
	}
	imgui.EndTabBar()
}

func nodeNames(sc *viewer.Scene, idx []int32) string {
	names := make([]string, 0, min(len(idx), 200))
	for k, i := range idx {
		if k == 200 {
			names = append(names, fmt.Sprintf("... %d more", len(idx)-200))
			break
		}
		names = append(names, sc.Skel.Names[i])
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
	flags := imgui.TableFlagsBorders | imgui.TableFlagsRowBg | imgui.TableFlagsScrollY | imgui.TableFlagsResizable | imgui.TableFlagsSizingFixedFit
	if !imgui.BeginTableV("cmptable", 12, flags, imgui.Vec2{X: 0, Y: max(imgui.ContentRegionAvail().Y, 50)}, 0) {
		return
	}
	imgui.TableSetupScrollFreeze(1, 1)
	for _, c := range []string{"node A", "node B", "A frame", "A branch", "A k0", "A k1", "A alpha", "B frame", "B branch", "B k0", "B k1", "B alpha"} {
		imgui.TableSetupColumn(c)
	}
	imgui.TableHeadersRow()
	var clip imgui.ListClipper
	clip.Begin(len(rows))
	for clip.Step() {
		for k := clip.DisplayStart; k < clip.DisplayEnd; k++ {
			pr := m.Pairs[rows[k]]
			pa, pb := &a.Pose.Probes[pr[0]], &b.Pose.Probes[pr[1]]
			imgui.TableNextRow()
			if viewer.ProbesDiffer(pa, pb) {
				imgui.TableSetBgColor(imgui.TableBgTargetRowBg1, colDiffBg)
			}
			imgui.TableNextColumn()
			if imgui.SelectableV(fmt.Sprintf("%d %s", a.Skel.FileIndexOf(int(pr[0])), a.Skel.Names[pr[0]]), int(pr[0]) == s.Selected, imgui.SelectableFlagsSpanAllColumns, imgui.Vec2{}) {
				s.Select(int(pr[0]))
			}
			imgui.TableNextColumn()
			imgui.Text(fmt.Sprintf("%d %s", b.Skel.FileIndexOf(int(pr[1])), b.Skel.Names[pr[1]]))
			probeCells(pa)
			probeCells(pb)
		}
	}
	clip.End()
	imgui.EndTable()
}

func (u *UI) fallbackMap() {
	s := u.S
	a, b, m := s.Scene, s.SceneB, s.Match
	key := [3]int{a.Gen, b.Gen, s.Clip}
	if u.fmap == nil || u.fmapKey != key {
		u.fmap = viewer.BuildFallbackMap(a, b, m, s.Clip, viewer.MapMaxCols)
		u.fmapKey = key
		if u.SetImage != nil {
			u.fmapTex = u.SetImage(u.fmapTex, u.fmap.Image())
		}
	}
	fm := u.fmap
	diffs := 0
	for i := range fm.A {
		if fm.A[i] != fm.B[i] {
			diffs++
		}
	}
	imgui.Text(fmt.Sprintf("%d nodes x %d frames: A | B | difference (%d cells differ)", fm.Rows, fm.Cols, diffs))
	imgui.SameLine()
	jump := func(dir int) {
		if r, c, ok := fm.NextDiff(u.mapRow, u.mapCol, dir); ok {
			u.mapRow, u.mapCol = r, c
			s.Select(int(m.Pairs[r][0]))
			s.Tr.Scrub(float64(c)*fm.Step, s.Info())
		}
	}
	if imgui.Button("previous difference") {
		jump(-1)
	}
	imgui.SameLine()
	if imgui.Button("next difference") {
		jump(1)
	}
	if u.fmapTex == 0 || fm.Rows == 0 {
		return
	}
	w := imgui.ContentRegionAvail().X
	h := min(max(float32(fm.Rows)*2, 40), imgui.ContentRegionAvail().Y)
	if imgui.BeginChildV("fmap", imgui.Vec2{X: 0, Y: max(h, 40)}, false, imgui.WindowFlagsHorizontalScrollbar) {
		imgW := float32(fm.Cols*3 + 2*viewer.MapGap)
		cell := max(w/imgW, 1)
		pos := imgui.CursorScreenPos()
		size := imgui.Vec2{X: imgW * cell, Y: float32(fm.Rows) * max(cell, 2)}
		imgui.Image(u.fmapTex, size)
		if imgui.IsItemClicked() {
			mp := imgui.MousePos().Minus(pos)
			x := int(mp.X / size.X * imgW)
			y := int(mp.Y / size.Y * float32(fm.Rows))
			if r, c, ok := fm.CellAt(x, y); ok {
				u.mapRow, u.mapCol = r, c
				s.Select(int(m.Pairs[r][0]))
				s.Tr.Scrub(float64(c)*fm.Step, s.Info())
			}
		}
	}
	imgui.EndChild()
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
