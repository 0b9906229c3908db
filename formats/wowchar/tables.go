package wowchar

import (
	"errors"
	"fmt"
	"io/fs"

	"animscope/formats/dbc"
)

// TablePath is where a mount keeps a table ("DBFilesClient\ChrRaces.dbc").
func TablePath(table string) string { return `DBFilesClient\` + table + ".dbc" }

// Source reads a file of a mount by its path; a missing file is an error that
// wraps fs.ErrNotExist (vfs.Mount's ReadFile is one).
type Source interface {
	ReadFile(name string) ([]byte, error)
}

// Tables are the four tables a character needs, decoded.
type Tables struct {
	Races    []dbc.ChrRace
	Sections []dbc.CharSection
	Hair     []dbc.CharHairGeoset
	Facial   []dbc.FacialHairStyle
	// Versions is the layout each table was read in, by table name.
	Versions map[string]string
}

// LoadTables reads the four tables from src. With none of them present it
// returns nil and no warnings (the model is no customisable character here).
// A table that is missing while others are present, or present but broken, is
// a warning naming it, and LoadTables returns nil: the caller's fallback applies.
func LoadTables(src Source) (*Tables, []string) {
	t := &Tables{Versions: map[string]string{}}
	var warns []string
	missing := 0
	for _, name := range dbc.KnownTables {
		p := TablePath(name)
		data, err := src.ReadFile(p)
		if errors.Is(err, fs.ErrNotExist) {
			missing++
			continue
		}
		if err == nil {
			err = t.decode(p, name, data)
		}
		if err != nil {
			warns = append(warns, fmt.Sprintf("%s: character table not used: %v", name, err))
		}
	}
	if missing == len(dbc.KnownTables) {
		return nil, nil
	}
	if missing > 0 {
		for _, name := range dbc.KnownTables {
			if _, ok := t.Versions[name]; !ok && !mentions(warns, name) {
				warns = append(warns, fmt.Sprintf("%s: character table missing (%s); the character tables are not used", name, TablePath(name)))
			}
		}
	}
	if len(warns) > 0 {
		return nil, warns
	}
	return t, nil
}

func mentions(warns []string, table string) bool {
	for _, w := range warns {
		if len(w) > len(table) && w[:len(table)+1] == table+":" {
			return true
		}
	}
	return false
}

func (t *Tables) decode(p, name string, data []byte) error {
	f, err := dbc.Parse(p, data)
	if err != nil {
		return err
	}
	d, err := dbc.Decode(f, name)
	if err != nil {
		return err
	}
	switch rows := d.Rows.(type) {
	case []dbc.ChrRace:
		t.Races = rows
	case []dbc.CharSection:
		t.Sections = rows
	case []dbc.CharHairGeoset:
		t.Hair = rows
	case []dbc.FacialHairStyle:
		t.Facial = rows
	}
	t.Versions[name] = d.Version
	return nil
}
