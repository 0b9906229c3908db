package wowchar

import (
	"fmt"

	"animscope/formats/dbc"
)

// Layer is one texture of the body composite: what goes where, in which order.
type Layer struct {
	Texture string `json:"texture"`
	Region  Region `json:"-"`
	Order   int    `json:"order"` // 0 base, 1 underwear and face, 2 facial hair, 3 scalp
}

// Choice is what the tables choose for a race, sex and customisation.
type Choice struct {
	Race   dbc.ChrRace
	Sex    Sex
	Custom Customization
	// Layers are the body texture's layers in the order they go on (the base
	// first).
	Layers []Layer
	Hair   string // the hair texture (texture slot 6), "" when none
	Fur    string // the skin's extra texture (Tauren fur, slot 8), "" when none
	Geosets
	// Notes say what the tables lacked and what was taken instead.
	Notes []string
}

// section finds the row of section sec, variation v and colour c.
func (t *Tables) section(race uint32, sex Sex, sec, v, c int) (dbc.CharSection, bool) {
	for _, s := range t.Sections {
		if s.Race == race && s.Sex == uint32(sex) && s.Section == uint32(sec) && int(s.Variation) == v && int(s.Color) == c {
			return s, true
		}
	}
	return dbc.CharSection{}, false
}

var sectionNames = [...]string{"skin", "face", "facial hair", "hair", "underwear"}

// lookup finds a section row trying each (variation, colour) in turn and notes
// a fall-back.
func (t *Tables) lookup(ch *Choice, sec int, tries ...[2]int) (dbc.CharSection, bool) {
	for i, vc := range tries {
		if s, ok := t.section(ch.Race.ID, ch.Sex, sec, vc[0], vc[1]); ok {
			if i > 0 {
				ch.Notes = append(ch.Notes, fmt.Sprintf("no %s %d at colour %d: took %d at colour %d", sectionNames[sec], tries[0][0], tries[0][1], vc[0], vc[1]))
			}
			return s, true
		}
	}
	ch.Notes = append(ch.Notes, fmt.Sprintf("no %s %d at colour %d in CharSections", sectionNames[sec], tries[0][0], tries[0][1]))
	return dbc.CharSection{}, false
}

// Choose picks the layers, the hair texture and the geosets for race (a
// ChrRaces row), sex and c, by the rules in the package notes.
func (t *Tables) Choose(race dbc.ChrRace, sex Sex, c Customization) Choice {
	ch := Choice{Race: race, Sex: sex, Custom: c}
	add := func(name string, r Region, order int) {
		if name != "" {
			ch.Layers = append(ch.Layers, Layer{Texture: name, Region: r, Order: order})
		}
	}
	if s, ok := t.lookup(&ch, dbc.SectionSkin, [2]int{0, c.Skin}); ok {
		add(s.Textures[0], RegionBase, 0)
		ch.Fur = s.Textures[1]
	}
	if s, ok := t.lookup(&ch, dbc.SectionUnderwear, [2]int{0, c.Skin}, [2]int{0, 0}); ok {
		add(s.Textures[0], RegionPelvisUpper, 1)
		add(s.Textures[1], RegionTorsoUpper, 1)
	}
	if s, ok := t.lookup(&ch, dbc.SectionFace, [2]int{c.Face, c.Skin}, [2]int{c.Face, 0}, [2]int{0, 0}); ok {
		add(s.Textures[0], RegionFaceLower, 1)
		add(s.Textures[1], RegionFaceUpper, 1)
	}
	ch.Geosets = t.geosets(&ch)
	// Many styles (facial 0 of most races) are geosets only, with no row.
	if t.hasSection(race.ID, sex, dbc.SectionFacialHair, c.Facial) {
		if s, ok := t.lookup(&ch, dbc.SectionFacialHair, [2]int{c.Facial, c.HairColor}, [2]int{c.Facial, 0}); ok {
			add(s.Textures[0], RegionFaceLower, 2)
			add(s.Textures[1], RegionFaceUpper, 2)
		}
	}
	if s, ok := t.lookup(&ch, dbc.SectionHair, [2]int{c.Hair, c.HairColor}); ok {
		ch.Hair = s.Textures[0]
		if !ch.Bald {
			add(s.Textures[1], RegionFaceLower, 3)
			add(s.Textures[2], RegionFaceUpper, 3)
		}
	}
	if ch.Hair == "" {
		if s, ok := t.section(race.ID, sex, dbc.SectionHair, 0, c.HairColor); ok && s.Textures[0] != "" {
			ch.Hair = s.Textures[0]
			ch.Notes = append(ch.Notes, fmt.Sprintf("hair style %d has no hair texture at colour %d: took style 0's", c.Hair, c.HairColor))
		}
	}
	return ch
}

// hasSection reports whether any colour of variation v of section sec exists.
func (t *Tables) hasSection(race uint32, sex Sex, sec, v int) bool {
	for _, s := range t.Sections {
		if s.Race == race && s.Sex == uint32(sex) && s.Section == uint32(sec) && int(s.Variation) == v {
			return true
		}
	}
	return false
}
