package gui

import (
	"fmt"
	"math"

	"animscope/anim"
	"animscope/formats"
	"animscope/viewer"

	"github.com/inkyblackness/imgui-go/v4"
)

// clipChoices are the blend combos' entries: "0 Stand", and "0 (bind pose)"
// for a scene without clips (not a bare "0").
func clipChoices(infos []anim.ClipInfo) []string {
	names := make([]string, len(infos))
	for i, in := range infos {
		names[i] = fmt.Sprintf("%d %s", i, clipName(in))
	}
	return names
}

func (u *UI) blendPanel() {
	s := u.S
	sc := s.Scene
	names := clipChoices(sc.Infos)
	imgui.Checkbox("Blend A with B", &s.Blend.On)
	a := int32(s.Clip)
	if imgui.Combo("clip A", &a, names) {
		s.SetClip(int(a))
	}
	b := int32(s.Blend.ClipB)
	if imgui.Combo("clip B", &b, names) {
		s.Blend.ClipB = int(b)
	}
	imgui.SliderFloatV("weight", &s.Blend.Weight, 0, 1, "%.3f", 0)
	tooltip(viewer.HelpBlendWeight)
	sync := 0
	if !s.Blend.Sync {
		sync = 1
	}
	imgui.RadioButtonInt("B synced to A", &sync, 0)
	tooltip(viewer.HelpBlendSync)
	imgui.SameLine()
	imgui.RadioButtonInt("B free", &sync, 1)
	tooltip(viewer.HelpBlendSync)
	s.Blend.Sync = sync == 0
	if !s.Blend.Sync {
		ib := s.InfoB()
		tb := float32(s.Blend.TB)
		hi := float32(ib.Duration)
		if math.IsInf(ib.Duration, 1) {
			hi = max(tb*2, 1000)
		}
		if imgui.SliderFloatV("t B", &tb, 0, hi, "%.2f", 0) {
			s.Blend.TB = float64(tb)
		}
	} else {
		imgui.Text("t B = " + viewer.FormatTime(s.TimeB(), s.InfoB()))
	}
	if s.BlendOn() {
		r := s.Result
		switch {
		case r.Neither:
			coloured(colWarn, "no side is valid: A sampled at max(tA, 0)")
		case r.UsedA && r.UsedB:
			imgui.Text("using A and B")
		case r.UsedA:
			imgui.Text("using A only (w = 1 or tB < 0 makes B invalid)")
		case r.UsedB:
			imgui.Text("using B only (w = 1 or tA < 0 makes A invalid)")
		}
	}
}

// choiceCombo is a combo box over reading r's choices that edits o's value of r;
// it reports whether the user picked another value.
func choiceCombo(label string, r formats.Reading, o *formats.Options) bool {
	v := o.Value(r.Name)
	cur := int32(0)
	for i, c := range r.Choices {
		if c == v {
			cur = int32(i)
		}
	}
	if imgui.Combo(label, &cur, r.Choices) && r.Choices[cur] != v {
		o.Set(r.Name, r.Choices[cur])
		return true
	}
	return false
}

func (u *UI) optionsPanel() {
	s := u.S
	o := s.Opts
	changed := false
	for i, r := range s.SceneReadings() {
		if choiceCombo(s.Scene.Readings.Labels[i], r, &o) {
			changed = true
		}
		tooltip(r.Help)
	}
	if s.HasSkeletonLOD() {
		lod := int32(o.LOD)
		if imgui.InputInt("skeleton LOD", &lod) && lod >= 0 && int(lod) != o.LOD {
			o.LOD = int(lod)
			changed = true
		}
	}
	if changed {
		s.SetOptions(o)
	}
	if s.HasSlots() {
		a, b := int32(s.SlotA), int32(s.SlotB)
		ca := imgui.SliderInt("slot A (lod/damage)", &a, 0, 2)
		cb := imgui.SliderInt("slot B (group, 4 collision)", &b, 0, 4)
		if ca || cb {
			s.SetSlot(int(a), int(b))
		}
	}
}
