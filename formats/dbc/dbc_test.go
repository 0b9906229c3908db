package dbc_test

import (
	"encoding/binary"
	"errors"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"animscope/formats/dbc"
	"animscope/formats/dbc/dbctest"
)

func mustParse(t *testing.T, name string, data []byte) *dbc.File {
	t.Helper()
	f, err := dbc.Parse(name, data)
	if err != nil {
		t.Fatalf("Parse(%s): %v", name, err)
	}
	return f
}

func TestParseHeaderAndValues(t *testing.T) {
	data := dbctest.Encode(3, [][]any{{uint32(7), "Scourge", float32(1.5)}, {int32(-2), "", "Scourge"}})
	f := mustParse(t, "t.dbc", data)
	want := dbc.Header{Records: 2, Fields: 3, RecordSize: 12, StringSize: uint32(len("Scourge") + 2)}
	if f.Header != want {
		t.Fatalf("header %+v, want %+v", f.Header, want)
	}
	if got := f.Uint32(0, 0); got != 7 {
		t.Errorf("Uint32(0,0) = %d, want 7", got)
	}
	if got := f.Int32(1, 0); got != -2 {
		t.Errorf("Int32(1,0) = %d, want -2", got)
	}
	if got := f.Float32(0, 2); got != 1.5 {
		t.Errorf("Float32(0,2) = %v, want 1.5", got)
	}
	for _, c := range []struct {
		row, field int
		want       string
	}{{0, 1, "Scourge"}, {1, 1, ""}, {1, 2, "Scourge"}} {
		got, err := f.String(c.row, c.field)
		if err != nil || got != c.want {
			t.Errorf("String(%d,%d) = %q, %v; want %q", c.row, c.field, got, err, c.want)
		}
	}
	if f.Trailing != 0 {
		t.Errorf("Trailing = %d, want 0", f.Trailing)
	}
	if got := f.RecordOffset(1, 2); got != 20+12+8 {
		t.Errorf("RecordOffset(1,2) = %d, want 40", got)
	}
}

// header writes a bare header followed by pad zero bytes.
func header(records, fields, size, strs uint32, pad int) []byte {
	b := []byte("WDBC")
	for _, v := range []uint32{records, fields, size, strs} {
		b = binary.LittleEndian.AppendUint32(b, v)
	}
	return append(b, make([]byte, pad)...)
}

func TestParseRefusesBadHeaders(t *testing.T) {
	for _, c := range []struct {
		name   string
		data   []byte
		offset int64
		msg    string
	}{
		{"short", []byte("WDBC\x01\x00"), 0, "too short"},
		{"magic", append([]byte("WDB2"), make([]byte, 16)...), 0, "magic"},
		// 2^31 rows in a 1 KB file: refused before anything is allocated.
		{"2^31 rows", header(1<<31, 10, 40, 1, 1024-20), 0x4, "2147483648 records of 40 bytes"},
		{"rows x size overflow 32 bits", header(0xffffffff, 1024, 0xffffffff, 0, 1004), 0x4, "records"},
		{"string block past end", header(1, 1, 4, 1<<30, 8), 0x10, "string block"},
		{"fields wider than record", header(1, 5, 8, 1, 9), 0x8, "do not fit"},
		{"zero record size", header(3, 0, 0, 1, 1), 0xc, "record size 0"},
	} {
		_, err := dbc.Parse("bad.dbc", c.data)
		var fe *dbc.FormatError
		if !errors.As(err, &fe) {
			t.Errorf("%s: error %v, want a FormatError", c.name, err)
			continue
		}
		if fe.File != "bad.dbc" || fe.Offset != c.offset || !strings.Contains(fe.Msg, c.msg) {
			t.Errorf("%s: got %q (offset 0x%x), want offset 0x%x and %q", c.name, err, fe.Offset, c.offset, c.msg)
		}
		if !strings.HasPrefix(err.Error(), "bad.dbc: offset 0x") {
			t.Errorf("%s: message %q does not start with the file and offset", c.name, err)
		}
	}
}

