package mif

import "animscope/formats"

// MIF is the source kind of SWG's IFF files: `animscope mif FILE` prints an IFF
// file as MIF (Write), compiling a .mif first (Compile); validate reports where
// a .mif departs from what the client reads (Check).
func init() {
	formats.RegisterSourceKind(formats.SourceKind{
		Name:     "mif",
		Ext:      ".mif",
		Binary:   "an SWG IFF file",
		IsBinary: func(data []byte) bool { return len(data) >= 4 && string(data[:4]) == "FORM" },
		Compile:  compileSource,
		Check:    checkSource,
		Print:    Write,
	})
}

func sourceOptions(o formats.CompileOptions) Options {
	return Options{Root: o.Root, Path: o.Path, Tree: o.Tree}
}

// compileSource is Compile for formats.SourceKind: the IFF and its #pragma
// extension.
func compileSource(name string, src []byte, o formats.CompileOptions) ([]byte, string, error) {
	data, _, f, err := Compile(name, src, sourceOptions(o))
	if err != nil {
		return nil, "", err
	}
	return data, f.Extension, nil
}

// checkSource is Check of the compiled source (nothing for one that does not
// compile: decoding it reports the error).
func checkSource(name string, src []byte, o formats.CompileOptions) []formats.Diagnostic {
	_, _, f, err := Compile(name, src, sourceOptions(o))
	if err != nil {
		return nil
	}
	return Check(f)
}
