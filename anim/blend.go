package anim

import "github.com/go-gl/mathgl/mgl32"

// BlendSides applies the validity rules of formats/msh/FORMAT.md §12.1, which the blender
// uses for every family: side A is used when w < 1 and tA >= 0, side B when w > 0 and
// tB >= 0.
func BlendSides(w float32, tA, tB float64) (useA, useB bool) {
	return w < 1 && tA >= 0, w > 0 && tB >= 0
}

// BlendQuat mixes two rotations as the engine does: qB is negated when
// |qA + qB|² < |qA − qB|² (shortest path), then the engine's slerp at weight w.
func BlendQuat(qa, qb mgl32.Quat, w float32) mgl32.Quat {
	sw, sx, sy, sz := qa.W+qb.W, qa.V[0]+qb.V[0], qa.V[1]+qb.V[1], qa.V[2]+qb.V[2]
	dw, dx, dy, dz := qa.W-qb.W, qa.V[0]-qb.V[0], qa.V[1]-qb.V[1], qa.V[2]-qb.V[2]
	if float32(sw*sw)+float32(sx*sx)+float32(sy*sy)+float32(sz*sz) < float32(dw*dw)+float32(dx*dx)+float32(dy*dy)+float32(dz*dz) {
		qb = mgl32.Quat{W: -qb.W, V: mgl32.Vec3{-qb.V[0], -qb.V[1], -qb.V[2]}}
	}
	return Slerp(qa, qb, w)
}

// BlendTransforms writes the mix of a and b at weight w (0 = a, 1 = b) into out:
// rotations by BlendQuat, translation and scale linearly. out may alias a or b.
//
// It works on blendChunk joints at a time in passes: the slerp inputs of every
// joint, then θ and sin θ of all of them in one AcosSinBatch call and sin wθ
// and cos wθ in one SincosBatch call, then the mix. The values are BlendQuat's
// bit for bit (TestBlendTransformsBitIdentical); gathered, the four
// trigonometric values a joint needs run several joints at a time instead of
// one long dependent chain per joint.
func BlendTransforms(a, b []Transform, w float32, out []Transform) {
	n := len(out)
	a = a[:n]
	b = b[:n]
	for lo := 0; lo < n; lo += blendChunk {
		hi := min(lo+blendChunk, n)
		blendChunkOf(a[lo:hi], b[lo:hi], w, out[lo:hi])
	}
}

// blendChunk is how many joints blendChunkOf takes: its scratch lives on the
// stack (2.3 KiB).
const blendChunk = 64

// blendScratch is blendChunkOf's arrays, one struct so that the stack frame
// zeroes them in one run. w0[i], w1[i]: joint i's slerp weights, w1 carrying
// the shortest-path negation of b's rotation (w1·(−q) = (−w1)·q exactly, as
// is the sign of the dot product). The joints whose weights need
// trigonometry, in order: their |d|, the sign to give w1, and the batch
// calls' inputs and outputs (theta becomes w·θ in place before SincosBatch);
// and where they are: their indices (the Go code), or for each group of
// eight joints the mask of its lanes among them (the assembly).
type blendScratch struct {
	w0, w1, ds, signs, theta, sinTheta, sinA, cosA [blendChunk]float32
	idx                                            [blendChunk]int32
	masks                                          [blendChunk / 8]uint8
}

// blendChunkOf is BlendTransforms on at most blendChunk joints.
func blendChunkOf(a, b []Transform, w float32, out []Transform) {
	n := len(out)
	a, b = a[:n], b[:n]
	var sc blendScratch
	v := 1 - w
	if haveAVX2 && n > 0 {
		// The same passes in assembly (blend_amd64.s) but the trigonometry.
		m := blendPrepAVX(&a[0], &b[0], &sc.w0[0], &sc.w1[0], &sc.masks[0], &sc.ds[0], &sc.signs[0], n, w, v)
		if m > 0 {
			// The batches run to a multiple of 4, the four-lane kernels'
			// width, on copies of the last |d| (lanes that blendExpandAVX
			// does not read): the scalar code the batches use for a tail
			// costs several times a lane.
			m4 := (m + 3) &^ 3
			for j := m; j < m4; j++ {
				sc.ds[j] = sc.ds[m-1]
			}
			AcosSinBatch(sc.ds[:m4], sc.theta[:m4], sc.sinTheta[:m4])
			blendScaleAVX(&sc.theta[0], m4, w)
			SincosBatch(sc.theta[:m4], sc.sinA[:m4], sc.cosA[:m4])
			blendExpandAVX(&sc.masks[0], &sc.ds[0], &sc.signs[0], &sc.sinTheta[0], &sc.sinA[0], &sc.cosA[0], &sc.w0[0], &sc.w1[0], n)
		}
		blendMixAVX(&a[0], &b[0], &out[0], &sc.w0[0], &sc.w1[0], n, v, w)
		return
	}
	m := blendPrep(a, b, w, &sc)
	AcosSinBatch(sc.ds[:m], sc.theta[:m], sc.sinTheta[:m])
	for j := range m {
		sc.theta[j] = w * sc.theta[j]
	}
	SincosBatch(sc.theta[:m], sc.sinA[:m], sc.cosA[:m])
	for j := range m {
		i := sc.idx[j]
		v := sc.sinA[j] / sc.sinTheta[j]
		sc.w0[i], sc.w1[i] = sc.cosA[j]-float32(v*sc.ds[j]), v*sc.signs[j]
	}
	for i := range out {
		// Every field stored on its own: a Quat or Transform literal is
		// assembled on the stack and copied with wide moves that stall on the
		// narrow stores that filled it. Each output component reads only the
		// same component of x and y, so out may alias a or b.
		x, y, o := &a[i], &b[i], &out[i]
		p0, p1 := sc.w0[i], sc.w1[i]
		o.T[0] = float32(v*x.T[0]) + float32(w*y.T[0])
		o.T[1] = float32(v*x.T[1]) + float32(w*y.T[1])
		o.T[2] = float32(v*x.T[2]) + float32(w*y.T[2])
		o.S[0] = float32(v*x.S[0]) + float32(w*y.S[0])
		o.S[1] = float32(v*x.S[1]) + float32(w*y.S[1])
		o.S[2] = float32(v*x.S[2]) + float32(w*y.S[2])
		o.Q.W = float32(p0*x.Q.W) + float32(p1*y.Q.W)
		o.Q.V[0] = float32(p0*x.Q.V[0]) + float32(p1*y.Q.V[0])
		o.Q.V[1] = float32(p0*x.Q.V[1]) + float32(p1*y.Q.V[1])
		o.Q.V[2] = float32(p0*x.Q.V[2]) + float32(p1*y.Q.V[2])
	}
}

