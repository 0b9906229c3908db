package anim

import (
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

// slerpFixture is n key pairs with their arcs (some linear: equal keys) and
// fractions.
func slerpFixture(n int) (q0, q1 []mgl32.Quat, arcs []SlerpArc, fr []float32) {
	r := rand.New(rand.NewPCG(7, 8))
	f := func() float32 { return r.Float32()*2 - 1 }
	q0, q1, arcs, fr = make([]mgl32.Quat, n), make([]mgl32.Quat, n), make([]SlerpArc, n), make([]float32, n)
	for i := range n {
		q0[i] = mgl32.Quat{W: f(), V: mgl32.Vec3{f(), f(), f()}}.Normalize()
		q1[i] = mgl32.Quat{W: f(), V: mgl32.Vec3{f(), f(), f()}}.Normalize()
		if i%7 == 3 {
			q1[i] = q0[i]
		}
		arcs[i] = NewSlerpArc(q0[i], q1[i])
		fr[i] = r.Float32()
	}
	return
}

// TestSlerpBatchMatchesWeights: a SlerpBatch writes what SlerpArc.Weights and
// Combine give, bit for bit, over several fillings of the batch and with linear
// arcs among them; nothing non-linear is written before Flush.
func TestSlerpBatchMatchesWeights(t *testing.T) {
	saved := haveAVX2
	defer func() { haveAVX2 = saved }()
	for _, asm := range []bool{true, false} {
		haveAVX2 = asm && saved // the assembly combination, then the Go code
		testSlerpBatch(t)
	}
}

func testSlerpBatch(t *testing.T) {
	for _, try := range []bool{false, true} {
		testSlerpBatchAdd(t, try)
	}
}

// testSlerpBatchAdd fills the batch with Add, or with TryAdd first (Add
// where it refuses: a linear arc or a full batch) when try.
func testSlerpBatchAdd(t *testing.T, try bool) {
	const n = 3*SlerpBatchSize + 5
	q0, q1, arcs, fr := slerpFixture(n)
	got := make([]mgl32.Quat, n)
	var b SlerpBatch
	refused := 0
	for i := range n {
		if try {
			full := b.n == SlerpBatchSize
			ok := b.TryAdd(&got[i], &q0[i], &q1[i], &arcs[i], fr[i])
			if want := !arcs[i].Linear && !full; ok != want {
				t.Fatalf("TryAdd of slerp %d (linear %v, full %v) = %v, want %v", i, arcs[i].Linear, full, ok, want)
			}
			if ok {
				continue
			}
			refused++
		}
		b.Add(&got[i], &q0[i], &q1[i], &arcs[i], fr[i])
	}
	if try && refused < 3 {
		t.Errorf("TryAdd refused %d slerps, want a full batch at least twice and the linear arcs", refused)
	}
	if last := n - 1; !arcs[last].Linear && got[last] != (mgl32.Quat{}) {
		t.Errorf("slerp %d written before Flush: %v", last, got[last])
	}
	b.Flush()
	for i := range n {
		w0, w1 := arcs[i].Weights(fr[i])
		want := Combine(q0[i], q1[i], w0, w1)
		g := [4]float32{got[i].W, got[i].V[0], got[i].V[1], got[i].V[2]}
		e := [4]float32{want.W, want.V[0], want.V[1], want.V[2]}
		for k := range g {
			if !same32(g[k], e[k]) {
				t.Fatalf("asm %v try %v: slerp %d (linear %v): got %v, want %v", haveAVX2, try, i, arcs[i].Linear, got[i], want)
			}
		}
	}
}

// BenchmarkSlerp64 compares 64 key-pair slerps one by one (Weights and Combine)
// with the same through a SlerpBatch.
func BenchmarkSlerp64(b *testing.B) {
	q0, q1, arcs, fr := slerpFixture(64)
	out := make([]mgl32.Quat, 64)
	b.Run("scalar", func(b *testing.B) {
		for b.Loop() {
			for i := range out {
				w0, w1 := arcs[i].Weights(fr[i])
				combineInto(&out[i], &q0[i], &q1[i], w0, w1)
			}
		}
	})
	b.Run("batch", func(b *testing.B) {
		for b.Loop() {
			var sb SlerpBatch
			for i := range out {
				sb.Add(&out[i], &q0[i], &q1[i], &arcs[i], fr[i])
			}
			sb.Flush()
		}
	})
}
