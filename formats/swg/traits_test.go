package swg_test

import (
	"testing"

	"animscope/formats"
	_ "animscope/formats/swg"
)

// TestSWGDeclares: SWG declares its fidelity reading (file by default, not
// comparable) and skeleton levels of detail.
func TestSWGDeclares(t *testing.T) {
	rs := formats.ReadingsFor(formats.FamilySWG)
	if len(rs) != 1 || rs[0].Name != "fidelity" || rs[0].Default != "file" || rs[0].Compare {
		t.Errorf("SWG readings %+v, want fidelity (file)", rs)
	}
	if tr := formats.TraitsOf(formats.FamilySWG); !tr.SkeletonLOD || tr.MatchByIndex || tr.WholeFrames {
		t.Errorf("SWG traits %+v, want SkeletonLOD only", tr)
	}
}
