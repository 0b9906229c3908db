// Package wowchartest writes a game data folder for the character tests: one
// MPQ archive (written by mpqtest) holding the four character tables (dbctest,
// 3.3.5 layouts), a synthetic Scourge female (m2test) under
// Character\Scourge\Female\ and small BLP textures of distinct colours
// (blptest), so the tests of the tables, the composite and the command line
// stand on fixtures the project writes.
package wowchartest

import (
	"image"
	"image/color"
	"os"
	"path/filepath"
	"strings"

	"animscope/formats/blp"
	"animscope/formats/blp/blptest"
	"animscope/formats/dbc"
	"animscope/formats/dbc/dbctest"
	"animscope/formats/m2/m2test"
	"animscope/formats/mpq/mpqtest"
)

// Race is the fixture's race: ChrRaces row 5, folder Scourge.
const Race = 5

// ModelPath is the fixture's character model inside the mount.
const ModelPath = `Character\Scourge\Female\ScourgeFemale.m2`

// The fixture's colours: one per texture.
var (
	Skin0     = color.NRGBA{10, 20, 30, 255}
	Skin1     = color.NRGBA{40, 50, 60, 255}
	Pelvis    = color.NRGBA{250, 0, 0, 255}
	Torso     = color.NRGBA{0, 0, 250, 255}
	FaceLower = color.NRGBA{0, 200, 0, 255}
	FaceUpper = color.NRGBA{200, 200, 0, 255}
	Beard     = color.NRGBA{200, 0, 100, 255} // facial 1's lower: opaque
	ScalpLow  = color.NRGBA{90, 60, 30, 255}  // hair 0's scalp lower, its bottom half (the top is clear)
	ScalpUp   = color.NRGBA{30, 60, 90, 255}  // hair 0's scalp upper
	Hair0     = color.NRGBA{120, 80, 10, 255}
	Hair2     = color.NRGBA{10, 80, 120, 255}
)

func tex(n string) string { return `Character\Scourge\Female\ScourgeFemale` + n + ".blp" }

// Geosets are the fixture model's submesh geosets: the body, hair styles 2
// (hair 0's), 5 (hair 2's) and the scalp (1, hair 1 is bald), facial groups 1-3
// with two variants each.
var Geosets = []uint16{0, 1, 2, 5, 101, 102, 201, 203, 301, 304}

// Tables are the fixture's rows: skin colours 0 and 1; underwear; face 0;
// facial styles 0 (geosets 101, 201, 301, no texture) and 1 (102, 203, 304,
// the beard texture); hair styles 0 (geoset 2, scalp textures), 1 (bald) and 2
// (geoset 5) at colour 0.
func Tables() ([]dbc.ChrRace, []dbc.CharSection, []dbc.CharHairGeoset, []dbc.FacialHairStyle) {
	races := []dbc.ChrRace{
		{ID: 1, Flags: 12, ClientPrefix: "Hu", ClientFileString: "Human", Name: "Human"},
		{ID: Race, Flags: 12, ClientPrefix: "Sc", ClientFileString: "Scourge", Name: "Undead",
			FacialHairCustomization: [2]string{"FEATURES", "FEATURES"}, HairCustomization: "NORMAL"},
	}
	f := uint32(1)
	sections := []dbc.CharSection{
		{ID: 1, Race: Race, Sex: f, Section: dbc.SectionSkin, Color: 0, Textures: [3]string{tex("Skin00_00")}, Flags: 1},
		{ID: 2, Race: Race, Sex: f, Section: dbc.SectionSkin, Color: 1, Textures: [3]string{tex("Skin00_01")}, Flags: 1},
		{ID: 3, Race: Race, Sex: f, Section: dbc.SectionUnderwear, Textures: [3]string{tex("NakedPelvisSkin00_00"), tex("NakedTorsoSkin00_00")}, Flags: 1},
		{ID: 4, Race: Race, Sex: f, Section: dbc.SectionFace, Textures: [3]string{tex("FaceLower00_00"), tex("FaceUpper00_00")}, Flags: 1},
		{ID: 5, Race: Race, Sex: f, Section: dbc.SectionFacialHair, Variation: 1, Textures: [3]string{tex("FacialLower01_00"), ""}, Flags: 1},
		{ID: 6, Race: Race, Sex: f, Section: dbc.SectionHair, Variation: 0, Textures: [3]string{tex("Hair00_00"), tex("ScalpLower00_00"), tex("ScalpUpper00_00")}, Flags: 1},
		{ID: 7, Race: Race, Sex: f, Section: dbc.SectionHair, Variation: 1, Textures: [3]string{tex("Hair00_00"), "", ""}, Flags: 1},
		{ID: 8, Race: Race, Sex: f, Section: dbc.SectionHair, Variation: 2, Textures: [3]string{tex("Hair02_00"), "", ""}, Flags: 1},
	}
	hair := []dbc.CharHairGeoset{
		{ID: 1, Race: Race, Sex: f, Variation: 0, Geoset: 2},
		{ID: 2, Race: Race, Sex: f, Variation: 1, Geoset: 0, ShowScalp: 1},
		{ID: 3, Race: Race, Sex: f, Variation: 2, Geoset: 5},
	}
	facial := []dbc.FacialHairStyle{
		{Race: Race, Sex: f, Variation: 0, Geosets: [5]int32{1, 1, 1}},
		{Race: Race, Sex: f, Variation: 1, Geosets: [5]int32{2, 4, 3}}, // groups 1, 3, 2
	}
	return races, sections, hair, facial
}

