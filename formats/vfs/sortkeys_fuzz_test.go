package vfs

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"animscope/formats"
)

// FuzzSortByKey: on any keys (the data split at '|'; the tie-break the
// places' order, or its reverse) sortByKey gives a stable comparison sort's
// order and says whether a key repeats, whatever the order it is given.
func FuzzSortByKey(f *testing.F) {
	f.Add([]byte("creature/a.m2|creature/b.m2|creature/a.m2|c|"), false, false)
	f.Add([]byte("abcdefgh|abcdefgh\x00|abcdefg|abcdefghi|abcdefgh"), true, true)
	f.Add(bytes.Repeat([]byte("prefix/prefix/prefix/x|"), 40), false, true)
	f.Fuzz(func(t *testing.T, data []byte, reverseTie, shuffle bool) {
		keys := strings.Split(string(data), "|")
		tie := func(x, y int32) int { return int(x - y) }
		if reverseTie {
			tie = func(x, y int32) int { return int(y - x) }
		}
		want := make([]int32, len(keys))
		for i := range want {
			want[i] = int32(i)
		}
		slices.SortStableFunc(want, func(x, y int32) int {
			if c := strings.Compare(keys[x], keys[y]); c != 0 {
				return c
			}
			return tie(x, y)
		})
		wantRepeats := false
		for i := 1; i < len(want); i++ {
			wantRepeats = wantRepeats || keys[want[i]] == keys[want[i-1]]
		}
		got := make([]int32, len(keys))
		for i := range got {
			got[i] = int32(i)
			if shuffle {
				got[i] = int32(len(keys) - 1 - i)
			}
		}
		if repeats := sortByKey(got, keys, tie); repeats != wantRepeats {
			t.Errorf("sortByKey says repeats %v, want %v", repeats, wantRepeats)
		}
		if !slices.Equal(got, want) {
			t.Errorf("order %v, want %v", got, want)
		}
	})
}

// FuzzCleanLower: cleanLower is CleanTreePath and its lower case, for any
// name.
func FuzzCleanLower(f *testing.F) {
	for _, s := range []string{`Creature\Frog\Frog.M2`, `\\A//B\\`, "ABCDEFGHIJ\\", "abcdefg\\\\hijk", "ABCDEFGHIJKLMN\xc3\xa9", "a\x00B"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		var arena formats.StringArena
		p, k := cleanLower(name, &arena)
		wp := formats.CleanTreePath(name)
		if p != wp || k != strings.ToLower(wp) {
			t.Errorf("cleanLower(%q) = %q, %q; want %q, %q", name, p, k, wp, strings.ToLower(wp))
		}
		// The strings stay as they were after more names go into the arena.
		p2, k2 := strings.Clone(p), strings.Clone(k)
		cleanLower(strings.ToUpper(name)+name, &arena)
		if p != p2 || k != k2 {
			t.Errorf("cleanLower(%q)'s strings changed when the arena took another name", name)
		}
	})
}
