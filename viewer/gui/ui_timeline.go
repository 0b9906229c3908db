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
	u.keyStepButtons(info)
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
	if imgui.Checkbox("range", &s.Tr.RangeOn) && s.Tr.RangeOn && !(s.Tr.RangeHi > s.Tr.RangeLo) {
		s.Tr.RangeLo, s.Tr.RangeHi = 0, info.Duration // the whole clip, to narrow on the dope sheet's ruler
		if math.IsInf(info.Duration, 1) || !(info.Duration > 0) {
			s.Tr.RangeHi = 100 * info.FrameStep()
		}
	}
	tooltip("play only between the range handles (drag them on the dope sheet's ruler)")
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
	u.timeText(info)
}

// timeText is the transport's clock, "12.00 frame (0.800 s) / 40.00 frame
// (2.667 s)", or "12.00 / 40.00 frame" where the line has no room; formatted
// without allocating.
func (u *UI) timeText(info anim.ClipInfo) {
	t := u.S.Tr.T
	tb := &u.timeBuf
	unit := info.Unit
	if unit == "" {
		unit = "frame"
	}
	prec := 2
	switch unit {
	case "ms":
		prec = 0
	case "s":
		prec = 3
	}
	full := func(v float64) {
		tb.float(v, prec).str(" ").str(unit)
		if unit != "s" && info.UnitsPerSecond > 0 {
			tb.str(" (").float(v/info.UnitsPerSecond, 3).str(" s)")
		}
	}
	tb.reset()
	full(t)
	tb.str(" / ")
	if math.IsInf(info.Duration, 1) {
		tb.str("infinite")
	} else {
		full(info.Duration)
	}
	if imgui.CalcTextSize(tb.String(), false, 0).X > imgui.ContentRegionAvail().X {
		tb.reset().float(t, prec).str(" / ")
		if math.IsInf(info.Duration, 1) {
			tb.str("infinite")
		} else {
			tb.float(info.Duration, prec)
		}
		tb.str(" ").str(unit)
	}
	imgui.Text(tb.String())
}

// keyStepButtons go key to key: the selected nodes' keys (of the channel the
// graph editor's "keys of" picks), any node's, and the markers.
func (u *UI) keyStepButtons(info anim.ClipInfo) {
	s := u.S
	for i, b := range keyStepLabels {
		if i > 0 {
			imgui.SameLineV(0, 2*u.scale())
		}
		if imgui.Button(b[0]) {
			dir := 2*(i%2) - 1
			switch i / 2 {
			case 0:
				s.StepKey(dir, viewer.ScopeSelected)
			case 1:
				s.StepKey(dir, viewer.ScopeAll)
			default:
				u.stepMarker(dir, info)
			}
		}
		probeItem(b[0])
		if imgui.IsItemHovered() {
			help := b[1]
			if i < 2 && s.Steps.Channel != anim.TrackAny {
				help += "\n" + anim.TrackKindNames[s.Steps.Channel] + " keys only (the graph's \"keys of\")"
			}
			imgui.SetTooltip(help)
		}
	}
}

// keyStepLabels are the key-step buttons' labels and tooltips, previous then
// next: the selection's keys, any node's, the markers.
var keyStepLabels = [6][2]string{
	{"<k", "previous key of the selected node and the nodes the graph plots beside it\n(nothing selected: any node) (,)"},
	{"k>", "next key of the selected node and the nodes the graph plots beside it\n(nothing selected: any node) (.)"},
	{"<K", "previous key of any node (Shift+,)"},
	{"K>", "next key of any node (Shift+.)"},
	{"<m", "previous marker, the clip's or yours ([)"},
	{"m>", "next marker, the clip's or yours (])"},
}

// stepMarker goes to the previous (dir < 0) or next marker of the clip,
// its own and the user's, and pauses.
func (u *UI) stepMarker(dir int, info anim.ClipInfo) {
	var user *viewer.DopeSheet
	if user = u.dope.model; user == nil {
		user = viewer.NewDopeSheet()
		u.dope.model = user
	}
	if t, ok := user.NextMarker(info.Name, u.S.Markers(), u.S.Tr.T, dir); ok {
		u.S.Tr.Scrub(t, info)
	}
}
