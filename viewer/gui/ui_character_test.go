package gui

import (
	"image/color"
	"testing"

	"animscope/formats"
	"animscope/viewer"
	"animscope/viewer/viewertest"

	"github.com/inkyblackness/imgui-go/v4"
)

// characterState is a state whose scene has a Character (the command line's
// FindCharacter is a stand-in here: cmd/animscope tests the tables' own) and
// counts its Dress calls.
func characterState(t *testing.T, dressed *int) *viewer.State {
	t.Helper()
	old := viewer.FindCharacter
	t.Cleanup(func() { viewer.FindCharacter = old })
	viewer.FindCharacter = func(a *formats.Asset) *viewer.Character {
		return &viewer.Character{Title: "Scourge female (race 5)",
			Choices: []formats.CustomChoice{
				{Key: "skin", Label: "skin colour", Values: []int{0, 1}, Colors: map[int]color.NRGBA{0: {10, 20, 30, 255}, 1: {40, 50, 60, 255}}},
				{Key: "face", Label: "face", Values: []int{0}},
				{Key: "hair", Label: "hair style", Values: []int{0, 1, 2}},
				{Key: "haircolor", Label: "hair colour", Values: []int{0}, Colors: map[int]color.NRGBA{0: {120, 80, 10, 255}}},
				{Key: "facial", Label: "facial hair", Values: []int{0, 1}},
			},
			Dress: func(*formats.Asset, formats.Customization) []formats.Diagnostic { *dressed++; return nil },
		}
	}
	s := viewer.NewState(func([]string, formats.Options) (*formats.Asset, error) { return viewertest.SyntheticAsset(8), nil }, formats.Options{})
	if !s.Open(nil) {
		t.Fatal(s.LastError())
	}
	s.DismissBanner()
	return s
}

// characterFrame builds a frame with the Character panel in a window of its
// own (so that it is built every frame, whichever tab is in front).
func characterFrame(u *UI) {
	imgui.NewFrame()
	u.Build(1280, 800)
	imgui.SetNextWindowPosV(imgui.Vec2{}, imgui.ConditionAlways, imgui.Vec2{})
	imgui.SetNextWindowSizeV(imgui.Vec2{X: 600, Y: 300}, imgui.ConditionAlways)
	if imgui.Begin("character (test)") {
		u.characterPanel()
	}
	imgui.End()
	imgui.Render()
}

// TestCharacterPanel: the Character tab is offered for a scene with a
// Character (and not for one without); its rows are the tables' offers with
// the colours' swatches; a steady frame with the panel open allocates
// nothing (the view is built once per scene generation), a choice dresses the scene once and rebuilds the panel's text once.
func TestCharacterPanel(t *testing.T) {
	defer newUIContext(t)()
	dressed := 0
	s := characterState(t, &dressed)
	u := &UI{S: s, Scale: 1}
	if !hasCharacter(u) {
		t.Fatal("no Character tab for a scene with a Character")
	}
	u.ShowPanel(viewer.PanelCharacter)
	for i := 0; i < 3; i++ {
		characterFrame(u)
	}
	v := &u.char
	want := []struct{ label, preview string }{{"skin colour", "0  #0a141e"}, {"face", "0"}, {"hair style", "0"}, {"hair colour", "0  #78500a"}, {"facial hair", "0"}}
	if len(v.rows) != len(want) {
		t.Fatalf("%d rows, want %d", len(v.rows), len(want))
	}
	for i, w := range want {
		if r := v.rows[i]; r.label != w.label || r.preview != w.preview {
			t.Errorf("row %d: %q %q, want %q %q", i, r.label, r.preview, w.label, w.preview)
		}
	}
	if got := v.rows[2].items; len(got) != 3 || got[2] != "2##hair style" {
		t.Errorf("hair style items %q, want 0, 1, 2", got)
	}
	// The panel's own per-frame work (imgui-go's calls copy their strings to C
	// whatever the panel, as the other panels' tests measure the same way).
	steady := func() {
		if hasCharacter(u) {
			u.refreshCharacter(s.Scene)
		}
	}
	if n := testing.AllocsPerRun(20, steady); n != 0 {
		t.Errorf("a steady frame's Character panel work allocates %v times, want 0", n)
	}
	if _, err := s.Scene.Customize(formats.Customization("hair=2")); err != nil {
		t.Fatal(err)
	}
	characterFrame(u) // rebuilds the panel's text once
	if dressed != 1 {
		t.Errorf("dressed %d times for one choice, want 1", dressed)
	}
	if got := v.rows[2].preview; got != "2" {
		t.Errorf("hair style after the choice: %q, want 2", got)
	}
	if n := testing.AllocsPerRun(20, steady); n != 0 {
		t.Errorf("after a choice, a steady frame's Character panel work allocates %v times, want 0", n)
	}
	for i := 0; i < 5; i++ {
		characterFrame(u)
	}
	if dressed != 1 {
		t.Errorf("dressed %d times after steady frames, want 1", dressed)
	}
	if _, err := s.Scene.Customize(formats.Customization("hair=9")); err != nil {
		t.Fatal(err)
	}
	characterFrame(u)
	if got := v.rows[2].preview; got != "9 (not offered)" {
		t.Errorf("hair style 9: %q, want \"9 (not offered)\"", got)
	}
	viewer.FindCharacter = nil
	s.Open(nil)
	if hasCharacter(u) {
		t.Error("a Character tab for a scene without a Character")
	}
}
