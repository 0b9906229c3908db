package mif

import (
	"errors"
	"path/filepath"
	"strings"

	"animscope/formats"
	"animscope/formats/iff"
)

// A .mif opens wherever a binary file opens: the registry hands it here, it is
// compiled, and the compiled IFF goes to the decoder of its family, chosen by
// #pragma extension or, failing that, by the top form. Offsets in that decoder's
// errors and diagnostics are mapped back to the MIF line and column that wrote
// the byte.
func init() {
	formats.Register(formats.Decoder{
		Name:       "mif",
		Extensions: []string{".mif"},
		Sniff:      func(name string, _ []byte) bool { return strings.EqualFold(filepath.Ext(name), ".mif") },
		Decode:     Decode,
	})
}

// Decode compiles a MIF source and decodes the result with its family's decoder.
func Decode(src *formats.Source) (*formats.Part, error) {
	// A member of an archive reads its includes from that archive (src.Tree), never
	// from the disk.
	data, sm, f, err := Compile(src.Name, src.Data, Options{Root: src.Opts.Root, Path: src.Path, Tree: src.Tree})
	if err != nil {
		return nil, err
	}
	dec, err := family(src.Name, f, data)
	if err != nil {
		return nil, err
	}
	inner := &formats.Source{Name: src.Name, Path: src.Path, Member: src.Member, Data: data, Opts: src.Opts, Tree: src.Tree}
	a, err := dec.Decode(inner)
	if err != nil {
		return nil, mapError(err, src, sm)
	}
	for i := range a.Diagnostics {
		mapDiagnostic(&a.Diagnostics[i], src, sm)
	}
	if a.Validate != nil {
		v := a.Validate
		a.Validate = func() []formats.Diagnostic {
			ds := v()
			for i := range ds {
				mapDiagnostic(&ds[i], src, sm)
			}
			return ds
		}
	}
	return a, nil
}

// family picks the decoder for a compiled MIF: the one whose extension the
// #pragma extension names, else the one that recognises the top form.
func family(name string, f *File, data []byte) (formats.Decoder, error) {
	base := strings.TrimSuffix(name, filepath.Ext(name))
	decs := formats.Decoders()
	if f.Extension != "" {
		for _, d := range decs {
			if d.Name == "mif" {
				continue
			}
			for _, e := range d.Extensions {
				if e == "."+f.Extension {
					return d, nil
				}
			}
		}
	}
	head := data
	if len(head) > 4096 {
		head = head[:4096]
	}
	for _, d := range decs {
		if d.Name != "mif" && d.Sniff != nil && d.Sniff(base+".iff", head) {
			return d, nil
		}
	}
	what := "the compiled file is empty"
	if top, ok := iff.TopForm(data); ok {
		what = "FORM " + top + " is not a family animscope reads"
	}
	if f.Extension != "" {
		what = "#pragma extension \"" + f.Extension + "\" is not a family animscope reads, and " + what
	}
	return formats.Decoder{}, formats.LineErrorf(name, 1, 1, "%s", what)
}

// mapError turns a decoder's offset in the compiled bytes into the MIF position
// of the statement that wrote it.
func mapError(err error, src *formats.Source, sm SourceMap) error {
	var fe *formats.FileError
	if !errors.As(err, &fe) || fe.Line > 0 || fe.Offset < 0 || (fe.File != src.Name && fe.File != src.Path) {
		return err
	}
	pos, ok := sm.Lookup(fe.Offset)
	if !ok {
		return err
	}
	return &formats.FileError{File: pos.File, Offset: fe.Offset, Line: pos.Line, Col: pos.Col, Msg: fe.Msg}
}

// mapDiagnostic adds the MIF line and column to a diagnostic at an offset of the
// compiled file; the offset stays, so that the diagnostic is the compiled IFF's
// plus its place in the source (the two print alike but for that).
func mapDiagnostic(d *formats.Diagnostic, src *formats.Source, sm SourceMap) {
	if d.Line > 0 || d.Offset < 0 || (d.File != src.Name && d.File != src.Path) {
		return
	}
	if pos, ok := sm.Lookup(d.Offset); ok {
		d.File, d.Line, d.Col = pos.File, pos.Line, pos.Col
	}
}
