package anim

import (
	"math"
	"math/rand/v2"
	"testing"
)

// guardInputs returns up to n float32 inputs in [lo, hi) (walking from lo by
// stride) for which fails says the fast kernel must ask the standard library.
func guardInputs(lo, hi float32, stride uint32, n int, fails func(x float32) bool) []float32 {
	var xs []float32
	for b := math.Float32bits(lo); b < math.Float32bits(hi) && len(xs) < n; b += stride {
		if x := math.Float32frombits(b); fails(x) {
			xs = append(xs, x)
		}
	}
	return xs
}

// batchInputs is TestMath32Stride's inputs, the inputs next to a rounding boundary
// where each kernel's guard fires, and inputs outside the domains, shuffled so
// that the lanes the scalar code must answer fall at every position of a group.
func batchInputs(t *testing.T) []float32 {
	var xs []float32
	for b := uint32(0); b <= math.Float32bits(2); b += 509 {
		xs = append(xs, math.Float32frombits(b))
	}
	for _, c := range []float32{0, math.SmallestNonzeroFloat32, 1.1754944e-38, float32(math.Pi / 4), 0.5, 1, maxSincos32} {
		for d := int32(-40); d <= 40; d++ {
			if b := int64(math.Float32bits(c)) + int64(d); b >= 0 {
				xs = append(xs, math.Float32frombits(uint32(b)))
			}
		}
	}
	sincosGuard := guardInputs(0.01, maxSincos32, 7, 8, func(x float32) bool { return !okBoth(kernelPair(float64(x))) })
	acosGuard := guardInputs(0.01, 1, 7, 8, func(x float32) bool { _, ok := round32(acosKernel(float64(x))); return !ok })
	if len(sincosGuard) == 0 || len(acosGuard) == 0 {
		t.Fatalf("found %d sincos and %d acos inputs where the guard fires, want some of each", len(sincosGuard), len(acosGuard))
	}
	xs = append(xs, sincosGuard...)
	xs = append(xs, acosGuard...)
	nan := float32(math.NaN())
	xs = append(xs, -0.0, -1e-30, -0.3, -1, 3, 1e30, float32(math.Inf(1)), float32(math.Inf(-1)), nan)
	rng := rand.New(rand.NewPCG(1, 2))
	rng.Shuffle(len(xs), func(i, j int) { xs[i], xs[j] = xs[j], xs[i] })
	return xs
}

// checkBatch compares SincosBatch and AcosSinBatch on xs with the scalar
// functions, bit for bit, whole and in every short length (the tails).
func checkBatch(t *testing.T, xs []float32) {
	t.Helper()
	s, c := make([]float32, len(xs)), make([]float32, len(xs))
	for _, n := range []int{len(xs), 1, 2, 3, 4, 5, 7, 9} {
		x := xs[len(xs)-n:]
		SincosBatch(x, s, c)
		for i, v := range x {
			if ws, wc := Sincos32(v); !same32(s[i], ws) || !same32(c[i], wc) {
				t.Fatalf("SincosBatch: element %d of %d, x = %v (%#08x): got %v, %v, want %v, %v", i, n, v, math.Float32bits(v), s[i], c[i], ws, wc)
			}
		}
		AcosSinBatch(x, s, c)
		for i, v := range x {
			if wt, ws := AcosSin32(v); !same32(s[i], wt) || !same32(c[i], ws) {
				t.Fatalf("AcosSinBatch: element %d of %d, d = %v (%#08x): got %v, %v, want %v, %v", i, n, v, math.Float32bits(v), s[i], c[i], wt, ws)
			}
		}
	}
}

// TestBatchMatchesScalar checks both batch functions against the scalar ones
// with the eight-lane kernel and the four-lane ones (where this machine has
// them), with the four-lane ones alone, and without either.
func TestBatchMatchesScalar(t *testing.T) {
	xs := batchInputs(t)
	if !haveAVX2 {
		t.Log("no four-lane kernels on this target (amd64 with AVX2 has them): checking the portable path only")
	}
	if !haveAVX512 {
		t.Log("no eight-lane kernel on this machine (AVX-512 has it)")
	}
	checkBatch(t, xs)
	saved, saved512 := haveAVX2, haveAVX512
	defer func() { haveAVX2, haveAVX512 = saved, saved512 }()
	haveAVX512 = false
	checkBatch(t, xs)
	haveAVX2 = false
	checkBatch(t, xs)
}

func TestBatchAllocs(t *testing.T) {
	xs := make([]float32, 100)
	for i := range xs {
		xs[i] = float32(i) / 101
	}
	s, c := make([]float32, 100), make([]float32, 100)
	if n := testing.AllocsPerRun(20, func() { SincosBatch(xs, s, c); AcosSinBatch(xs, s, c) }); n != 0 {
		t.Errorf("%v allocations per call, want 0", n)
	}
}

func BenchmarkSincosBatch(b *testing.B) {
	xs, s, c := make([]float32, 1000), make([]float32, 1000), make([]float32, 1000)
	for i := range xs {
		xs[i] = float32(i) * 0.0015
	}
	for b.Loop() {
		SincosBatch(xs, s, c)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1000, "ns/value")
}

func BenchmarkAcosSinBatch(b *testing.B) {
	xs, s, c := make([]float32, 1000), make([]float32, 1000), make([]float32, 1000)
	for i := range xs {
		xs[i] = float32(i) * 0.000999
	}
	for b.Loop() {
		AcosSinBatch(xs, s, c)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1000, "ns/value")
}
