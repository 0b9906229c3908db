package msh_test

import (
	"testing"

	"animscope/formats"
	_ "animscope/formats/msh"
)

// TestMSHDeclares: MSH declares its two readings (comparable, engine and xyzw by
// default) and the traits that make comparisons pair nodes by index and walk whole
// frames.
func TestMSHDeclares(t *testing.T) {
	rs := formats.ReadingsFor(formats.FamilyMSH)
	if len(rs) != 2 || rs[0].Name != "rounding" || rs[0].Default != "engine" || !rs[0].Compare ||
		rs[1].Name != "quat-order" || rs[1].Default != "xyzw" || !rs[1].Compare {
		t.Errorf("MSH readings %+v, want rounding (engine) and quat-order (xyzw), both comparable", rs)
	}
	if tr := formats.TraitsOf(formats.FamilyMSH); !tr.MatchByIndex || !tr.WholeFrames {
		t.Errorf("MSH traits %+v, want MatchByIndex and WholeFrames", tr)
	}
}
