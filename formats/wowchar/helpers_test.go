package wowchar_test

import (
	"fmt"
	"image"
	"image/color"

	"animscope/formats/dbc"
	"animscope/formats/wowchar"
)

const scourge = 5

// Distinct colours, one per texture of the test tables.
var (
	cSkin0     = color.NRGBA{10, 20, 30, 255}
	cSkin1     = color.NRGBA{11, 21, 31, 255}
	cPelvis    = color.NRGBA{250, 0, 0, 255}
	cTorso     = color.NRGBA{0, 0, 250, 255}
	cFaceLower = color.NRGBA{0, 200, 0, 255}
	cFaceUpper = color.NRGBA{200, 200, 0, 255}
	cBeard     = color.NRGBA{200, 0, 100, 128} // half over the face lower
	cBrow      = color.NRGBA{0, 0, 0, 0}       // facial upper: fully transparent
	cScalp     = color.NRGBA{90, 60, 30, 255}  // scalp lower's bottom half; its top is transparent
	cScalpUp   = color.NRGBA{30, 60, 90, 255}
	cHair0     = color.NRGBA{1, 2, 3, 255}
	cHair2     = color.NRGBA{4, 5, 6, 255}
	cFace1     = color.NRGBA{7, 8, 9, 255}
)

func path(n string) string { return `Character\Scourge\Female\` + n }

// testTables are the tables of one race and sex (Scourge female): two skin
// colours, underwear, faces 0 and 1 (face 1 only at colour 0), hair styles 0
// (geoset 2), 1 (bald) and 2 (geoset 5) at colour 0, facial styles 0 and 1.
func testTables() *wowchar.Tables {
	f := uint32(wowchar.Female)
	return &wowchar.Tables{
		Races: []dbc.ChrRace{{ID: 1, ClientFileString: "Human"}, {ID: scourge, ClientFileString: "Scourge", Name: "Undead"}},
		Sections: []dbc.CharSection{
			{Race: scourge, Sex: f, Section: dbc.SectionSkin, Color: 0, Textures: [3]string{path("Skin00_00.blp")}},
			{Race: scourge, Sex: f, Section: dbc.SectionSkin, Color: 1, Textures: [3]string{path("Skin00_01.blp")}},
			{Race: scourge, Sex: f, Section: dbc.SectionUnderwear, Color: 0, Textures: [3]string{path("Pelvis00_00.blp"), path("Torso00_00.blp")}},
			{Race: scourge, Sex: f, Section: dbc.SectionFace, Variation: 0, Color: 0, Textures: [3]string{path("FaceLower00_00.blp"), path("FaceUpper00_00.blp")}},
			{Race: scourge, Sex: f, Section: dbc.SectionFace, Variation: 1, Color: 0, Textures: [3]string{path("FaceLower01_00.blp"), ""}},
			{Race: scourge, Sex: f, Section: dbc.SectionFacialHair, Variation: 1, Color: 0, Textures: [3]string{path("FacialLower01_00.blp"), path("FacialUpper01_00.blp")}},
			{Race: scourge, Sex: f, Section: dbc.SectionHair, Variation: 0, Color: 0, Textures: [3]string{path("Hair00_00.blp"), path("ScalpLower00_00.blp"), path("ScalpUpper00_00.blp")}},
			{Race: scourge, Sex: f, Section: dbc.SectionHair, Variation: 1, Color: 0, Textures: [3]string{path("Hair00_00.blp"), path("ScalpLower00_00.blp"), path("ScalpUpper00_00.blp")}},
			{Race: scourge, Sex: f, Section: dbc.SectionHair, Variation: 2, Color: 0, Textures: [3]string{path("Hair02_00.blp"), "", ""}},
			{Race: 1, Sex: f, Section: dbc.SectionSkin, Textures: [3]string{"human.blp"}},
		},
		Hair: []dbc.CharHairGeoset{
			{Race: scourge, Sex: f, Variation: 0, Geoset: 2},
			{Race: scourge, Sex: f, Variation: 1, Geoset: 0, ShowScalp: 1},
			{Race: scourge, Sex: f, Variation: 2, Geoset: 5},
		},
		Facial: []dbc.FacialHairStyle{
			{Race: scourge, Sex: f, Variation: 0, Geosets: [5]int32{1, 1, 1}},
			{Race: scourge, Sex: f, Variation: 1, Geosets: [5]int32{2, 3, 4}}, // groups 1, 3, 2
		},
	}
}

// solid is a w x h image of c.
func solid(w, h int, c color.NRGBA) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = c.R, c.G, c.B, c.A
	}
	return img
}

// testImages are the textures of testTables at the 3.3.5 sizes for a base of
// side px (256 or 512; the layers are their region's size).
func testImages(px int) map[string]image.Image {
	k := px / 256
	scalp := solid(128*k, 64*k, cScalp)
	for y := 0; y < 32*k; y++ { // the top half transparent
		for x := 0; x < 128*k; x++ {
			scalp.SetNRGBA(x, y, color.NRGBA{255, 255, 255, 0})
		}
	}
	return map[string]image.Image{
		path("Skin00_00.blp"):        solid(px, px, cSkin0),
		path("Skin00_01.blp"):        solid(px, px, cSkin1),
		path("Pelvis00_00.blp"):      solid(128*k, 64*k, cPelvis),
		path("Torso00_00.blp"):       solid(128*k, 64*k, cTorso),
		path("FaceLower00_00.blp"):   solid(128*k, 64*k, cFaceLower),
		path("FaceUpper00_00.blp"):   solid(128*k, 32*k, cFaceUpper),
		path("FaceLower01_00.blp"):   solid(128*k, 64*k, cFace1),
		path("FacialLower01_00.blp"): solid(128*k, 64*k, cBeard),
		path("FacialUpper01_00.blp"): solid(128*k, 32*k, cBrow),
		path("ScalpLower00_00.blp"):  scalp,
		path("ScalpUpper00_00.blp"):  solid(128*k, 32*k, cScalpUp),
		path("Hair00_00.blp"):        solid(8, 8, cHair0),
		path("Hair02_00.blp"):        solid(8, 8, cHair2),
	}
}

func loader(m map[string]image.Image) wowchar.LoadImage {
	return func(name string) (image.Image, error) {
		if img, ok := m[name]; ok {
			return img, nil
		}
		return nil, fmt.Errorf("%s: not found", name)
	}
}
