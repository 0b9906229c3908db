package swg

import (
	"math"

	"animscope/anim"

	"github.com/go-gl/mathgl/mgl32"
)

// The client's quaternion arithmetic (sharedMath Quaternion.cpp), float32
// throughout. Products are written with explicit float32 conversions so that the
// compiler never fuses a multiply and an add (Go may on some targets), keeping the
// results bit-identical across machines.

// quatEpsilon is s_quatEpsilon of Quaternion.cpp.
const quatEpsilon float32 = 1.19209e-7

var identityQuat = mgl32.Quat{W: 1}

// clientMul is Quaternion::operator*: the Hamilton product a·b, except that the
// client returns the other operand unchanged when either has w >= 1.
func clientMul(a, b mgl32.Quat) mgl32.Quat {
	if b.W+1e-27 >= 1 {
		return a
	}
	if a.W+1e-27 >= 1 {
		return b
	}
	aw, ax, ay, az := a.W, a.V[0], a.V[1], a.V[2]
	bw, bx, by, bz := b.W, b.V[0], b.V[1], b.V[2]
	return mgl32.Quat{
		W: float32(aw*bw) - (float32(float32(ax*bx)+float32(ay*by)) + float32(az*bz)),
		V: mgl32.Vec3{
			float32(float32(aw*bx)+float32(bw*ax)) + (float32(ay*bz) - float32(az*by)),
			float32(float32(aw*by)+float32(bw*ay)) + (float32(az*bx) - float32(ax*bz)),
			float32(float32(aw*bz)+float32(bw*az)) + (float32(ax*by) - float32(ay*bx)),
		},
	}
}

// dot4 is Quaternion::dot, summed w, x, y, z.
func dot4(a, b mgl32.Quat) float32 {
	return float32(float32(float32(a.W*b.W)+float32(a.V[0]*b.V[0]))+float32(a.V[1]*b.V[1])) + float32(a.V[2]*b.V[2])
}

func negQuat(q mgl32.Quat) mgl32.Quat {
	return mgl32.Quat{W: -q.W, V: mgl32.Vec3{-q.V[0], -q.V[1], -q.V[2]}}
}

// arc is the part of Quaternion::slerp that depends only on the two keys,
// computed once at load: the shortest-path flip, θ and 1/sin θ. weights then
// costs two sines, and the result is bit-identical to calling slerp.
type arc struct {
	other    mgl32.Quat // the second key, negated when the dot product is negative
	theta    float32
	ooSin    float32
	linear   bool // 1 − cos θ <= ε: linear weights
	opposite bool // 1 + cos θ <= ε (unreachable after the flip, kept literal)
}

func newArc(q0, q1 mgl32.Quat) arc {
	a := arc{other: q1}
	if dot4(q0, q1) < 0 {
		a.other = negQuat(q1)
	}
	cosTheta := dot4(q0, a.other)
	switch {
	case !(1+cosTheta > quatEpsilon):
		a.opposite = true
	case !(1-cosTheta > quatEpsilon):
		a.linear = true
	default:
		a.theta = anim.Acos32(cosTheta) // float32(math.Acos(…)), faster
		a.ooSin = 1 / anim.Sin32(a.theta)
	}
	return a
}

// at evaluates the slerp from q0 at fraction f, exactly as Quaternion::slerp.
func (a *arc) at(q0 mgl32.Quat, f float32) mgl32.Quat {
	if a.opposite {
		ft := float32(float32(math.Pi) * f)
		c1 := float32(math.Sin(float64(float32(math.Pi/2) - ft)))
		c2 := float32(math.Sin(float64(ft)))
		return mgl32.Quat{
			W: float32(c1*q0.W) + float32(c2*q0.V[2]),
			V: mgl32.Vec3{
				float32(c1*q0.V[0]) - float32(c2*q0.V[1]),
				float32(c1*q0.V[1]) + float32(c2*q0.V[0]),
				float32(c1*q0.V[2]) - float32(c2*q0.W),
			},
		}
	}
	c1, c2 := a.weights(f)
	o := &a.other
	return mgl32.Quat{
		W: float32(c1*q0.W) + float32(c2*o.W),
		V: mgl32.Vec3{
			float32(c1*q0.V[0]) + float32(c2*o.V[0]),
			float32(c1*q0.V[1]) + float32(c2*o.V[1]),
			float32(c1*q0.V[2]) + float32(c2*o.V[2]),
		},
	}
}

// weights are the slerp's weights of q0 and of other at fraction f, for an arc
// that is not opposite.
func (a *arc) weights(f float32) (c1, c2 float32) {
	if a.linear {
		return 1 - f, f
	}
	ft := float32(f * a.theta)
	c1 = anim.Sin32(a.theta-ft) * a.ooSin // float32(math.Sin(…)), faster
	c2 = anim.Sin32(ft) * a.ooSin
	return c1, c2
}

// Slerp is the client's Quaternion::slerp(q0, q1, f): shortest path (q1 negated
// when the dot product is negative), linear weights when 1 − cos θ <= 1.19209e-7,
// no renormalisation.
func Slerp(q0, q1 mgl32.Quat, f float32) mgl32.Quat {
	a := newArc(q0, q1)
	return a.at(q0, f)
}

// AxisAngle is Quaternion(angle, axis) for a unit axis, angle in radians.
func AxisAngle(angle float32, axis mgl32.Vec3) mgl32.Quat {
	half := 0.5 * angle
	s := float32(math.Sin(float64(half)))
	return mgl32.Quat{W: float32(math.Cos(float64(half))), V: mgl32.Vec3{axis[0] * s, axis[1] * s, axis[2] * s}}
}

// EulerXYZ is the KFAT 0002 conversion of three Euler angles (radians): qz·(qy·qx),
// X applied first, then Y, then Z, with the client's product.
func EulerXYZ(x, y, z float32) mgl32.Quat {
	qx := AxisAngle(x, mgl32.Vec3{1, 0, 0})
	qy := AxisAngle(y, mgl32.Vec3{0, 1, 0})
	qz := AxisAngle(z, mgl32.Vec3{0, 0, 1})
	return clientMul(qz, clientMul(qy, qx))
}

// Mirror converts a quaternion between SWG's left-handed space and a right-handed
// one (X negated): (w, x, y, z) → (w, x, −y, −z). It is its own inverse.
func Mirror(q mgl32.Quat) mgl32.Quat {
	return mgl32.Quat{W: q.W, V: mgl32.Vec3{q.V[0], -q.V[1], -q.V[2]}}
}

// MirrorVec converts a position or direction: (x, y, z) → (−x, y, z).
func MirrorVec(v mgl32.Vec3) mgl32.Vec3 { return mgl32.Vec3{-v[0], v[1], v[2]} }
