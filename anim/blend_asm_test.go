//go:build amd64 && !purego

package anim

import (
	"math"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

// TestBlendPackTable checks every entry of the assembly's lane tables
// (bpack and bexpand in blend_amd64.s, read by blendPackEntry): the lane
// numbers of the mask's set bits in order, a nibble each, or each set lane's
// place among them, and their count in the high word. TestBlendTransformsAsmMatchesGo checks the table as the kernel uses
// it; this names the entry that is wrong.
func TestBlendPackTable(t *testing.T) {
	for k := range 256 {
		var pack, expand uint64
		c := 0
		for l := range 8 {
			if k>>l&1 != 0 {
				pack |= uint64(l) << (4 * c)
				expand |= uint64(c) << (4 * l)
				c++
			}
		}
		if c != bits.OnesCount8(uint8(k)) {
			t.Fatalf("mask %#02x: counted %d lanes, want %d", k, c, bits.OnesCount8(uint8(k)))
		}
		gotPack, gotExpand := blendPackEntry(k)
		if want := pack | uint64(c)<<32; gotPack != want {
			t.Errorf("bpack[%#02x] = %#016x, want %#016x", k, gotPack, want)
		}
		if want := expand | uint64(c)<<32; gotExpand != want {
			t.Errorf("bexpand[%#02x] = %#016x, want %#016x", k, gotExpand, want)
		}
	}
}

// blendSpecials are the values the assembly tests (TestBlendTransformsAsmMatchesGo,
// TestSkinPaletteAsmMatchesGo) draw components from besides random bits and
// ordinary numbers.
var blendSpecials = []float32{
	0, float32(math.Copysign(0, -1)), 1, -1, 0.5, -0.5, 1e-5, -1e-5,
	float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN()),
	math.Float32frombits(0x7fc00001), math.Float32frombits(0xffa00000), // NaNs with payloads
	math.SmallestNonzeroFloat32, -math.SmallestNonzeroFloat32, 1.1754942e-38, // subnormals
	1.1754944e-38, math.MaxFloat32, -math.MaxFloat32,
}

// asmTestValue is random bits one time in four, one of blendSpecials one in
// four, otherwise an ordinary number in [-span, span).
func asmTestValue(r *rand.Rand, span float32) float32 {
	switch r.IntN(4) {
	case 0:
		return math.Float32frombits(r.Uint32())
	case 1:
		return blendSpecials[r.IntN(len(blendSpecials))]
	default:
		return (r.Float32()*2 - 1) * span
	}
}

// TestBlendTransformsAsmMatchesGo compares the AVX2 passes of blendChunkOf
// (prep, angles, weights, mix) with its Go code, bit for bit (any NaN
// matching any NaN, as everywhere in this package's tests), on transforms
// whose components are random bits, specials (±0, ±inf, NaNs, subnormals)
// or unit rotations near each other, at several weights and in every length
// up to two chunks, out separate and out aliasing a.
func TestBlendTransformsAsmMatchesGo(t *testing.T) {
	if !haveAVX2 {
		t.Skip("no AVX2 on this machine: the Go code is the only path")
	}
	r := rand.New(rand.NewPCG(7, 8))
	comp := func() float32 { return asmTestValue(r, 1) }
	const n = 4000
	a, b := make([]Transform, n), make([]Transform, n)
	for i := range a {
		for _, x := range []*Transform{&a[i], &b[i]} {
			x.T = mgl32.Vec3{comp(), comp(), comp()}
			x.S = mgl32.Vec3{comp(), comp(), comp()}
			x.Q = q(comp(), comp(), comp(), comp())
		}
		switch i % 4 {
		case 1: // both unit and near each other: the trigonometric and linear lanes
			a[i].Q = q(r.Float32()-0.5, r.Float32()-0.5, r.Float32()-0.5, r.Float32()-0.5).Normalize()
			e := float32(math.Pow(10, -1-5*r.Float64()))
			b[i].Q = q(a[i].Q.W+e*(r.Float32()-0.5), a[i].Q.V[0], a[i].Q.V[1]+e*(r.Float32()-0.5), a[i].Q.V[2]).Normalize()
			if r.IntN(2) == 0 {
				b[i].Q = b[i].Q.Scale(-1)
			}
		case 2: // equal: d exactly 1 or near it
			b[i].Q = a[i].Q
		}
	}
	saved := haveAVX2
	defer func() { haveAVX2 = saved }()
	weights := []float32{0, 0.3, 0.5, 1, -0.25, 1.5, float32(math.Copysign(0, -1)), 1e-30, float32(math.NaN())}
	lengths := []int{n}
	for k := 1; k <= 2*blendChunk+1; k++ {
		lengths = append(lengths, k)
	}
	for _, w := range weights {
		for _, c := range lengths {
			off := r.IntN(n - c + 1)
			x, y := a[off:off+c], b[off:off+c]
			haveAVX2 = false
			want := make([]Transform, c)
			BlendTransforms(x, y, w, want)
			haveAVX2 = saved
			got := make([]Transform, c)
			BlendTransforms(x, y, w, got)
			inPlace := append([]Transform(nil), x...)
			BlendTransforms(inPlace, y, w, inPlace)
			for i := range want {
				for _, g := range []*Transform{&got[i], &inPlace[i]} {
					gv, ev := transformFloats(g), transformFloats(&want[i])
					for k := range gv {
						if !same32(gv[k], ev[k]) {
							t.Fatalf("w %v, length %d at %d, joint %d, component %d: asm %v (%#08x), Go %v (%#08x); a %v b %v",
								w, c, off, i, k, gv[k], math.Float32bits(gv[k]), ev[k], math.Float32bits(ev[k]), x[i], y[i])
						}
					}
				}
			}
		}
	}
}

// transformFloats lists a transform's ten components in memory order.
func transformFloats(x *Transform) [10]float32 {
	return [10]float32{x.T[0], x.T[1], x.T[2], x.Q.W, x.Q.V[0], x.Q.V[1], x.Q.V[2], x.S[0], x.S[1], x.S[2]}
}
