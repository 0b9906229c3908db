package msh

import (
	"math"
	"math/rand/v2"
	"testing"

	"animscope/anim"

	"github.com/go-gl/mathgl/mgl32"
)

// TestDecodeKeysIsTheKeyByKeyDecode holds decodeKeys to what the clip built key
// by key before (rawKey, DecodeQuat, anim.Conjugate, anim.NewSlerpArcUnsolved),
// bit for bit, in both quaternion orders: random words, the s16 extremes, zeros
// (signed zeros in the conjugate and the dot product), keys equal and opposite
// to their neighbour (linear arcs of both signs) and NaN and infinite positions.
func TestDecodeKeysIsTheKeyByKeyDecode(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	specials := []int16{0, 1, -1, 32767, -32767, -32768, 16384, -16384, 23170, -23170}
	const n = 4000
	raw := make([]byte, n*KeySize)
	for k := 0; k < n; k++ {
		b := raw[k*KeySize:]
		for i := 0; i < 4; i++ {
			v := r.Uint32()
			switch r.IntN(6) {
			case 0:
				v = math.Float32bits(float32(math.NaN()))
			case 1:
				v = math.Float32bits(float32(math.Inf(-1)))
			}
			le.PutUint32(b[4*i:], v)
		}
		for i := 0; i < 4; i++ {
			v := int16(r.Uint32())
			switch m := r.IntN(8); {
			case m < 3:
				v = specials[r.IntN(len(specials))]
			case m == 3 && k > 0: // the previous key's word, or its negation
				v = int16(le.Uint16(raw[(k-1)*KeySize+16+2*i:]))
				if r.IntN(2) == 0 {
					v = -v
				}
			}
			le.PutUint16(b[16+2*i:], uint16(v))
		}
	}
	bits := func(v float32) uint32 { return math.Float32bits(v) }
	for _, wxyz := range []bool{false, true} {
		for _, count := range []int{0, 1, 2, 3, n} {
			keys := make([]ckey, count)
			var arcs []anim.SlerpArc
			if count > 1 {
				arcs = make([]anim.SlerpArc, count-1)
				for i := range arcs { // decodeKeys must write every field
					arcs[i] = anim.SlerpArc{D: 9, Theta: 9, SinTheta: 9, Sign: 9, Linear: true}
				}
			}
			decodeKeys(keys, arcs, raw, wxyz)
			var q0 mgl32.Quat
			for k := 0; k < count; k++ {
				rk := rawKey(raw, k)
				q := DecodeQuat(rk.Raw, wxyz)
				qc := anim.Conjugate(q)
				got := [8]float32{keys[k].pos[0], keys[k].pos[1], keys[k].pos[2], keys[k].time, keys[k].qc.W, keys[k].qc.V[0], keys[k].qc.V[1], keys[k].qc.V[2]}
				want := [8]float32{rk.Pos[0], rk.Pos[1], rk.Pos[2], rk.Time, qc.W, qc.V[0], qc.V[1], qc.V[2]}
				for i := range got {
					if bits(got[i]) != bits(want[i]) {
						t.Fatalf("wxyz %v, %d keys: key %d field %d: got %#x, want %#x", wxyz, count, k, i, bits(got[i]), bits(want[i]))
					}
				}
				if k > 0 {
					w := anim.NewSlerpArcUnsolved(q0, q)
					g := arcs[k-1]
					if bits(g.D) != bits(w.D) || bits(g.Theta) != bits(w.Theta) || bits(g.SinTheta) != bits(w.SinTheta) || bits(g.Sign) != bits(w.Sign) || g.Linear != w.Linear {
						t.Fatalf("wxyz %v, %d keys: arc %d: got %+v, want %+v", wxyz, count, k-1, g, w)
					}
				}
				q0 = q
			}
		}
	}
}

// BenchmarkDecodeKeys decodes 8,000 keys and their arcs (one member of
// BenchmarkOpen100MB), without the arcs' trigonometry.
func BenchmarkDecodeKeys(b *testing.B) {
	const n = 8000
	r := rand.New(rand.NewPCG(7, 8))
	raw := make([]byte, n*KeySize)
	for i := range raw {
		raw[i] = byte(r.Uint32())
	}
	keys, arcs := make([]ckey, n), make([]anim.SlerpArc, n-1)
	b.SetBytes(int64(len(raw)))
	for b.Loop() {
		decodeKeys(keys, arcs, raw, false)
	}
}
