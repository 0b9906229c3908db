package swg

import "animscope/formats"

// readings are the SWG readings the format leaves open (FORMAT.md §6.2) (see formats.Reading).
var readings = []formats.Reading{
	{Name: "fidelity", Choices: []string{FidelityFile, FidelityClient}, Default: FidelityFile,
		Help: "key thinning (file: every key; client: the client's load-time thinning)"},
}

// fidelityOf is the fidelity o chooses.
func fidelityOf(o formats.Options) string { return o.Value("fidelity") }
