package vca

import (
	"math"
	"math/rand"
	"testing"
	"unsafe"

	"animscope/anim"

	"github.com/go-gl/mathgl/mgl32"
)

// TestSimpleBoneLayout: the offsets writebones_amd64.s reads.
func TestSimpleBoneLayout(t *testing.T) {
	var b simpleBone
	got := [6]uintptr{unsafe.Sizeof(b), unsafe.Offsetof(b.node), unsafe.Offsetof(b.off), unsafe.Offsetof(b.k), unsafe.Offsetof(b.ax), unsafe.Offsetof(b.flags)}
	if want := [6]uintptr{16, 0, 4, 8, 12, 13}; got != want {
		t.Errorf("simpleBone size and offsets %v, want %v", got, want)
	}
	var x anim.Transform
	if got, want := [4]uintptr{unsafe.Sizeof(x), unsafe.Offsetof(x.Q), unsafe.Offsetof(x.Q.V), unsafe.Offsetof(x.S)}, [4]uintptr{40, 12, 4, 28}; got != want { // Q.V: 4 into Q
		t.Errorf("anim.Transform size and offsets %v, want %v", got, want)
	}
}

// TestWriteSimpleAsmMatchesGo: writeSimple gives the Go loop's transforms, bit
// for bit, with the assembly (where the CPU has it): every flag combination,
// no rotation or one of each axis, sines and cosines of both signs and zeros
// of both signs, values past float32's range, nodes past out (skipped), and
// transforms between them left as they were.
func TestWriteSimpleAsmMatchesGo(t *testing.T) {
	rng := rand.New(rand.NewSource(4))
	negZero := math.Copysign(0, -1)
	special := []float64{0, negZero, 5e-324, -1e-40, 1, -1, 0.5, 1e39, -1e39, MaxValue}
	pick := func() float64 {
		if rng.Intn(3) == 0 {
			return special[rng.Intn(len(special))]
		}
		return (rng.Float64()*2 - 1) * 3
	}
	saved := haveAVX2
	defer func() { haveAVX2 = saved }()
	stale := anim.Transform{T: mgl32.Vec3{7, 8, 9}, Q: mgl32.Quat{W: 0.5, V: mgl32.Vec3{0.5, 0.5, 0.5}}, S: mgl32.Vec3{2, 3, 4}}
	for trial := 0; trial < 300; trial++ {
		nls, nout := 1+rng.Intn(12), 1+rng.Intn(12)
		trs := make([]float64, 9*nls+1)
		for i := range trs {
			trs[i] = pick()
		}
		nang := rng.Intn(8)
		sin, cos := make([]float64, nang), make([]float64, nang)
		for i := range sin {
			sin[i], cos[i] = pick(), pick()
		}
		bones := make([]simpleBone, rng.Intn(10))
		for i := range bones {
			b := &bones[i]
			b.node, b.off, b.k, b.flags = int32(rng.Intn(nout+3)), int32(9*rng.Intn(nls)), -1, uint8(rng.Intn(4))
			if nang > 0 && rng.Intn(4) != 0 {
				b.k, b.ax = int32(rng.Intn(nang)), int8(rng.Intn(3))
			}
		}
		got, want := make([]anim.Transform, nout), make([]anim.Transform, nout)
		for i := range got {
			got[i], want[i] = stale, stale
		}
		haveAVX2 = saved
		writeSimple(bones, sin, cos, trs, got)
		haveAVX2 = false
		writeSimple(bones, sin, cos, trs, want)
		for i := range got {
			if !sameTransform(got[i], want[i]) {
				t.Fatalf("trial %d: transform %d = %+v, Go loop %+v (bones %+v)", trial, i, got[i], want[i], bones)
			}
		}
	}
}