// blendPrep is blendChunkOf's first pass: the weights of the joints whose
// rotations are nearly parallel (linear) into sc.w0 and sc.w1, and the index,
// |d| and sign of the others into sc.idx, sc.ds and sc.signs, in order; it
// returns how many those are. blendPrepAVX is the same in AVX2.
func blendPrep(a, b []Transform, w float32, sc *blendScratch) int {
	m := 0
	for i := range a {
		x, y := &a[i], &b[i]
		aw, ax, ay, az := x.Q.W, x.Q.V[0], x.Q.V[1], x.Q.V[2]
		bw, bx, by, bz := y.Q.W, y.Q.V[0], y.Q.V[1], y.Q.V[2]
		sw, sx, sy, sz := aw+bw, ax+bx, ay+by, az+bz
		dw, dx, dy, dz := aw-bw, ax-bx, ay-by, az-bz
		sign := float32(1)
		if float32(sw*sw)+float32(sx*sx)+float32(sy*sy)+float32(sz*sz) < float32(dw*dw)+float32(dx*dx)+float32(dy*dy)+float32(dz*dz) {
			bw, bx, by, bz = -bw, -bx, -by, -bz
			sign = -1
		}
		// SlerpWeights' steps.
		d := float32(aw*bw) + float32(ax*bx) + float32(ay*by) + float32(az*bz)
		if d < 0 {
			d, sign = -d, -sign
		}
		if 1-d <= SlerpThreshold {
			sc.w0[i], sc.w1[i] = 1-w, w*sign
			continue
		}
		sc.idx[m], sc.ds[m], sc.signs[m] = int32(i), d, sign
		m++
	}
	return m
}

// BlendResult says which sides a blended sample used.
type BlendResult struct {
	UsedA, UsedB bool
	// Neither is set when no side was valid: side A was then sampled at max(tA, 0)
	// (openparkan's choice, taken in formats/msh/FORMAT.md §12.1) and callers should warn.
	Neither bool
}

// Blender samples two clips and mixes them for one player. It owns the scratch
// buffer for side B and the sampling contexts of both sides (Clip.NewContext), so
// after the first call with given clips and node count it allocates nothing.
type Blender struct {
	scratch []Transform
	clips   [2]Clip
	ctxs    [2]Context
}

// context returns the player's context for clip c on side i (0: A, 1: B), making
// a new one when the side's clip changed.
func (bl *Blender) context(i int, c Clip) Context {
	if bl.clips[i] != c {
		bl.clips[i], bl.ctxs[i] = c, c.NewContext()
	}
	return bl.ctxs[i]
}

// Sample evaluates clip a at ta and clip b at tb and blends them at weight w into
// out, following BlendSides. Both sides are always sampled (so both probe slices,
// when not nil, say what each sampler did); only the valid sides shape the result.
func (bl *Blender) Sample(a Clip, ta float64, b Clip, tb float64, w float32, out []Transform, probesA, probesB []Probe) BlendResult {
	res, _, _ := bl.sample(a, ta, b, tb, w, out, probesA, probesB, nil)
	return res
}

// sample is Sample that also returns clip A's root placement at ta. Side B is
// sampled into sb when it holds len(out) transforms, else into the Blender's
// own scratch.
func (bl *Blender) sample(a Clip, ta float64, b Clip, tb float64, w float32, out []Transform, probesA, probesB []Probe, sb []Transform) (BlendResult, Affine, bool) {
	n := len(out)
	if len(sb) < n {
		if cap(bl.scratch) < n {
			bl.scratch = make([]Transform, n)
		}
		sb = bl.scratch
	}
	sb = sb[:n]
	useA, useB := BlendSides(w, ta, tb)
	res := BlendResult{UsedA: useA, UsedB: useB}
	sa := ta
	if !useA && !useB {
		res.Neither, res.UsedA = true, true
		if sa < 0 {
			sa = 0
		}
	}
	ca := bl.context(0, a)
	root, moved := a.Sample(ca, sa, out, probesA)
	b.Sample(bl.context(1, b), tb, sb, probesB)
	if moved && sa != ta {
		// The root follows A's requested time even where the pose falls back to
		// A at 0; sb is free, since B is not used.
		root, moved = a.Sample(ca, ta, sb, nil)
	}
	switch {
	case res.UsedA && res.UsedB:
		BlendTransforms(out, sb, w, out)
	case res.UsedB:
		copy(out, sb)
	}
	return res, root, moved
}

// sampleOne samples clip a alone at t with side A's context.
func (bl *Blender) sampleOne(a Clip, t float64, out []Transform, probes []Probe) (Affine, bool) {
	return a.Sample(bl.context(0, a), t, out, probes)
}
