package wowchar_test

import (
	"image"
	"image/color"
	"reflect"
	"testing"

	"animscope/formats/wowchar"
)

// The face lower (0, 200, 0) under the beard (200, 0, 100) at alpha 128:
// (0*127 + 200*128 + 127) / 255 = 100, (200*127 + 0 + 127) / 255 = 100,
// (0*127 + 100*128 + 127) / 255 = 50.
var cFaceBeard = color.NRGBA{100, 100, 50, 255}

// want256 is the colour the client puts at (x, y) of a 256 x 256 body for the
// customisation hair and facial of testTables, from the region table written
// out again here: torso upper (128..256, 0..64), pelvis upper (128..256,
// 96..160), face upper (0..128, 160..192), face lower (0..128, 192..256).
func want256(x, y int, bald, beard bool) color.NRGBA {
	switch {
	case x >= 128 && y < 64:
		return cTorso
	case x >= 128 && y >= 96 && y < 160:
		return cPelvis
	case x < 128 && y >= 160 && y < 192:
		if !bald {
			return cScalpUp // opaque scalp over the face (the beard's upper is clear)
		}
		return cFaceUpper
	case x < 128 && y >= 192:
		if !bald && y >= 224 {
			return cScalp
		}
		if beard {
			return cFaceBeard
		}
		return cFaceLower
	}
	return cSkin0
}

func checkBody(t *testing.T, name string, body *image.NRGBA, px int, bald, beard bool) {
	t.Helper()
	if body == nil {
		t.Fatalf("%s: no body", name)
	}
	if body.Rect != image.Rect(0, 0, px, px) {
		t.Fatalf("%s: body %v, want %dx%d", name, body.Rect, px, px)
	}
	k := px / 256
	bad := 0
	for y := 0; y < px; y++ {
		for x := 0; x < px; x++ {
			got, want := body.NRGBAAt(x, y), want256(x/k, y/k, bald, beard)
			if got != want {
				if bad < 5 {
					t.Errorf("%s: pixel (%d, %d) = %v, want %v", name, x, y, got, want)
				}
				bad++
			}
		}
	}
	if bad > 0 {
		t.Errorf("%s: %d pixels wrong", name, bad)
	}
}

func TestCompositeRegionsPixelByPixel(t *testing.T) {
	tables := testTables()
	race, _ := tables.Race("scourge")
	for _, c := range []struct {
		name        string
		px          int
		custom      wowchar.Customization
		bald, beard bool
	}{
		{"defaults", 256, wowchar.Customization{}, false, false},
		{"beard over the face, scalp over both", 256, wowchar.Customization{Facial: 1}, false, true},
		{"bald style: no scalp", 256, wowchar.Customization{Hair: 1, Facial: 1}, true, true},
		{"512 base: regions doubled", 512, wowchar.Customization{Facial: 1}, false, true},
	} {
		ch := tables.Choose(race, wowchar.Female, c.custom)
		res := ch.Composite(loader(testImages(c.px)))
		if len(res.Warnings) > 0 {
			t.Errorf("%s: warnings %q", c.name, res.Warnings)
		}
		checkBody(t, c.name, res.Body, c.px, c.bald, c.beard)
		if hair, ok := res.Hair.(*image.NRGBA); !ok || hair.NRGBAAt(0, 0) != cHair0 {
			t.Errorf("%s: hair %v, want the style-0 texture", c.name, res.Hair)
		}
	}
}

func TestCompositeSkinColourAndFace(t *testing.T) {
	tables := testTables()
	race, _ := tables.Race("Scourge")
	ch := tables.Choose(race, wowchar.Female, wowchar.Customization{Skin: 1, Face: 1})
	res := ch.Composite(loader(testImages(256)))
	if got := res.Body.NRGBAAt(5, 5); got != cSkin1 {
		t.Errorf("skin 1 base = %v, want %v", got, cSkin1)
	}
	// Face 1 exists only at colour 0: taken with a note; it has no upper.
	if got := res.Body.NRGBAAt(10, 200); got != cFace1 {
		t.Errorf("face 1 lower = %v, want %v", got, cFace1)
	}
	if len(ch.Notes) == 0 {
		t.Error("the face fall-back left no note")
	}
}

