package dbc

import (
	"encoding/json"
	"fmt"
	"io"

	"animscope/formats"
)

// firstRows is how many rows inspect prints as text (and gives raw in JSON for
// a table it does not decode).
const firstRows = 10

// A client database is data, not a scene: the character tables are read from
// it. It registers as a data kind, by its extension (as the client names its
// tables; the WDBC magic is not asked of other files), so that validate and
// inspect read one alone.
func init() {
	formats.RegisterData(formats.DataKind{
		Name:        "dbc",
		Description: "a World of Warcraft client database (WDBC)",
		Extensions:  []string{".dbc"},
		Read:        readData,
	})
}

// verdict checks the file (the error names the file and the offset) and decodes
// a known table (d.Rows nil when its layout is unknown: a warning).
func verdict(name string, data []byte) (f *File, d Decoded, diags []formats.Diagnostic, err error) {
	if len(data) > MaxFileSize {
		return nil, d, nil, fmt.Errorf("%s: offset 0x%x: larger than %d bytes", name, MaxFileSize, MaxFileSize)
	}
	f, err = Parse(name, data)
	if err != nil {
		return nil, d, nil, err
	}
	if f.Trailing > 0 {
		diags = append(diags, formats.DiagWarnf(name, f.StringBlockOffset()+int64(f.StringSize), "%d bytes after the string block", f.Trailing))
	}
	if f.Records > 0 && f.RecordSize != 4*f.Fields {
		diags = append(diags, formats.DiagWarnf(name, 0xc, "record size %d is not 4 x %d fields", f.RecordSize, f.Fields))
	}
	if table := TableName(name); table != "" {
		d, err = Decode(f, table)
		if err != nil {
			if fe, isFE := err.(*FormatError); isFE && fe.Offset == 0x8 {
				// A layout animscope does not know: readable, not decoded.
				diags = append(diags, formats.DiagWarnf(name, fe.Offset, "%s", fe.Msg))
				return f, Decoded{Table: table}, diags, nil
			}
			return nil, d, nil, err
		}
	}
	return f, d, diags, nil
}

// info is what `inspect --json` says of a client database, under "dbc".
type info struct {
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

func readData(src *formats.Source) (*formats.Data, error) {
	name := src.Name
	f, d, diags, err := verdict(name, src.Data)
	if err != nil {
		return nil, err
	}
	out := info{Records: f.Records, Fields: f.Fields, RecordSize: f.RecordSize, StringSize: f.StringSize,
		Table: d.Table, Layout: d.Version, Rows: d.Rows}
	if d.Rows == nil {
		out.FirstRows = [][]uint32{}
		for r := 0; r < min(f.Rows(), firstRows); r++ {
			row := make([]uint32, f.Fields)
			for c := range row {
				row[c] = f.Uint32(r, c)
			}
			out.FirstRows = append(out.FirstRows, row)
		}
	}
	return &formats.Data{Key: "dbc", Value: out, Diagnostics: diags, Text: func(w io.Writer) {
		fmt.Fprintf(w, "files:   %s\nformat:  dbc (WDBC: %d records, %d fields, %d bytes a record, string block %d bytes)\n",
			name, f.Records, f.Fields, f.RecordSize, f.StringSize)
		if d.Table != "" {
			layout := d.Version
			if layout == "" {
				layout = "unknown"
			}
			fmt.Fprintf(w, "table:   %s (layout %s)\n", d.Table, layout)
		}
		shown := min(f.Rows(), firstRows)
		fmt.Fprintf(w, "rows:    %d (the first %d)\n", f.Rows(), shown)
		rows, _ := json.Marshal(d.Rows)
		var decoded []json.RawMessage
		json.Unmarshal(rows, &decoded) // nil for a table not decoded
		for r := 0; r < shown; r++ {
			if r < len(decoded) {
				fmt.Fprintf(w, "  %4d %s\n", r, decoded[r])
			} else if out.FirstRows != nil {
				fmt.Fprintf(w, "  %4d %v\n", r, out.FirstRows[r])
			}
		}
		fmt.Fprintf(w, "diagnostics: %d\n", len(diags))
		for _, dg := range diags {
			fmt.Fprintf(w, "  warning: %s\n", dg.String())
		}
	}}, nil
}
