package main

import (
	"bytes"
	"encoding/json"
	"io"

	"animscope/formats"
)

// dataVerdictOf is, for a file that no scene decoder opens, the verdict of the
// data kind that reads it (formats.DataVerdict), so that inspect agrees with
// validate and texture: the file described (d), refused (err, naming the file
// and the place), or ok false when no data kind reads it (the decoder's error
// stands then).
func dataVerdictOf(name string) (d *formats.Data, ok bool, err error) {
	data, err := formats.ReadData(name)
	if err != nil {
		return nil, false, nil // unreadable (missing, a folder): the open error says so
	}
	kind, d, err := formats.DataVerdict(&formats.Source{Name: name, Path: name, Data: data})
	return d, kind != "", err
}

// inspectDataOut is inspect's description of a data file: its name, its kind,
// what the kind says of it under the kind's key, and its diagnostics.
type inspectDataOut struct {
	files       []string
	format, key string
	value       any
	diagnostics []inspectDiag
}

// MarshalJSON writes {"files", "format", KEY, "diagnostics"} in that order.
func (o inspectDataOut) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	for i, f := range []struct {
		key string
		v   any
	}{{"files", o.files}, {"format", o.format}, {o.key, o.value}, {"diagnostics", o.diagnostics}} {
		if i > 0 {
			b.WriteByte(',')
		} else {
			b.WriteByte('{')
		}
		k, err := json.Marshal(f.key)
		if err != nil {
			return nil, err
		}
		v, err := json.Marshal(f.v)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// inspectDataFile prints what inspect says of a data file.
func inspectDataFile(d *formats.Data, name string, asJSON bool, stdout, stderr io.Writer) int {
	if asJSON {
		out := inspectDataOut{files: []string{name}, format: d.Kind, key: d.Key, value: d.Value, diagnostics: []inspectDiag{}}
		for _, dg := range d.Diagnostics {
			out.diagnostics = append(out.diagnostics, diagJSON(dg))
		}
		return writeJSON(out, stdout, stderr)
	}
	d.Text(stdout)
	return exitOK
}
