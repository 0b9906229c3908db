package vca

import "github.com/go-gl/mathgl/mgl32"

// mgl32's Mat4.Mul4, Mat4.Mul4x1 and Quat.Mat4, with the same operations in the
// same order but every product rounded (float32(a*b)), so that no build target
// fuses them into FMAs and a model's geometry has the same bits everywhere (see
// .ci/fma-check). TestMat4MatchesMgl32 checks them against mgl32.

// mul4 is a·b.
func mul4(a, b mgl32.Mat4) mgl32.Mat4 {
	var m mgl32.Mat4
	for c := 0; c < 16; c += 4 {
		for r := 0; r < 4; r++ {
			m[c+r] = float32(a[r]*b[c]) + float32(a[4+r]*b[c+1]) + float32(a[8+r]*b[c+2]) + float32(a[12+r]*b[c+3])
		}
	}
	return m
}

// mul4x1 is a·v.
func mul4x1(a mgl32.Mat4, v mgl32.Vec4) mgl32.Vec4 {
	var o mgl32.Vec4
	for r := 0; r < 4; r++ {
		o[r] = float32(a[r]*v[0]) + float32(a[4+r]*v[1]) + float32(a[8+r]*v[2]) + float32(a[12+r]*v[3])
	}
	return o
}

// quatMat4 is the rotation matrix of q as it is (not normalised).
func quatMat4(q mgl32.Quat) mgl32.Mat4 {
	w, x, y, z := q.W, q.V[0], q.V[1], q.V[2]
	return mgl32.Mat4{
		1 - float32(2*y*y) - float32(2*z*z), float32(2*x*y) + float32(2*w*z), float32(2*x*z) - float32(2*w*y), 0,
		float32(2*x*y) - float32(2*w*z), 1 - float32(2*x*x) - float32(2*z*z), float32(2*y*z) + float32(2*w*x), 0,
		float32(2*x*z) + float32(2*w*y), float32(2*y*z) - float32(2*w*x), 1 - float32(2*x*x) - float32(2*y*y), 0,
		0, 0, 0, 1,
	}
}
