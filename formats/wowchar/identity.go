package wowchar

import (
	"strings"

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
	parts := strings.FieldsFunc(p, func(r rune) bool { return r == '\\' || r == '/' || r == ':' })
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
