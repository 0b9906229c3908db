package anim

import (
	"fmt"
	"math"
	"os"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
)

// same32 says a and b are the same float32 (bit for bit, any NaN matching any NaN).
func same32(a, b float32) bool {
	if a != a && b != b {
		return true
	}
	return math.Float32bits(a) == math.Float32bits(b)
}

// math32Check compares the fast functions with their references at x and returns a
// description of the first difference, or "".
func math32Check(x float32) string {
	xd := float64(x)
	wantS, wantC := float32(math.Sin(xd)), float32(math.Cos(xd))
	if s, c := Sincos32(x); !same32(s, wantS) || !same32(c, wantC) {
		return fmt.Sprintf("Sincos32(%v) = %v, %v, want %v, %v", x, s, c, wantS, wantC)
	}
	if s := Sin32(x); !same32(s, wantS) {
		return fmt.Sprintf("Sin32(%v) = %v, want %v", x, s, wantS)
	}
	if want := float32(math.Acos(xd)); !same32(Acos32(x), want) {
		return fmt.Sprintf("Acos32(%v) = %v, want %v", x, Acos32(x), want)
	}
	wantT := float32(math.Acos(xd))
	wantST := float32(math.Sin(float64(wantT)))
	if th, st := AcosSin32(x); !same32(th, wantT) || !same32(st, wantST) {
		return fmt.Sprintf("AcosSin32(%v) = %v, %v, want %v, %v", x, th, st, wantT, wantST)
	}
	return ""
}

// TestMath32Stride compares the fast functions with the standard library on every
// 509th float32 of [0, 2] and on the floats around the points where their code
// changes path (0, the subnormals, π/4, 0.5, 1, π/2), and on inputs outside the fast
// domains.
func TestMath32Stride(t *testing.T) {
	var xs []float32
	for b := uint32(0); b <= math.Float32bits(2); b += 509 {
		xs = append(xs, math.Float32frombits(b))
	}
	for _, c := range []float32{0, math.SmallestNonzeroFloat32, 1.1754944e-38, float32(math.Pi / 4), 0.5, 1, maxSincos32} {
		for d := int32(-300); d <= 300; d++ {
			if b := int64(math.Float32bits(c)) + int64(d); b >= 0 {
				xs = append(xs, math.Float32frombits(uint32(b)))
			}
		}
	}
	nan := float32(math.NaN())
	xs = append(xs, -0.0, -1e-30, -0.3, -1, -1.5, 3, 100, 1e30, float32(math.Inf(1)), float32(math.Inf(-1)), nan)
	for _, x := range xs {
		if msg := math32Check(x); msg != "" {
			t.Fatal(msg)
		}
	}
}

// TestMath32Exhaustive runs math32Check on every float32 of the fast domains, [0, 1]
// and [0, float32(π/2)], about 1.07e9 inputs (a minute on two cores), and
// compares the batch functions with the scalar ones on all of them. It is opt-in:
// ANIMSCOPE_EXHAUSTIVE=1 go test -run Math32Exhaustive ./anim/ (make verify-math).
func TestMath32Exhaustive(t *testing.T) {
	if os.Getenv("ANIMSCOPE_EXHAUSTIVE") == "" {
		t.Skip("set ANIMSCOPE_EXHAUSTIVE=1 to compare every float32 input (about a minute)")
	}
	end := math.Float32bits(maxSincos32) + 1
	const chunk = 1 << 20
	var next atomic.Uint32
	var mu sync.Mutex
	var fails []string
	var fallbacks atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			xs, s, c := make([]float32, chunk), make([]float32, chunk), make([]float32, chunk)
			for {
				lo := next.Add(chunk) - chunk
				if lo >= end {
					return
				}
				hi := min(lo+chunk, end)
				var fb int64
				xs := xs[:hi-lo]
				for b := lo; b < hi; b++ {
					x := math.Float32frombits(b)
					xs[b-lo] = x
					if msg := math32Check(x); msg != "" {
						mu.Lock()
						if len(fails) < 20 {
							fails = append(fails, msg)
						}
						mu.Unlock()
					}
					if s, c := kernelPair(float64(x)); !okBoth(s, c) {
						fb++
					}
				}
				fallbacks.Add(fb)
				if msg := batchCheck(xs, s, c); msg != "" {
					mu.Lock()
					fails = append(fails, msg)
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	for _, f := range fails {
		t.Error(f)
	}
	t.Logf("%d inputs; Sincos32 asked the standard library for %d of them", end, fallbacks.Load())
}

// batchCheck compares SincosBatch and AcosSinBatch on xs with the scalar
// functions (which math32Check compares with the standard library), using s and c
// as scratch, and returns the first difference, or "".
func batchCheck(xs, s, c []float32) string {
	SincosBatch(xs, s, c)
	for i, x := range xs {
		if ws, wc := Sincos32(x); !same32(s[i], ws) || !same32(c[i], wc) {
			return fmt.Sprintf("SincosBatch at %v = %v, %v, want %v, %v", x, s[i], c[i], ws, wc)
		}
	}
	AcosSinBatch(xs, s, c)
	for i, x := range xs {
		if wt, ws := AcosSin32(x); !same32(s[i], wt) || !same32(c[i], ws) {
			return fmt.Sprintf("AcosSinBatch at %v = %v, %v, want %v, %v", x, s[i], c[i], wt, ws)
		}
	}
	return ""
}

// kernelPair is Sincos32's kernel step, for counting how often its guard fires.
func kernelPair(x float64) (sin, cos float64) {
	if x <= math.Pi/4 {
		return kernelSin(x), kernelCos(x)
	}
	r := reducePio2(x)
	return kernelCos(r), -kernelSin(r)
}

func okBoth(s, c float64) bool {
	_, a := round32(s)
	_, b := round32(c)
	return a && b
}

func BenchmarkSincos32(b *testing.B) {
	x, sum := float32(0.001), float32(0)
	for b.Loop() {
		s, c := Sincos32(x)
		sum += s + c
		if x += 0.0137; x > 1.5 {
			x -= 1.5
		}
	}
	sink32 = sum
}

func BenchmarkSincosStd(b *testing.B) {
	x, sum := float32(0.001), float32(0)
	for b.Loop() {
		s, c := math.Sincos(float64(x))
		sum += float32(s) + float32(c)
		if x += 0.0137; x > 1.5 {
			x -= 1.5
		}
	}
	sink32 = sum
}

func BenchmarkAcos32(b *testing.B) {
	x, sum := float32(0.001), float32(0)
	for b.Loop() {
		sum += Acos32(x)
		if x += 0.0137; x >= 1 {
			x -= 1
		}
	}
	sink32 = sum
}

func BenchmarkAcosSin32(b *testing.B) {
	x, sum := float32(0.001), float32(0)
	for b.Loop() {
		t, s := AcosSin32(x)
		sum += t + s
		if x += 0.0137; x >= 1 {
			x -= 1
		}
	}
	sink32 = sum
}

func BenchmarkAcosThenSin32(b *testing.B) {
	x, sum := float32(0.001), float32(0)
	for b.Loop() {
		t := Acos32(x)
		sum += t + Sin32(t)
		if x += 0.0137; x >= 1 {
			x -= 1
		}
	}
	sink32 = sum
}

func BenchmarkAcosStd(b *testing.B) {
	x, sum := float32(0.001), float32(0)
	for b.Loop() {
		sum += float32(math.Acos(float64(x)))
		if x += 0.0137; x >= 1 {
			x -= 1
		}
	}
	sink32 = sum
}

var sink32 float32
