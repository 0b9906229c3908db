package swg

import (
	"math"
	"math/rand/v2"
	"testing"
	"unsafe"

	"animscope/anim"

	"github.com/go-gl/mathgl/mgl32"
)

// runCase is random key records for sampleRun: realistic arcs (θ in [0, π/2]
// with its 1/sin θ), linear and opposite ones, and fields of special values
// (±0, infinities, NaNs, subnormals, extremes) and random bits, unless clean:
// then every field is realistic and the kernel answers most groups.
func runCase(r *rand.Rand, n int, clean bool) (r0, r1 []keyRec) {
	special := []float32{0, float32(math.Copysign(0, -1)), 1, -1, 1e-40, -3e-39, float32(math.Inf(1)), float32(math.Inf(-1)),
		math.Float32frombits(0x7fc00001), math.Float32frombits(0xffc00abc), math.Float32frombits(0x7f800123), 3.4e38, -3.4e38,
		math.Float32frombits(1), float32(math.Pi / 4), math.Nextafter32(float32(math.Pi/4), 1), float32(math.Pi / 2),
		math.Nextafter32(float32(math.Pi/2), 4)}
	val := func(real func() float32) float32 {
		if clean {
			return real()
		}
		switch r.IntN(8) {
		case 0:
			return special[r.IntN(len(special))]
		case 1:
			return math.Float32frombits(r.Uint32())
		}
		return real()
	}
	unit := func() float32 { return float32(2*r.Float64() - 1) }
	quat := func() mgl32.Quat {
		return mgl32.Quat{W: val(unit), V: mgl32.Vec3{val(unit), val(unit), val(unit)}}
	}
	arcOdds := 12 // 1 in arcOdds arcs linear, as many opposite
	if clean {
		arcOdds = 100
	}
	r0, r1 = make([]keyRec, n), make([]keyRec, n)
	for i := range n {
		for _, x := range []*keyRec{&r0[i], &r1[i]} {
			x.q, x.a.other = quat(), quat()
			th := float32(r.Float64() * math.Pi / 2)
			x.a.theta = val(func() float32 { return th })
			x.a.ooSin = val(func() float32 { return 1 / float32(math.Sin(float64(th))) })
			switch r.IntN(arcOdds) {
			case 0:
				x.a.linear = true
			case 1:
				x.a.opposite = true
			}
			x.t = [3]float32{val(unit), val(unit), val(unit)}
		}
	}
	return r0, r1
}

