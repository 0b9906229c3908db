package nres_test

import (
	"encoding/binary"
	"testing"

	"animscope/formats/internal/fuzzseed"
	"animscope/formats/nres"
)

// TestWriteFuzzSeeds (re)writes the FuzzNRes seed corpus from the package's own
// encoder; it does nothing without -write-seeds:
//
//	go test ./formats/nres -run TestWriteFuzzSeeds -args -write-seeds
func TestWriteFuzzSeeds(t *testing.T) {
	fuzzseed.Skip(t)
	full := nres.Encode(0, sample())
	put := func(data []byte, off int, v uint32) []byte {
		c := append([]byte(nil), data...)
		binary.LittleEndian.PutUint32(c[off:], v)
		return c
	}
	dir := len(full) - 4*nres.EntrySize
	seeds := []struct {
		name string
		data []byte
	}{
		{"seed-four-entries", full},
		{"seed-empty", nres.Encode(0, nil)},
		{"seed-one-entry", nres.Encode(0, sample()[:1])},
		{"seed-version-0x200", nres.Encode(0x200, sample())},
		{"seed-trailing-bytes", append(append([]byte(nil), full...), 0, 0, 0, 0, 0, 0, 0, 0)},
		{"seed-sort-index-wrong", put(full, dir+nres.FieldSortIndex, 3)},
		{"seed-entry-count-ffffffff", put(full, 8, 0xFFFFFFFF)},
		{"seed-payload-size-ffffffff", put(full, dir+nres.FieldSize, 0xFFFFFFFF)},
		{"seed-truncated-half", full[:len(full)/2]},
		{"seed-magic-only", []byte("NRes")},
	}
	for _, s := range seeds {
		fuzzseed.Write(t, "FuzzNRes", s.name, s.data)
	}
}
