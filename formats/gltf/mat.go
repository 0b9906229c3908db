package gltf

import (
	"math"

	"animscope/anim"

	"github.com/go-gl/mathgl/mgl32"
)

// The exporter composes and decomposes in float64: the float32 results of the core
// are widened once, so the only rounding the glTF file adds is its own float32
// storage.

// Products are rounded explicitly (float64(a*b)) so no target fuses them into an
// FMA; see .ci/fma-check.

// mat3 is a row-major 3×3 matrix, m[row][col].
type mat3 [3][3]float64

var ident3 = mat3{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}

func (a mat3) mul(b mat3) mat3 {
	var r mat3
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			r[i][j] = float64(a[i][0]*b[0][j]) + float64(a[i][1]*b[1][j]) + float64(a[i][2]*b[2][j])
		}
	}
	return r
}

func (a mat3) t() mat3 {
	var r mat3
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			r[i][j] = a[j][i]
		}
	}
	return r
}

func (a mat3) vec(v vec3) vec3 {
	return vec3{
		float64(a[0][0]*v[0]) + float64(a[0][1]*v[1]) + float64(a[0][2]*v[2]),
		float64(a[1][0]*v[0]) + float64(a[1][1]*v[1]) + float64(a[1][2]*v[2]),
		float64(a[2][0]*v[0]) + float64(a[2][1]*v[1]) + float64(a[2][2]*v[2]),
	}
}

func (a mat3) det() float64 {
	return float64(a[0][0]*(float64(a[1][1]*a[2][2])-float64(a[1][2]*a[2][1]))) -
		float64(a[0][1]*(float64(a[1][0]*a[2][2])-float64(a[1][2]*a[2][0]))) +
		float64(a[0][2]*(float64(a[1][0]*a[2][1])-float64(a[1][1]*a[2][0])))
}

// inv returns the inverse and false when a is singular.
func (a mat3) inv() (mat3, bool) {
	d := a.det()
	if d == 0 || math.IsNaN(d) || math.IsInf(d, 0) {
		return mat3{}, false
	}
	var r mat3
	r[0][0] = (float64(a[1][1]*a[2][2]) - float64(a[1][2]*a[2][1])) / d
	r[0][1] = (float64(a[0][2]*a[2][1]) - float64(a[0][1]*a[2][2])) / d
	r[0][2] = (float64(a[0][1]*a[1][2]) - float64(a[0][2]*a[1][1])) / d
	r[1][0] = (float64(a[1][2]*a[2][0]) - float64(a[1][0]*a[2][2])) / d
	r[1][1] = (float64(a[0][0]*a[2][2]) - float64(a[0][2]*a[2][0])) / d
	r[1][2] = (float64(a[0][2]*a[1][0]) - float64(a[0][0]*a[1][2])) / d
	r[2][0] = (float64(a[1][0]*a[2][1]) - float64(a[1][1]*a[2][0])) / d
	r[2][1] = (float64(a[0][1]*a[2][0]) - float64(a[0][0]*a[2][1])) / d
	r[2][2] = (float64(a[0][0]*a[1][1]) - float64(a[0][1]*a[1][0])) / d
	return r, true
}

func (a mat3) col(j int) vec3 { return vec3{a[0][j], a[1][j], a[2][j]} }

func (a *mat3) setCol(j int, v vec3) { a[0][j], a[1][j], a[2][j] = v[0], v[1], v[2] }

type vec3 [3]float64

func (v vec3) add(w vec3) vec3 { return vec3{v[0] + w[0], v[1] + w[1], v[2] + w[2]} }
func (v vec3) sub(w vec3) vec3 { return vec3{v[0] - w[0], v[1] - w[1], v[2] - w[2]} }
func (v vec3) scale(s float64) vec3 {
	return vec3{float64(v[0] * s), float64(v[1] * s), float64(v[2] * s)}
}
func (v vec3) dot(w vec3) float64 {
	return float64(v[0]*w[0]) + float64(v[1]*w[1]) + float64(v[2]*w[2])
}
func (v vec3) norm() float64 { return math.Sqrt(v.dot(v)) }
func (v vec3) cross(w vec3) vec3 {
	return vec3{float64(v[1]*w[2]) - float64(v[2]*w[1]), float64(v[2]*w[0]) - float64(v[0]*w[2]), float64(v[0]*w[1]) - float64(v[1]*w[0])}
}
func vec3Of(v mgl32.Vec3) vec3 { return vec3{float64(v[0]), float64(v[1]), float64(v[2])} }
func (v vec3) f32() [3]float32 { return [3]float32{float32(v[0]), float32(v[1]), float32(v[2])} }
func (v vec3) maxAbs() (m float64) {
	return math.Max(math.Abs(v[0]), math.Max(math.Abs(v[1]), math.Abs(v[2])))
}
func (v vec3) finite() bool          { return finite(v[0]) && finite(v[1]) && finite(v[2]) }
func finite(x float64) bool          { return !math.IsNaN(x) && !math.IsInf(x, 0) }
func (a mat3) finite() bool          { return a.col(0).finite() && a.col(1).finite() && a.col(2).finite() }
func (a affine) finite() bool        { return a.finitePtr() }
func (a affine) point(p vec3) vec3   { return a.A.vec(p).add(a.b) }
func translation(b vec3) affine      { return affine{A: ident3, b: b} }
func (a affine) mul(c affine) affine { return affine{A: a.A.mul(c.A), b: a.A.vec(c.b).add(a.b)} }

