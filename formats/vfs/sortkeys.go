package vfs

import (
	"math/rand/v2"
	"strings"
)

// sortByKey sorts order (places in keys) by keys, and places of one key by
// tie: a multikey quicksort (Bentley and Sedgewick's three-way radix
// quicksort), which looks at each key's bytes from the first that tells it
// from the others on, where a comparison sort compares the long prefixes an
// archive's paths share ("creature/...") again at every step. The pivot is
// drawn at random, so no set of names makes it quadratic; the order it gives
// is the same whatever is drawn (keys, then tie, is a total order).
func sortByKey(order []int32, keys []string, tie func(x, y int32) int) {
	mkqs(order, keys, 0, tie)
}

// byteAt is key's byte at d, or -1 past its end (a shorter key sorts first).
func byteAt(key string, d int) int {
	if d < len(key) {
		return int(key[d])
	}
	return -1
}

func mkqs(a []int32, keys []string, d int, tie func(x, y int32) int) {
	for len(a) > 16 {
		pivot := byteAt(keys[a[rand.IntN(len(a))]], d)
		lt, i, gt := 0, 0, len(a)
		for i < gt {
			switch c := byteAt(keys[a[i]], d); {
			case c < pivot:
				a[lt], a[i] = a[i], a[lt]
				lt++
				i++
			case c > pivot:
				gt--
				a[i], a[gt] = a[gt], a[i]
			default:
				i++
			}
		}
		mkqs(a[:lt], keys, d, tie)
		mkqs(a[gt:], keys, d, tie)
		if pivot < 0 {
			// Keys that end here are equal: their own order decides.
			insertionSort(a[lt:gt], keys, d, tie)
			return
		}
		a, d = a[lt:gt], d+1
	}
	insertionSort(a, keys, d, tie)
}

// insertionSort sorts a few places whose keys agree on their first d bytes.
func insertionSort(a []int32, keys []string, d int, tie func(x, y int32) int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && less(a[j], a[j-1], keys, d, tie); j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

func less(x, y int32, keys []string, d int, tie func(x, y int32) int) bool {
	if c := strings.Compare(keys[x][d:], keys[y][d:]); c != 0 {
		return c < 0
	}
	return tie(x, y) < 0
}
