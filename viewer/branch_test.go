package viewer

import (
	"testing"

	"animscope/formats"
	_ "animscope/formats/all" // the decoders declare the traits
)

func TestHasBranchOnlyForFamiliesWithAFallbackBranch(t *testing.T) {
	tests := []struct {
		family string
		want   bool
	}{
		{formats.FamilyMSH, true},
		{formats.FamilyM2, false},
		{formats.FamilySWG, false},
		{formats.FamilyVCA, false},
		{"", false}, // a synthetic scene of no family
	}
	for _, tc := range tests {
		sc := &Scene{Asset: &formats.Asset{Family: tc.family}}
		if got := sc.HasBranch(); got != tc.want {
			t.Errorf("HasBranch() for %q = %v, want %v", tc.family, got, tc.want)
		}
	}
}
