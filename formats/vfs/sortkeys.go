package vfs

import (
	"math/rand/v2"
	"slices"
	"strings"
)

// sortByKey sorts order (places in keys) by keys, and places of one key by
// tie. Input already in order (a listfile written sorted) is seen in one pass
// and left as it is. Otherwise it is a multikey quicksort (Bentley and
// Sedgewick's three-way radix quicksort) whose "characters" are the keys'
// next 8 bytes, held beside each place in one pointer-free slice: a
// partitioning pass reads that slice in order, and a key's bytes are read
// from the key itself only once per 8 of them, where a byte at a time (or a
// comparison sort, which compares the long prefixes an archive's paths share,
// "creature/...", again at every step) reads every key once per byte from all
// over memory. The pivot is drawn at random, so no set of names makes it
// quadratic; the order it gives is the same whatever is drawn (keys, then tie,
// is a total order for the caller's ties).
func sortByKey(order []int32, keys []string, tie func(x, y int32) int) {
	if sortedByKey(order, keys, tie) {
		return
	}
	items := make([]sortItem, len(order))
	for i, p := range order {
		items[i] = sortItem{place: p}
		items[i].load(keys[p], 0)
	}
	mkqs(items, keys, 0, tie)
	for i := range items {
		order[i] = items[i].place
	}
}

// sortedByKey reports whether order is already sorted by key, then tie.
func sortedByKey(order []int32, keys []string, tie func(x, y int32) int) bool {
	for i := 1; i < len(order); i++ {
		x, y := order[i-1], order[i]
		if c := strings.Compare(keys[x], keys[y]); c > 0 || c == 0 && tie(x, y) > 0 {
			return false
		}
	}
	return true
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

func mkqs(a []sortItem, keys []string, d int, tie func(x, y int32) int) {
	for len(a) > 16 {
		pivot := a[rand.IntN(len(a))]
		lt, i, gt := 0, 0, len(a)
		for i < gt {
			switch c := cmpChunk(&a[i], &pivot); {
			case c < 0:
				a[lt], a[i] = a[i], a[lt]
				lt++
				i++
			case c > 0:
				gt--
				a[i], a[gt] = a[gt], a[i]
			default:
				i++
			}
		}
		mkqs(a[:lt], keys, d, tie)
		mkqs(a[gt:], keys, d, tie)
		if pivot.n < 8 {
			// Keys that end here are equal: their own order decides.
			slices.SortFunc(a[lt:gt], func(x, y sortItem) int { return tie(x.place, y.place) })
			return
		}
		a, d = a[lt:gt], d+8
		for i := range a {
			a[i].load(keys[a[i].place], d)
		}
	}
	insertionSort(a, keys, d, tie)
}

// insertionSort sorts a few items whose keys agree on their first d bytes.
func insertionSort(a []sortItem, keys []string, d int, tie func(x, y int32) int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && less(&a[j], &a[j-1], keys, d, tie); j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

func less(x, y *sortItem, keys []string, d int, tie func(x, y int32) int) bool {
	if c := cmpChunk(x, y); c != 0 {
		return c < 0
	}
	if x.n == 8 {
		if c := strings.Compare(keys[x.place][d+8:], keys[y.place][d+8:]); c != 0 {
			return c < 0
		}
	}
	return tie(x.place, y.place) < 0
}