func solid(w, h int, c color.NRGBA) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = c.R, c.G, c.B, c.A
	}
	return img
}

// halfClear makes the top half of img transparent.
func halfClear(img *image.NRGBA) *image.NRGBA {
	for i := 0; i < len(img.Pix)/2; i += 4 {
		img.Pix[i+3] = 0
	}
	return img
}

// Textures are the fixture's BLP images by path (sizes of the 3.3.5 regions).
func Textures() map[string]*image.NRGBA {
	return map[string]*image.NRGBA{
		tex("Skin00_00"):            solid(256, 256, Skin0),
		tex("Skin00_01"):            solid(256, 256, Skin1),
		tex("NakedPelvisSkin00_00"): solid(128, 64, Pelvis),
		tex("NakedTorsoSkin00_00"):  solid(128, 64, Torso),
		tex("FaceLower00_00"):       solid(128, 64, FaceLower),
		tex("FaceUpper00_00"):       solid(128, 32, FaceUpper),
		tex("FacialLower01_00"):     solid(128, 64, Beard),
		tex("ScalpLower00_00"):      halfClear(solid(128, 64, ScalpLow)),
		tex("ScalpUpper00_00"):      solid(128, 32, ScalpUp),
		tex("Hair00_00"):            solid(16, 16, Hair0),
		tex("Hair02_00"):            solid(16, 16, Hair2),
	}
}

// Model is the fixture's character: m2test's synthetic model at version 264
// with one triangle per geoset of Geosets (the hair styles textured by the
// hair slot, the rest by the body skin slot), and its 00.skin.
func Model() (m2, skin []byte) {
	m := m2test.NewModel(264)
	m.Name = "ScourgeFemale"
	m.Subs, m.Batches = nil, nil
	// Texture 0 is the body skin (replaceable type 1), 1 the hair (type 6):
	// the hair geosets draw with the hair, the others with the body.
	m.Textures, m.TextureTypes, m.TexLookup = []string{"", ""}, []uint32{1, 6}, []uint16{0, 1}
	for i, g := range Geosets {
		m.Subs = append(m.Subs, m2test.Submesh{Geoset: g, VStart: 0, VCount: 3, IStart: 0, ICount: 3, BoneCount: 3})
		tex := uint16(0)
		if g > 0 && g < 100 {
			tex = 1
		}
		m.Batches = append(m.Batches, m2test.Batch{Sub: uint16(i), Color: -1, TexCombo: tex})
	}
	return m.Encode()
}

// Files are every member of the fixture's archive.
func Files() ([]mpqtest.File, error) {
	races, sections, hair, facial := Tables()
	path := func(t string) string { return `DBFilesClient\` + t + ".dbc" }
	m2, skin := Model()
	files := []mpqtest.File{
		{Name: path(dbc.TableChrRaces), Data: dbctest.ChrRaces(dbc.V335, races)},
		{Name: path(dbc.TableCharSections), Data: dbctest.CharSections(dbc.V335, sections)},
		{Name: path(dbc.TableCharHairGeosets), Data: dbctest.CharHairGeosets(hair)},
		{Name: path(dbc.TableFacialHairStyles), Data: dbctest.FacialHairStyles(dbc.V335, facial)},
		{Name: ModelPath, Data: m2},
		{Name: `Character\Scourge\Female\ScourgeFemale00.skin`, Data: skin},
	}
	for name, img := range Textures() {
		data, err := blptest.Encode(img, blptest.Format{Version: 2, Encoding: blp.BGRA, AlphaDepth: 8})
		if err != nil {
			return nil, err
		}
		files = append(files, mpqtest.File{Name: name, Data: data})
	}
	return files, nil
}

// WriteDataFolder writes the fixture as a game data folder dir/Data holding
// common.MPQ, and returns that folder. extra members are added to the archive
// (a test's own file, a broken table replacing one).
func WriteDataFolder(dir string, extra ...mpqtest.File) (string, error) {
	files, err := Files()
	if err != nil {
		return "", err
	}
	for _, x := range extra {
		replaced := false
		for i := range files {
			if files[i].Name == x.Name {
				files[i], replaced = x, true
			}
		}
		if !replaced {
			files = append(files, x)
		}
	}
	data, err := mpqtest.Build(files, mpqtest.Options{Listfile: true, Version: 1})
	if err != nil {
		return "", err
	}
	folder := filepath.Join(dir, "Data")
	if err := os.MkdirAll(folder, 0o755); err != nil {
		return "", err
	}
	return folder, os.WriteFile(filepath.Join(folder, "common.MPQ"), data, 0o644)
}

// WriteExtractedFolder writes the fixture's files to dir as an extracted game
// folder (dir/DBFilesClient/..., dir/Character/Scourge/Female/...), the paths
// as the archive names them with '/' for '\'.
func WriteExtractedFolder(dir string) error {
	files, err := Files()
	if err != nil {
		return err
	}
	for _, f := range files {
		p := filepath.Join(dir, filepath.FromSlash(strings.ReplaceAll(f.Name, `\`, "/")))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			return err
		}
	}
	return nil
}