// mulInto sets r = a·c (r may be a or c), in scalars: affine.mul's products
// and sums in its order (it runs for every node at every sample of a skeleton
// with inheritance flags; TestMulIntoIsMul holds it to affine.mul).
func mulInto(r, a, c *affine) {
	a00, a01, a02 := a.A[0][0], a.A[0][1], a.A[0][2]
	a10, a11, a12 := a.A[1][0], a.A[1][1], a.A[1][2]
	a20, a21, a22 := a.A[2][0], a.A[2][1], a.A[2][2]
	cb0, cb1, cb2 := c.b[0], c.b[1], c.b[2]
	var m mat3
	for j := 0; j < 3; j++ {
		c0, c1, c2 := c.A[0][j], c.A[1][j], c.A[2][j]
		m[0][j] = float64(a00*c0) + float64(a01*c1) + float64(a02*c2)
		m[1][j] = float64(a10*c0) + float64(a11*c1) + float64(a12*c2)
		m[2][j] = float64(a20*c0) + float64(a21*c1) + float64(a22*c2)
	}
	b := vec3{
		(float64(a00*cb0) + float64(a01*cb1) + float64(a02*cb2)) + a.b[0],
		(float64(a10*cb0) + float64(a11*cb1) + float64(a12*cb2)) + a.b[1],
		(float64(a20*cb0) + float64(a21*cb1) + float64(a22*cb2)) + a.b[2],
	}
	r.A, r.b = m, b
}

// finitePtr is affine.finite without the copies (it runs for every node at every
// sample): x − x is +0 for a finite x and NaN for an infinite or NaN one, and a
// sum holding a NaN is NaN.
func (a *affine) finitePtr() bool {
	m := &a.A
	z := (m[0][0] - m[0][0]) + (m[0][1] - m[0][1]) + (m[0][2] - m[0][2]) +
		(m[1][0] - m[1][0]) + (m[1][1] - m[1][1]) + (m[1][2] - m[1][2]) +
		(m[2][0] - m[2][0]) + (m[2][1] - m[2][1]) + (m[2][2] - m[2][2]) +
		(a.b[0] - a.b[0]) + (a.b[1] - a.b[1]) + (a.b[2] - a.b[2])
	return z == 0
}

// affine is x ↦ A·x + b.
type affine struct {
	A mat3
	b vec3
}

var identAffine = affine{A: ident3}

func (a affine) inv() (affine, bool) {
	ai, ok := a.A.inv()
	if !ok {
		return affine{}, false
	}
	return affine{A: ai, b: ai.vec(a.b).scale(-1)}, true
}

// affineOf widens the core's 3×4 column-major matrix.
func affineOf(m *anim.Affine) affine {
	var r affine
	for c := 0; c < 3; c++ {
		for row := 0; row < 3; row++ {
			r.A[row][c] = float64(m[3*c+row])
		}
	}
	r.b = vec3{float64(m[9]), float64(m[10]), float64(m[11])}
	return r
}

// affine64Of reads the core's 3×4 column-major float64 matrix.
func affine64Of(m *anim.Affine64) affine {
	var r affine
	for c := 0; c < 3; c++ {
		for row := 0; row < 3; row++ {
			r.A[row][c] = m[3*c+row]
		}
	}
	r.b = vec3{m[9], m[10], m[11]}
	return r
}

