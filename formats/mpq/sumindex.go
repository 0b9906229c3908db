package mpq

import "slices"

// sumIndex finds the hash slots whose two check values are a given pair, in
// ascending order, all of them and the neutral locale's apart: a map from the
// pair to its group, and each group's slots side by side in one slice (and
// its neutral ones in another). A lookup then costs a binary search in its
// pair's slots, however many there are: walking them one by one, a table
// whose every slot holds one name's pair (a few MiB of file) made each
// lookup of that name read the whole table, and a listfile naming it a
// hundred thousand times ran for hours.
type sumIndex struct {
	group map[uint64]int32
	// Group g's slots are all[at[g]:at[g+1]], its neutral-locale slots
	// neutral[nat[g]:nat[g+1]].
	at, nat      []int32
	all, neutral []int32
}

// newSumIndex indexes the slots of entries for which keep is true.
func newSumIndex(entries []hashEntry, keep func(hashEntry) bool) sumIndex {
	s := sumIndex{group: map[uint64]int32{}}
	// Count each group's slots, then lay them out in slot order.
	var count, ncount []int32
	groupOf := make([]int32, len(entries)) // -1: not indexed
	for i, e := range entries {
		groupOf[i] = -1
		if !keep(e) {
			continue
		}
		k := pairKey(e.nameA, e.nameB)
		g, ok := s.group[k]
		if !ok {
			g = int32(len(count))
			s.group[k] = g
			count, ncount = append(count, 0), append(ncount, 0)
		}
		groupOf[i] = g
		count[g]++
		if e.locale == 0 {
			ncount[g]++
		}
	}
	s.at, s.nat = offsets(count), offsets(ncount)
	s.all = make([]int32, s.at[len(count)])
	s.neutral = make([]int32, s.nat[len(ncount)])
	// The next free place of each group.
	fill, nfill := slices.Clone(s.at[:len(count)]), slices.Clone(s.nat[:len(ncount)])
	for i, g := range groupOf {
		if g < 0 {
			continue
		}
		s.all[fill[g]] = int32(i)
		fill[g]++
		if entries[i].locale == 0 {
			s.neutral[nfill[g]] = int32(i)
			nfill[g]++
		}
	}
	return s
}

// offsets are the running sums of counts, from 0: one more than counts.
func offsets(counts []int32) []int32 {
	out := make([]int32, len(counts)+1)
	for i, c := range counts {
		out[i+1] = out[i] + c
	}
	return out
}

func pairKey(a, b uint32) uint64 { return uint64(a)<<32 | uint64(b) }

// first is the slot, among those of the pair (a, b), that a probe reading the
// slots from start up to stop (exclusive; start <= stop <= start+n, where
// slot i+n is slot i read again after the table's end) reads first,
// preferring the neutral locale; -1 when it reads none.
func (s *sumIndex) first(a, b uint32, start, stop, n int64) int {
	g, ok := s.group[pairKey(a, b)]
	if !ok {
		return -1
	}
	if slot := firstRead(s.neutral[s.nat[g]:s.nat[g+1]], start, stop, n); slot >= 0 {
		return slot
	}
	return firstRead(s.all[s.at[g]:s.at[g+1]], start, stop, n)
}

// firstRead is the first of slots (ascending) that a probe from start to stop
// reads (see first), or -1.
func firstRead(slots []int32, start, stop, n int64) int {
	i, _ := slices.BinarySearch(slots, int32(start))
	if i < len(slots) && int64(slots[i]) < stop {
		return int(slots[i])
	}
	// None from start to the table's end: the probe may wrap to slot 0.
	if i == len(slots) && len(slots) > 0 && int64(slots[0])+n < stop {
		return int(slots[0])
	}
	return -1
}