func TestCompositeScalesAMismatchedLayer(t *testing.T) {
	tables := testTables()
	race, _ := tables.Race("Scourge")
	imgs := testImages(256)
	// A 2 x 1 pelvis: left half red, right half green, scaled to 128 x 64.
	p := image.NewNRGBA(image.Rect(0, 0, 2, 1))
	p.SetNRGBA(0, 0, color.NRGBA{255, 0, 0, 255})
	p.SetNRGBA(1, 0, color.NRGBA{0, 255, 0, 255})
	imgs[path("Pelvis00_00.blp")] = p
	res := tables.Choose(race, wowchar.Female, wowchar.Customization{}).Composite(loader(imgs))
	for _, c := range []struct {
		x, y int
		want color.NRGBA
	}{{128, 96, color.NRGBA{255, 0, 0, 255}}, {191, 159, color.NRGBA{255, 0, 0, 255}}, {192, 96, color.NRGBA{0, 255, 0, 255}}, {255, 159, color.NRGBA{0, 255, 0, 255}}, {200, 160, cSkin0}} {
		if got := res.Body.NRGBAAt(c.x, c.y); got != c.want {
			t.Errorf("(%d, %d) = %v, want %v", c.x, c.y, got, c.want)
		}
	}
}

func TestCompositeBaseAlphaIgnoredAndMissingTextures(t *testing.T) {
	tables := testTables()
	race, _ := tables.Race("Scourge")
	imgs := testImages(256)
	imgs[path("Skin00_00.blp")] = solid(256, 256, color.NRGBA{10, 20, 30, 0}) // alpha 0: still copied, opaque
	delete(imgs, path("Torso00_00.blp"))
	res := tables.Choose(race, wowchar.Female, wowchar.Customization{}).Composite(loader(imgs))
	if got := res.Body.NRGBAAt(200, 10); got != cSkin0 {
		t.Errorf("torso without its texture = %v, want the base %v", got, cSkin0)
	}
	if len(res.Warnings) != 1 {
		t.Errorf("warnings %q, want one naming the torso texture", res.Warnings)
	}
	delete(imgs, path("Skin00_00.blp"))
	res = tables.Choose(race, wowchar.Female, wowchar.Customization{}).Composite(loader(imgs))
	if res.Body != nil || len(res.Warnings) == 0 {
		t.Errorf("no base skin: body %v, warnings %q; want none and a warning", res.Body != nil, res.Warnings)
	}
}

func TestChooseLayersAndHair(t *testing.T) {
	tables := testTables()
	race, _ := tables.Race("Scourge")
	ch := tables.Choose(race, wowchar.Female, wowchar.Customization{Hair: 2, Facial: 1})
	want := []wowchar.Layer{
		{Texture: path("Skin00_00.blp"), Region: wowchar.RegionBase, Order: 0},
		{Texture: path("Pelvis00_00.blp"), Region: wowchar.RegionPelvisUpper, Order: 1},
		{Texture: path("Torso00_00.blp"), Region: wowchar.RegionTorsoUpper, Order: 1},
		{Texture: path("FaceLower00_00.blp"), Region: wowchar.RegionFaceLower, Order: 1},
		{Texture: path("FaceUpper00_00.blp"), Region: wowchar.RegionFaceUpper, Order: 1},
		{Texture: path("FacialLower01_00.blp"), Region: wowchar.RegionFaceLower, Order: 2},
		{Texture: path("FacialUpper01_00.blp"), Region: wowchar.RegionFaceUpper, Order: 2},
	}
	if !reflect.DeepEqual(ch.Layers, want) {
		t.Errorf("layers\n got %+v\nwant %+v", ch.Layers, want)
	}
	if ch.Hair != path("Hair02_00.blp") {
		t.Errorf("hair %q, want style 2's", ch.Hair)
	}
	wantGroups := map[int][]int{0: {5}, 1: {102}, 2: {204}, 3: {303}}
	if got := ch.Groups(); !reflect.DeepEqual(got, wantGroups) {
		t.Errorf("groups %v, want %v", got, wantGroups)
	}
}

