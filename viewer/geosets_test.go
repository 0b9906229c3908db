package viewer

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"animscope/formats"
	"animscope/formats/m2"
	"animscope/formats/m2/m2test"
)

// characterScene opens the synthetic character (Character/Human/Female/).
func characterScene(t *testing.T) *Scene {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "Character", "Human", "Female")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	data, skin := m2test.Character(264, "HumanFemale").Encode()
	p := filepath.Join(dir, "HumanFemale.m2")
	os.WriteFile(p, data, 0o644)
	os.WriteFile(m2.SkinName(p), skin, 0o644)
	a, err := formats.Open([]string{p}, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	sc, err := NewScene(a, []string{p}, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

func drawn(sc *Scene) []int {
	var ids []int
	for _, m := range sc.Meshes {
		if !m.Hidden {
			ids = append(ids, m.Group)
		}
	}
	slices.Sort(ids)
	return ids
}

func group(t *testing.T, sc *Scene, g int) formats.GeosetGroup {
	t.Helper()
	for _, x := range sc.GeosetGroups() {
		if x.Group == g {
			return x
		}
	}
	t.Fatalf("no group %d", g)
	return formats.GeosetGroup{}
}

// TestGeosetPanelModel: choosing a variant of a group draws it alone (the body
// stays), "none" hides the group, All draws everything, Defaults comes back to
// what the scene opened with; each change bumps Gen so the meshes are uploaded
// again.
func TestGeosetPanelModel(t *testing.T) {
	sc := characterScene(t)
	defaults := drawn(sc)
	hair := group(t, sc, 0)
	if got := sc.GroupChoice(hair); got != 3 {
		t.Errorf("hair at the defaults: %d, want 3", got)
	}
	steps := []struct {
		name string
		do   func() error
		want func(ids []int) bool
	}{
		{"hair 5", func() error { return sc.ChooseGeoset(hair, 5) }, func(ids []int) bool {
			return slices.Contains(ids, 0) && slices.Contains(ids, 5) && !slices.Contains(ids, 3) && sc.GroupChoice(hair) == 5
		}},
		{"no cape group", func() error { return sc.ChooseGeoset(group(t, sc, 15), GeosetNone) }, func(ids []int) bool {
			return !slices.Contains(ids, 1501) && !slices.Contains(ids, 1502) && sc.GroupChoice(group(t, sc, 15)) == GeosetNone
		}},
		{"all", sc.ShowAllGeosets, func(ids []int) bool {
			return len(ids) == len(m2test.CharacterGeosets) && sc.GroupChoice(hair) == GeosetSeveral
		}},
		{"defaults", sc.DefaultGeosets, func(ids []int) bool { return slices.Equal(ids, defaults) }},
	}
	for _, s := range steps {
		gen := sc.Gen
		if err := s.do(); err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		if sc.Gen == gen {
			t.Errorf("%s: Gen unchanged", s.name)
		}
		if ids := drawn(sc); !s.want(ids) {
			t.Errorf("%s: drawn %v", s.name, ids)
		}
	}
}

// TestSceneFillSlot: a slot filled from the Materials panel reaches the
// materials and bumps Gen; emptying it brings its warning back.
func TestSceneFillSlot(t *testing.T) {
	sc := characterScene(t)
	f := filepath.Join(t.TempDir(), "skin.blp")
	os.WriteFile(f, []byte("not read here"), 0o644)
	gen := sc.Gen
	if err := sc.FillSlot(m2.TextureBody, f); err != nil {
		t.Fatal(err)
	}
	if sc.Gen == gen {
		t.Error("Gen unchanged")
	}
	for _, m := range sc.Asset.Materials.Materials() {
		if m.Slot == m2.TextureBody && m.Texture != f {
			t.Errorf("mesh %d draws %q", m.Mesh, m.Texture)
		}
	}
	for _, d := range sceneDiags(sc) {
		if d.Severity == formats.Warning && containsAll(d.Text, "texture slot body") {
			t.Errorf("still warned: %s", d.Text)
		}
	}
	if err := sc.FillSlot(m2.TextureBody, ""); err != nil {
		t.Fatal(err)
	}
	found := false
	for _, d := range sceneDiags(sc) {
		found = found || containsAll(d.Text, "texture slot body (body skin) is empty", "HumanFemaleSkin00_00.blp")
	}
	if !found {
		t.Error("an empty body slot has no warning in the banner's lines")
	}
}

func containsAll(s string, parts ...string) bool {
	for _, p := range parts {
		if !strings.Contains(s, p) {
			return false
		}
	}
	return true
}
