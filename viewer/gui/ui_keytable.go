package gui

import (
	"fmt"

	"animscope/anim"
	"animscope/viewer"

	"github.com/inkyblackness/imgui-go/v4"
)

func probeKeys(p *anim.Probe) (k0, k1, alpha string) {
	if p.NKeys == 0 {
		return "-", "-", "-"
	}
	k := p.Keys[0]
	k0, k1, alpha = fmt.Sprint(k.K0), fmt.Sprint(k.K1), fmt.Sprintf("%.4f", k.Alpha)
	if p.NKeys > 1 {
		k0 = fmt.Sprintf("%s %s (+%d)", k.Channel, k0, p.NKeys-1)
	}
	return
}

func probeTooltip(p *anim.Probe) {
	if p.NKeys <= 1 || !imgui.IsItemHovered() {
		return
	}
	imgui.BeginTooltip()
	for _, k := range p.Used() {
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

// keyColumns are the key table's columns: side A's, then B's when blending.
var keyColumns = []string{"node", "parent", "frame", "branch", "k0", "k1", "alpha", "B frame", "B branch", "B k0", "B k1", "B alpha"}

// keyTable is the per-node probe table: straight from the probes of side A (and B
// when blending), clipped so that a 10,000-node scene scrolls smoothly.
func (u *UI) keyTable() {
	s := u.S
	if s.Scene == nil {
		return
	}
	sc := s.Scene
	withB := s.BlendOn()
	cols := 7
	if withB {
		cols = 12
	}
	flags := imgui.TableFlagsBorders | imgui.TableFlagsRowBg | imgui.TableFlagsScrollY | imgui.TableFlagsResizable | imgui.TableFlagsSizingFixedFit
	if !imgui.BeginTableV("keys", cols, flags, imgui.Vec2{X: 0, Y: max(imgui.ContentRegionAvail().Y, 50)}, 0) {
		return
	}
	imgui.TableSetupScrollFreeze(1, 1)
	for _, c := range keyColumns[:cols] {
		imgui.TableSetupColumn(c)
	}
	// The header row by hand, so that the columns whose notation is not plain
	// explain it on hover.
	imgui.TableNextRowV(imgui.TableRowFlagsHeaders, 0)
	for c := 0; c < cols; c++ {
		imgui.TableSetColumnIndex(c)
		name := keyColumns[c]
		imgui.TableHeader(name)
		switch name {
		case "branch", "B branch":
			tooltip(viewer.HelpMapped + "\n\n" + viewer.HelpFallback)
		case "k0", "k1", "alpha", "B k0", "B k1", "B alpha":
			tooltip(viewer.HelpKeyNotation)
		case "frame", "B frame":
			tooltip("the frame index the sampler computed for the node")
		}
	}
	var clip imgui.ListClipper
	clip.Begin(sc.Skel.Len())
	for clip.Step() {
		for i := clip.DisplayStart; i < clip.DisplayEnd; i++ {
			imgui.TableNextRow()
			imgui.TableNextColumn()
			if imgui.SelectableV(fmt.Sprintf("%d %s", sc.Skel.FileIndexOf(i), sc.Skel.Names[i]), i == s.Selected, imgui.SelectableFlagsSpanAllColumns, imgui.Vec2{}) {
				s.Select(i)
			}
			imgui.TableNextColumn()
			imgui.Text(fmt.Sprint(sc.Skel.FileParentOf(i)))
			probeCells(&sc.Pose.Probes[i])
			if withB {
				probeCells(&sc.Pose.ProbesB[i])
			}
		}
	}
	clip.End()
	imgui.EndTable()
}

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
