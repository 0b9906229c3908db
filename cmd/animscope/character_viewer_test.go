package main

import (
	"path/filepath"
	"testing"

	"animscope/formats"
	"animscope/formats/m2"
	"animscope/formats/wowchar"
	"animscope/formats/wowchar/wowchartest"
	"animscope/viewer"
)

// TestViewerCharacter: the viewer's loader dresses the fixture's character at
// --character's customisation and gives its scene a Character: what the
// tables offer the Scourge female, the swatches of its skin and hair colours,
// and Customize (the panel's choice) switching the hair geoset and the hair
// texture once, bumping the scene's Gen; a choice already drawn changes
// nothing; a reload keeps the choice. A model of no mount with tables has no
// Character.
func TestViewerCharacter(t *testing.T) {
	folder, err := wowchartest.WriteDataFolder(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer func(f func(*formats.Asset) *viewer.Character) { viewer.FindCharacter = f }(viewer.FindCharacter)
	model := filepath.Join(folder, "common.MPQ") + ":" + wowchartest.ModelPath
	cfg, err := parseViewerArgs([]string{"--character", "facial=1", model})
	if err != nil {
		t.Fatal(err)
	}
	a, err := cfg.load(cfg.files, cfg.opts)
	if err != nil {
		t.Fatal(err)
	}
	sc, err := viewer.NewScene(a, cfg.files, cfg.opts)
	if err != nil {
		t.Fatal(err)
	}
	ch := sc.Character()
	if ch == nil {
		t.Fatal("no Character for the fixture's model")
	}
	if ch.Title != "Scourge female (race 5)" {
		t.Errorf("title %q", ch.Title)
	}
	wantChoices := []struct {
		key, label string
		values     []int
		colors     bool
	}{
		{"skin", "skin colour", []int{0, 1}, true}, {"face", "face", []int{0}, false}, {"hair", "hair style", []int{0, 1, 2}, false},
		{"haircolor", "hair colour", []int{0}, true}, {"facial", "facial hair", []int{0, 1}, false},
	}
	if len(ch.Choices) != len(wantChoices) {
		t.Fatalf("%d choices %+v, want %d", len(ch.Choices), ch.Choices, len(wantChoices))
	}
	for i, w := range wantChoices {
		c := ch.Choices[i]
		if c.Key != w.key || c.Label != w.label || fmtInts(c.Values) != fmtInts(w.values) || (c.Colors != nil) != w.colors {
			t.Errorf("choice %d: %q %q %v colours %v, want %q %q %v colours %v", i, c.Key, c.Label, c.Values, c.Colors != nil, w.key, w.label, w.values, w.colors)
		}
	}
	skins, hairs := ch.Choices[0].Colors, ch.Choices[3].Colors
	if skins[0] != wowchartest.Skin0 || skins[1] != wowchartest.Skin1 || hairs[0] != wowchartest.Hair0 {
		t.Errorf("swatches skin %v hair %v, want skin %v %v, hair %v", skins, hairs, wowchartest.Skin0, wowchartest.Skin1, wowchartest.Hair0)
	}
	if want := formats.Customization(wowchar.Customization{Facial: 1}.String()); ch.Custom != want {
		t.Errorf("starts at %v, want --character's %v", ch.Custom, want)
	}
	shown := func() string {
		var ids []int
		for _, m := range sc.Meshes {
			if !m.Hidden && m.Group > 0 && m.Group < 400 {
				ids = append(ids, m.Group)
			}
		}
		return fmtInts(ids)
	}
	slot := func(typ int) string {
		for _, s := range sc.TextureSlots() {
			if s.Type == typ {
				return s.File
			}
		}
		return ""
	}
	if got := shown(); got != "[2 102 203 304]" {
		t.Errorf("opened: geosets %s, want [2 102 203 304]", got)
	}
	hair0, gen := slot(m2.TextureHair), sc.Gen
	cust := ch.Custom.With("hair", 2)
	if _, err := sc.Customize(cust); err != nil {
		t.Fatal(err)
	}
	if got := shown(); got != "[5 102 203 304]" {
		t.Errorf("hair=2: geosets %s, want [5 102 203 304]", got)
	}
	if sc.Gen == gen {
		t.Error("hair=2: Gen unchanged (the renderer would not upload)")
	}
	if h := slot(m2.TextureHair); h == hair0 || h == "" {
		t.Errorf("hair=2: hair slot %q, want another than %q", h, hair0)
	}
	if ch.Custom != cust {
		t.Errorf("Custom %v after the choice, want %v", ch.Custom, cust)
	}
	gen = sc.Gen
	if _, err := sc.Customize(cust); err != nil || sc.Gen != gen {
		t.Errorf("the same choice again: Gen %v -> %v, %v; want unchanged", gen, sc.Gen, err)
	}
	// A reload (the same loader) dresses the character as the panel left it.
	a2, err := cfg.load(cfg.files, cfg.opts)
	if err != nil {
		t.Fatal(err)
	}
	sc2, err := viewer.NewScene(a2, cfg.files, cfg.opts)
	if err != nil {
		t.Fatal(err)
	}
	if ch2 := sc2.Character(); ch2 == nil || ch2.Custom != cust {
		t.Errorf("reloaded: Character %+v, want its customisation %v", ch2, cust)
	}
	sc = sc2
	if got := shown(); got != "[5 102 203 304]" {
		t.Errorf("reloaded: geosets %s, want the panel's choice [5 102 203 304]", got)
	}
	// A character file of no mount with tables: no panel.
	plain, err := viewer.NewScene(&formats.Asset{Files: []string{"x.m2"}, Skeleton: a.Skeleton}, []string{"x.m2"}, cfg.opts)
	if err != nil {
		t.Fatal(err)
	}
	if plain.Character() != nil {
		t.Error("a scene of no mount with tables has a Character")
	}
}
