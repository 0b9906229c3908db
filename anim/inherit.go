package anim

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// Inheritance flags (Skeleton.Inherit): what a node does not take from its
// parent's model matrix. They are M2's bone flags 0x1, 0x2 and 0x4, composed as
// the WoW client composes them.
const (
	NoParentTranslation uint8 = 0x1
	NoParentScale       uint8 = 0x2
	NoParentRotation    uint8 = 0x4
	inheritMask               = NoParentTranslation | NoParentScale | NoParentRotation
)

// ParentFor writes into out the matrix node i composes with in place of its
// parent's model matrix parent, under flags (Skeleton.Inherit) with pivot the
// node's own pivot. The rule is the client's (its bone animation, AnimateMT, as
// reverse engineered): the parent's basis columns a0, a1, a2 become
//
//	no scale:            a_k / |a_k|          (the rotation kept)
//	no rotation:         |a_k| · e_k          (the scale kept, along the model axes)
//	no scale, rotation:  e_k                  (the identity)
//
// and the translation becomes 0 with NoParentTranslation, otherwise the one that
// keeps the node's pivot where the unmodified parent put it:
// parent · pivot − B' · pivot. Flags 0 copy parent. It allocates nothing.
func ParentFor(parent *Affine, flags uint8, pivot mgl32.Vec3, out *Affine) {
	parentFor((*[12]float32)(parent), flags, pivot, (*[12]float32)(out))
}

// ParentFor64 is ParentFor in float64 (glTF export).
func ParentFor64(parent *Affine64, flags uint8, pivot mgl32.Vec3, out *Affine64) {
	parentFor((*[12]float64)(parent), flags, pivot, (*[12]float64)(out))
}

// parentFor is ParentFor at precision F: the one implementation.
func parentFor[F Float](parent *[12]F, flags uint8, pivot mgl32.Vec3, out *[12]F) {
	*out = *parent
	flags &= inheritMask
	if flags == 0 {
		return
	}
	switch flags & (NoParentScale | NoParentRotation) {
	case NoParentScale:
		for k := 0; k < 3; k++ {
			if l := colLen(out[3*k], out[3*k+1], out[3*k+2]); l > 1e-6 {
				out[3*k], out[3*k+1], out[3*k+2] = out[3*k]/l, out[3*k+1]/l, out[3*k+2]/l
			}
		}
	case NoParentRotation:
		for k := 0; k < 3; k++ {
			l := colLen(out[3*k], out[3*k+1], out[3*k+2])
			out[3*k], out[3*k+1], out[3*k+2] = 0, 0, 0
			out[3*k+k] = l
		}
	case NoParentScale | NoParentRotation:
		out[0], out[1], out[2], out[3], out[4], out[5], out[6], out[7], out[8] = 1, 0, 0, 0, 1, 0, 0, 0, 1
	}
	if flags&NoParentTranslation != 0 {
		out[9], out[10], out[11] = 0, 0, 0
		return
	}
	p0, p1, p2 := F(pivot[0]), F(pivot[1]), F(pivot[2])
	for r := 0; r < 3; r++ {
		anchored := F(parent[r]*p0) + F(parent[3+r]*p1) + F(parent[6+r]*p2) + parent[9+r]
		out[9+r] = anchored - (F(out[r]*p0) + F(out[3+r]*p1) + F(out[6+r]*p2))
	}
}

// colLen is |(x, y, z)|, each square rounded before the sum (no fused
// multiply-add: the same bits on every target).
func colLen[F Float](x, y, z F) F {
	xx, yy, zz := float64(float64(x)*float64(x)), float64(float64(y)*float64(y)), float64(float64(z)*float64(z))
	return F(math.Sqrt(xx + yy + zz))
}

// rootParent is the parents slice of one node composed under an explicit root.
var rootParent = []int32{-1}

// localToModelInherit is LocalToModel for a skeleton with Inherit (and no post or
// pre rotations): runs of nodes without flags go through composeModel as they
// would without Inherit; a node with flags and a parent composes under
// ParentFor of its parent's model matrix.
func localToModelInherit(s *Skeleton, local []Transform, root *Affine, model []Affine, offset, pivot []mgl32.Vec3) {
	n := len(s.Parents)
	parents, inherit := s.Parents[:n], s.Inherit[:n]
	lo := 0
	for i := 0; i < n; i++ {
		if inherit[i]&inheritMask == 0 || parents[i] < 0 {
			continue
		}
		if lo < i {
			composeModel(parents, local[lo:i], model, offset, pivot, root, lo, i)
		}
		var pv mgl32.Vec3
		if pivot != nil {
			pv = pivot[i]
		}
		var p Affine
		ParentFor(&model[parents[i]], inherit[i], pv, &p)
		var off, piv []mgl32.Vec3
		if offset != nil {
			off = offset[i : i+1]
		}
		if pivot != nil {
			piv = pivot[i : i+1]
		}
		composeModel(rootParent, local[i:i+1], model[i:i+1], off, piv, &p, 0, 1)
		lo = i + 1
	}
	if lo < n {
		composeModel(parents, local[lo:n], model, offset, pivot, root, lo, n)
	}
}
