package anim

import (
	"github.com/go-gl/mathgl/mgl32"
)

// Transform is what a clip samples for one node: translation, rotation quaternion
// (w, x, y, z; not necessarily unit length) and scale.
type Transform struct {
	T mgl32.Vec3
	Q mgl32.Quat
	S mgl32.Vec3
}

// IdentityTransform is t = 0, q = identity, s = 1.
var IdentityTransform = Transform{Q: mgl32.Quat{W: 1}, S: mgl32.Vec3{1, 1, 1}}

// Affine is a 3×4 float32 matrix stored column-major: columns X, Y, Z (rotation and
// scale) at 0..2, 3..5, 6..8 and the translation at 9..11. The implicit last row is
// (0, 0, 0, 1). It is what LocalToModel writes in place, without a 4×4 round trip.
type Affine [12]float32

// IdentityAffine is the identity matrix.
var IdentityAffine = Affine{1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0}

// Mat4 widens m to a column-major 4×4 matrix (translation at 12..14).
func (m *Affine) Mat4() mgl32.Mat4 {
	return mgl32.Mat4{
		m[0], m[1], m[2], 0,
		m[3], m[4], m[5], 0,
		m[6], m[7], m[8], 0,
		m[9], m[10], m[11], 1,
	}
}

// AffineFromMat4 keeps the upper 3×4 part of a column-major 4×4 matrix.
func AffineFromMat4(m mgl32.Mat4) Affine {
	return Affine{m[0], m[1], m[2], m[4], m[5], m[6], m[8], m[9], m[10], m[12], m[13], m[14]}
}

// TransformPoint returns m·(p, 1).
func (m *Affine) TransformPoint(p mgl32.Vec3) mgl32.Vec3 {
	return mgl32.Vec3{
		float32(m[0]*p[0]) + float32(m[3]*p[1]) + float32(m[6]*p[2]) + m[9],
		float32(m[1]*p[0]) + float32(m[4]*p[1]) + float32(m[7]*p[2]) + m[10],
		float32(m[2]*p[0]) + float32(m[5]*p[1]) + float32(m[8]*p[2]) + m[11],
	}
}

// TransformVector returns m·(v, 0).
func (m *Affine) TransformVector(v mgl32.Vec3) mgl32.Vec3 {
	return mgl32.Vec3{
		float32(m[0]*v[0]) + float32(m[3]*v[1]) + float32(m[6]*v[2]),
		float32(m[1]*v[0]) + float32(m[4]*v[1]) + float32(m[7]*v[2]),
		float32(m[2]*v[0]) + float32(m[5]*v[1]) + float32(m[8]*v[2]),
	}
}

// MulAffine writes a·b into out. out may alias a or b.
func MulAffine(out, a, b *Affine) {
	var r Affine
	mulAffineTo(&r, a, b)
	*out = r
}

// QuatMul is the Hamilton product a·b.
func QuatMul(a, b mgl32.Quat) mgl32.Quat {
	w, x, y, z := quatMul(a.W, a.V[0], a.V[1], a.V[2], b.W, b.V[0], b.V[1], b.V[2])
	return mgl32.Quat{W: w, V: mgl32.Vec3{x, y, z}}
}

// quatMul is QuatMul on components (w, x, y, z) at precision F.
func quatMul[F Float](aw, ax, ay, az, bw, bx, by, bz F) (w, x, y, z F) {
	return F(aw*bw) - F(ax*bx) - F(ay*by) - F(az*bz),
		F(aw*bx) + F(ax*bw) + F(ay*bz) - F(az*by),
		F(aw*by) - F(ax*bz) + F(ay*bw) + F(az*bx),
		F(aw*bz) + F(ax*by) - F(ay*bx) + F(az*bw)
}

// Conjugate returns (w, −x, −y, −z). It is exact, so conjugating twice gives q back
// bit for bit.
func Conjugate(q mgl32.Quat) mgl32.Quat {
	return mgl32.Quat{W: q.W, V: mgl32.Vec3{-q.V[0], -q.V[1], -q.V[2]}}
}

// Dot3 is mgl32's Vec3.Dot (x, y, z in that order) with every product rounded, so no
// target fuses it into an FMA.
func Dot3(a, b mgl32.Vec3) float32 {
	return float32(a[0]*b[0]) + float32(a[1]*b[1]) + float32(a[2]*b[2])
}

// Cross3 is mgl32's Vec3.Cross with every product rounded, so no target fuses it.
func Cross3(a, b mgl32.Vec3) mgl32.Vec3 {
	return mgl32.Vec3{
		float32(a[1]*b[2]) - float32(a[2]*b[1]),
		float32(a[2]*b[0]) - float32(a[0]*b[2]),
		float32(a[0]*b[1]) - float32(a[1]*b[0]),
	}
}

// Dot4 is the four-component dot product, summed w, x, y, z in that order.
func Dot4(a, b mgl32.Quat) float32 {
	return float32(a.W*b.W) + float32(a.V[0]*b.V[0]) + float32(a.V[1]*b.V[1]) + float32(a.V[2]*b.V[2])
}

// RotationColumns writes R(q)·diag(s) into the first nine cells of m: the textbook
// rotation matrix of q (diagonal 1 − 2(y² + z²), …) applied to q as it is. A non-unit
// q therefore gives a matrix that is not a pure rotation, as the engines do.
func RotationColumns(m *Affine, q mgl32.Quat, s mgl32.Vec3) {
	rotationColumns((*[12]float32)(m), q.W, q.V[0], q.V[1], q.V[2], s[0], s[1], s[2])
}

