package m2

import (
	"math"
	"math/rand/v2"
	"testing"

	"animscope/anim"
)

// TestLerpTSBitIdentical: lerpTS (SSE on amd64) gives each translation and
// scale component k0 + float32((k1−k0)·r), the scalar loop's value, bit for
// bit, infinities, zeros' signs and subnormals included, and a NaN where it
// gives a NaN (which NaN's payload survives two NaN operands is the compiler's
// choice of operand order, which Go leaves open), and writes nothing past out.
func TestLerpTSBitIdentical(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	special := []float32{0, float32(math.Copysign(0, -1)), 1, -1, 1e-40, -3e-39, float32(math.Inf(1)), float32(math.Inf(-1)),
		math.Float32frombits(0x7fc00001), math.Float32frombits(0xffc00abc), math.Float32frombits(0x7f800123), 3.4e38, -3.4e38}
	val := func() float32 {
		if r.IntN(3) == 0 {
			return special[r.IntN(len(special))]
		}
		return math.Float32frombits(r.Uint32())
	}
	same := func(a, b float32) bool {
		return math.Float32bits(a) == math.Float32bits(b) || a != a && b != b
	}
	for _, n := range []int{0, 1, 2, 7, 64, 131} {
		k0s, k1s := make([]packedKey, n), make([]packedKey, n)
		for i := range n {
			for c := range 3 {
				k0s[i].t[c], k0s[i].s[c], k1s[i].t[c], k1s[i].s[c] = val(), val(), val(), val()
			}
		}
		for _, fr := range []float32{0.25, 0.5, 0.999, float32(r.Float64())} {
			out := make([]anim.Transform, n+1)
			guard := anim.Transform{T: [3]float32{7, 8, 9}, S: [3]float32{4, 5, 6}}
			out[n] = guard
			lerpTS(k0s, k1s, out[:n], fr)
			if out[n] != guard {
				t.Fatalf("n %d: the transform after out changed: %v", n, out[n])
			}
			for i := range n {
				k0, k1 := &k0s[i], &k1s[i]
				for c := range 3 {
					wt := k0.t[c] + float32((k1.t[c]-k0.t[c])*fr)
					ws := k0.s[c] + float32((k1.s[c]-k0.s[c])*fr)
					if g := out[i].T[c]; !same(g, wt) {
						t.Fatalf("n %d r %v: node %d T[%d] = %#x, want %#x (k0 %#x, k1 %#x)", n, fr, i, c, math.Float32bits(g), math.Float32bits(wt), math.Float32bits(k0.t[c]), math.Float32bits(k1.t[c]))
					}
					if g := out[i].S[c]; !same(g, ws) {
						t.Fatalf("n %d r %v: node %d S[%d] = %#x, want %#x (k0 %#x, k1 %#x)", n, fr, i, c, math.Float32bits(g), math.Float32bits(ws), math.Float32bits(k0.s[c]), math.Float32bits(k1.s[c]))
					}
				}
			}
		}
	}
}
