package vfs

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestSortByKey: sortByKey gives the order of a comparison sort by key, then
// by the tie-break, on keys that share long prefixes (shorter and longer than
// the 8 bytes it sorts at a time, ending inside and at the end of a chunk),
// are prefixes of each other, repeat, hold zero bytes, or are empty, in
// groups of every size, and on keys already in order.
func TestSortByKey(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{0, 1, 2, 15, 17, 33, 100, 5000, -5000} {
		sorted := n < 0
		n = max(n, -n)
		keys := make([]string, n)
		for i := range keys {
			var b strings.Builder
			b.WriteString([]string{"", "creature/", "creature/kind0", "c", "abcdefgh", "creature/kind000/model0"}[r.IntN(6)])
			for j := r.IntN(12); j > 0; j-- {
				b.WriteByte("ab/\xff\x00"[r.IntN(5)])
			}
			keys[i] = b.String()
		}
		if sorted {
			slices.Sort(keys)
		}
		tie := func(x, y int32) int { return int(x%7) - int(y%7) }
		want := make([]int32, n)
		for i := range want {
			want[i] = int32(i)
		}
		slices.SortStableFunc(want, func(x, y int32) int {
			if c := strings.Compare(keys[x], keys[y]); c != 0 {
				return c
			}
			return tie(x, y)
		})
		got := make([]int32, n)
		for i := range got {
			got[i] = int32(n - 1 - i)
			if sorted {
				got[i] = want[i]
			}
		}
		sortByKey(got, keys, tie)
		for i := range got {
			if keys[got[i]] != keys[want[i]] || tie(got[i], want[i]) != 0 {
				t.Fatalf("n=%d: place %d is key %q (tie %d), want %q (tie %d)", n, i, keys[got[i]], got[i]%7, keys[want[i]], want[i]%7)
			}
		}
	}
}
