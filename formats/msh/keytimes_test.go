package msh

import (
	"encoding/binary"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestWindowMins holds the one-pass window minimums to the minimum of each
// window taken word by word, for random maps (words from a small range, so
// that equal words are common) and windows of every length up to the map's.
func TestWindowMins(t *testing.T) {
	r := rand.New(rand.NewPCG(19, 8))
	for _, n := range []int{0, 1, 2, 7, 100} {
		mapw := make([]byte, 2*n+1) // a cut last word is not a word
		for i := range mapw {
			mapw[i] = byte(r.IntN(4))
		}
		for f := 0; f <= n+1; f++ {
			got := windowMins(mapw, f)
			var want []uint16
			for s := 0; f >= 1 && s+f <= n; s++ {
				m := uint16(0xFFFF)
				for i := s; i < s+f; i++ {
					m = min(m, binary.LittleEndian.Uint16(mapw[2*i:]))
				}
				want = append(want, m)
			}
			if !slices.Equal(got, want) {
				t.Errorf("%d words, window %d: got %v, want %v", n, f, got, want)
			}
		}
	}
}
