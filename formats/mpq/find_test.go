package mpq

import (
	"bytes"
	"encoding/binary"
	"testing"
)

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

// TestHeaderBehindStub: an archive after an 8 KiB executable stub (the
// self-extracting layout) opens, and Find finds it; a file with no header at a
// 512-byte boundary, or one off a boundary, has none.
func TestHeaderBehindStub(t *testing.T) {
	stub := make([]byte, 8<<10)
	copy(stub, "MZ\x00\x00")
	arc := append(stub, sfxArchive(t)...)
	a, err := NewArchive("sfx.mpq", bytes.NewReader(arc), int64(len(arc)))
	if err != nil {
		t.Fatal(err)
	}
	if a.Offset != 8<<10 {
		t.Errorf("header at %d, want %d", a.Offset, 8<<10)
	}
	if got, err := a.ReadFile(`Creature\A\a.txt`); err != nil || string(got) != "behind a stub" {
		t.Errorf("member: %q, %v", got, err)
	}
	// Past the first 64 KiB read as well.
	far := append(make([]byte, 200<<10), sfxArchive(t)...)
	for _, tc := range []struct {
		name string
		data []byte
		want bool
	}{
		{"behind a stub", arc, true},
		{"behind 200 KiB", far, true},
		{"at offset 0", sfxArchive(t), true},
		{"none", stub, false},
		{"off a boundary", append(make([]byte, 100), sfxArchive(t)...), false},
	} {
		if got := Find(bytes.NewReader(tc.data), int64(len(tc.data))); got != tc.want {
			t.Errorf("%s: Find %v, want %v", tc.name, got, tc.want)
		}
	}
}

// sfxArchive is a small archive in format 1 with one named member, written by
// hand (the test writer's package imports this one).
func sfxArchive(t *testing.T) []byte {
	t.Helper()
	name, data := `Creature\A\a.txt`, []byte("behind a stub")
	le := binary.LittleEndian
	body := make([]byte, headerSizeV1)
	pos := len(body)
	body = append(body, data...)
	hashes := bytes.Repeat([]byte{0xFF}, 4*entrySize)
	slot := hashString(name, hashTableOffset) & 3
	e := hashes[slot*entrySize:]
	le.PutUint32(e, hashString(name, hashNameA))
	le.PutUint32(e[4:], hashString(name, hashNameB))
	le.PutUint32(e[8:], 0)
	le.PutUint32(e[12:], 0)
	blocks := make([]byte, entrySize)
	le.PutUint32(blocks, uint32(pos))
	le.PutUint32(blocks[4:], uint32(len(data)))
	le.PutUint32(blocks[8:], uint32(len(data)))
	le.PutUint32(blocks[12:], FlagExists|FlagSingleUnit)
	encryptBlock(hashes, hashTableKey)
	encryptBlock(blocks, blockTableKey)
	hashPos := len(body)
	body = append(body, hashes...)
	blockPos := len(body)
	body = append(body, blocks...)
	copy(body, headerMagic)
	le.PutUint32(body[4:], headerSizeV1)
	le.PutUint32(body[8:], uint32(len(body)))
	le.PutUint16(body[14:], 3)
	le.PutUint32(body[16:], uint32(hashPos))
	le.PutUint32(body[20:], uint32(blockPos))
	le.PutUint32(body[24:], 4)
	le.PutUint32(body[28:], 1)
	return body
}

