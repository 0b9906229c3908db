package wowchar

import (
	"fmt"
	"strings"

	"animscope/formats"
	"animscope/formats/dbc"
)

// Sex is a character's sex as the tables number it.
type Sex uint32

const (
	Male   Sex = 0
	Female Sex = 1
)

func (s Sex) String() string {
	if s == Female {
		return "Female"
	}
	return "Male"
}

// ModelIdentity reads a character model's race folder and sex from its path:
// ...\Character\<Race>\<Male|Female>\<file> (any case, '\' or '/', an
// "ARCHIVE:" prefix allowed). ok is false for any other path.
func ModelIdentity(p string) (raceFolder string, sex Sex, ok bool) {
	if _, member, ok := formats.SplitName(p); ok {
		p = member // ARCHIVE:MEMBER
	}
	parts := strings.FieldsFunc(p, func(r rune) bool { return r == '\\' || r == '/' })
	if len(parts) < 4 {
		return "", 0, false
	}
	n := len(parts)
	if !strings.EqualFold(parts[n-4], "Character") {
		return "", 0, false
	}
	switch strings.ToLower(parts[n-2]) {
	case "male":
		sex = Male
	case "female":
		sex = Female
	default:
		return "", 0, false
	}
	return parts[n-3], sex, true
}

// Race is the ChrRaces row whose folder (ClientFileString) is folder, ignoring
// case.
func (t *Tables) Race(folder string) (dbc.ChrRace, bool) {
	for _, r := range t.Races {
		if strings.EqualFold(r.ClientFileString, folder) {
			return r, true
		}
	}
	return dbc.ChrRace{}, false
}

// Character is a character model's race and sex with the tables that
// customise it.
type Character struct {
	Tables *Tables
	Race   dbc.ChrRace
	Sex    Sex
}

// Find is the character that modelPath (a path inside src, or any path ending
// in Character\<Race>\<Sex>\<file>) is, when src holds the character tables.
// It is nil, with no warnings, for a model that is no character or a mount
// without tables; nil with warnings when a table is missing or broken or
// ChrRaces lacks the race (the caller's fallback applies).
func Find(src Source, modelPath string) (*Character, []string) {
	folder, sex, ok := ModelIdentity(modelPath)
	if !ok {
		return nil, nil
	}
	tables, warns := LoadTables(src)
	if tables == nil {
		return nil, warns
	}
	race, ok := tables.Race(folder)
	if !ok {
		return nil, []string{fmt.Sprintf("ChrRaces: no race whose folder (ClientFileString) is %q", folder)}
	}
	return &Character{Tables: tables, Race: race, Sex: sex}, nil
}

// Choose is Tables.Choose for the character.
func (c *Character) Choose(cu Customization) Choice { return c.Tables.Choose(c.Race, c.Sex, cu) }

// Offers is Tables.Offers for the character.
func (c *Character) Offers() Offer { return c.Tables.Offers(c.Race.ID, c.Sex) }
