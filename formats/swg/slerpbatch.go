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
	n          int
	slerps     [slerpBatchSize]pendingSlerp
	ang0, ang1 [slerpBatchSize]float32 // θ − fθ and fθ of each slerp
	sin0, sin1 [slerpBatchSize]float32
	cos        [slerpBatchSize]float32 // unused
}

// pendingSlerp is one slerp a slerpBatch will write: *dst = a.at(*q0, f).
type pendingSlerp struct {
	dst, q0 *mgl32.Quat
	a       *arc
}

// tryAdd sets *dst to a.at(*q0, f) at the next flush and returns true, unless
// the arc is opposite or linear or the batch is full: then it returns false and
// the caller calls addSlow (the split keeps tryAdd small enough to inline). *q0 and
// *a may not change before the flush.
func (b *slerpBatch) tryAdd(dst, q0 *mgl32.Quat, a *arc, f float32) bool {
	i := b.n
	if i >= slerpBatchSize || a.opposite || a.linear {
		return false
	}
	ft := float32(f * a.theta)
	b.slerps[i] = pendingSlerp{dst, q0, a}
	b.ang0[i] = a.theta - ft
	b.ang1[i] = ft
	b.n = i + 1
	return true
}

// addSlow is tryAdd's other case: an opposite or linear arc now, or a full
// batch flushed before the slerp is added.
func (b *slerpBatch) addSlow(dst, q0 *mgl32.Quat, a *arc, f float32) {
	if a.opposite || a.linear {
		slerpNow(dst, q0, a, f)
		return
	}
	b.flush()
	ft := float32(f * a.theta)
	b.slerps[0] = pendingSlerp{dst, q0, a}
	b.ang0[0] = a.theta - ft
	b.ang1[0] = ft
	b.n = 1
}

// slerpNow sets *dst to a.at(*q0, f) for an opposite or linear arc.
func slerpNow(dst, q0 *mgl32.Quat, a *arc, f float32) {
	if a.opposite {
		*dst = a.at(*q0, f)
		return
	}
	// weights' linear case and at's combination
	c1, c2 := 1-f, f
	o := &a.other
	dst.W = float32(c1*q0.W) + float32(c2*o.W)
	dst.V[0] = float32(c1*q0.V[0]) + float32(c2*o.V[0])
	dst.V[1] = float32(c1*q0.V[1]) + float32(c2*o.V[1])
	dst.V[2] = float32(c1*q0.V[2]) + float32(c2*o.V[2])
}

// flush writes every slerp added since the last flush.
func (b *slerpBatch) flush() {
	m := b.n
	if m == 0 {
		return
	}
	anim.SincosBatch(b.ang0[:m], b.sin0[:m], b.cos[:m])
	anim.SincosBatch(b.ang1[:m], b.sin1[:m], b.cos[:m])
	for j := range m {
		p := &b.slerps[j]
		a, q0, dst := p.a, p.q0, p.dst
		c1 := b.sin0[j] * a.ooSin
		c2 := b.sin1[j] * a.ooSin
		o := &a.other
		w := float32(c1*q0.W) + float32(c2*o.W)
		x := float32(c1*q0.V[0]) + float32(c2*o.V[0])
		y := float32(c1*q0.V[1]) + float32(c2*o.V[1])
		z := float32(c1*q0.V[2]) + float32(c2*o.V[2])
		dst.W, dst.V[0], dst.V[1], dst.V[2] = w, x, y, z
	}
	b.n = 0
}
