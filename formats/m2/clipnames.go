package m2

// uniqueVariations gives every sequence a clip name and an "id.variation" alias
// of its own. Files often repeat an id's variation (Frog.m2 has three id-0
// sequences, all variation 0, chained through Next): such a repeat is named by
// the next variation number its id does not use yet, in file order, as if the
// file had numbered it (Stand, Stand.1, Stand.2), the way a file whose variations
// are numbered names them. The first sequence of a pair keeps its name, so a file
// without repeats is named as before; Variation keeps the file's value.
func uniqueVariations(seqs []Sequence) {
	type key struct{ id, variation uint16 }
	used := map[key]bool{}
	for i := range seqs {
		used[key{seqs[i].ID, seqs[i].Variation}] = true
	}
	taken := map[key]bool{}
	// from[id] is where the search for a free variation of id starts: every
	// variation below it was used or taken at the last search, and still is
	// (taken only grows), so the search finds what one from 1 would, without
	// walking the same variations again for every duplicate (16,000 copies of
	// one id in a 1 MB file: 22 s).
	from := map[uint16]int{}
	for i := range seqs {
		s := &seqs[i]
		k := key{s.ID, s.Variation}
		if taken[k] {
			v := uint16(max(from[s.ID], 1))
			for ; v < 0xFFFF && (used[key{s.ID, v}] || taken[key{s.ID, v}]); v++ {
			}
			from[s.ID] = min(int(v)+1, 0xFFFF)
			k.variation = v
			s.Name = ClipName(s.ID, v)
		}
		taken[k] = true
		s.nameVar = k.variation
	}
}
