package mpq

// sumIndex finds the hash slots whose two check values are a given pair: a map
// from the pair to one slot, and a chain through the others. One map entry per
// pair and one int32 per slot, where a slice per pair would cost an allocation
// for every name of the archive.
type sumIndex struct {
	head  map[uint64]int32
	next  []int32 // by hash slot: the next slot with the same pair, or -1
	count int     // slots added
}

func newSumIndex(slots, usable int) sumIndex {
	return sumIndex{head: make(map[uint64]int32, usable), next: make([]int32, slots)}
}

func (s *sumIndex) add(a, b uint32, slot int32) {
	k := uint64(a)<<32 | uint64(b)
	if h, ok := s.head[k]; ok {
		s.next[slot] = h
	} else {
		s.next[slot] = -1
	}
	s.head[k] = slot
	s.count++
}

// first is the first slot of the pair's chain, or -1.
func (s *sumIndex) first(a, b uint32) int32 {
	if h, ok := s.head[uint64(a)<<32|uint64(b)]; ok {
		return h
	}
	return -1
}
