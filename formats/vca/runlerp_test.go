package vca

import (
	"math"
	"math/rand"
	"testing"
	"unsafe"
)

// TestRunValuesAsmMatchesGo: runValues gives the Go loop's trs, bit for bit,
// with the assembly (where the CPU has it): interpolated and not, at run lengths
// with and without a tail, on values past MaxValue, ±Inf, NaN, signed zeros and
// subnormals, with offsets that repeat (the later line wins) and the sink, and
// every runDst mode (a skipped value writes nothing, 0 or 1).
func TestRunValuesAsmMatchesGo(t *testing.T) {
	if got, want := unsafe.Sizeof(runDst{}), uintptr(8); got != want {
		t.Fatalf("runDst is %d bytes, runlerp_amd64.s reads %d", got, want)
	}
	rng := rand.New(rand.NewSource(9))
	special := []float64{0, math.Copysign(0, -1), 5e-324, -5e-324, MaxValue, -MaxValue, math.Nextafter(MaxValue, 2e9),
		2e9, math.Inf(1), math.Inf(-1), math.NaN(), 1, -1, 0.5}
	pick := func() float64 {
		if rng.Intn(4) == 0 {
			return special[rng.Intn(len(special))]
		}
		return (rng.Float64()*2 - 1) * 400
	}
	saved := haveAVX2
	defer func() { haveAVX2 = saved }()
	for trial := 0; trial < 400; trial++ {
		n := 1 + rng.Intn(40)
		row0, row1 := make([]float64, n), make([]float64, n)
		dst := make([]runDst, n)
		const size = 9*8 + 1
		for j := range dst {
			row0[j], row1[j] = pick(), pick()
			dst[j].off, dst[j].mode = int32(rng.Intn(size)), int32(rng.Intn(3))
		}
		u := []float64{0, 1, 0.5, rng.Float64(), 1.0 / 3}[trial%5]
		interp := trial%3 != 0
		var got, want [size]float64
		for k := range got {
			got[k], want[k] = float64(k), float64(k)
		}
		haveAVX2 = saved
		runValues(row0, row1, dst, u, interp, got[:])
		haveAVX2 = false
		runValues(row0, row1, dst, u, interp, want[:])
		for k := range got {
			if math.Float64bits(got[k]) != math.Float64bits(want[k]) {
				t.Fatalf("trial %d (n %d, u %v, interp %v): trs[%d] = %v, Go loop %v", trial, n, u, interp, k, got[k], want[k])
			}
		}
	}
}