func TestParseAllocatesNothingTheHeaderClaims(t *testing.T) {
	data := header(1<<31, 10, 40, 1, 1024-20)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range 20 {
		if _, err := dbc.Parse("big.dbc", data); err == nil {
			t.Fatal("a header claiming 2^31 rows in 1 KB parsed")
		}
	}
	runtime.ReadMemStats(&after)
	if n := after.TotalAlloc - before.TotalAlloc; n > 20*1024 { // the errors and their messages only
		t.Fatalf("20 refusals of a lying header allocated %d bytes", n)
	}
	good := dbctest.Encode(2, [][]any{{1, "a"}, {2, "b"}})
	allocs := testing.AllocsPerRun(20, func() { dbc.Parse("good.dbc", good) })
	if allocs > 1 { // the File; records and strings are slices of data
		t.Fatalf("Parse of a good file allocated %v times, want 1", allocs)
	}
}

func TestStringErrors(t *testing.T) {
	data := dbctest.Encode(2, [][]any{{1, "abc"}})
	// Point field 1 of row 0 past the block, then into a block without its NUL.
	bad := append([]byte(nil), data...)
	binary.LittleEndian.PutUint32(bad[24:], 99)
	f := mustParse(t, "s.dbc", bad)
	if _, err := f.String(0, 1); err == nil || !strings.Contains(err.Error(), "s.dbc: offset 0x18: record 0 field 1: string offset 99 outside") {
		t.Errorf("String past the block: %v", err)
	}
	unterminated := append([]byte(nil), data[:len(data)-1]...) // drop the last NUL
	binary.LittleEndian.PutUint32(unterminated[16:], uint32(len("abc")+1))
	f = mustParse(t, "u.dbc", unterminated)
	if _, err := f.String(0, 1); err == nil || !strings.Contains(err.Error(), "no terminating NUL") {
		t.Errorf("String without NUL: %v", err)
	}
	trailing := mustParse(t, "t.dbc", append(append([]byte(nil), data...), 1, 2, 3))
	if trailing.Trailing != 3 {
		t.Errorf("Trailing = %d, want 3", trailing.Trailing)
	}
}

func TestTableName(t *testing.T) {
	for in, want := range map[string]string{
		`DBFilesClient\ChrRaces.dbc`:      dbc.TableChrRaces,
		"dbfilesclient/charsections.DBC":  dbc.TableCharSections,
		"patch.MPQ:CharHairGeosets.dbc":   dbc.TableCharHairGeosets,
		"x/CharacterFacialHairStyles.dbc": dbc.TableFacialHairStyles,
		"Spell.dbc":                       "",
		`DBFilesClient\ChrRacesX.dbc`:     "",
	} {
		if got := dbc.TableName(in); got != want {
			t.Errorf("TableName(%q) = %q, want %q", in, got, want)
		}
	}
}

var races = []dbc.ChrRace{
	{ID: 1, Flags: 12, MaleDisplay: 49, FemaleDisplay: 50, ClientPrefix: "Hu", ClientFileString: "Human", Name: "Human",
		FacialHairCustomization: [2]string{"NORMAL", "EARRINGS"}, HairCustomization: "NORMAL"},
	{ID: 5, Flags: 12, MaleDisplay: 57, FemaleDisplay: 58, ClientPrefix: "Sc", ClientFileString: "Scourge", Name: "Undead",
		FacialHairCustomization: [2]string{"FEATURES", "FEATURES"}, HairCustomization: "NORMAL"},
}

var sections = []dbc.CharSection{
	{ID: 1, Race: 5, Sex: 1, Section: dbc.SectionSkin, Textures: [3]string{`Character\Scourge\Female\ScourgeFemaleSkin00_00.blp`, "", ""}, Flags: 1, Variation: 0, Color: 0},
	{ID: 2, Race: 5, Sex: 1, Section: dbc.SectionFace, Textures: [3]string{`Character\Scourge\Female\ScourgeFemaleFaceLower00_02.blp`, `Character\Scourge\Female\ScourgeFemaleFaceUpper00_02.blp`, ""}, Flags: 1, Variation: 2, Color: 0},
	{ID: 3, Race: 5, Sex: 1, Section: dbc.SectionHair, Textures: [3]string{`Character\Scourge\Hair04_07.blp`, `Character\Scourge\Scalp\ScalpLower04_07.blp`, `Character\Scourge\Scalp\ScalpUpper04_07.blp`}, Flags: 1, Variation: 4, Color: 7},
}

var hair = []dbc.CharHairGeoset{{ID: 1, Race: 5, Sex: 1, Variation: 0, Geoset: 2}, {ID: 2, Race: 5, Sex: 1, Variation: 1, Geoset: 0, ShowScalp: 1}}

