package dbc

import (
	"path"
	"strings"

	"animscope/formats"
)

// The client versions whose layouts the tables know.
const (
	V112 = "1.12"
	V24  = "2.4"
	V335 = "3.3.5"
	// VAll is a layout every version shares.
	VAll = V112 + "/" + V24 + "/" + V335
)

// The tables this package decodes, by their file names without ".dbc".
const (
	TableChrRaces         = "ChrRaces"
	TableCharSections     = "CharSections"
	TableCharHairGeosets  = "CharHairGeosets"
	TableFacialHairStyles = "CharacterFacialHairStyles"
	charSectionsFields    = 10
	charHairGeosetsFields = 6
	chrRacesFields335     = 69
	chrRacesFields112     = 29
	facialFields335       = 8
	facialFields24        = 11
	facialFields112       = 9
)

// KnownTables are the tables Decode reads, in the order inspect lists them.
var KnownTables = []string{TableChrRaces, TableCharSections, TableCharHairGeosets, TableFacialHairStyles}

// TableName is the known table a file path names ("DBFilesClient\ChrRaces.dbc"
// gives "ChrRaces"; case and separators do not matter), or "".
func TableName(p string) string {
	if _, member, ok := formats.SplitName(p); ok {
		p = member // ARCHIVE:MEMBER
	}
	base := path.Base(strings.ReplaceAll(p, `\`, "/"))
	base = strings.TrimSuffix(strings.TrimSuffix(base, ".dbc"), ".DBC")
	for _, t := range KnownTables {
		if strings.EqualFold(base, t) {
			return t
		}
	}
	return ""
}

// ChrRace is a row of ChrRaces: a race and the folder its models live in.
type ChrRace struct {
	ID            uint32 `json:"id"`
	Flags         uint32 `json:"flags"`
	MaleDisplay   uint32 `json:"male_display_id"`
	FemaleDisplay uint32 `json:"female_display_id"`
	ClientPrefix  string `json:"client_prefix"`
	// ClientFileString is the folder name under Character\ ("Scourge").
	ClientFileString string `json:"client_file_string"`
	Name             string `json:"name"` // the first locale's (enUS)
	// FacialHairCustomization names what the facial style is for a male and a
	// female of the race ("NORMAL", "HORNS", "EARRINGS", ...).
	FacialHairCustomization [2]string `json:"facial_hair_customization"`
	HairCustomization       string    `json:"hair_customization"`
}

// CharSection is a row of CharSections: the textures of one choice.
type CharSection struct {
	ID       uint32    `json:"id"`
	Race     uint32    `json:"race_id"`
	Sex      uint32    `json:"sex_id"`
	Section  uint32    `json:"base_section"` // SectionSkin ... SectionUnderwear
	Textures [3]string `json:"texture_name"`
	Flags    uint32    `json:"flags"`
	// Variation is the face, facial hair or hair style; Color the skin or hair
	// colour.
	Variation uint32 `json:"variation_index"`
	Color     uint32 `json:"color_index"`
}

// The sections of CharSections.
const (
	SectionSkin       = 0
	SectionFace       = 1
	SectionFacialHair = 2
	SectionHair       = 3
	SectionUnderwear  = 4
)

// CharHairGeoset is a row of CharHairGeosets: the geoset of a hair style.
type CharHairGeoset struct {
	ID        uint32 `json:"id"`
	Race      uint32 `json:"race_id"`
	Sex       uint32 `json:"sex_id"`
	Variation uint32 `json:"variation_id"` // the hair style
	Geoset    int32  `json:"geoset_id"`    // a group-0 geoset id (1-99), 0 for none
	ShowScalp uint32 `json:"showscalp"`    // 1: a bald style
}

// FacialHairStyle is a row of CharacterFacialHairStyles: the geoset values of a
// facial style.
type FacialHairStyle struct {
	Race      uint32 `json:"race_id"`
	Sex       uint32 `json:"sex_id"`
	Variation uint32 `json:"variation_id"`
	// Geosets are the values for the groups FacialGroups gives, in that order
	// (3.3.5's order; 1.12 gives the first three only).
	Geosets [5]int32 `json:"geosets"`
}

// FacialGroups are the geoset groups of FacialHairStyle.Geosets, in order.
var FacialGroups = [5]int{1, 3, 2, 16, 17}

// Group is the value the style gives geoset group g (1, 2, 3, 16 or 17), and
// whether the table has a column for it.
func (s FacialHairStyle) Group(g int) (int32, bool) {
	for i, fg := range FacialGroups {
		if fg == g {
			return s.Geosets[i], true
		}
	}
	return 0, false
}

// Decoded is a known table's rows ([]ChrRace, []CharSection, []CharHairGeoset
// or []FacialHairStyle) and the layout read.
type Decoded struct {
	Table   string
	Version string // V112, V24 or V335; for CharSections "1.12/2.4" or V335
	Rows    any
}

// Decode reads f as the known table named table. A field count or record size
// that matches no layout, or a bad string, is a FormatError.
func Decode(f *File, table string) (Decoded, error) {
	d := Decoded{Table: table}
	var err error
	switch table {
	case TableChrRaces:
		d.Rows, d.Version, err = ChrRaces(f)
	case TableCharSections:
		d.Rows, d.Version, err = CharSections(f)
	case TableCharHairGeosets:
		d.Rows, d.Version, err = CharHairGeosets(f)
	case TableFacialHairStyles:
		d.Rows, d.Version, err = FacialHairStyles(f)
	default:
		return d, errAt(f.Name, 0, "%q is no table animscope decodes", table)
	}
	return d, err
}

// layoutError says that a known table's header matches none of its layouts.
func layoutError(f *File, table, want string) error {
	return errAt(f.Name, 0x8, "%s with %d fields of %d bytes a record matches no layout animscope reads (%s)", table, f.Fields, f.RecordSize, want)
}

// exactly reports whether the header gives fields 4-byte fields and nothing else.
func (f *File) exactly(fields int) bool {
	return int(f.Fields) == fields && int(f.RecordSize) == 4*fields
}

// chrRacesLayout is where a version keeps the columns ChrRaces decodes.
type chrRacesLayout struct {
	version                          string
	prefix, fileString, name, facial int
}

// ChrRaces decodes the ChrRaces table.
func ChrRaces(f *File) ([]ChrRace, string, error) {
	var l chrRacesLayout
	switch {
	case f.exactly(chrRacesFields335):
		l = chrRacesLayout{V335, 6, 11, 14, 65}
		// 2.4 has a float where 3.3.5 has the base language, so its folder
		// name is one field later.
		if !f.stringColumns([]int{11}, true) && f.stringColumns([]int{12}, true) {
			l = chrRacesLayout{V24, 6, 12, 14, 65}
		}
	case f.exactly(chrRacesFields112):
		l = chrRacesLayout{V112, 6, 15, 17, 26}
	default:
		return nil, "", layoutError(f, TableChrRaces, "29 fields for 1.12, 69 for 2.4 and 3.3.5")
	}
	rows := make([]ChrRace, 0, f.Rows())
	for r := 0; r < f.Rows(); r++ {
		row := ChrRace{ID: f.Uint32(r, 0), Flags: f.Uint32(r, 1), MaleDisplay: f.Uint32(r, 4), FemaleDisplay: f.Uint32(r, 5)}
		var err error
		s := func(field int) string {
			if err != nil {
				return ""
			}
			var v string
			v, err = f.String(r, field)
			return v
		}
		row.ClientPrefix = s(l.prefix)
		row.ClientFileString = s(l.fileString)
		row.Name = s(l.name)
		row.FacialHairCustomization = [2]string{s(l.facial), s(l.facial + 1)}
		row.HairCustomization = s(l.facial + 2)
		if err != nil {
			return nil, "", err
		}
		rows = append(rows, row)
	}
	return rows, l.version, nil
}

// CharSections decodes the CharSections table.
func CharSections(f *File) ([]CharSection, string, error) {
	if !f.exactly(charSectionsFields) {
		return nil, "", layoutError(f, TableCharSections, "10 fields")
	}
	// Both orders have 10 fields: the texture names are fields 4-6 in 3.3.5
	// and 6-8 before it.
	version, tex, flags, variation, color := V335, 4, 7, 8, 9
	if !f.stringColumns([]int{4, 5, 6}, true) && f.stringColumns([]int{6, 7, 8}, true) {
		version, tex, flags, variation, color = V112+"/"+V24, 6, 9, 4, 5
	}
	rows := make([]CharSection, 0, f.Rows())
	for r := 0; r < f.Rows(); r++ {
		row := CharSection{ID: f.Uint32(r, 0), Race: f.Uint32(r, 1), Sex: f.Uint32(r, 2), Section: f.Uint32(r, 3),
			Flags: f.Uint32(r, flags), Variation: f.Uint32(r, variation), Color: f.Uint32(r, color)}
		for i := range row.Textures {
			s, err := f.String(r, tex+i)
			if err != nil {
				return nil, "", err
			}
			row.Textures[i] = s
		}
		rows = append(rows, row)
	}
	return rows, version, nil
}

// CharHairGeosets decodes the CharHairGeosets table (one layout in every
// version).
func CharHairGeosets(f *File) ([]CharHairGeoset, string, error) {
	if !f.exactly(charHairGeosetsFields) {
		return nil, "", layoutError(f, TableCharHairGeosets, "6 fields")
	}
	rows := make([]CharHairGeoset, 0, f.Rows())
	for r := 0; r < f.Rows(); r++ {
		rows = append(rows, CharHairGeoset{ID: f.Uint32(r, 0), Race: f.Uint32(r, 1), Sex: f.Uint32(r, 2),
			Variation: f.Uint32(r, 3), Geoset: f.Int32(r, 4), ShowScalp: f.Uint32(r, 5)})
	}
	return rows, VAll, nil
}

// FacialHairStyles decodes the CharacterFacialHairStyles table.
func FacialHairStyles(f *File) ([]FacialHairStyle, string, error) {
	var version string
	var first, count int
	switch {
	case f.exactly(facialFields335):
		version, first, count = V335, 3, 5
	case f.exactly(facialFields24):
		version, first, count = V24, 6, 5
	case f.exactly(facialFields112):
		version, first, count = V112, 3, 3
	default:
		return nil, "", layoutError(f, TableFacialHairStyles, "9 fields for 1.12, 11 for 2.4, 8 for 3.3.5")
	}
	rows := make([]FacialHairStyle, 0, f.Rows())
	for r := 0; r < f.Rows(); r++ {
		row := FacialHairStyle{Race: f.Uint32(r, 0), Sex: f.Uint32(r, 1), Variation: f.Uint32(r, 2)}
		for i := 0; i < count; i++ {
			row.Geosets[i] = f.Int32(r, first+i)
		}
		rows = append(rows, row)
	}
	return rows, version, nil
}
