package render

import (
	"math"

	"animscope/anim"

	"github.com/go-gl/mathgl/mgl32"
)

// FaceCamera turns the billboard nodes of a composed pose toward the camera, in
// place: modes[i] (anim.BillboardNone … anim.BillboardCylindricalZ) says how node
// i turns; model and skin are the pose's model matrices and skin palette (copies:
// the sampled pose stays as the clip gives it); eye and up are the camera's
// position and up direction in the scene's model space.
//
// A billboard node keeps each axis's length (its scale) and its joint
// (model · pivot) where the pose put it; only its rotation changes. Spherical: X
// points from the joint to the eye, Z is the camera's up made perpendicular to X.
// Cylindrical about an axis: that axis stays; about X, Z turns as near the
// camera's up as it can; about Y or Z, X turns as near the eye as it can. The
// other nodes, children of billboards included, keep their matrices (the
// post-step is per node, after composition). A node whose direction to the eye
// (or up) is degenerate is left as it is. It allocates nothing.
func FaceCamera(s *anim.Skeleton, modes []uint8, model, skin []anim.Affine, eye, up mgl32.Vec3) {
	for i, mode := range modes {
		if mode == anim.BillboardNone || i >= len(model) {
			continue
		}
		var pivot mgl32.Vec3
		if s.Pivot != nil {
			pivot = s.Pivot[i]
		}
		if !faceNode(&model[i], pivot, mode, eye, up) || i >= len(skin) {
			continue
		}
		if s.InverseBind != nil {
			anim.MulAffine(&skin[i], &model[i], &s.InverseBind[i])
		} else {
			skin[i] = model[i]
		}
	}
}

// faceNode turns one model matrix (see FaceCamera); it reports whether it did.
func faceNode(m *anim.Affine, pivot mgl32.Vec3, mode uint8, eye, up mgl32.Vec3) bool {
	joint := m.TransformPoint(pivot)
	x := mgl32.Vec3{m[0], m[1], m[2]}
	y := mgl32.Vec3{m[3], m[4], m[5]}
	z := mgl32.Vec3{m[6], m[7], m[8]}
	lx, ly, lz := x.Len(), y.Len(), z.Len()
	if lx == 0 || ly == 0 || lz == 0 {
		return false
	}
	// A mirrored node (negative determinant) stays mirrored.
	hand := float32(1)
	if x.Cross(y).Dot(z) < 0 {
		hand = -1
	}
	toEye := eye.Sub(joint)
	var nx, ny, nz mgl32.Vec3
	var ok bool
	switch mode {
	case anim.BillboardSpherical:
		if nx, ok = unit(toEye); !ok {
			return false
		}
		if nz, ok = unit(withoutAlong(up, nx)); !ok {
			return false
		}
		ny = nz.Cross(nx).Mul(hand)
	case anim.BillboardCylindricalX:
		nx = x.Mul(1 / lx)
		if nz, ok = unit(withoutAlong(up, nx)); !ok {
			return false
		}
		ny = nz.Cross(nx).Mul(hand)
	case anim.BillboardCylindricalY:
		ny = y.Mul(1 / ly)
		if nx, ok = unit(withoutAlong(toEye, ny)); !ok {
			return false
		}
		nz = nx.Cross(ny).Mul(hand)
	case anim.BillboardCylindricalZ:
		nz = z.Mul(1 / lz)
		if nx, ok = unit(withoutAlong(toEye, nz)); !ok {
			return false
		}
		ny = nz.Cross(nx).Mul(hand)
	default:
		return false
	}
	nx, ny, nz = nx.Mul(lx), ny.Mul(ly), nz.Mul(lz)
	m[0], m[1], m[2] = nx[0], nx[1], nx[2]
	m[3], m[4], m[5] = ny[0], ny[1], ny[2]
	m[6], m[7], m[8] = nz[0], nz[1], nz[2]
	// Keep the joint: t' = joint − R'·pivot.
	r := m.TransformVector(pivot)
	m[9], m[10], m[11] = joint[0]-r[0], joint[1]-r[1], joint[2]-r[2]
	return true
}

// withoutAlong is v without its component along the unit vector a.
func withoutAlong(v, a mgl32.Vec3) mgl32.Vec3 { return v.Sub(a.Mul(v.Dot(a))) }

// unit normalises v; ok is false when v is too short to have a direction.
func unit(v mgl32.Vec3) (mgl32.Vec3, bool) {
	l := v.Len()
	if !(l > 1e-6) || math.IsInf(float64(l), 0) {
		return mgl32.Vec3{}, false
	}
	return v.Mul(1 / l), true
}
