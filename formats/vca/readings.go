package vca

import "animscope/formats"

// readings are the VoxelCore readings the reference leaves open (see
// formats.Reading).
var readings = []formats.Reading{
	{Name: "handles", Choices: []string{"relative", "absolute"}, Default: "relative",
		Help: "bezier handles (relative to their key, as the reference commit reads them, or absolute times)"},
	{Name: "unknown-bone", Choices: []string{"warn", "root"}, Default: "warn",
		Help: "lines naming a bone the skeleton lacks (warn: ignored; root: drive bone 0 as the engine does)"},
}

// options is the VoxelCore reading of formats.Options, parsed where the options
// enter the package (ParseTrack, Binder.BindClip).
type options struct {
	absoluteHandles bool // "handles" is "absolute"
	unknownToRoot   bool // "unknown-bone" is "root"
}

func parseOptions(o formats.Options) options {
	return options{absoluteHandles: o.Value("handles") == "absolute", unknownToRoot: o.Value("unknown-bone") == "root"}
}