// TestSampleRunBitIdentical: sampleRun (on amd64 with AVX2, slerpRun4 and the
// Go code for the failed lanes and the tail) gives sampleRunGo's bits on every
// field (a NaN where it gives a NaN: which payload survives two NaN operands
// is the compiler's choice of operand order), writes nothing past out and
// changes no record; and the kernel both answers groups and refuses some here.
func TestSampleRunBitIdentical(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	same := func(a, b float32) bool {
		return math.Float32bits(a) == math.Float32bits(b) || a != a && b != b
	}
	bits := func(x *anim.Transform) [10]float32 {
		return [10]float32{x.T[0], x.T[1], x.T[2], x.Q.W, x.Q.V[0], x.Q.V[1], x.Q.V[2], x.S[0], x.S[1], x.S[2]}
	}
	weights := [][3]float32{{0.5, 0.5, 0.5}, {0.25, 0.75, 0.25}, {0, 1, 0}, {0.999, 0.001, 0.999}}
	for range 20 {
		w := float32(r.Float64())
		lw := float32(r.Float64())
		weights = append(weights, [3]float32{w, lw, 1 - lw})
	}
	weights = append(weights, [3]float32{float32(math.NaN()), 1e-40, float32(math.Inf(1))}, [3]float32{-0.5, 2, -1})
	for _, tc := range []struct {
		n     int
		clean bool
	}{{0, false}, {1, false}, {3, false}, {4, false}, {5, false}, {8, false}, {63, false}, {64, false},
		{65, false}, {131, false}, {1000, false}, {1000, true}, {67, true}} {
		n := tc.n
		r0, r1 := runCase(r, n, tc.clean)
		c0, c1 := append([]keyRec(nil), r0...), append([]keyRec(nil), r1...)
		for _, wt := range weights {
			st := keyState{w: wt[0], lw: wt[1], omlw: wt[2]}
			got, want := make([]anim.Transform, n+1), make([]anim.Transform, n)
			guard := anim.Transform{T: mgl32.Vec3{7, 8, 9}, Q: mgl32.Quat{W: 3}, S: mgl32.Vec3{4, 5, 6}}
			got[n] = guard
			sampleRun(got[:n], r0, r1, &st)
			sampleRunGo(want, r0, r1, &st)
			if got[n] != guard {
				t.Fatalf("n %d: the transform after out changed: %v", n, got[n])
			}
			for i := range want {
				g, w := bits(&got[i]), bits(&want[i])
				for c := range g {
					if !same(g[c], w[c]) {
						t.Fatalf("n %d w %v: node %d field %d = %#x, want %#x (records %+v, %+v)",
							n, wt, i, c, math.Float32bits(g[c]), math.Float32bits(w[c]), r0[i], r1[i])
					}
				}
			}
		}
		for i := range r0 {
			if r0[i] != c0[i] && !hasNaN(&c0[i]) || r1[i] != c1[i] && !hasNaN(&c1[i]) {
				t.Fatalf("n %d: record %d changed", n, i)
			}
		}
	}
	for _, clean := range []bool{false, true} {
		answered, refused := runKernelGroups(r, clean)
		t.Logf("clean %v: kernel groups: %d answered, %d refused", clean, answered, refused)
		if haveRunKernel() && (answered == 0 || refused == 0) {
			t.Errorf("clean %v: kernel groups: %d answered, %d refused; want both", clean, answered, refused)
		}
	}
}

// hasNaN says whether a record holds a NaN (which != never equals).
func hasNaN(x *keyRec) bool {
	for _, v := range []float32{x.q.W, x.q.V[0], x.q.V[1], x.q.V[2], x.a.other.W, x.a.other.V[0], x.a.other.V[1],
		x.a.other.V[2], x.a.theta, x.a.ooSin, x.t[0], x.t[1], x.t[2]} {
		if v != v {
			return true
		}
	}
	return false
}

// TestHoldRunBitIdentical: holdRun (SSE on amd64) copies every record's
// rotation and translation bit for bit, NaN payloads included, as holdRunGo
// does, sets the scale to 1 and writes nothing past out.
func TestHoldRunBitIdentical(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	bits := func(x *anim.Transform) [10]uint32 {
		var b [10]uint32
		for i, v := range []float32{x.T[0], x.T[1], x.T[2], x.Q.W, x.Q.V[0], x.Q.V[1], x.Q.V[2], x.S[0], x.S[1], x.S[2]} {
			b[i] = math.Float32bits(v)
		}
		return b
	}
	for _, n := range []int{0, 1, 2, 5, 64, 1000} {
		recs, _ := runCase(r, n, false)
		for i := range recs {
			// the padding after t, which the kernel reads into a lane it does not keep
			copy((*[64]byte)(unsafe.Pointer(&recs[i]))[56:], []byte{1, 2, 3, 4, 5, 6, 7, 0xff})
		}
		got, want := make([]anim.Transform, n+1), make([]anim.Transform, n)
		guard := anim.Transform{T: mgl32.Vec3{7, 8, 9}, Q: mgl32.Quat{W: 3}, S: mgl32.Vec3{4, 5, 6}}
		got[n] = guard
		holdRun(got[:n], recs)
		holdRunGo(want, recs)
		if got[n] != guard {
			t.Fatalf("n %d: the transform after out changed: %v", n, got[n])
		}
		for i := range want {
			if g, w := bits(&got[i]), bits(&want[i]); g != w {
				t.Fatalf("n %d: node %d = %#x, want %#x", n, i, g, w)
			}
		}
	}
}
