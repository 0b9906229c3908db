// The standard library's math.Sincos is not written with explicitly rounded
// products, so the compiler fuses it into multiply-adds where the target has them
// (GOAMD64=v3 and up, arm64, ppc64, s390x, riscv64): only on amd64 below v3 is it
// the unfused arithmetic that Sincos64 reproduces. Elsewhere sincos64_test.go
// checks Sincos64 against bits recorded here (sincos64Golden) and the batch
// against Sincos64.

//go:build amd64 && !amd64.v3

package anim

import (
	"math"
	"math/rand/v2"
	"testing"
)

// sincos64Inputs are the special and edge inputs: ±0, the smallest and largest
// subnormals, tiny values, multiples of π/4 and a few ulps either side (where the
// octant and the reduction change), the reduction threshold 2^29 either side,
// huge values, the largest float64, ±Inf and NaN.
func sincos64Inputs() []float64 {
	xs := []float64{0, math.Copysign(0, -1), 5e-324, 2.2250738585072009e-308, 2.2250738585072014e-308,
		1e-300, 1e-20, 1e-8, 0.5, 1, 2, 3, math.Pi, 1e3, 1e6, 1e9, 1 << 29, math.Nextafter(1<<29, 0),
		math.Nextafter(1<<29, 2e9), 1 << 30, 1e15, 1e20, 1e100, 1e300, math.MaxFloat64,
		math.Inf(1), math.Inf(-1), math.NaN(), math.Float64frombits(0x7ff8000000000001), math.Float64frombits(0xfff0000000000001)}
	for k := 1; k < 4000; k++ {
		m := float64(k) * (math.Pi / 4)
		for _, x := range []float64{m, math.Nextafter(m, 0), math.Nextafter(m, math.Inf(1))} {
			xs = append(xs, x)
			for u := 0; u < 3; u++ {
				x = math.Nextafter(x, math.Inf(1))
			}
			xs = append(xs, x)
		}
	}
	n := len(xs)
	for i := 0; i < n; i++ {
		xs = append(xs, -xs[i])
	}
	return xs
}

// TestSincos64MatchesStdlib: Sincos64 gives math.Sincos's bits on the special
// inputs, on random bit patterns (every exponent: subnormal to NaN), and on
// random values in the ranges a rule feeds it (|x| up to 10, and up to 1e9).
func TestSincos64MatchesStdlib(t *testing.T) {
	check := func(x float64) bool {
		s, c := Sincos64(x)
		ws, wc := math.Sincos(x)
		if math.Float64bits(s) != math.Float64bits(ws) || math.Float64bits(c) != math.Float64bits(wc) {
			t.Errorf("Sincos64(%v = %#016x) = %v, %v (%#016x, %#016x), want %v, %v (%#016x, %#016x)", x, math.Float64bits(x),
				s, c, math.Float64bits(s), math.Float64bits(c), ws, wc, math.Float64bits(ws), math.Float64bits(wc))
			return false
		}
		return true
	}
	for _, x := range sincos64Inputs() {
		if !check(x) {
			return
		}
	}
	n := 2_000_000
	if testing.Short() {
		n = 200_000
	}
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < n; i++ {
		x := math.Float64frombits(r.Uint64())
		if i%3 == 1 {
			x = (r.Float64()*2 - 1) * 10
		} else if i%3 == 2 {
			x = (r.Float64()*2 - 1) * 1e9
		}
		if !check(x) {
			return
		}
	}
}

// TestSincos64GoldenFromStdlib: the recorded bits sincos64_test.go checks on
// every target are math.Sincos's here.
func TestSincos64GoldenFromStdlib(t *testing.T) {
	for _, g := range sincos64Golden {
		x := math.Float64frombits(g.x)
		s, c := math.Sincos(x)
		if math.Float64bits(s) != g.sin || math.Float64bits(c) != g.cos {
			t.Errorf("math.Sincos(%v) = %#016x, %#016x, recorded %#016x, %#016x", x, math.Float64bits(s), math.Float64bits(c), g.sin, g.cos)
		}
	}
}
