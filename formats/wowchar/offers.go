package wowchar

import (
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
