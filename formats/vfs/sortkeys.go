package vfs

import (
	"slices"
	"strings"
)

// sortByKey sorts order (places in keys) by keys, and places of one key by
// tie. Input already in order (a listfile written sorted) is seen in one pass
// and left as it is. Otherwise it is a most-significant-digit radix sort whose
// digits are the keys' 8-byte chunks: every place is held beside its key's
// chunk at the depth sorted (sortItem, one pointer-free slice), a group of
// places that agree on their first d bytes is put in order of the chunk at d
// by a stable counting sort on each of the chunk's bytes that differ within
// the group (byte by byte, least significant first: no comparison, no
// branch to mispredict), and each run of equal chunks then goes on from d+8.
// A key's bytes are read from the key itself once per 8 of them, where
// comparing keys (the long prefixes an archive's paths share, "creature/...",
// again at every step) or partitioning a byte at a time reads every key from
// all over memory once per byte. Small groups are sorted by insertion. The
// work is linear in the bytes that tell the keys apart, whatever the names.
// It reports whether any key is at two places (so that a caller with none
// need not look for them).
func sortByKey(order []int32, keys []string, tie func(x, y int32) int) (repeats bool) {
	s := keySorter{keys: keys, tie: tie}
	if s.sorted(order) {
		return s.repeats
	}
	items := make([]sortItem, 2*len(order))
	a, tmp := items[:len(order)], items[len(order):]
	for i, p := range order {
		a[i] = sortItem{place: p}
		a[i].load(keys[p], 0)
	}
	s.repeats = false
	s.radixSort(a, tmp, 0)
	for i := range a {
		order[i] = a[i].place
	}
	return s.repeats
}

// keySorter is one sort's keys and tie-break, and whether it met a key twice.
type keySorter struct {
	keys    []string
	tie     func(x, y int32) int
	repeats bool
}

// sorted reports whether order is already sorted by key, then tie.
func (s *keySorter) sorted(order []int32) bool {
	for i := 1; i < len(order); i++ {
		x, y := order[i-1], order[i]
		c := strings.Compare(s.keys[x], s.keys[y])
		if c > 0 || c == 0 && s.tie(x, y) > 0 {
			return false
		}
		if c == 0 {
			s.repeats = true
		}
	}
	return true
}

// sortTies sorts items of one key by tie.
func (s *keySorter) sortTies(a []sortItem) {
	s.repeats = true
	slices.SortFunc(a, func(x, y sortItem) int { return s.tie(x.place, y.place) })
}

// sortItem is a place and its key's 8 bytes from depth d on (big-endian,
// padded with zeros past the key's end) with how many of them the key has
// (n, at most 8). (chunk, n) orders keys that agree on their first d bytes
// as their bytes do: a key that ends sorts before one that goes on with
// zeros, and two keys agree on all of d..d+8 only when both have those 8.
type sortItem struct {
	chunk uint64
	n     int32
	place int32
}

func (it *sortItem) load(key string, d int) {
	var c uint64
	n := 0
	if d < len(key) {
		rest := key[d:]
		if len(rest) >= 8 { // one 8-byte load
			c = uint64(rest[7]) | uint64(rest[6])<<8 | uint64(rest[5])<<16 | uint64(rest[4])<<24 |
				uint64(rest[3])<<32 | uint64(rest[2])<<40 | uint64(rest[1])<<48 | uint64(rest[0])<<56
			n = 8
		} else {
			n = len(rest)
			for i := 0; i < n; i++ {
				c |= uint64(rest[i]) << (56 - 8*i)
			}
		}
	}
	it.chunk, it.n = c, int32(n)
}

// cmpChunk compares two items' characters at the same depth.
func cmpChunk(x, y *sortItem) int {
	switch {
	case x.chunk < y.chunk:
		return -1
	case x.chunk > y.chunk:
		return 1
	}
	return int(x.n - y.n)
}

// smallGroup is the size of group insertion sorts.
const smallGroup = 32

// radixSort sorts a, whose keys agree on their first d bytes and whose
// chunks are loaded at d; tmp is as long as a, for the counting sorts.
func (s *keySorter) radixSort(a, tmp []sortItem, d int) {
	for len(a) > smallGroup {
		// Which bytes of the chunk, and whether the lengths, differ.
		var diff uint64
		var ndiff int32
		first := a[0]
		for i := range a {
			diff |= a[i].chunk ^ first.chunk
			ndiff |= a[i].n ^ first.n
		}
		src, dst := a, tmp[:len(a)]
		if ndiff != 0 {
			countingSort(src, dst, lengthDigit)
			src, dst = dst, src
		}
		for b := 0; b < 8; b++ {
			if shift := uint(8 * b); diff>>shift&0xFF != 0 {
				countingSort(src, dst, shift)
				src, dst = dst, src
			}
		}
		if &src[0] != &a[0] {
			copy(a, src)
		}
		if diff == 0 && ndiff == 0 {
			// One run: all agree on the chunk too.
			if first.n < 8 {
				s.sortTies(a)
				return
			}
			d += 8
			for i := range a {
				a[i].load(s.keys[a[i].place], d)
			}
			continue
		}
		for g := 0; g < len(a); {
			h := g + 1
			for h < len(a) && a[h].chunk == a[g].chunk && a[h].n == a[g].n {
				h++
			}
			if h-g > 1 {
				run := a[g:h]
				if run[0].n < 8 { // keys that end here are equal: their own order decides
					s.sortTies(run)
				} else {
					for i := range run {
						run[i].load(s.keys[run[i].place], d+8)
					}
					s.radixSort(run, tmp[g:h], d+8)
				}
			}
			g = h
		}
		return
	}
	s.insertionSort(a, d)
}

// lengthDigit is the digit countingSort takes for an item's n.
const lengthDigit = 64

// digit is the chunk's byte at shift, or n at lengthDigit.
func digit(it *sortItem, shift uint) int {
	if shift == lengthDigit {
		return int(it.n)
	}
	return int(it.chunk >> shift & 0xFF)
}

// countingSort moves src into dst in order of one digit (0 to 255), stably.
func countingSort(src, dst []sortItem, shift uint) {
	var count [256]int
	for i := range src {
		count[digit(&src[i], shift)]++
	}
	at := 0
	for v, c := range count {
		count[v] = at
		at += c
	}
	for i := range src {
		v := digit(&src[i], shift)
		dst[count[v]] = src[i]
		count[v]++
	}
}

// insertionSort sorts a few items whose keys agree on their first d bytes.
func (s *keySorter) insertionSort(a []sortItem, d int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && s.less(&a[j], &a[j-1], d); j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

func (s *keySorter) less(x, y *sortItem, d int) bool {
	if c := cmpChunk(x, y); c != 0 {
		return c < 0
	}
	if x.n == 8 {
		if c := strings.Compare(s.keys[x.place][d+8:], s.keys[y.place][d+8:]); c != 0 {
			return c < 0
		}
	}
	s.repeats = true // every pair of neighbours is compared, so no repeat is missed
	return s.tie(x.place, y.place) < 0
}
