package m2

import (
	"fmt"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"animscope/formats"
	"animscope/formats/blp"
	"animscope/formats/blp/blptest"
	"animscope/formats/m2/m2test"
	"animscope/formats/samples"
)

// shownIDs are the geoset ids of the visible meshes, ascending, once each.
func shownIDs(a *formats.Asset) []int {
	var ids []int
	for _, m := range a.Meshes {
		if !m.Hidden && !slices.Contains(ids, m.Group) {
			ids = append(ids, m.Group)
		}
	}
	slices.Sort(ids)
	return ids
}

// TestCharacterDefaultGeosets checks the client's default, group by group, on the
// synthetic character: the body; the lowest hair style (3, not the scalp 1 nor
// the long hair 5); facial value 1 (101, 201; not the beard 102); bare hands 401
// and feet 501; ears 702; no sleeves (8 has no 801); legs 1301, not the robe;
// cape 1501 (no cape), not 1502; eye glow 1701 for a race without the racial
// glow, 1702 for the Scourge; no belt (18 has no 1801).
func TestCharacterDefaultGeosets(t *testing.T) {
	common := []int{0, 3, 101, 201, 401, 501, 702, 1301, 1501}
	cases := []struct {
		name string
		glow int
	}{
		{"HumanFemale", 1701},
		{"ScourgeFemale", 1702},
		{"NightElfMale", 1702},
	}
	for _, v := range versions {
		for _, c := range cases {
			t.Run(fmt.Sprintf("%d/%s", v, c.name), func(t *testing.T) {
				p := writeModel(t, t.TempDir(), c.name+".m2", m2test.Character(v, c.name))
				a, err := formats.Open([]string{p}, formats.Options{})
				if err != nil {
					t.Fatal(err)
				}
				want := slices.Sorted(slices.Values(append(slices.Clone(common), c.glow)))
				if got := shownIDs(a); !slices.Equal(got, want) {
					t.Errorf("shown geosets: got %v, want %v", got, want)
				}
				groups := formats.GeosetsOf(a)
				wantGroups := map[int]string{0: "hair", 1: "facial 1", 2: "facial 2", 4: "gloves", 5: "boots", 7: "ears",
					8: "sleeves", 13: "robe", 15: "cape", 17: "eye glow", 18: "belt"}
				if len(groups) != len(wantGroups) {
					t.Errorf("got %d groups, want %d: %+v", len(groups), len(wantGroups), groups)
				}
				for _, g := range groups {
					if g.Name != wantGroups[g.Group] {
						t.Errorf("group %d: name %q, want %q", g.Group, g.Name, wantGroups[g.Group])
					}
					for i, id := range g.IDs {
						if id/100 != g.Group {
							t.Errorf("group %d holds geoset %d", g.Group, id)
						}
						if g.Shown[i] != slices.Contains(want, id) {
							t.Errorf("geoset %d: shown by default %v, want %v", id, g.Shown[i], !g.Shown[i])
						}
					}
				}
			})
		}
	}
}