// mat4 returns the 4×4 float32 matrix of a as the gltf package takes it: m[row][col]
// (it stores the matrix column-major, as glTF wants).
func (a affine) mat4() [4][4]float32 {
	var r [4][4]float32
	for row := 0; row < 3; row++ {
		for c := 0; c < 3; c++ {
			r[row][c] = float32(a.A[row][c])
		}
		r[row][3] = float32(a.b[row])
	}
	r[3][3] = 1
	return r
}

// quat is (x, y, z, w), glTF's order.
type quat [4]float64

// rotationOf is the formula's R(q): the textbook matrix applied to q as it is, not
// normalised (a non-unit q gives a matrix that is not a pure rotation).
func rotationOf(q quat) mat3 {
	x, y, z, w := q[0], q[1], q[2], q[3]
	return mat3{
		{1 - float64(2*(float64(y*y)+float64(z*z))), 2 * (float64(x*y) - float64(w*z)), 2 * (float64(x*z) + float64(w*y))},
		{2 * (float64(x*y) + float64(w*z)), 1 - float64(2*(float64(x*x)+float64(z*z))), 2 * (float64(y*z) - float64(w*x))},
		{2 * (float64(x*z) - float64(w*y)), 2 * (float64(y*z) + float64(w*x)), 1 - float64(2*(float64(x*x)+float64(y*y)))},
	}
}

// quatFromRotation returns the unit quaternion of a proper rotation matrix
// (Shepperd's method), normalised.
func quatFromRotation(m mat3) quat { return quatFromRotationOf(&m) }

// quatFromRotationOf is quatFromRotation in scalars (it runs for every node at
// every sample); the same operations in the same order.
func quatFromRotationOf(m *mat3) quat { return unitQuat(shepperd(m)) }

// quatFromRotationOf2 is quatFromRotationOf of two matrices, the steps of the
// two side by side (their square roots and divisions overlap).
func quatFromRotationOf2(a, b *mat3) (quat, quat) {
	xa, ya, za, wa := shepperd(a)
	xb, yb, zb, wb := shepperd(b)
	return unitQuat(xa, ya, za, wa), unitQuat(xb, yb, zb, wb)
}

// unitQuat is x, y, z, w divided by its norm; the identity when the norm is 0
// or not finite.
func unitQuat(x, y, z, w float64) quat {
	n := math.Sqrt(float64(x*x) + float64(y*y) + float64(z*z) + float64(w*w))
	if n == 0 || !finite(n) {
		return quat{0, 0, 0, 1}
	}
	return quat{x / n, y / n, z / n, w / n}
}

// shepperd is quatFromRotationOf before its normalisation.
func shepperd(m *mat3) (x, y, z, w float64) {
	m00, m01, m02 := m[0][0], m[0][1], m[0][2]
	m10, m11, m12 := m[1][0], m[1][1], m[1][2]
	m20, m21, m22 := m[2][0], m[2][1], m[2][2]
	tr := m00 + m11 + m22
	switch {
	case tr > 0:
		s := math.Sqrt(tr+1) * 2
		return (m21 - m12) / s, (m02 - m20) / s, (m10 - m01) / s, s / 4
	case m00 > m11 && m00 > m22:
		s := math.Sqrt(1+m00-m11-m22) * 2
		return s / 4, (m01 + m10) / s, (m02 + m20) / s, (m21 - m12) / s
	case m11 > m22:
		s := math.Sqrt(1+m11-m00-m22) * 2
		return (m01 + m10) / s, s / 4, (m12 + m21) / s, (m02 - m20) / s
	default:
		s := math.Sqrt(1+m22-m00-m11) * 2
		return (m02 + m20) / s, (m12 + m21) / s, s / 4, (m10 - m01) / s
	}
}

func (q quat) dot(r quat) float64 {
	return float64(q[0]*r[0]) + float64(q[1]*r[1]) + float64(q[2]*r[2]) + float64(q[3]*r[3])
}

func (q quat) normalized() quat {
	n := math.Sqrt(q.dot(q))
	if n == 0 || !finite(n) {
		return quat{0, 0, 0, 1}
	}
	return quat{q[0] / n, q[1] / n, q[2] / n, q[3] / n}
}

func (q quat) neg() quat { return quat{-q[0], -q[1], -q[2], -q[3]} }

// conjugate is the inverse of a unit quaternion.
func conjugate(q quat) quat { return quat{-q[0], -q[1], -q[2], q[3]} }

// unitRotation is R(q) of a unit quaternion.
func unitRotation(q quat) mat3 { return rotationOf(q.normalized()) }
