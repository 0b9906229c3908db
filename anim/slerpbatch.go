package anim

import "github.com/go-gl/mathgl/mgl32"

// SlerpBatchSize is how many slerps a SlerpBatch holds before it evaluates them.
const SlerpBatchSize = 32

// SlerpBatch gathers the key-pair slerps of one sampling pass and evaluates them
// together, so that their sines and cosines take one SincosBatch call per
// SlerpBatchSize slerps instead of one Sincos32 call each. The result of each is
// what SlerpArc.Weights and Combine give (the same operations; the batch
// functions are bit-identical to the scalar ones), written when the batch fills
// up or at Flush. A sampler declares one on its stack (it holds no heap memory)
// and calls Flush before anything reads the rotations it wrote.
type SlerpBatch struct {
	n               int
	slerps          [SlerpBatchSize]pendingSlerp
	angle, sin, cos [SlerpBatchSize]float32
}

// pendingSlerp is one slerp a SlerpBatch will write: *dst from *q0 to *q1 along
// *arc at the angle beside it.
type pendingSlerp struct {
	dst, q0, q1 *mgl32.Quat
	arc         *SlerpArc
}

// TryAdd is Add's common case, small enough to inline into a sampler's loop
// (Add, which may flush, does not inline): for an arc that is not linear and a
// batch with room it queues the slerp as Add does and returns true; otherwise
// it does nothing and returns false, and the caller calls Add.
func (b *SlerpBatch) TryAdd(dst, q0, q1 *mgl32.Quat, arc *SlerpArc, a float32) bool {
	i := b.n
	if arc.Linear || uint(i) >= SlerpBatchSize {
		return false
	}
	b.slerps[i] = pendingSlerp{dst, q0, q1, arc}
	b.angle[i] = a * arc.Theta
	b.n = i + 1
	return true
}

// Add sets *dst to the slerp from *q0 to *q1 at fraction a along arc (the arc
// from *q0 to *q1): now for a linear arc, at the next Flush otherwise. None of
// the three may change before then.
func (b *SlerpBatch) Add(dst, q0, q1 *mgl32.Quat, arc *SlerpArc, a float32) {
	i := b.n
	if arc.Linear || i >= SlerpBatchSize {
		b.addSlow(dst, q0, q1, arc, a)
		return
	}
	b.slerps[i] = pendingSlerp{dst, q0, q1, arc}
	b.angle[i] = a * arc.Theta
	b.n = i + 1
}

// addSlow is Add for a linear arc or a full batch.
func (b *SlerpBatch) addSlow(dst, q0, q1 *mgl32.Quat, arc *SlerpArc, a float32) {
	if arc.Linear {
		combineInto(dst, q0, q1, 1-a, a*arc.Sign)
		return
	}
	b.Flush()
	b.slerps[0] = pendingSlerp{dst, q0, q1, arc}
	b.angle[0] = a * arc.Theta
	b.n = 1
}

// Flush writes every slerp added since the last Flush.
func (b *SlerpBatch) Flush() {
	m := b.n
	if m == 0 {
		return
	}
	SincosBatch(b.angle[:m], b.sin[:m], b.cos[:m])
	if haveAVX2 {
		slerpCombineAVX(&b.slerps[0], &b.sin[0], &b.cos[0], m)
		b.n = 0
		return
	}
	for j := range m {
		p := &b.slerps[j]
		arc := p.arc
		w1 := b.sin[j] / arc.SinTheta
		w0 := b.cos[j] - float32(w1*arc.D)
		w1 *= arc.Sign
		// combineInto, written out (a call fewer per slerp).
		q0, q1, dst := p.q0, p.q1, p.dst
		w := float32(w0*q0.W) + float32(w1*q1.W)
		x := float32(w0*q0.V[0]) + float32(w1*q1.V[0])
		y := float32(w0*q0.V[1]) + float32(w1*q1.V[1])
		z := float32(w0*q0.V[2]) + float32(w1*q1.V[2])
		dst.W, dst.V[0], dst.V[1], dst.V[2] = w, x, y, z
	}
	b.n = 0
}

// combineInto is Combine writing each component on its own (a returned Quat is
// assembled on the stack and copied with wide moves that stall on the narrow
// stores that filled it). dst may be q0 or q1.
func combineInto(dst, q0, q1 *mgl32.Quat, w0, w1 float32) {
	w := float32(w0*q0.W) + float32(w1*q1.W)
	x := float32(w0*q0.V[0]) + float32(w1*q1.V[0])
	y := float32(w0*q0.V[1]) + float32(w1*q1.V[1])
	z := float32(w0*q0.V[2]) + float32(w1*q1.V[2])
	dst.W, dst.V[0], dst.V[1], dst.V[2] = w, x, y, z
}
