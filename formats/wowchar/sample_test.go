package wowchar_test

import (
	"os"
	"path/filepath"
	"testing"

	"animscope/formats"
	"animscope/formats/samples"
	"animscope/formats/vfs"
	"animscope/formats/wowchar"
	"animscope/formats/wowchar/wowchartest"
)

// TestSampleScourgeFemaleInFixture: the real 3.3.5 Scourge female copied under
// Character/Scourge/Female/ of the fixture folder (whose ChrRaces row 5 names
// Scourge) is a character of the tables: its race and sex come from the path,
// the default hair style shows exactly one of its hair geosets (2 of 2-16),
// hair=2 switches to 5, and the body composites from the fixture's textures.
func TestSampleScourgeFemaleInFixture(t *testing.T) {
	src := samples.Dir(t, "m2-real/wotlk")
	root := t.TempDir()
	if err := wowchartest.WriteExtractedFolder(root); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(root, "Character", "Scourge", "Female")
	for from, to := range map[string]string{"scourgefemale.m2": "ScourgeFemale.m2", "scourgefemale00.skin": "ScourgeFemale00.skin"} {
		data, err := os.ReadFile(filepath.Join(src, from))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, to), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	model := filepath.Join(dir, "ScourgeFemale.m2")
	part, err := formats.OpenFile(model, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	mount, err := vfs.Open(root)
	if err != nil {
		t.Fatal(err)
	}
	defer mount.Close()
	tables, warns := wowchar.LoadTables(mount)
	if tables == nil {
		t.Fatalf("tables: %q", warns)
	}
	folder, sex, ok := wowchar.ModelIdentity(model)
	race, found := tables.Race(folder)
	if !ok || !found || sex != wowchar.Female || race.ID != wowchartest.Race {
		t.Fatalf("identity %q %v %v, race %+v %v", folder, sex, ok, race, found)
	}
	for _, c := range []struct {
		custom   wowchar.Customization
		wantHair int
	}{{wowchar.Customization{}, 2}, {wowchar.Customization{Hair: 2}, 5}} {
		ch := tables.Choose(race, sex, c.custom)
		var hair []int
		hairGeosets := 0
		for _, m := range part.Meshes {
			if m.Group > 0 && m.Group < 100 {
				hairGeosets++
				if v, decided := ch.Visible(m.Group); decided && v {
					hair = append(hair, m.Group)
				}
			}
		}
		if hairGeosets < 10 || len(hair) != 1 || hair[0] != c.wantHair {
			t.Errorf("%v: of %d hair submeshes the tables show %v, want [%d]", c.custom, hairGeosets, hair, c.wantHair)
		}
		res := ch.Composite(wowchar.MountImages(mount))
		if res.Body == nil || res.Body.Rect.Dx() != 256 || len(res.Warnings) > 0 || res.Hair == nil {
			t.Errorf("%v: body %v, hair %v, warnings %q", c.custom, res.Body != nil, res.Hair != nil, res.Warnings)
		}
	}
}
