// Package dbctest writes WDBC files for tests and fuzz seeds: any table from
// rows of values (Encode), and the four character tables in each client layout
// the dbc package reads. Its offsets follow the format's header description
// independently of dbc's reader. animscope never writes DBC files for its users.
package dbctest

import (
	"encoding/binary"
	"fmt"
	"math"

	"animscope/formats/dbc"
)

// Encode writes a WDBC file of fields 4-byte fields a record. A value is a
// uint32, int32, int, float32 or string (stored in the string block, identical
// strings once, the block starting with the empty string's NUL).
func Encode(fields int, rows [][]any) []byte {
	block := []byte{0}
	at := map[string]uint32{"": 0}
	str := func(s string) uint32 {
		if off, ok := at[s]; ok {
			return off
		}
		off := uint32(len(block))
		block = append(append(block, s...), 0)
		at[s] = off
		return off
	}
	recs := make([]byte, 0, len(rows)*fields*4)
	for r, row := range rows {
		if len(row) != fields {
			panic(fmt.Sprintf("dbctest: row %d has %d values, not %d", r, len(row), fields))
		}
		for _, v := range row {
			var u uint32
			switch x := v.(type) {
			case uint32:
				u = x
			case int32:
				u = uint32(x)
			case int:
				u = uint32(int32(x))
			case float32:
				u = math.Float32bits(x)
			case string:
				u = str(x)
			default:
				panic(fmt.Sprintf("dbctest: row %d: value %T", r, v))
			}
			recs = binary.LittleEndian.AppendUint32(recs, u)
		}
	}
	out := make([]byte, 0, dbc.HeaderSize+len(recs)+len(block))
	out = append(out, "WDBC"...)
	for _, v := range []int{len(rows), fields, 4 * fields, len(block)} {
		out = binary.LittleEndian.AppendUint32(out, uint32(v))
	}
	out = append(out, recs...)
	return append(out, block...)
}

// ChrRaces writes a ChrRaces table in version's layout (dbc.V112, dbc.V24 or
// dbc.V335); the columns the reader does not decode hold distinct small numbers
// (and the 2.4 mount scale 1.0).
func ChrRaces(version string, rows []dbc.ChrRace) []byte {
	var out [][]any
	for _, r := range rows {
		var v []any
		head := []any{r.ID, r.Flags, uint32(100 + r.ID), uint32(200 + r.ID), r.MaleDisplay, r.FemaleDisplay, r.ClientPrefix}
		locale := func(n int) []any { // n strings, the first the name, then the flags
			l := []any{r.Name}
			for i := 1; i < n; i++ {
				l = append(l, "")
			}
			return append(l, uint32(0xff01fe))
		}
		tail := []any{r.FacialHairCustomization[0], r.FacialHairCustomization[1], r.HairCustomization}
		switch version {
		case dbc.V335:
			v = append(head, uint32(7), uint32(7), uint32(836), uint32(1096), r.ClientFileString, uint32(81), uint32(1))
			v = append(append(append(append(v, locale(16)...), locale(16)...), locale(16)...), tail...)
			v = append(v, uint32(0))
		case dbc.V24:
			v = append(head, float32(1), uint32(7), uint32(7), uint32(836), uint32(1096), r.ClientFileString, uint32(81))
			v = append(append(append(append(v, locale(16)...), locale(16)...), locale(16)...), tail...)
			v = append(v, uint32(0))
		case dbc.V112:
			v = append(head, float32(1), uint32(7), uint32(7), uint32(0), uint32(0), uint32(836), uint32(1096), uint32(0), r.ClientFileString, uint32(81))
			v = append(append(v, locale(8)...), tail...)
		default:
			panic("dbctest: ChrRaces version " + version)
		}
		out = append(out, v)
	}
	fields := 69
	if version == dbc.V112 {
		fields = 29
	}
	return Encode(fields, out)
}

// CharSections writes a CharSections table: dbc.V335's order, or the 1.12/2.4
// order for any other version.
func CharSections(version string, rows []dbc.CharSection) []byte {
	var out [][]any
	for _, r := range rows {
		v := []any{r.ID, r.Race, r.Sex, r.Section}
		if version == dbc.V335 {
			v = append(v, r.Textures[0], r.Textures[1], r.Textures[2], r.Flags, r.Variation, r.Color)
		} else {
			v = append(v, r.Variation, r.Color, r.Textures[0], r.Textures[1], r.Textures[2], r.Flags)
		}
		out = append(out, v)
	}
	return Encode(10, out)
}

// CharHairGeosets writes a CharHairGeosets table (one layout in every version).
func CharHairGeosets(rows []dbc.CharHairGeoset) []byte {
	var out [][]any
	for _, r := range rows {
		out = append(out, []any{r.ID, r.Race, r.Sex, r.Variation, r.Geoset, r.ShowScalp})
	}
	return Encode(6, out)
}

// FacialHairStyles writes a CharacterFacialHairStyles table in version's layout.
func FacialHairStyles(version string, rows []dbc.FacialHairStyle) []byte {
	var out [][]any
	fields := 8
	for _, r := range rows {
		v := []any{r.Race, r.Sex, r.Variation}
		g := r.Geosets
		switch version {
		case dbc.V335:
			v = append(v, g[0], g[1], g[2], g[3], g[4])
		case dbc.V24:
			v = append(v, uint32(0xa), uint32(0xb), uint32(0xc), g[0], g[1], g[2], g[3], g[4])
			fields = 11
		case dbc.V112:
			v = append(v, g[0], g[1], g[2], int32(0), int32(0), int32(0))
			fields = 9
		default:
			panic("dbctest: FacialHairStyles version " + version)
		}
		out = append(out, v)
	}
	if len(rows) == 0 {
		fields = map[string]int{dbc.V335: 8, dbc.V24: 11, dbc.V112: 9}[version]
	}
	return Encode(fields, out)
}
