package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"animscope/formats"
	"animscope/formats/dbc"
)

// dbcFirstRows is how many rows inspect prints as text (and gives raw in JSON
// for a table it does not decode).
const dbcFirstRows = 10

// dbcVerdict is, for a file that no scene decoder opens, the verdict on a client
// database (a name ending in .dbc, as the client names them; other files are
// not read again for it): the file checked (err names the file and the
// offset), a known table decoded (d.Rows nil when its layout is unknown: a
// warning), or ok false when the file is no DBC.
func dbcVerdict(name string) (f *dbc.File, d dbc.Decoded, diags []formats.Diagnostic, ok bool, err error) {
	if !strings.HasSuffix(strings.ToLower(name), ".dbc") {
		return nil, d, nil, false, nil
	}
	data, rerr := formats.ReadMember(name)
	if rerr != nil {
		return nil, d, nil, false, nil
	}
	return dbcVerdictData(name, data)
}

// dbcVerdictData is dbcVerdict on the bytes already read.
func dbcVerdictData(name string, data []byte) (f *dbc.File, d dbc.Decoded, diags []formats.Diagnostic, ok bool, err error) {
	if !strings.HasSuffix(strings.ToLower(name), ".dbc") {
		return nil, d, nil, false, nil
	}
	if len(data) > dbc.MaxFileSize {
		return nil, d, nil, true, fmt.Errorf("%s: offset 0x%x: larger than %d bytes", name, dbc.MaxFileSize, dbc.MaxFileSize)
	}
	f, err = dbc.Parse(name, data)
	if err != nil {
		return nil, d, nil, true, err
	}
	if f.Trailing > 0 {
		diags = append(diags, formats.DiagWarnf(name, f.StringBlockOffset()+int64(f.StringSize), "%d bytes after the string block", f.Trailing))
	}
	if f.Records > 0 && f.RecordSize != 4*f.Fields {
		diags = append(diags, formats.DiagWarnf(name, 0xc, "record size %d is not 4 x %d fields", f.RecordSize, f.Fields))
	}
	if table := dbc.TableName(name); table != "" {
		d, err = dbc.Decode(f, table)
		if err != nil {
			if fe, isFE := err.(*dbc.FormatError); isFE && fe.Offset == 0x8 {
				// A layout animscope does not know: readable, not decoded.
				diags = append(diags, formats.DiagWarnf(name, fe.Offset, "%s", fe.Msg))
				return f, dbc.Decoded{Table: table}, diags, true, nil
			}
			return nil, d, nil, true, err
		}
	}
	return f, d, diags, true, nil
}

// inspectDBCOut is inspect's description of a client database.
type inspectDBCOut struct {
	Files       []string      `json:"files"`
	Format      string        `json:"format"` // "dbc"
	DBC         inspectDBC    `json:"dbc"`
	Diagnostics []inspectDiag `json:"diagnostics"`
}

type inspectDBC struct {
	Records    uint32 `json:"records"`
	Fields     uint32 `json:"fields"`
	RecordSize uint32 `json:"record_size"`
	StringSize uint32 `json:"string_block_size"`
	// Table and Layout name a table animscope knows and the client layout read.
	Table  string `json:"table,omitempty"`
	Layout string `json:"layout,omitempty"`
	// Rows are every row of a known table by field name; FirstRows the first
	// rows of any other as 32-bit values.
	Rows      any        `json:"rows,omitempty"`
	FirstRows [][]uint32 `json:"first_rows,omitempty"`
}

// inspectDBCFile prints what inspect says of a client database.
func inspectDBCFile(f *dbc.File, d dbc.Decoded, diags []formats.Diagnostic, name string, asJSON bool, stdout, stderr io.Writer) int {
	out := inspectDBCOut{Files: []string{name}, Format: "dbc", Diagnostics: []inspectDiag{},
		DBC: inspectDBC{Records: f.Records, Fields: f.Fields, RecordSize: f.RecordSize, StringSize: f.StringSize,
			Table: d.Table, Layout: d.Version, Rows: d.Rows}}
	if d.Rows == nil {
		out.DBC.FirstRows = [][]uint32{}
		for r := 0; r < min(f.Rows(), dbcFirstRows); r++ {
			row := make([]uint32, f.Fields)
			for c := range row {
				row[c] = f.Uint32(r, c)
			}
			out.DBC.FirstRows = append(out.DBC.FirstRows, row)
		}
	}
	for _, dg := range diags {
		out.Diagnostics = append(out.Diagnostics, diagJSON(dg))
	}
	if asJSON {
		return writeJSON(out, stdout, stderr)
	}
	fmt.Fprintf(stdout, "files:   %s\nformat:  dbc (WDBC: %d records, %d fields, %d bytes a record, string block %d bytes)\n",
		name, f.Records, f.Fields, f.RecordSize, f.StringSize)
	if d.Table != "" {
		layout := d.Version
		if layout == "" {
			layout = "unknown"
		}
		fmt.Fprintf(stdout, "table:   %s (layout %s)\n", d.Table, layout)
	}
	shown := min(f.Rows(), dbcFirstRows)
	fmt.Fprintf(stdout, "rows:    %d (the first %d)\n", f.Rows(), shown)
	rows, _ := json.Marshal(d.Rows)
	var decoded []json.RawMessage
	json.Unmarshal(rows, &decoded) // nil for a table not decoded
	for r := 0; r < shown; r++ {
		if r < len(decoded) {
			fmt.Fprintf(stdout, "  %4d %s\n", r, decoded[r])
		} else if out.DBC.FirstRows != nil {
			fmt.Fprintf(stdout, "  %4d %v\n", r, out.DBC.FirstRows[r])
		}
	}
	fmt.Fprintf(stdout, "diagnostics: %d\n", len(diags))
	for _, dg := range diags {
		fmt.Fprintf(stdout, "  warning: %s\n", dg.String())
	}
	return exitOK
}
