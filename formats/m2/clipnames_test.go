package m2

import (
	"slices"
	"testing"
)

// TestUniqueVariations: a sequence repeating an earlier one's id and variation is
// named by the next variation number its id does not use; the first keeps its name.
func TestUniqueVariations(t *testing.T) {
	type sv struct{ id, v uint16 }
	for _, tc := range []struct {
		name    string
		seqs    []sv
		want    []string
		aliases []uint16
	}{
		{"Frog.m2: three id-0 variation-0", []sv{{4, 0}, {0, 0}, {9, 0}, {1, 0}, {5, 0}, {0, 0}, {0, 0}},
			[]string{"Walk", "Stand", "CombatWound", "Death", "Run", "Stand.1", "Stand.2"}, []uint16{0, 0, 0, 0, 0, 1, 2}},
		{"numbered variations stay", []sv{{0, 0}, {0, 1}, {0, 2}}, []string{"Stand", "Stand.1", "Stand.2"}, []uint16{0, 1, 2}},
		{"a repeat skips a variation the file uses", []sv{{0, 0}, {0, 0}, {0, 1}}, []string{"Stand", "Stand.2", "Stand.1"}, []uint16{0, 2, 1}},
		{"a repeated non-zero variation", []sv{{4, 3}, {4, 3}}, []string{"Walk.3", "Walk.1"}, []uint16{3, 1}},
		{"unknown ids", []sv{{900, 0}, {900, 0}}, []string{"Anim900", "Anim900.1"}, []uint16{0, 1}},
	} {
		seqs := make([]Sequence, len(tc.seqs))
		for i, s := range tc.seqs {
			seqs[i] = Sequence{ID: s.id, Variation: s.v, Name: ClipName(s.id, s.v)}
		}
		uniqueVariations(seqs)
		var got []string
		var vars []uint16
		for i, s := range seqs {
			got = append(got, s.Name)
			vars = append(vars, s.nameVar)
			if s.Variation != tc.seqs[i].v {
				t.Errorf("%s: sequence %d's Variation changed to %d", tc.name, i, s.Variation)
			}
		}
		if !slices.Equal(got, tc.want) || !slices.Equal(vars, tc.aliases) {
			t.Errorf("%s: got %v %v, want %v %v", tc.name, got, vars, tc.want, tc.aliases)
		}
	}
}
