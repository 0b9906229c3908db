package gui

import (
	"animscope/formats"

	"github.com/inkyblackness/imgui-go/v4"
)

func (u *UI) diagnostics() {
	s := u.S
	if imgui.Button("Clear") {
		s.Diags = s.Diags[:0]
	}
	// Lines wrap at the panel's edge (a long path or message stays readable
	// without a sideways scroll).
	if imgui.BeginChildV("diaglist", imgui.Vec2{}, true, 0) {
		imgui.PushTextWrapPos()
		for _, d := range s.Diags {
			switch {
			case d.Severity == formats.Error:
				coloured(colError, "error: "+d.Text)
			case d.Info:
				coloured(colDim, d.Text)
			default:
				coloured(colWarn, "warning: "+d.Text)
			}
		}
		imgui.PopTextWrapPos()
	}
	imgui.EndChild()
}
