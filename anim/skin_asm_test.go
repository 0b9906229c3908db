//go:build amd64 && !purego

package anim

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestSkinPaletteAsmMatchesGo compares SkinPalette's AVX2 loop
// (skinPaletteAVX) with mulAffineTo, bit for bit (any NaN matching any
// NaN), on affines whose cells are random bits, specials (±0, ±inf, NaNs,
// subnormals) or ordinary numbers, in every length up to 40 and one long
// run; it also checks that nothing past the palette's end is written.
func TestSkinPaletteAsmMatchesGo(t *testing.T) {
	if !haveAVX2 {
		t.Skip("no AVX2 on this machine: the Go code is the only path")
	}
	r := rand.New(rand.NewPCG(9, 10))
	cell := func() float32 { return asmTestValue(r, 2) }
	const n = 3000
	model, inv := make([]Affine, n), make([]Affine, n)
	for i := range model {
		for k := range 12 {
			model[i][k], inv[i][k] = cell(), cell()
		}
	}
	lengths := []int{n}
	for k := 1; k <= 40; k++ {
		lengths = append(lengths, k)
	}
	sentinel := math.Float32frombits(0x7f812345)
	for _, c := range lengths {
		off := r.IntN(n - c + 1)
		m, b := model[off:off+c], inv[off:off+c]
		s := &Skeleton{Parents: make([]int32, c), InverseBind: b}
		got := make([]Affine, c+1)
		for k := range got[c] {
			got[c][k] = sentinel
		}
		SkinPalette(s, m, got[:c])
		for i := range c {
			var want Affine
			mulAffineTo(&want, &m[i], &b[i])
			for k := range 12 {
				if !same32(got[i][k], want[k]) {
					t.Fatalf("length %d at %d, affine %d, cell %d: asm %v (%#08x), mulAffineTo %v (%#08x); model %v inverse bind %v",
						c, off, i, k, got[i][k], math.Float32bits(got[i][k]), want[k], math.Float32bits(want[k]), m[i], b[i])
				}
			}
		}
		for k, v := range got[c] {
			if math.Float32bits(v) != math.Float32bits(sentinel) {
				t.Fatalf("length %d: cell %d past the palette's end written: %v", c, k, v)
			}
		}
	}
}
