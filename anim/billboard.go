package anim

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// Billboard modes: how a node turns to face the camera once the pose is composed
// (formats.Billboarder lists one per node). The pose pipeline never applies them:
// billboarding depends on the camera, so only what draws the scene (the viewer,
// `render`) does, with FaceCamera, as a post-step on copies of the model matrices.
const (
	BillboardNone         uint8 = 0
	BillboardSpherical    uint8 = 1 // the node's X axis points at the camera, its Z axis up the screen
	BillboardCylindricalX uint8 = 2 // turns about its own X axis only (Z as near the camera's up as it can)
	BillboardCylindricalY uint8 = 3 // turns about its own Y axis only (X as near the camera as it can)
	BillboardCylindricalZ uint8 = 4 // turns about its own Z axis only (X as near the camera as it can)
)

// FaceCamera turns the billboard nodes of a composed pose toward the camera, in
// place: modes[i] says how node i turns; model and skin are the pose's model
// matrices and skin palette (copies: the sampled pose stays as the clip gives
// it); eye and up are the camera's position and up direction in the scene's model
// space.
//
// A billboard node keeps each axis's length (its scale) and its joint
// (model · pivot) where the pose put it; only its rotation changes. Spherical: X
// points from the joint to the eye, Z is the camera's up made perpendicular to X.
// Cylindrical about an axis: that axis stays; about X, Z turns as near the
// camera's up as it can; about Y or Z, X turns as near the eye as it can. The
// other nodes, children of billboards included, keep their matrices (the
// post-step is per node, after composition). A node whose direction to the eye
// (or up) is degenerate is left as it is. It allocates nothing, and like the rest
// of the package it rounds every product, so no target fuses it.
func FaceCamera(s *Skeleton, modes []uint8, model, skin []Affine, eye, up mgl32.Vec3) {
	for i, mode := range modes {
		if mode == BillboardNone || i >= len(model) {
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
			MulAffine(&skin[i], &model[i], &s.InverseBind[i])
		} else {
			skin[i] = model[i]
		}
	}
}

// faceNode turns one model matrix (see FaceCamera); it reports whether it did.
func faceNode(m *Affine, pivot mgl32.Vec3, mode uint8, eye, up mgl32.Vec3) bool {
	joint := m.TransformPoint(pivot)
	x := mgl32.Vec3{m[0], m[1], m[2]}
	y := mgl32.Vec3{m[3], m[4], m[5]}
	z := mgl32.Vec3{m[6], m[7], m[8]}
	lx, ly, lz := length3(x), length3(y), length3(z)
	if lx == 0 || ly == 0 || lz == 0 {
		return false
	}
	// A mirrored node (negative determinant) stays mirrored.
	hand := float32(1)
	if Dot3(Cross3(x, y), z) < 0 {
		hand = -1
	}
	toEye := mgl32.Vec3{eye[0] - joint[0], eye[1] - joint[1], eye[2] - joint[2]}
	var nx, ny, nz mgl32.Vec3
	var ok bool
	switch mode {
	case BillboardSpherical:
		if nx, ok = unit3(toEye); !ok {
			return false
		}
		if nz, ok = unit3(withoutAlong(up, nx)); !ok {
			return false
		}
		ny = scale3(Cross3(nz, nx), hand)
	case BillboardCylindricalX:
		nx = scale3(x, 1/lx)
		if nz, ok = unit3(withoutAlong(up, nx)); !ok {
			return false
		}
		ny = scale3(Cross3(nz, nx), hand)
	case BillboardCylindricalY:
		ny = scale3(y, 1/ly)
		if nx, ok = unit3(withoutAlong(toEye, ny)); !ok {
			return false
		}
		nz = scale3(Cross3(nx, ny), hand)
	case BillboardCylindricalZ:
		nz = scale3(z, 1/lz)
		if nx, ok = unit3(withoutAlong(toEye, nz)); !ok {
			return false
		}
		ny = scale3(Cross3(nz, nx), hand)
	default:
		return false
	}
	nx, ny, nz = scale3(nx, lx), scale3(ny, ly), scale3(nz, lz)
	m[0], m[1], m[2] = nx[0], nx[1], nx[2]
	m[3], m[4], m[5] = ny[0], ny[1], ny[2]
	m[6], m[7], m[8] = nz[0], nz[1], nz[2]
	// Keep the joint: t' = joint − R'·pivot.
	r := m.TransformVector(pivot)
	m[9], m[10], m[11] = joint[0]-r[0], joint[1]-r[1], joint[2]-r[2]
	return true
}

func length3(v mgl32.Vec3) float32 { return float32(math.Sqrt(float64(Dot3(v, v)))) }

func scale3(v mgl32.Vec3, s float32) mgl32.Vec3 { return mgl32.Vec3{v[0] * s, v[1] * s, v[2] * s} }

// withoutAlong is v without its component along the unit vector a.
func withoutAlong(v, a mgl32.Vec3) mgl32.Vec3 {
	d := Dot3(v, a)
	return mgl32.Vec3{v[0] - float32(a[0]*d), v[1] - float32(a[1]*d), v[2] - float32(a[2]*d)}
}

// unit3 normalises v; ok is false when v is too short to have a direction.
func unit3(v mgl32.Vec3) (mgl32.Vec3, bool) {
	l := length3(v)
	if !(l > 1e-6) || math.IsInf(float64(l), 0) {
		return mgl32.Vec3{}, false
	}
	return scale3(v, 1/l), true
}
