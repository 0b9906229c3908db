package mif

import "animscope/formats"

// A MIF source is a scene (it compiles to the SWG IFF the scene decoder reads)
// and a source with a verdict of its own: where it departs from what the client
// reads (missing blocks, field types). It registers as a data kind whose files
// are scenes too, so that validate prints the departures before the scene's
// verdict; a source that does not compile gives none (opening it reports the
// error).
func init() {
	formats.RegisterData(formats.DataKind{
		Name:        "mif",
		Description: "an SWG MIF source",
		Extensions:  []string{".mif"},
		Scene:       true,
		Read:        readData,
	})
}

// readData compiles the source (its includes from src.Tree when it is the
// member of a mounted archive) and checks it.
func readData(src *formats.Source) (*formats.Data, error) {
	_, _, f, err := Compile(src.Name, src.Data, Options{Root: src.Opts.Root, Path: src.Path, Tree: src.Tree})
	if err != nil {
		return nil, err
	}
	return &formats.Data{Diagnostics: Check(f)}, nil
}
