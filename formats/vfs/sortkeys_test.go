package vfs

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestSortByKey: sortByKey gives the order of a comparison sort by key, then
// by the tie-break, on keys that share long prefixes (shorter and longer than
// the 8 bytes it sorts at a time, ending inside and at the end of a chunk),
// are prefixes of each other, repeat, hold zero bytes, or are empty, in
// groups of every size, and on keys already in order; and it says whether a
// key repeats.
func TestSortByKey(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{0, 1, 2, 15, 17, 33, 100, 5000, -5000, 3, -3} {
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
		repeats := sortByKey(got, keys, tie)
		wantRepeats := false
		for i := 1; i < n; i++ {
			wantRepeats = wantRepeats || keys[want[i]] == keys[want[i-1]]
		}
		if repeats != wantRepeats {
			t.Errorf("n=%d: sortByKey says repeats %v, want %v", n, repeats, wantRepeats)
		}
		for i := range got {
			if keys[got[i]] != keys[want[i]] || tie(got[i], want[i]) != 0 {
				t.Fatalf("n=%d: place %d is key %q (tie %d), want %q (tie %d)", n, i, keys[got[i]], got[i]%7, keys[want[i]], want[i]%7)
			}
		}
	}
}

// TestSortByKeyDistinct: game-like paths, each once, in the benchmark's order
// and shuffled, sort as a comparison sort does and no key repeats.
func TestSortByKeyDistinct(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	const n = 20000
	keys := make([]string, n)
	for i := range keys {
		keys[i] = fmt.Sprintf("creature/kind%03d/model%05d%s", i%500, i, []string{".m2", ".skin", ".blp", ".wav"}[i%4])
	}
	for _, shuffle := range []bool{false, true} {
		got := make([]int32, n)
		for i := range got {
			got[i] = int32(i)
		}
		if shuffle {
			r.Shuffle(n, func(i, j int) { got[i], got[j] = got[j], got[i] })
		}
		if sortByKey(got, keys, func(x, y int32) int { return int(x - y) }) {
			t.Error("sortByKey says a key repeats")
		}
		for i := 1; i < n; i++ {
			if keys[got[i-1]] >= keys[got[i]] {
				t.Fatalf("shuffle %v: place %d is %q after %q", shuffle, i, keys[got[i]], keys[got[i-1]])
			}
		}
	}
}

// BenchmarkSortByKey100k sorts the keys BenchmarkMountList100k's mount sorts
// (game-like paths in its archive's listfile order): the sort alone.
func BenchmarkSortByKey100k(b *testing.B) {
	const n = 100000
	keys := make([]string, n)
	for i := range keys {
		keys[i] = fmt.Sprintf("creature/kind%03d/model%05d%s", i%500, i, []string{".m2", ".skin", ".blp", ".wav"}[i%4])
	}
	order := make([]int32, n)
	b.ReportAllocs()
	for b.Loop() {
		for i := range order {
			order[i] = int32(i)
		}
		sortByKey(order, keys, func(x, y int32) int { return int(x - y) })
	}
}
