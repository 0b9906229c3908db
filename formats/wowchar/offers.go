package wowchar

import (
	"image"
	"image/color"
	"sort"

	"animscope/formats/dbc"
)

// Offer is what the tables offer a race and sex: the values each choice of a
// Customization may take, ascending.
type Offer struct {
	Skins      []int `json:"skin"`
	Faces      []int `json:"face"`
	Hairs      []int `json:"hair"`
	HairColors []int `json:"haircolor"`
	Facials    []int `json:"facial"`
}

// Offers lists the choices for race and sex: skin colours (skin rows), faces
// (face rows), hair styles (CharHairGeosets and hair rows), hair colours (hair
// rows) and facial styles (CharacterFacialHairStyles).
func (t *Tables) Offers(race uint32, sex Sex) Offer {
	sets := [5]map[int]bool{{}, {}, {}, {}, {}}
	const skin, face, hair, hairColor, facial = 0, 1, 2, 3, 4
	for _, s := range t.Sections {
		if s.Race != race || s.Sex != uint32(sex) {
			continue
		}
		switch s.Section {
		case dbc.SectionSkin:
			sets[skin][int(s.Color)] = true
		case dbc.SectionFace:
			sets[face][int(s.Variation)] = true
		case dbc.SectionHair:
			sets[hair][int(s.Variation)] = true
			sets[hairColor][int(s.Color)] = true
		}
	}
	for _, h := range t.Hair {
		if h.Race == race && h.Sex == uint32(sex) {
			sets[hair][int(h.Variation)] = true
		}
	}
	for _, f := range t.Facial {
		if f.Race == race && f.Sex == uint32(sex) {
			sets[facial][int(f.Variation)] = true
		}
	}
	list := func(m map[int]bool) []int {
		out := make([]int, 0, len(m))
		for v := range m {
			out = append(out, v)
		}
		sort.Ints(out)
		return out
	}
	return Offer{Skins: list(sets[skin]), Faces: list(sets[face]), Hairs: list(sets[hair]), HairColors: list(sets[hairColor]), Facials: list(sets[facial])}
}

// SwatchTextures are the textures whose colour stands for each skin colour
// (the base skin) and each hair colour (the hair texture of the lowest style
// at that colour) of race and sex, for a picker's swatches (Swatch).
func (t *Tables) SwatchTextures(race uint32, sex Sex) (skins, hairs map[int]string) {
	skins, hairs = map[int]string{}, map[int]string{}
	hairStyle := map[int]int{}
	for _, s := range t.Sections {
		if s.Race != race || s.Sex != uint32(sex) || s.Textures[0] == "" {
			continue
		}
		c := int(s.Color)
		switch s.Section {
		case dbc.SectionSkin:
			if _, ok := skins[c]; !ok {
				skins[c] = s.Textures[0]
			}
		case dbc.SectionHair:
			if st, ok := hairStyle[c]; !ok || int(s.Variation) < st {
				hairs[c], hairStyle[c] = s.Textures[0], int(s.Variation)
			}
		}
	}
	return skins, hairs
}

// Swatch is the mean colour of img's pixels that are not fully transparent
// (opaque black for an image without one).
func Swatch(img image.Image) color.NRGBA {
	var r, g, b, n uint64
	bounds := img.Bounds()
	for y := bounds.Min.Y; y < bounds.Max.Y; y++ {
		for x := bounds.Min.X; x < bounds.Max.X; x++ {
			c := color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)
			if c.A == 0 {
				continue
			}
			r, g, b, n = r+uint64(c.R), g+uint64(c.G), b+uint64(c.B), n+1
		}
	}
	if n == 0 {
		return color.NRGBA{A: 255}
	}
	return color.NRGBA{uint8((r + n/2) / n), uint8((g + n/2) / n), uint8((b + n/2) / n), 255}
}
