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
