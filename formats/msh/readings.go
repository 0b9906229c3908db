package msh

import (
	"fmt"

	"animscope/formats"
)

// readings are the MSH readings the format leaves open (FORMAT.md §10.1, §11.1) (see formats.Reading).
var readings = []formats.Reading{
	{Name: "rounding", Choices: []string{"engine", "floor", "half-away"}, Default: "engine", Compare: true,
		Help: "frame-index rounding (engine: the x87 rule; floor, half-away: other players')"},
	{Name: "quat-order", Choices: []string{"xyzw", "wxyz"}, Default: "xyzw", Compare: true,
		Help: "key quaternion order on disk"},
}

// traits: MSH scenes with one node count share the engine's node order, and the
// engine rounds time to a whole frame.
var traits = formats.Traits{MatchByIndex: true, WholeFrames: true, FallbackBranch: true}

// options is the MSH reading of formats.Options, parsed once per file.
type options struct {
	rounding  Rounding
	quatOrder string // "xyzw" or "wxyz"
}

func parseOptions(o formats.Options) (options, error) {
	r, err := ParseRounding(o.Value("rounding"))
	if err != nil {
		return options{}, err
	}
	q := o.Value("quat-order")
	if q != "xyzw" && q != "wxyz" {
		return options{}, fmt.Errorf("unknown quaternion order %q (xyzw or wxyz)", q)
	}
	return options{rounding: r, quatOrder: q}, nil
}
