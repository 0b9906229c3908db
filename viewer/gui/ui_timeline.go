package gui

import (
	"math"

	"animscope/anim"
	"animscope/viewer"

	"github.com/inkyblackness/imgui-go/v4"
)

func (u *UI) transport() {
	s := u.S
	info := s.Info()
	if imgui.Button("|<") {
		s.Tr.First(info)
	}
	imgui.SameLine()
	if imgui.Button("<") {
		s.Tr.Step(-1, info)
	}
	imgui.SameLine()
	label := "Play "
	if s.Tr.Playing {
		label = "Pause"
	}
	if imgui.Button(label + "##play") {
		s.Tr.Toggle(info)
	}
	imgui.SameLine()
	if imgui.Button(">") {
		s.Tr.Step(1, info)
	}
	imgui.SameLine()
	if imgui.Button(">|") {
		s.Tr.Last(info)
	}
	imgui.SameLine()
	imgui.Checkbox("loop", &s.Tr.Loop)
	imgui.SameLine()
	imgui.Checkbox("ping-pong", &s.Tr.PingPong)
	imgui.SameLine()
	sp := float32(s.Tr.Speed)
	imgui.SetNextItemWidth(110 * u.scale())
	if imgui.SliderFloatV("speed", &sp, -viewer.MaxSpeed, viewer.MaxSpeed, "%.2fx", 0) {
		s.Tr.Speed = float64(sp)
	}
	imgui.SameLine()
	imgui.Checkbox("range", &s.Tr.RangeOn)
	if s.Tr.RangeOn {
		imgui.SameLine()
		hi := float32(info.Duration)
		if math.IsInf(info.Duration, 1) {
			hi = 1e5
		}
		lo, rh := float32(s.Tr.RangeLo), float32(s.Tr.RangeHi)
		if rh <= lo {
			lo, rh = 0, hi
		}
		imgui.SetNextItemWidth(180 * u.scale())
		if imgui.DragFloatRange2V("##range", &lo, &rh, max(hi/200, 0.01), 0, hi, "%.2f", "%.2f", 0) {
			s.Tr.RangeLo, s.Tr.RangeHi = float64(lo), float64(rh)
		}
		if s.Tr.RangeHi <= s.Tr.RangeLo {
			s.Tr.RangeLo, s.Tr.RangeHi = float64(lo), float64(rh)
		}
	}
	imgui.SameLine()
	imgui.Text(viewer.FormatTime(s.Tr.T, info) + " / " + viewer.FormatDuration(info))
}

func (u *UI) timeline() {
	s := u.S
	if s.Scene == nil {
		return
	}
	sc := u.scale()
	info := s.Info()
	width := imgui.ContentRegionAvail().X
	height := 34 * sc
	pos := imgui.CursorScreenPos()
	imgui.InvisibleButton("##timeline", imgui.Vec2{X: max(width, 1), Y: height})
	d := info.Duration
	if math.IsInf(d, 1) || d <= 0 || math.IsNaN(d) {
		d = max(s.Tr.T*1.25, 1)
	}
	if imgui.IsItemActive() {
		t := float64((imgui.MousePos().X-pos.X)/width) * d
		s.Tr.Scrub(t, info)
	}
	xOf := func(t float64) float32 { return pos.X + width*float32(t/d) }
	dl := imgui.WindowDrawList()
	end := pos.Plus(imgui.Vec2{X: width, Y: height})
	dl.AddRectFilled(pos, end, packed(0.11, 0.11, 0.13, 1))
	if s.Tr.RangeOn && s.Tr.RangeHi > s.Tr.RangeLo {
		dl.AddRectFilled(imgui.Vec2{X: xOf(s.Tr.RangeLo), Y: pos.Y}, imgui.Vec2{X: xOf(s.Tr.RangeHi), Y: end.Y}, packed(0.25, 0.35, 0.5, 0.5))
	}
	if info.Frames > 1 && float32(info.Frames) < width/3 {
		st := info.FrameStep()
		for t := 0.0; t <= d+1e-9; t += st {
			x := xOf(t)
			dl.AddLine(imgui.Vec2{X: x, Y: end.Y - 4*sc}, imgui.Vec2{X: x, Y: end.Y}, packed(0.4, 0.4, 0.45, 1))
		}
	}
	if s.Selected >= 0 {
		if kt, ok := s.Scene.Clips[s.Clip].(anim.KeyTimesClip); ok {
			u.keyTimes = kt.KeyTimes(s.Selected, u.keyTimes[:0])
			for _, t := range u.keyTimes {
				x := xOf(t)
				dl.AddLine(imgui.Vec2{X: x, Y: pos.Y + height*0.35}, imgui.Vec2{X: x, Y: end.Y}, packed(1, 0.85, 0.3, 1))
			}
		}
	}
	for _, m := range s.Markers() {
		x := xOf(m.Time)
		dl.AddTriangleFilled(imgui.Vec2{X: x - 4*sc, Y: pos.Y}, imgui.Vec2{X: x + 4*sc, Y: pos.Y}, imgui.Vec2{X: x, Y: pos.Y + 7*sc}, packed(0.5, 1, 0.6, 1))
		dl.AddText(imgui.Vec2{X: x + 5*sc, Y: pos.Y}, packed(0.5, 1, 0.6, 1), m.Name)
	}
	if s.BlendOn() && !s.Blend.Sync {
		ib := s.InfoB()
		if ib.Duration > 0 && !math.IsInf(ib.Duration, 1) {
			x := pos.X + width*float32(s.Blend.TB/ib.Duration)
			dl.AddLine(imgui.Vec2{X: x, Y: pos.Y}, imgui.Vec2{X: x, Y: end.Y}, packed(0.4, 0.7, 1, 1))
		}
	}
	x := xOf(s.Tr.T)
	dl.AddLineV(imgui.Vec2{X: x, Y: pos.Y}, imgui.Vec2{X: x, Y: end.Y}, packed(1, 0.3, 0.3, 1), 2)
}
