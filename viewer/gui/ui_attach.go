package gui

import (
	"path/filepath"
	"strconv"

	"github.com/inkyblackness/imgui-go/v4"
)

// attachView is the Scene panel's "Attach…" section: a point of the scene's
// model, an item file, and the items already attached (viewer.State.Attach).
type attachView struct {
	point int
	file  string
}

// attachSection draws the section when the scene has attachment points.
func (u *UI) attachSection() {
	s := u.S
	points := s.AttachmentPoints()
	if len(points) == 0 {
		return
	}
	if !imgui.CollapsingHeader("Attach...") {
		return
	}
	v := &u.attach
	if v.point >= len(points) {
		v.point = 0
	}
	imgui.SetNextItemWidth(140 * u.scale())
	if imgui.BeginCombo("point##attach", points[v.point]) {
		for i, p := range points {
			if imgui.SelectableV(p+"##ap"+strconv.Itoa(i), i == v.point, 0, imgui.Vec2{}) {
				v.point = i
			}
		}
		imgui.EndCombo()
	}
	imgui.InputTextWithHint("##attachfile", "item model, e.g. sword.m2", &v.file)
	imgui.SameLine()
	if imgui.Button("Attach") && v.file != "" {
		if s.Attach(points[v.point], v.file) {
			v.file = ""
		}
	}
	for i, a := range s.Opts.Attach {
		name := ""
		if len(a.Files) > 0 {
			name = filepath.Base(a.Files[0])
		}
		imgui.Text(a.Point + ": " + name)
		imgui.SameLine()
		if imgui.Button("Detach##det" + strconv.Itoa(i)) {
			s.Detach(i)
			break
		}
	}
}