func TestGeosetsVisible(t *testing.T) {
	tables := testTables()
	race, _ := tables.Race("Scourge")
	for _, c := range []struct {
		name    string
		custom  wowchar.Customization
		visible map[int]bool // id -> visible; ids not listed are undecided
	}{
		{"hair 0, facial 0", wowchar.Customization{}, map[int]bool{1: false, 2: true, 5: false, 101: true, 102: false, 201: true, 301: true, 302: false}},
		{"bald", wowchar.Customization{Hair: 1}, map[int]bool{1: true, 2: false, 5: false}},
		{"hair 2, facial 1", wowchar.Customization{Hair: 2, Facial: 1}, map[int]bool{2: false, 5: true, 101: false, 102: true, 203: false, 204: true, 303: true}},
	} {
		g := tables.Choose(race, wowchar.Female, c.custom).Geosets
		for id, want := range c.visible {
			if got, decided := g.Visible(id); !decided || got != want {
				t.Errorf("%s: Visible(%d) = %v (decided %v), want %v", c.name, id, got, decided, want)
			}
		}
		for _, id := range []int{0, 401, 1301, 1702} {
			if _, decided := g.Visible(id); decided {
				t.Errorf("%s: Visible(%d) decided; the tables do not decide it", c.name, id)
			}
		}
	}
	// A style the tables lack decides nothing.
	g := tables.Choose(race, wowchar.Female, wowchar.Customization{Hair: 9, Facial: 9}).Geosets
	if _, decided := g.Visible(2); decided {
		t.Error("unknown hair style decided geoset 2")
	}
	if len(g.Groups()) != 0 {
		t.Errorf("unknown styles: groups %v, want none", g.Groups())
	}
}

func TestOffers(t *testing.T) {
	got := testTables().Offers(scourge, wowchar.Female)
	want := wowchar.Offer{Skins: []int{0, 1}, Faces: []int{0, 1}, Hairs: []int{0, 1, 2}, HairColors: []int{0}, Facials: []int{0, 1}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("offers %+v, want %+v", got, want)
	}
}

func TestModelIdentity(t *testing.T) {
	for _, c := range []struct {
		in     string
		folder string
		sex    wowchar.Sex
		ok     bool
	}{
		{`Character\Scourge\Female\ScourgeFemale.m2`, "Scourge", wowchar.Female, true},
		{"data/x.MPQ:character/scourge/male/scourgemale.m2", "scourge", wowchar.Male, true},
		{"/game/Data/Character/Orc/Male/OrcMale.m2", "Orc", wowchar.Male, true},
		{`Creature\Wolf\Wolf.m2`, "", 0, false},
		{`Character\Scourge\Other\X.m2`, "", 0, false},
	} {
		folder, sex, ok := wowchar.ModelIdentity(c.in)
		if folder != c.folder || sex != c.sex || ok != c.ok {
			t.Errorf("ModelIdentity(%q) = %q, %v, %v; want %q, %v, %v", c.in, folder, sex, ok, c.folder, c.sex, c.ok)
		}
	}
}

func TestParseCustomization(t *testing.T) {
	for _, c := range []struct {
		in   string
		want wowchar.Customization
		err  bool
	}{
		{"", wowchar.Customization{}, false},
		{"hair=2", wowchar.Customization{Hair: 2}, false},
		{"skin=1, face=2,hair=3,haircolor=4,facial=5", wowchar.Customization{1, 2, 3, 4, 5}, false},
		{"HairColor=7", wowchar.Customization{HairColor: 7}, false},
		{"hair=-1", wowchar.Customization{}, true},
		{"hair", wowchar.Customization{}, true},
		{"eyes=1", wowchar.Customization{}, true},
		{"hair=1,hair=2", wowchar.Customization{}, true},
	} {
		got, err := wowchar.ParseCustomization(c.in)
		if (err != nil) != c.err || (!c.err && got != c.want) {
			t.Errorf("ParseCustomization(%q) = %+v, %v; want %+v (error %v)", c.in, got, err, c.want, c.err)
		}
	}
	if s := (wowchar.Customization{1, 2, 3, 4, 5}).String(); s != "skin=1,face=2,hair=3,haircolor=4,facial=5" {
		t.Errorf("String = %q", s)
	}
}