// rotationColumns is RotationColumns on components at precision F.
func rotationColumns[F Float](m *[12]F, w, x, y, z, s0, s1, s2 F) {
	xx, yy, zz := F(x*x), F(y*y), F(z*z)
	xy, xz, yz := F(x*y), F(x*z), F(y*z)
	wx, wy, wz := F(w*x), F(w*y), F(w*z)
	m[0] = (1 - F(2*(yy+zz))) * s0
	m[1] = 2 * (xy + wz) * s0
	m[2] = 2 * (xz - wy) * s0
	m[3] = 2 * (xy - wz) * s1
	m[4] = (1 - F(2*(xx+zz))) * s1
	m[5] = 2 * (yz + wx) * s1
	m[6] = 2 * (xz + wy) * s2
	m[7] = 2 * (yz - wx) * s2
	m[8] = (1 - F(2*(xx+yy))) * s2
}

// SlerpThreshold is the engine constant below which 1 − dot counts as "nearly
// parallel" and the weights become linear (1e-5 as a float32: 9.9999997e-6).
const SlerpThreshold float32 = 1e-5

// SlerpWeights returns the engine's interpolation weights for two quaternions whose
// four-component dot product is d, at fraction a (formats/msh/FORMAT.md §11.4; M2 and the blender):
// shortest path (the sign of w1 flips when d < 0), linear weights when 1 − |d| is at
// most 1e-5, and otherwise w1 = sin(aθ)/sin θ, w0 = cos(aθ) − w1·|d| with θ = acos(|d|).
// The arithmetic is float32 throughout, as the engine ran with 24-bit precision.
func SlerpWeights(d, a float32) (w0, w1 float32) {
	sign := float32(1)
	if d < 0 {
		d = -d
		sign = -1
	}
	if 1-d <= SlerpThreshold {
		return 1 - a, a * sign
	}
	theta, sinTheta := AcosSin32(d)
	arc := SlerpArc{D: d, Theta: theta, SinTheta: sinTheta, Sign: sign}
	return arc.Weights(a)
}

// SlerpArc holds θ and sin θ of one key pair, computed once at load so that
// per-frame interpolation skips acos. SlerpArc.Weights gives bit-identical results
// to SlerpWeights for the same pair.
type SlerpArc struct {
	D, Theta, SinTheta, Sign float32
	Linear                   bool
}

// NewSlerpArc precomputes the arc between q0 and q1.
func NewSlerpArc(q0, q1 mgl32.Quat) SlerpArc {
	arc := NewSlerpArcUnsolved(q0, q1)
	if !arc.Linear {
		arc.Theta, arc.SinTheta = AcosSin32(arc.D)
	}
	return arc
}

// NewSlerpArcUnsolved is NewSlerpArc without its arc cosine and sine: Theta and
// SinTheta stay 0 until SolveSlerpArcs fills them. A decoder that builds many
// arcs at once computes the trigonometry together (AcosSinBatch: the same bits).
func NewSlerpArcUnsolved(q0, q1 mgl32.Quat) SlerpArc {
	d := Dot4(q0, q1)
	arc := SlerpArc{Sign: 1}
	if d < 0 {
		d = -d
		arc.Sign = -1
	}
	arc.D = d
	arc.Linear = 1-d <= SlerpThreshold
	return arc
}

// SolveSlerpArcs fills Theta and SinTheta of every arc from
// NewSlerpArcUnsolved, so that each equals NewSlerpArc's.
func SolveSlerpArcs(arcs []SlerpArc) {
	const chunk = 256
	var (
		idx          [chunk]int32
		d, th, sinTh [chunk]float32
	)
	for start := 0; start < len(arcs); {
		n := 0
		for ; start < len(arcs) && n < chunk; start++ {
			if !arcs[start].Linear {
				idx[n], d[n] = int32(start), arcs[start].D
				n++
			}
		}
		AcosSinBatch(d[:n], th[:n], sinTh[:n])
		for j := 0; j < n; j++ {
			a := &arcs[idx[j]]
			a.Theta, a.SinTheta = th[j], sinTh[j]
		}
	}
}

// Weights returns the engine weights at fraction a.
func (arc *SlerpArc) Weights(a float32) (w0, w1 float32) {
	if arc.Linear {
		return 1 - a, a * arc.Sign
	}
	sinAT, cosAT := Sincos32(a * arc.Theta)
	w1 = sinAT / arc.SinTheta
	return cosAT - float32(w1*arc.D), w1 * arc.Sign
}

// Combine returns w0·q0 + w1·q1, component by component, not normalised.
func Combine(q0, q1 mgl32.Quat, w0, w1 float32) mgl32.Quat {
	var q mgl32.Quat
	combineInto(&q, &q0, &q1, w0, w1)
	return q
}

// Slerp is the engine's quaternion interpolation (MSH g_FastProc slots 17 and 22):
// SlerpWeights followed by Combine. The result is not normalised.
func Slerp(q0, q1 mgl32.Quat, a float32) mgl32.Quat {
	w0, w1 := SlerpWeights(Dot4(q0, q1), a)
	return Combine(q0, q1, w0, w1)
}

// LerpVec3 returns (1 − a)·p + a·q.
func LerpVec3(p, q mgl32.Vec3, a float32) mgl32.Vec3 {
	b := 1 - a
	return mgl32.Vec3{float32(b*p[0]) + float32(a*q[0]), float32(b*p[1]) + float32(a*q[1]), float32(b*p[2]) + float32(a*q[2])}
}
