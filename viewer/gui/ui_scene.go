package gui

import (
	"fmt"
	"strconv"

	"animscope/viewer"

	"github.com/inkyblackness/imgui-go/v4"
)

func (u *UI) scenePanel() {
	s := u.S
	if s.Scene == nil {
		imgui.Text("No scene.")
		return
	}
	sc := s.Scene
	imgui.Text(fmt.Sprintf("%s  %s  %s", sc.Asset.Family, viewer.Plural(sc.Skel.Len(), "node", "nodes"), viewer.Plural(len(sc.Meshes), "mesh", "meshes")))
	if imgui.CollapsingHeaderV("Clips", imgui.TreeNodeFlagsDefaultOpen) {
		h := min(float32(len(sc.Infos)+1)*imgui.TextLineHeightWithSpacing(), 160*u.scale())
		if imgui.BeginChildV("clips", imgui.Vec2{X: 0, Y: h}, true, 0) {
			var clip imgui.ListClipper
			clip.Begin(len(sc.Infos))
			for clip.Step() {
				for i := clip.DisplayStart; i < clip.DisplayEnd; i++ {
					if imgui.SelectableV(viewer.ClipRow(i, sc.Infos[i])+fmt.Sprintf("##clip%d", i), i == s.Clip, 0, imgui.Vec2{}) {
						s.SetClip(i)
					}
					if imgui.IsItemHovered() { // the row may be cut: the whole of it, with seconds
						imgui.SetTooltip(viewer.ClipLabel(i, sc.Infos[i]))
					}
				}
			}
			clip.End()
		}
		imgui.EndChild()
	}
	u.attachSection()
	if imgui.CollapsingHeaderV("Nodes", imgui.TreeNodeFlagsDefaultOpen) {
		if imgui.BeginChildV("tree", imgui.Vec2{}, true, imgui.WindowFlagsHorizontalScrollbar) {
			u.nodeTree()
		}
		imgui.EndChild()
	}
}

// nodeTree draws the flattened tree through a list clipper.
func (u *UI) nodeTree() {
	s := u.S
	sc := s.Scene
	tv := &u.tree
	tv.Sync(sc, s.Selected)
	indent := imgui.TreeNodeToLabelSpacing()
	if tv.ScrollTo >= 0 {
		imgui.SetScrollY(float32(tv.ScrollTo)*imgui.TextLineHeightWithSpacing() - imgui.WindowHeight()/2)
		tv.ScrollTo = -1
	}
	var clip imgui.ListClipper
	clip.BeginV(len(tv.Rows), imgui.TextLineHeightWithSpacing())
	for clip.Step() {
		for r := clip.DisplayStart; r < clip.DisplayEnd && r < len(tv.Rows); r++ {
			row := tv.Rows[r]
			i := int(row.Node)
			flags := imgui.TreeNodeFlagsOpenOnArrow | imgui.TreeNodeFlagsSpanAvailWidth | imgui.TreeNodeFlagsNoTreePushOnOpen
			if len(sc.Children[i]) == 0 {
				flags |= imgui.TreeNodeFlagsLeaf
			}
			if i == s.Selected || (u.gp.g != nil && u.gp.g.Has(i)) {
				flags |= imgui.TreeNodeFlagsSelected
			}
			if row.Depth > 0 {
				imgui.IndentV(indent * float32(row.Depth))
			}
			imgui.SetNextItemOpen(tv.Open(i), imgui.ConditionAlways)
			imgui.TreeNodeV(sc.NodeLabel(i)+"##n"+strconv.Itoa(i), flags)
			if imgui.IsItemToggledOpen() {
				tv.Toggle(i)
			} else if imgui.IsItemClicked() {
				if imgui.CurrentIO().KeyCtrlPressed() && s.Selected >= 0 {
					u.graphModel().ToggleAlso(i) // plotted in the graph beside the selection
				} else {
					s.Select(i)
				}
			}
			if row.Depth > 0 {
				imgui.UnindentV(indent * float32(row.Depth))
			}
		}
	}
	clip.End()
}