// BenchmarkComposite composites the 256 x 256 body of testTables with every
// layer (the work of one customisation change; loading is a map look-up).
func BenchmarkComposite(b *testing.B) {
	for _, px := range []int{256, 512} {
		b.Run(map[int]string{256: "256", 512: "512"}[px], func(b *testing.B) {
			tables := testTables()
			race, _ := tables.Race("Scourge")
			load := loader(testImages(px))
			ch := tables.Choose(race, wowchar.Female, wowchar.Customization{Facial: 1})
			b.ReportAllocs()
			for b.Loop() {
				ch.Composite(load)
			}
		})
	}
}

func TestGeosetsOverride(t *testing.T) {
	tables := testTables()
	race, _ := tables.Race("Scourge")
	g := tables.Choose(race, wowchar.Female, wowchar.Customization{Hair: 2, Facial: 1}).Geosets
	// The characters' defaults: the body, hair 2, the XX01 of each group.
	show := map[int]bool{0: true, 2: true, 101: true, 201: true, 301: true, 401: true, 1301: true}
	g.Override(show, []int{0, 1, 2, 5, 101, 102, 201, 204, 301, 303, 401, 402, 1301})
	want := map[int]bool{0: true, 1: false, 2: false, 5: true, 101: false, 102: true, 201: false, 204: true, 301: false, 303: true, 401: true, 1301: true}
	if !reflect.DeepEqual(show, want) {
		t.Errorf("override\n got %v\nwant %v", show, want)
	}
}

func TestSwatches(t *testing.T) {
	skins, hairs := testTables().SwatchTextures(scourge, wowchar.Female)
	if len(skins) != 2 || skins[1] != path("Skin00_01.blp") || len(hairs) != 1 || hairs[0] != path("Hair00_00.blp") {
		t.Errorf("swatch textures: skins %v, hairs %v", skins, hairs)
	}
	img := image.NewNRGBA(image.Rect(0, 0, 2, 2))
	img.SetNRGBA(0, 0, color.NRGBA{10, 20, 30, 255})
	img.SetNRGBA(1, 0, color.NRGBA{20, 40, 61, 255})
	img.SetNRGBA(0, 1, color.NRGBA{250, 250, 250, 0}) // transparent: not counted
	img.SetNRGBA(1, 1, color.NRGBA{0, 0, 0, 255})
	// (10+20+0)/3 = 10, (20+40+0)/3 = 20, (30+61+0)/3 = 30.33 -> 30
	if got, want := wowchar.Swatch(img), (color.NRGBA{10, 20, 30, 255}); got != want {
		t.Errorf("Swatch = %v, want %v", got, want)
	}
	if got := wowchar.Swatch(image.NewNRGBA(image.Rect(0, 0, 1, 1))); got != (color.NRGBA{A: 255}) {
		t.Errorf("Swatch of a clear image = %v", got)
	}
}

func TestGeosetValuesOutOfRangeAreIgnored(t *testing.T) {
	tables := testTables()
	tables.Hair[0].Geoset = 250
	tables.Facial[0].Geosets = [5]int32{1, 70000, 1}
	race, _ := tables.Race("Scourge")
	ch := tables.Choose(race, wowchar.Female, wowchar.Customization{})
	if len(ch.Groups()) != 0 || len(ch.Notes) != 2 {
		t.Errorf("out-of-range values: groups %v, notes %q; want none and two notes", ch.Groups(), ch.Notes)
	}
}
