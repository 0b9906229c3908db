package main

import (
	"encoding/binary"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"animscope/formats/dbc"
	"animscope/formats/dbc/dbctest"
	"animscope/formats/mpq/mpqtest"
	"animscope/formats/wowchar/wowchartest"
)

// TestDBCVerdict: validate and inspect read a client database on disk and as
// an archive member: the four character tables decode (inspect --json gives
// their rows by field name), another table is described by its header and raw
// first rows, and a header claiming 2^31 rows in a 1 KB file is refused with
// the file and offset 0x4 by both (exit 1).
func TestDBCVerdict(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	races, sections, hair, facial := wowchartest.Tables()
	lying := make([]byte, 1024)
	copy(lying, "WDBC")
	binary.LittleEndian.PutUint32(lying[4:], 1<<31)
	binary.LittleEndian.PutUint32(lying[8:], 10)
	binary.LittleEndian.PutUint32(lying[12:], 40)
	binary.LittleEndian.PutUint32(lying[16:], 1)
	arch, err := mpqtest.Build([]mpqtest.File{{Name: `DBFilesClient\CharHairGeosets.dbc`, Data: dbctest.CharHairGeosets(hair)}}, mpqtest.Options{Listfile: true})
	if err != nil {
		t.Fatal(err)
	}
	var (
		chr    = write("ChrRaces.dbc", dbctest.ChrRaces(dbc.V335, races))
		sec    = write("CharSections.dbc", dbctest.CharSections(dbc.V112, sections))
		fac    = write("CharacterFacialHairStyles.dbc", dbctest.FacialHairStyles(dbc.V24, facial))
		member = write("misc.MPQ", arch) + `:DBFilesClient\CharHairGeosets.dbc`
		spell  = write("Spell.dbc", dbctest.Encode(3, [][]any{{7, "Fireball", 3}, {8, "", 9}}))
		big    = write("Big.dbc", lying)
	)
	// A known table name whose field count fits no layout: readable, a warning.
	oddKnown := filepath.Join(dir, "sub", "ChrRaces.dbc")
	if err := os.MkdirAll(filepath.Dir(oddKnown), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(oddKnown, dbctest.Encode(12, [][]any{{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}}), 0o644); err != nil {
		t.Fatal(err)
	}

	for _, tc := range []struct {
		file, table, layout string
		rows                int
		code                int
		errText             string
	}{
		{chr, "ChrRaces", "3.3.5", 2, exitOK, ""},
		{sec, "CharSections", "1.12/2.4", len(sections), exitOK, ""},
		{fac, "CharacterFacialHairStyles", "2.4", len(facial), exitOK, ""},
		{member, "CharHairGeosets", dbc.VAll, len(hair), exitOK, ""},
		{spell, "", "", 2, exitOK, ""},
		{oddKnown, "ChrRaces", "", 1, exitOK, "warning: " + oddKnown + ": offset 0x8: ChrRaces with 12 fields of 48 bytes a record matches no layout"},
		{big, "", "", 0, exitInvalid, big + ": offset 0x4: 2147483648 records of 40 bytes need 85899345920 bytes after the header; the file has 1004"},
	} {
		name := filepath.Base(tc.file)
		code, stdout, stderr := runCLI("validate", tc.file)
		want := tc.file + ": valid\n"
		if tc.code != exitOK {
			want = tc.file + ": invalid (1 error, 0 warnings)\n"
		} else if tc.errText != "" {
			want = tc.file + ": valid, with 1 warning\n"
		}
		if code != tc.code || stdout != want || !strings.Contains(stderr, tc.errText) {
			t.Errorf("validate %s: exit %d, %q, %q; want exit %d, %q, %q", name, code, stdout, stderr, tc.code, want, tc.errText)
		}
		code, stdout, stderr = runCLI("inspect", "--json", tc.file)
		if tc.code != exitOK {
			if code != tc.code || stdout != "" || !strings.Contains(stderr, tc.errText) {
				t.Errorf("inspect %s: exit %d, %q, %q; want exit %d and %q", name, code, stdout, stderr, tc.code, tc.errText)
			}
			continue
		}
		var got struct {
			Format string `json:"format"`
			DBC    struct {
				Records   int              `json:"records"`
				Table     string           `json:"table"`
				Layout    string           `json:"layout"`
				Rows      []map[string]any `json:"rows"`
				FirstRows [][]uint32       `json:"first_rows"`
			} `json:"dbc"`
			Diagnostics []inspectDiag `json:"diagnostics"`
		}
		if err := json.Unmarshal([]byte(stdout), &got); code != exitOK || err != nil {
			t.Errorf("inspect --json %s: exit %d, %v, %s", name, code, err, stderr)
			continue
		}
		if got.Format != "dbc" || got.DBC.Table != tc.table || got.DBC.Layout != tc.layout || got.DBC.Records != tc.rows {
			t.Errorf("inspect --json %s: format %q table %q layout %q records %d; want dbc %q %q %d", name, got.Format, got.DBC.Table, got.DBC.Layout, got.DBC.Records, tc.table, tc.layout, tc.rows)
		}
		switch {
		case tc.layout != "" && len(got.DBC.Rows) != tc.rows:
			t.Errorf("inspect --json %s: %d rows by name, want %d", name, len(got.DBC.Rows), tc.rows)
		case tc.layout == "" && len(got.DBC.FirstRows) != tc.rows:
			t.Errorf("inspect --json %s: %d raw rows, want %d", name, len(got.DBC.FirstRows), tc.rows)
		}
		if (tc.errText != "") != (len(got.Diagnostics) == 1) {
			t.Errorf("inspect --json %s: diagnostics %+v", name, got.Diagnostics)
		}
	}

	// Rows by field name, as the client's columns are named.
	_, stdout, _ := runCLI("inspect", "--json", chr)
	for _, key := range []string{`"client_file_string": "Scourge"`, `"name": "Undead"`, `"id": 5`, `"facial_hair_customization": [`} {
		if !strings.Contains(stdout, key) {
			t.Errorf("inspect --json ChrRaces.dbc lacks %s:\n%s", key, stdout)
		}
	}
	_, stdout, _ = runCLI("inspect", spell)
	wantText := "files:   " + spell + "\nformat:  dbc (WDBC: 2 records, 3 fields, 12 bytes a record, string block 10 bytes)\nrows:    2 (the first 2)\n     0 [7 1 3]\n     1 [8 0 9]\ndiagnostics: 0\n"
	if stdout != wantText {
		t.Errorf("inspect Spell.dbc:\n%s\nwant\n%s", stdout, wantText)
	}

	// A MOUNT with a pattern gives each .dbc the verdict `validate FILE` gives.
	mixed, err := mpqtest.Build([]mpqtest.File{
		{Name: `DBFilesClient\ChrRaces.dbc`, Data: dbctest.ChrRaces(dbc.V335, races)},
		{Name: `DBFilesClient\Big.dbc`, Data: lying},
	}, mpqtest.Options{Listfile: true})
	if err != nil {
		t.Fatal(err)
	}
	mpq := write("mixed.MPQ", mixed)
	code, stdout, stderr := runCLI("validate", "--quiet", mpq, "*.dbc")
	for _, want := range []string{
		mpq + ":DBFilesClient/Big.dbc: invalid (1 error, 0 warnings)\n",
		"2 files (dbc 2) in ",
	} {
		if code != exitInvalid || !strings.Contains(stdout, want) {
			t.Errorf("validate MOUNT '*.dbc': exit %d, stdout %q lacks %q", code, stdout, want)
		}
	}
	if !strings.Contains(stderr, mpq+":DBFilesClient/Big.dbc: offset 0x4: 2147483648 records") && !strings.Contains(stdout, mpq+":DBFilesClient/Big.dbc: offset 0x4: 2147483648 records") {
		t.Errorf("validate MOUNT: the refusal's message is missing: %q %q", stdout, stderr)
	}
}
