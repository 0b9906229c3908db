package anim

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

// TestSolveSlerpArcsIsNewSlerpArc holds the batched arcs to NewSlerpArc's bits,
// with the AVX2 kernel and without, over random, near-equal, opposite and
// non-unit key pairs (lengths not multiples of the chunk or of 4).
func TestSolveSlerpArcsIsNewSlerpArc(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var qs []mgl32.Quat
	for i := 0; i < 1500; i++ {
		q := mgl32.Quat{W: r.Float32()*2 - 1, V: mgl32.Vec3{r.Float32()*2 - 1, r.Float32()*2 - 1, r.Float32()*2 - 1}}
		switch i % 5 {
		case 1: // nearly the previous key: a linear arc
			if len(qs) > 0 {
				p := qs[len(qs)-1]
				q = mgl32.Quat{W: p.W + 1e-5, V: p.V}
			}
		case 2: // the previous key negated
			if len(qs) > 0 {
				q = qs[len(qs)-1].Scale(-1)
			}
		case 3:
			q = q.Normalize()
		}
		qs = append(qs, q)
	}
	for _, avx := range []bool{true, false} {
		saved := haveAVX2
		haveAVX2 = haveAVX2 && avx
		for _, n := range []int{0, 1, 2, 5, 257, len(qs)} {
			arcs := make([]SlerpArc, max(n-1, 0))
			for k := range arcs {
				arcs[k] = NewSlerpArcUnsolved(qs[k], qs[k+1])
			}
			SolveSlerpArcs(arcs)
			for k := range arcs {
				got, want := arcs[k], NewSlerpArc(qs[k], qs[k+1])
				if got.Linear != want.Linear || got.Sign != want.Sign || math.Float32bits(got.D) != math.Float32bits(want.D) ||
					math.Float32bits(got.Theta) != math.Float32bits(want.Theta) || math.Float32bits(got.SinTheta) != math.Float32bits(want.SinTheta) {
					t.Fatalf("avx %v n %d arc %d: got %+v, want %+v", avx, n, k, got, want)
				}
			}
		}
		haveAVX2 = saved
	}
}