// TestProbeMatchesIndex: the probe and the slot index (which answers when a
// probe runs longer than maxProbe) find the same slot for every name, on
// tables from sparse to full, with deleted slots and several locales.
func TestProbeMatchesIndex(t *testing.T) {
	for _, fill := range []int{10, 50, 90, 100} {
		const n = 256
		a := &Archive{hashes: make([]hashEntry, n), blocks: []Block{{Flags: FlagExists}, {}}}
		names := make([]string, 300)
		for i := range names {
			names[i] = `Creature\T\` + string(rune('a'+i%26)) + string(rune('a'+i/26)) + ".m2"
		}
		seed := uint32(fill)
		rnd := func(m int) int { seed = seed*1664525 + 1013904223; return int(seed>>8) % m }
		for i := range a.hashes {
			a.hashes[i] = hashEntry{block: blockEmpty}
			if rnd(100) < fill {
				h := nameHashes(names[rnd(len(names))])
				a.hashes[i] = hashEntry{nameA: h.a, nameB: h.b, locale: uint16(rnd(2) * 0x409), block: uint32(rnd(3))}
				if a.hashes[i].block == 2 {
					a.hashes[i].block = blockDeleted
				}
			}
		}
		a.buildIndex()
		for _, name := range names {
			h := nameHashes(name)
			if got, want := a.findHashed(h), a.findIndexed(h, int(h.offset&(n-1))); got != want {
				t.Errorf("fill %d%%, %s: probe finds slot %d, the index %d", fill, name, got, want)
			}
		}
	}
}

// TestNameHashes: the one-pass hashes are hashString's.
func TestNameHashes(t *testing.T) {
	for _, name := range []string{"", "(listfile)", `Creature\Frog\Frog.m2`, "a/b\xff"} {
		got := nameHashes(name)
		want := hashes{hashString(name, hashTableOffset), hashString(name, hashNameA), hashString(name, hashNameB)}
		if got != want {
			t.Errorf("%q: %+v, want %+v", name, got, want)
		}
	}
}

// probeSlotBySlot is the game's probe, written out as the reference: from
// start, slot after slot (wrapping, each slot once), up to the first empty
// one, the first usable entry of the pair in the neutral locale, or else the
// first of any locale.
func probeSlotBySlot(a *Archive, pa, pb uint32, start int) int {
	n := len(a.hashes)
	best := -1
	for k := 0; k < n; k++ {
		slot := (start + k) % n
		e := a.hashes[slot]
		if e.block == blockEmpty {
			break
		}
		if e.nameA != pa || e.nameB != pb || !a.usable(e) {
			continue
		}
		if e.locale == 0 {
			return slot
		}
		if best < 0 {
			best = slot
		}
	}
	return best
}

// TestFindIsTheProbeFromEverySlot: find, by its short probe and by the slot
// index alike, answers what the probe slot by slot answers, for every pair of
// check values and every start slot, on tables from empty to full (no empty
// slot at all) whose entries share few pairs (long runs of one name's
// entries, as a hostile table has), in several locales, deleted, and naming
// blocks that do not exist or are not in use.
func TestFindIsTheProbeFromEverySlot(t *testing.T) {
	seed := uint32(7)
	rnd := func(m int) int { seed = seed*1664525 + 1013904223; return int(seed>>8) % m }
	pairs := [][2]uint32{{1, 2}, {1, 3}, {4, 2}, {5, 6}}
	for _, n := range []int{1, 2, 8, 64, 256} {
		for _, fill := range []int{0, 30, 90, 100} {
			for _, spread := range []int{1, 2, len(pairs)} {
				a := &Archive{hashes: make([]hashEntry, n), blocks: []Block{{Flags: FlagExists}, {Flags: FlagExists}, {}}}
				for i := range a.hashes {
					a.hashes[i] = hashEntry{block: blockEmpty}
					if rnd(100) < fill {
						p := pairs[rnd(spread)]
						e := hashEntry{nameA: p[0], nameB: p[1], locale: []uint16{0, 0x409, 0x407}[rnd(3)], block: uint32(rnd(5))}
						switch e.block {
						case 3:
							e.block = blockDeleted
						case 4:
							e.block = 7 // past the block table
						}
						a.hashes[i] = e
					}
				}
				a.buildIndex()
				for _, p := range pairs {
					for start := 0; start < n; start++ {
						want := probeSlotBySlot(a, p[0], p[1], start)
						h := hashes{offset: uint32(start), a: p[0], b: p[1]}
						if got := a.findHashed(h); got != want {
							t.Errorf("n %d, fill %d%%, spread %d, pair %v from slot %d: find gives slot %d, the probe %d", n, fill, spread, p, start, got, want)
						}
						if got := a.findIndexed(h, start); got != want {
							t.Errorf("n %d, fill %d%%, spread %d, pair %v from slot %d: the index gives slot %d, the probe %d", n, fill, spread, p, start, got, want)
						}
					}
				}
			}
		}
	}
}