// TestCharacterGeosetValues: a customisation (h-dbc's tables) overrides the
// defaults group by group; a bald character shows the scalp.
func TestCharacterGeosetValues(t *testing.T) {
	p := writeModel(t, t.TempDir(), "HumanMale.m2", m2test.Character(264, "HumanMale"))
	a, err := formats.Open([]string{p}, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	det := a.Details.(*Details)
	cases := []struct {
		values GeosetValues
		want   []int
	}{
		{GeosetValues{0: 5, 1: 2, 4: 2}, []int{0, 5, 102, 201, 402, 501, 702, 1301, 1501, 1701}},
		{GeosetValues{0: 0, 15: 2, 13: 2}, []int{0, 1, 101, 201, 401, 501, 702, 1302, 1502, 1701}},
		{GeosetValues{7: 1, 17: 0, 5: 2}, []int{0, 3, 101, 201, 401, 502, 701, 1301, 1501}},
	}
	for _, c := range cases {
		show := det.CharacterGeosets(c.values)
		formats.ApplyGeosets(a.Meshes, formats.GeosetsOf(a), show)
		if got := shownIDs(a); !slices.Equal(got, c.want) {
			t.Errorf("values %v: shown %v, want %v", c.values, got, c.want)
		}
	}
}

// TestNonCharacterShowsEverySubmesh: a model without the body skin slot (the
// synthetic creature: geosets 0 and 101) draws every submesh; its groups are
// offered unnamed, all shown; nothing is added to its inspect details.
func TestNonCharacterShowsEverySubmesh(t *testing.T) {
	for _, v := range versions {
		a, _ := openTest(t, m2test.NewModel(v))
		for i, m := range a.Meshes {
			if m.Hidden {
				t.Errorf("%d: mesh %d (geoset %d) hidden", v, i, m.Group)
			}
		}
		det := a.Details.(*Details)
		if det.Character() || det.CharacterGroups != nil {
			t.Errorf("%d: taken for a character", v)
		}
		for _, g := range formats.GeosetsOf(a) {
			if g.Name != "" || slices.Contains(g.Shown, false) {
				t.Errorf("%d: group %+v, want unnamed and all shown", v, g)
			}
		}
	}
}

// blpOf is a 4×4 BGRA BLP2 of one colour.
func blpOf(t *testing.T) []byte {
	img := image.NewNRGBA(image.Rect(0, 0, 4, 4))
	for i := 0; i < 16; i++ {
		img.Set(i%4, i/4, color.NRGBA{200, 120, 40, 255})
	}
	b, err := blptest.Encode(img, blptest.Format{Version: 2, Encoding: blp.BGRA})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// writeBLP writes a 4×4 BLP2 of one colour.
func writeBLP(t *testing.T, p string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, blpOf(t), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestCharacterFolderFillsSlots: a model laid out as the client's
// (Character/Scourge/Female/ with the model, its .skin and
// ScourgeFemaleSkin00_00.blp, Character/Scourge/Hair00_00.blp) has its body and
// hair slots filled without flags, in any case; the cape slot stays empty and
// says so; the siblings are the slot's candidates.
func TestCharacterFolderFillsSlots(t *testing.T) {
	for _, v := range versions {
		t.Run(fmt.Sprint(v), func(t *testing.T) {
			root := t.TempDir()
			dir := filepath.Join(root, "Character", "Scourge", "Female")
			os.MkdirAll(dir, 0o755)
			p := writeModel(t, dir, "scourgefemale.m2", m2test.Character(v, "ScourgeFemale"))
			body := filepath.Join(dir, "SCOURGEFEMALESKIN00_00.BLP")
			writeBLP(t, body)
			writeBLP(t, filepath.Join(dir, "ScourgeFemaleSkin00_01.blp"))
			writeBLP(t, filepath.Join(dir, "ScourgeFemaleSkin00_00_Extra.blp"))
			hair := filepath.Join(root, "Character", "Scourge", "Hair00_00.blp")
			writeBLP(t, hair)
			a, err := formats.Open([]string{p}, formats.Options{})
			if err != nil {
				t.Fatal(err)
			}
			slots := formats.SlotsOf(a)
			got := map[string]formats.TextureSlot{}
			for _, s := range slots {
				got[s.Name] = s
			}
			if len(slots) != 3 || got["body"].File != body || got["hair"].File != hair || got["cape"].File != "" {
				t.Fatalf("slots %+v: want body %s, hair %s, cape empty", slots, body, hair)
			}
			if c := got["body"].Candidates; len(c) != 2 || c[0] != body || filepath.Base(c[1]) != "ScourgeFemaleSkin00_01.blp" {
				t.Errorf("body candidates %v", c)
			}
			for _, m := range a.Materials.Materials() {
				if m.Slot == TextureBody && m.Texture != body {
					t.Errorf("mesh %d of the body slot draws %q", m.Mesh, m.Texture)
				}
			}
			w := formats.SlotWarnings(a)
			if len(w) != 1 || !strings.Contains(w[0], "texture slot cape (cape / object skin) is empty") || !strings.Contains(w[0], p) {
				t.Errorf("warnings %q: want the cape's alone, naming the model", w)
			}
		})
	}
}

// TestSlotWarningNamesWhatWasSought: an empty slot's warning names the model,
// the slot and the file looked for; filling it by hand silences it.
func TestSlotWarningNamesWhatWasSought(t *testing.T) {
	dir := t.TempDir()
	p := writeModel(t, dir, "TaurenMale.m2", m2test.Character(264, "TaurenMale"))
	a, err := formats.Open([]string{p}, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	w := strings.Join(formats.SlotWarnings(a), "\n")
	for _, s := range []string{p + ": texture slot body (body skin) is empty: looked for TaurenMaleSkin00_00.blp beside the model and Character/Tauren/Male/TaurenMaleSkin00_00.blp in the asset root",
		"texture slot hair (hair) is empty: looked for Hair00_00.blp", "--texture body=FILE"} {
		if !strings.Contains(w, s) {
			t.Errorf("warnings\n%s\nlack %q", w, s)
		}
	}
	f := filepath.Join(dir, "mine.blp")
	writeBLP(t, f)
	ts := a.Materials.(formats.TextureSlots)
	if err := ts.FillSlot(TextureBody, f); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(strings.Join(formats.SlotWarnings(a), "\n"), "slot body") {
		t.Error("the body slot still warns once filled")
	}
	if err := ts.FillSlot(TextureCreature1, f); err == nil || !strings.Contains(err.Error(), "no texture slot creature1") {
		t.Errorf("a slot the model lacks: %v", err)
	}
	if err := ts.FillSlot(TextureHair, dir); err == nil {
		t.Error("a folder filled a slot")
	}
}

// TestParseSlot reads slot names and numbers.
func TestParseSlot(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int
	}{{"body", 1}, {"Cape", 2}, {"hair", 6}, {"fur", 8}, {"creature1", 11}, {"creature2", 12}, {"creature3", 13}, {"6", 6}, {"type19", 19}} {
		if got, err := ParseSlot(c.in); err != nil || got != c.want {
			t.Errorf("ParseSlot(%q) = %d, %v; want %d", c.in, got, err, c.want)
		}
	}
	for _, bad := range []string{"", "skin", "0", "256", "-1"} {
		if _, err := ParseSlot(bad); err == nil {
			t.Errorf("ParseSlot(%q) took it", bad)
		}
	}
}

// TestCreatureSlotInArchiveWarns: a creature skin of a model read from an
// archive (nothing can be listed there) is empty and says so, naming the model.
func TestCreatureSlotInArchiveWarns(t *testing.T) {
	m := m2test.NewModel(256)
	m.TextureTypes = []uint32{11}
	m.Textures = []string{""}
	data, _ := m.Encode()
	a, err := formats.OpenInTree(mapTree{"Creature/Murloc/Murloc2.m2": data}, "Creature/Murloc/Murloc2.m2", "x.mpq:Creature/Murloc/Murloc2.m2", formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	w := formats.SlotWarnings(&a.Asset)
	if len(w) != 1 || !strings.HasPrefix(w[0], "x.mpq:Creature/Murloc/Murloc2.m2: texture slot creature1 (creature skin 1) is empty") {
		t.Errorf("warnings %q", w)
	}
}

// TestScourgeFemaleDefaults: the real character at its defaults draws one body,
// one hair style (the lowest, 2), bare hands and feet, the ears, the legs, no
// cape (1501) and the racial eye glow once; with every geoset it drew 48.
func TestScourgeFemaleDefaults(t *testing.T) {
	dir := samples.Dir(t, "m2-real")
	a, err := formats.Open([]string{filepath.Join(dir, "wotlk", "scourgefemale.m2")}, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := []int{0, 2, 401, 501, 702, 1301, 1501, 1702}
	if got := shownIDs(a); !slices.Equal(got, want) {
		t.Errorf("shown %v, want %v", got, want)
	}
	visible := 0
	for _, m := range a.Meshes {
		if !m.Hidden {
			visible++
		}
	}
	if visible != len(want) || len(a.Meshes) != 48 {
		t.Errorf("%d of %d meshes visible, want %d of 48 (one submesh per geoset shown)", visible, len(a.Meshes), len(want))
	}
	var names []string
	for _, s := range formats.SlotsOf(a) {
		names = append(names, s.Name)
	}
	if strings.Join(names, " ") != "body cape hair" {
		t.Errorf("slots %v, want body cape hair", names)
	}
}

// TestCustomise: a customisation's geoset values and slot files reach the
// meshes and materials; a non-character is refused.
func TestCustomise(t *testing.T) {
	dir := t.TempDir()
	p := writeModel(t, dir, "HumanMale.m2", m2test.Character(260, "HumanMale"))
	a, err := formats.Open([]string{p}, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	hair := filepath.Join(dir, "hair.blp")
	writeBLP(t, hair)
	if err := Customise(a, GeosetValues{0: 5, 15: 2}, map[int]string{TextureHair: hair}); err != nil {
		t.Fatal(err)
	}
	if got, want := shownIDs(a), []int{0, 5, 101, 201, 401, 501, 702, 1301, 1502, 1701}; !slices.Equal(got, want) {
		t.Errorf("shown %v, want %v", got, want)
	}
	for _, m := range a.Materials.Materials() {
		if m.Slot == TextureHair && m.Texture != hair {
			t.Errorf("hair mesh %d draws %q", m.Mesh, m.Texture)
		}
	}
	creature, _ := openTest(t, m2test.NewModel(264))
	if err := Customise(creature, nil, nil); err == nil {
		t.Error("a creature was customised")
	}
}

// TestCharacterSlotsInArchive: a character read from an archive finds its body
// skin and hair under Character\ in that archive (named ARCHIVE:PATH).
func TestCharacterSlotsInArchive(t *testing.T) {
	data, _ := m2test.Character(256, "ScourgeFemale").Encode()
	archive := filepath.Join(t.TempDir(), "x.mpq")
	os.WriteFile(archive, []byte("not read: the tree is given"), 0o644)
	tree := mapTree{
		"Character/Scourge/Female/ScourgeFemale.m2":           data,
		"Character/Scourge/Female/ScourgeFemaleSkin00_00.blp": blpOf(t),
		"Character/Scourge/Hair00_00.blp":                     blpOf(t),
	}
	a, err := formats.OpenInTree(tree, "Character/Scourge/Female/ScourgeFemale.m2", archive+":Character/Scourge/Female/ScourgeFemale.m2", formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, s := range formats.SlotsOf(&a.Asset) {
		got[s.Name] = s.File
	}
	if got["body"] != archive+":Character/Scourge/Female/ScourgeFemaleSkin00_00.blp" || got["hair"] != archive+":Character/Scourge/Hair00_00.blp" || got["cape"] != "" {
		t.Errorf("slots %v", got)
	}
}
