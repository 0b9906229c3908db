package gui

import (
	"fmt"

	"animscope/formats"
	"animscope/viewer"

	"github.com/inkyblackness/imgui-go/v4"
)

// banner shows what the last load said (errors and warnings, in full) over the
// top of the 3D view until dismissed. It takes at most a quarter of the
// view (the rest scrolls), so a model with many findings stays in sight.
func (u *UI) banner() {
	s := u.S
	b := &s.Banner
	if !b.Visible() {
		return
	}
	sc := u.scale()
	v := u.Viewport
	imgui.SetNextWindowPosV(imgui.Vec2{X: v[0] + 8*sc, Y: v[1] + 8*sc}, imgui.ConditionAlways, imgui.Vec2{})
	imgui.SetNextWindowSizeConstraints(imgui.Vec2{X: max(v[2]-16*sc, 100), Y: 0}, imgui.Vec2{X: max(v[2]-16*sc, 100), Y: max(v[3]*0.25, 80)})
	bg := imgui.Vec4{X: 0.22, Y: 0.18, Z: 0.08, W: 0.95}
	if b.Errors > 0 {
		bg = imgui.Vec4{X: 0.32, Y: 0.1, Z: 0.1, W: 0.95}
	}
	imgui.PushStyleColor(imgui.StyleColorWindowBg, bg)
	flags := imgui.WindowFlagsNoTitleBar | imgui.WindowFlagsNoMove | imgui.WindowFlagsNoResize |
		imgui.WindowFlagsAlwaysAutoResize | imgui.WindowFlagsNoSavedSettings | imgui.WindowFlagsNoCollapse
	if imgui.BeginV("##banner", nil, flags) {
		col := colWarn
		if b.Errors > 0 {
			col = colError
		}
		if imgui.Button("Dismiss") {
			s.DismissBanner()
		}
		tooltip("Hide this message; the Diagnostics tab keeps it.")
		imgui.SameLine()
		imgui.PushTextWrapPos()
		coloured(col, b.Title)
		imgui.PopTextWrapPos()
		for i := range b.Shown {
			d := &b.Shown[i]
			imgui.PushTextWrapPos()
			switch {
			case d.Info:
				coloured(colDim, d.Text)
			case d.Severity == formats.Error:
				coloured(colError, "error: "+d.Text)
			default:
				coloured(colWarn, "warning: "+d.Text)
			}
			if d.MoreText != "" {
				coloured(colDim, d.MoreText)
			}
			imgui.PopTextWrapPos()
		}
	}
	imgui.End()
	imgui.PopStyleColor()
}

// standInBadge marks a scene (A or B) posed on a stand-in skeleton at the bottom
// left of its viewport.
func (u *UI) standInBadge() {
	s := u.S
	sc := u.scale()
	v := u.Viewport
	for i, scene := range []*viewer.Scene{s.Scene, s.SceneB} {
		if !scene.StandIn() {
			continue
		}
		x := v[0]
		if i == 1 {
			x += v[2] / 2
		}
		imgui.SetNextWindowPosV(imgui.Vec2{X: x + 8*sc, Y: v[1] + v[3] - 8*sc}, imgui.ConditionAlways, imgui.Vec2{X: 0, Y: 1})
		imgui.PushStyleColor(imgui.StyleColorWindowBg, imgui.Vec4{X: 0.55, Y: 0.2, Z: 0.05, W: 0.92})
		flags := imgui.WindowFlagsNoDecoration | imgui.WindowFlagsAlwaysAutoResize | imgui.WindowFlagsNoSavedSettings |
			imgui.WindowFlagsNoMove | imgui.WindowFlagsNoFocusOnAppearing
		if imgui.BeginV(fmt.Sprintf("##standin%d", i), nil, flags) {
			imgui.Text(viewer.StandInBadge)
			tooltip(scene.StandInTooltip())
		}
		imgui.End()
		imgui.PopStyleColor()
	}
}

// shortcutsWindow lists the keys (F1, Help > Keyboard shortcuts).
func (u *UI) shortcutsWindow() {
	s := u.S
	if !s.ShowShortcuts {
		return
	}
	sc := u.scale()
	imgui.SetNextWindowPosV(imgui.Vec2{X: u.Viewport[0] + u.Viewport[2]/2, Y: u.Viewport[1] + 40*sc}, imgui.ConditionAppearing, imgui.Vec2{X: 0.5, Y: 0})
	open := true
	imgui.SetNextWindowBgAlpha(1) // opaque over the 3D view's labels and lines
	if imgui.BeginV("Keyboard shortcuts (F1)", &open, imgui.WindowFlagsAlwaysAutoResize|imgui.WindowFlagsNoCollapse) {
		u.shortcutsAt = windowRect()
		if imgui.BeginTableV("shortcuts", 2, imgui.TableFlagsRowBg|imgui.TableFlagsBordersInnerV, imgui.Vec2{}, 0) {
			for _, k := range viewer.Shortcuts {
				imgui.TableNextRow()
				imgui.TableSetColumnIndex(0)
				coloured(colMapped, k.Keys)
				imgui.TableSetColumnIndex(1)
				imgui.Text(k.What)
			}
			imgui.EndTable()
		}
	}
	imgui.End()
	if !open {
		s.ShowShortcuts = false
	}
}
