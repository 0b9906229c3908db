package swg

import (
	"animscope/anim"

	"github.com/go-gl/mathgl/mgl32"
)

// slerpBatchSize is how many slerps a slerpBatch holds before it evaluates them.
const slerpBatchSize = 32

// slerpBatch gathers the between-key slerps of one Sample call and evaluates
// their sines together: arc.at needs two sines per slerp, sin(θ − fθ) and
// sin(fθ), and one at a time their latency bounds the loop. The angles are the
// ones weights computes, the sines come from anim.SincosBatch (whose sines are
// anim.Sin32's bits), and the weights and the combination are weights' and at's
// float32 operations in the same order, so each result is at's bits. A Sample
// call declares one on its stack and flushes it before it returns.
type slerpBatch struct {
	n        int
	slerps   [slerpBatchSize]pendingSlerp
	ang      [2 * slerpBatchSize]float32 // θ − fθ, fθ of each slerp
	sin, cos [2 * slerpBatchSize]float32
}

// pendingSlerp is one slerp a slerpBatch will write: *dst = a.at(*q0, f).
type pendingSlerp struct {
	dst, q0 *mgl32.Quat
	a       *arc
}

// add sets *dst to a.at(*q0, f): now for an opposite or linear arc, at the next
// flush otherwise. *q0 and *a may not change before then.
func (b *slerpBatch) add(dst, q0 *mgl32.Quat, a *arc, f float32) {
	i := b.n
	if a.opposite || a.linear || i >= slerpBatchSize {
		b.addSlow(dst, q0, a, f)
		return
	}
	ft := float32(f * a.theta)
	b.slerps[i] = pendingSlerp{dst, q0, a}
	b.ang[2*i] = a.theta - ft
	b.ang[2*i+1] = ft
	b.n = i + 1
}

// addSlow is add for an opposite or linear arc, or a full batch.
func (b *slerpBatch) addSlow(dst, q0 *mgl32.Quat, a *arc, f float32) {
	if a.opposite {
		*dst = a.at(*q0, f)
		return
	}
	if a.linear {
		// weights' linear case and at's combination
		c1, c2 := 1-f, f
		o := &a.other
		dst.W = float32(c1*q0.W) + float32(c2*o.W)
		dst.V[0] = float32(c1*q0.V[0]) + float32(c2*o.V[0])
		dst.V[1] = float32(c1*q0.V[1]) + float32(c2*o.V[1])
		dst.V[2] = float32(c1*q0.V[2]) + float32(c2*o.V[2])
		return
	}
	b.flush()
	ft := float32(f * a.theta)
	b.slerps[0] = pendingSlerp{dst, q0, a}
	b.ang[0] = a.theta - ft
	b.ang[1] = ft
	b.n = 1
}

// flush writes every slerp added since the last flush.
func (b *slerpBatch) flush() {
	m := b.n
	if m == 0 {
		return
	}
	anim.SincosBatch(b.ang[:2*m], b.sin[:2*m], b.cos[:2*m])
	for j := range m {
		p := &b.slerps[j]
		a, q0, dst := p.a, p.q0, p.dst
		c1 := b.sin[2*j] * a.ooSin
		c2 := b.sin[2*j+1] * a.ooSin
		o := &a.other
		w := float32(c1*q0.W) + float32(c2*o.W)
		x := float32(c1*q0.V[0]) + float32(c2*o.V[0])
		y := float32(c1*q0.V[1]) + float32(c2*o.V[1])
		z := float32(c1*q0.V[2]) + float32(c2*o.V[2])
		dst.W, dst.V[0], dst.V[1], dst.V[2] = w, x, y, z
	}
	b.n = 0
}
