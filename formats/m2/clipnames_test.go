package m2

import (
	"math/rand"
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

// uniqueVariationsRef is uniqueVariations as first written: every repeat
// searches for a free variation from 1.
func uniqueVariationsRef(seqs []Sequence) {
	type key struct{ id, variation uint16 }
	used := map[key]bool{}
	for i := range seqs {
		used[key{seqs[i].ID, seqs[i].Variation}] = true
	}
	taken := map[key]bool{}
	for i := range seqs {
		s := &seqs[i]
		k := key{s.ID, s.Variation}
		if taken[k] {
			v := uint16(1)
			for ; v < 0xFFFF && (used[key{s.ID, v}] || taken[key{s.ID, v}]); v++ {
			}
			k.variation = v
			s.Name = ClipName(s.ID, v)
		}
		taken[k] = true
		s.nameVar = k.variation
	}
}

// TestUniqueVariationsIsRef: the search that resumes where the last one for
// the id stopped (16,000 repeats of one id took 22 s of validate searching
// from 1 each time) names every sequence as the search from 1 did: random
// files of few ids and variations, and one whose id uses every variation up to
// 0xFFFE, so that repeats get the last one, 0xFFFF, again and again.
func TestUniqueVariationsIsRef(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	var cases [][]Sequence
	for trial := 0; trial < 500; trial++ {
		seqs := make([]Sequence, 1+rng.Intn(30))
		for i := range seqs {
			seqs[i] = Sequence{ID: uint16(rng.Intn(3)), Variation: uint16(rng.Intn(6))}
		}
		cases = append(cases, seqs)
	}
	var full []Sequence
	for v := 0; v < 0xFFFF; v++ {
		full = append(full, Sequence{ID: 7, Variation: uint16(v)})
	}
	full = append(full, Sequence{ID: 7}, Sequence{ID: 7, Variation: 3}, Sequence{ID: 7}, Sequence{ID: 8})
	cases = append(cases, full)
	for ci, seqs := range cases {
		for i := range seqs {
			seqs[i].Name = ClipName(seqs[i].ID, seqs[i].Variation)
		}
		want := slices.Clone(seqs)
		uniqueVariationsRef(want)
		uniqueVariations(seqs)
		for i := range seqs {
			if seqs[i].Name != want[i].Name || seqs[i].nameVar != want[i].nameVar {
				t.Fatalf("case %d, sequence %d (%d, %d): %q %d, want %q %d", ci, i, seqs[i].ID, seqs[i].Variation,
					seqs[i].Name, seqs[i].nameVar, want[i].Name, want[i].nameVar)
			}
		}
	}
}