var facial = []dbc.FacialHairStyle{{Race: 5, Sex: 1, Variation: 0, Geosets: [5]int32{1, 1, 1, 0, 0}}, {Race: 5, Sex: 1, Variation: 3, Geosets: [5]int32{4, 2, 3, 0, 0}}}

func TestTablesEveryLayout(t *testing.T) {
	facial112 := make([]dbc.FacialHairStyle, len(facial))
	for i, r := range facial {
		r.Geosets[3], r.Geosets[4] = 0, 0 // 1.12 has three
		facial112[i] = r
	}
	for _, c := range []struct {
		table, version, wantVersion string
		data                        []byte
		want                        any
	}{
		{dbc.TableChrRaces, dbc.V335, dbc.V335, dbctest.ChrRaces(dbc.V335, races), races},
		{dbc.TableChrRaces, dbc.V24, dbc.V24, dbctest.ChrRaces(dbc.V24, races), races},
		{dbc.TableChrRaces, dbc.V112, dbc.V112, dbctest.ChrRaces(dbc.V112, races), races},
		{dbc.TableCharSections, dbc.V335, dbc.V335, dbctest.CharSections(dbc.V335, sections), sections},
		{dbc.TableCharSections, dbc.V112, "1.12/2.4", dbctest.CharSections(dbc.V112, sections), sections},
		{dbc.TableCharHairGeosets, dbc.V335, dbc.VAll, dbctest.CharHairGeosets(hair), hair},
		{dbc.TableFacialHairStyles, dbc.V335, dbc.V335, dbctest.FacialHairStyles(dbc.V335, facial), facial},
		{dbc.TableFacialHairStyles, dbc.V24, dbc.V24, dbctest.FacialHairStyles(dbc.V24, facial), facial},
		{dbc.TableFacialHairStyles, dbc.V112, dbc.V112, dbctest.FacialHairStyles(dbc.V112, facial), facial112},
	} {
		f := mustParse(t, c.table+".dbc", c.data)
		d, err := dbc.Decode(f, c.table)
		if err != nil {
			t.Errorf("%s %s: %v", c.table, c.version, err)
			continue
		}
		if d.Version != c.wantVersion {
			t.Errorf("%s written as %s read as %q, want %q", c.table, c.version, d.Version, c.wantVersion)
		}
		if !reflect.DeepEqual(d.Rows, c.want) {
			t.Errorf("%s %s rows:\n got %+v\nwant %+v", c.table, c.version, d.Rows, c.want)
		}
	}
}

func TestFacialGroups(t *testing.T) {
	s := dbc.FacialHairStyle{Geosets: [5]int32{4, 2, 3, 6, 7}}
	for g, want := range map[int]int32{1: 4, 3: 2, 2: 3, 16: 6, 17: 7} {
		if got, ok := s.Group(g); !ok || got != want {
			t.Errorf("Group(%d) = %d, %v; want %d", g, got, ok, want)
		}
	}
	if _, ok := s.Group(4); ok {
		t.Error("Group(4) reported a column")
	}
}

func TestUnknownLayoutIsAnError(t *testing.T) {
	row := make([]any, 12)
	for i := range row {
		row[i] = 0
	}
	data := dbctest.Encode(12, [][]any{row})
	f := mustParse(t, "ChrRaces.dbc", data)
	for _, table := range dbc.KnownTables {
		_, err := dbc.Decode(f, table)
		if err == nil || !strings.Contains(err.Error(), "ChrRaces.dbc: offset 0x8: "+table+" with 12 fields") {
			t.Errorf("%s of 12 fields: %v", table, err)
		}
	}
}

func TestBadStringInATableIsAnError(t *testing.T) {
	data := dbctest.CharSections(dbc.V335, sections)
	binary.LittleEndian.PutUint32(data[20+4*4:], 1<<20) // row 0 texture 1: far outside, and not a string start
	binary.LittleEndian.PutUint32(data[20+4*6:], 1<<20) // the old order's columns fail too
	f := mustParse(t, "CharSections.dbc", data)
	if _, err := dbc.Decode(f, dbc.TableCharSections); err == nil || !strings.Contains(err.Error(), "CharSections.dbc: offset 0x24: record 0 field 4: string offset 1048576 outside") {
		t.Errorf("bad string: %v", err)
	}
}
