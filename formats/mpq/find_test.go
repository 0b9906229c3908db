package mpq

import "testing"

// TestFindFollowsTheProbe: a name is found where the game's probe finds it: from
// its start slot onwards, past deleted slots and other names, wrapping at the
// end, but never past an empty slot; the neutral locale wins over another one.
func TestFindFollowsTheProbe(t *testing.T) {
	const n = 8
	name := `Creature\X\X.m2`
	start := int(hashString(name, hashTableOffset) & (n - 1))
	na, nb := hashString(name, hashNameA), hashString(name, hashNameB)
	other := hashEntry{nameA: 1, nameB: 2, block: 0}
	mine := func(locale uint16) hashEntry { return hashEntry{nameA: na, nameB: nb, locale: locale, block: 0} }
	empty := hashEntry{block: blockEmpty}
	deleted := hashEntry{block: blockDeleted}
	slot := func(k int) int { return (start + k) % n }
	tests := []struct {
		name  string
		place map[int]hashEntry // offsets from start
		fill  hashEntry         // every other slot
		want  int               // offset from start, or -1
	}{
		{"at its start", map[int]hashEntry{0: mine(0)}, empty, 0},
		{"after another name", map[int]hashEntry{0: other, 1: mine(0)}, empty, 1},
		{"after a deleted slot", map[int]hashEntry{0: deleted, 1: mine(0)}, empty, 1},
		{"behind an empty slot", map[int]hashEntry{0: empty, 1: mine(0)}, other, -1},
		{"wrapping round a full table", map[int]hashEntry{n - 1: mine(0)}, other, n - 1},
		{"neutral locale preferred", map[int]hashEntry{0: mine(0x407), 2: mine(0)}, other, 2},
		{"first of other locales", map[int]hashEntry{1: mine(0x407), 3: mine(0x409)}, other, 1},
	}
	for _, tc := range tests {
		a := &Archive{hashes: make([]hashEntry, n), blocks: []Block{{Flags: FlagExists}}}
		for i := range a.hashes {
			a.hashes[i] = tc.fill
		}
		for k, e := range tc.place {
			a.hashes[slot(k)] = e
		}
		a.buildIndex()
		want := -1
		if tc.want >= 0 {
			want = slot(tc.want)
		}
		if got := a.find(name); got != want {
			t.Errorf("%s: slot %d, want %d", tc.name, got, want)
		}
	}
}
