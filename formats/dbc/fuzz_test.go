package dbc_test

import (
	"errors"
	"testing"

	"animscope/formats/dbc"
	"animscope/formats/dbc/dbctest"
)

// FuzzParse: any input either fails with a FormatError naming the file and an
// offset, or parses; then every field reads, every string either reads or fails
// the same way, and every known table either decodes or fails the same way.
func FuzzParse(f *testing.F) {
	for _, v := range []string{dbc.V112, dbc.V24, dbc.V335} {
		f.Add(dbctest.ChrRaces(v, races))
		f.Add(dbctest.FacialHairStyles(v, facial))
		f.Add(dbctest.CharSections(v, sections))
	}
	f.Add(dbctest.CharHairGeosets(hair))
	f.Add(header(1<<31, 10, 40, 1, 64))
	f.Fuzz(func(t *testing.T, data []byte) {
		check := func(err error) {
			var fe *dbc.FormatError
			if !errors.As(err, &fe) || fe.File != "f.dbc" || fe.Offset < 0 || fe.Offset > int64(len(data))+dbc.HeaderSize || fe.Msg == "" {
				t.Fatalf("error without file and offset: %v", err)
			}
		}
		file, err := dbc.Parse("f.dbc", data)
		if err != nil {
			check(err)
			return
		}
		if int(file.Records)*int(file.RecordSize)+int(file.StringSize)+dbc.HeaderSize+file.Trailing != len(data) {
			t.Fatalf("header %+v and trailing %d do not add up to %d bytes", file.Header, file.Trailing, len(data))
		}
		for r := 0; r < file.Rows(); r++ {
			for c := 0; c < int(file.Fields); c++ {
				file.Uint32(r, c)
				if _, err := file.String(r, c); err != nil {
					check(err)
				}
			}
		}
		for _, table := range dbc.KnownTables {
			if _, err := dbc.Decode(file, table); err != nil {
				check(err)
			}
		}
	})
}
