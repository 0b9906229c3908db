package wowchar_test

import (
	"image"
	"image/color"
	"strings"
	"testing"

	"animscope/formats"
	_ "animscope/formats/all" // the M2 decoder
	"animscope/formats/mpq/mpqtest"
	"animscope/formats/vfs"
	"animscope/formats/wowchar"
	"animscope/formats/wowchar/wowchartest"
)

// wantFixture is where the client puts each colour of the fixture, from the
// region table written out again: torso upper (128..256, 0..64), pelvis upper
// (128..256, 96..160), face upper (0..128, 160..192), face lower (0..128,
// 192..256; the scalp's lower covers its bottom half, 224..256).
func wantFixture(x, y int, c wowchar.Customization) color.NRGBA {
	scalp := c.Hair == 0 // styles 1 (bald) and 2 have no scalp textures
	base := wowchartest.Skin0
	if c.Skin == 1 {
		base = wowchartest.Skin1
	}
	switch {
	case x >= 128 && y < 64:
		return wowchartest.Torso
	case x >= 128 && y >= 96 && y < 160:
		return wowchartest.Pelvis
	case x < 128 && y >= 160 && y < 192:
		if scalp {
			return wowchartest.ScalpUp
		}
		return wowchartest.FaceUpper
	case x < 128 && y >= 192:
		if scalp && y >= 224 {
			return wowchartest.ScalpLow
		}
		if c.Facial == 1 {
			return wowchartest.Beard
		}
		return wowchartest.FaceLower
	}
	return base
}

func TestFixtureMountComposite(t *testing.T) {
	folder, err := wowchartest.WriteDataFolder(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	mount, err := vfs.Open(folder)
	if err != nil {
		t.Fatal(err)
	}
	defer mount.Close()
	tables, warns := wowchar.LoadTables(mount)
	if tables == nil || len(warns) > 0 {
		t.Fatalf("LoadTables: %v, warnings %q", tables != nil, warns)
	}
	entry, ok := mount.Lookup(wowchartest.ModelPath)
	if !ok {
		t.Fatalf("the mount has no %s", wowchartest.ModelPath)
	}
	folderName, sex, ok := wowchar.ModelIdentity(entry.Path)
	if !ok || sex != wowchar.Female {
		t.Fatalf("ModelIdentity(%q) = %q, %v, %v", entry.Path, folderName, sex, ok)
	}
	race, ok := tables.Race(folderName)
	if !ok || race.ID != wowchartest.Race || race.Name != "Undead" {
		t.Fatalf("race of folder %q: %+v, %v", folderName, race, ok)
	}
	part, err := mount.OpenModel(entry, formats.Options{})
	if err != nil {
		t.Fatalf("the fixture model does not open from the mount: %v", err)
	}
	for _, c := range []struct {
		custom wowchar.Customization
		hair   color.NRGBA
		shown  []int // of the model's geosets, the ones the tables show
	}{
		{wowchar.Customization{}, wowchartest.Hair0, []int{2, 101, 201, 301}},
		{wowchar.Customization{Hair: 2}, wowchartest.Hair2, []int{5, 101, 201, 301}},
		{wowchar.Customization{Hair: 1, Facial: 1, Skin: 1}, wowchartest.Hair0, []int{1, 102, 203, 304}},
		{wowchar.Customization{Facial: 1}, wowchartest.Hair0, []int{2, 102, 203, 304}},
	} {
		ch := tables.Choose(race, sex, c.custom)
		res := ch.Composite(wowchar.MountImages(mount))
		if len(res.Warnings) > 0 {
			t.Errorf("%v: warnings %q", c.custom, res.Warnings)
		}
		if res.Body == nil || res.Body.Rect != image.Rect(0, 0, 256, 256) {
			t.Fatalf("%v: body %v", c.custom, res.Body)
		}
		bad := 0
		for y := 0; y < 256; y++ {
			for x := 0; x < 256; x++ {
				if got, want := res.Body.NRGBAAt(x, y), wantFixture(x, y, c.custom); got != want {
					if bad < 3 {
						t.Errorf("%v: body (%d, %d) = %v, want %v", c.custom, x, y, got, want)
					}
					bad++
				}
			}
		}
		if got := res.Hair.(*image.NRGBA).NRGBAAt(3, 3); got != c.hair {
			t.Errorf("%v: hair texture %v, want %v", c.custom, got, c.hair)
		}
		var shown []int
		for _, m := range part.Meshes {
			if v, decided := ch.Visible(m.Group); v && decided {
				shown = append(shown, m.Group)
			}
		}
		if !equalInts(shown, c.shown) {
			t.Errorf("%v: geosets shown %v, want %v (model geosets %v)", c.custom, shown, c.shown, wowchartest.Geosets)
		}
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestFixtureBrokenTableWarns(t *testing.T) {
	folder, err := wowchartest.WriteDataFolder(t.TempDir(), mpqtest.File{Name: `DBFilesClient\CharSections.dbc`, Data: []byte("WDBC\xff\xff\xff\x7f\x0a\x00\x00\x00\x28\x00\x00\x00\x01\x00\x00\x00")})
	if err != nil {
		t.Fatal(err)
	}
	mount, err := vfs.Open(folder)
	if err != nil {
		t.Fatal(err)
	}
	defer mount.Close()
	tables, warns := wowchar.LoadTables(mount)
	if tables != nil || len(warns) != 1 || !strings.HasPrefix(warns[0], "CharSections: character table not used: DBFilesClient\\CharSections.dbc: offset 0x4: ") {
		t.Fatalf("broken CharSections: tables %v, warnings %q", tables != nil, warns)
	}
}

type noFiles struct{}

func (noFiles) ReadFile(name string) ([]byte, error) {
	_, err := vfs.Open("/nonexistent/animscope-test")
	return nil, err
}

func TestNoTablesNoWarnings(t *testing.T) {
	if tables, warns := wowchar.LoadTables(noFiles{}); tables != nil || warns != nil {
		t.Fatalf("no tables: %v, %q", tables != nil, warns)
	}
}

func TestFind(t *testing.T) {
	folder, err := wowchartest.WriteDataFolder(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	mount, err := vfs.Open(folder)
	if err != nil {
		t.Fatal(err)
	}
	defer mount.Close()
	c, warns := wowchar.Find(mount, wowchartest.ModelPath)
	if c == nil || len(warns) > 0 || c.Race.ID != wowchartest.Race || c.Sex != wowchar.Female {
		t.Fatalf("Find(%s) = %+v, %q", wowchartest.ModelPath, c, warns)
	}
	if got := c.Choose(wowchar.Customization{Hair: 2}).Hair; !strings.HasSuffix(got, "Hair02_00.blp") {
		t.Errorf("hair=2 texture %q", got)
	}
	if got := c.Offers().Hairs; len(got) != 3 {
		t.Errorf("offered hair styles %v, want 0 1 2", got)
	}
	if c, warns := wowchar.Find(mount, `Character\Goblin\Male\GoblinMale.m2`); c != nil || len(warns) != 1 || !strings.Contains(warns[0], `"Goblin"`) {
		t.Errorf("a race the tables lack: %v, %q", c != nil, warns)
	}
	if c, warns := wowchar.Find(mount, `Creature\Frog\Frog.m2`); c != nil || warns != nil {
		t.Errorf("no character path: %v, %q", c != nil, warns)
	}
}
