package anim

import "math"

// The engine rules compute θ = acos(d), sin θ, sin aθ and cos aθ on float32 values
// and keep float32 results. Their reference values here are the standard library's,
// rounded to float32: float32(math.Acos(float64(x))) and so on. Those calls cost
// 15–30 ns each and a blended node makes several, so the functions below compute
// the same values faster: a float64 kernel (fdlibm's polynomials, error well under
// a float64 ulp), rounded to float32 unless the kernel's result lies so close to a
// float32 rounding boundary that its error, or the standard library's, could put it
// on the other side; then the standard library is asked (for Sincos32, 857 of the
// 1.06e9 normal float32 inputs in [0, π/2], and the subnormals).
// TestMath32Exhaustive (make verify-math) compares every float32 input of the fast
// domains with the reference: all equal; the normal suite checks a stride of them.

// guardULPs is how far (in float64 units in the last place) a kernel result must be
// from a float32 rounding midpoint to be rounded directly. The kernels and the
// standard library are each within a few ulps of the true value, so 1024 is a wide
// margin.
const guardULPs = 1 << 10

// round32 returns v rounded to float32, and false when v is within guardULPs of a
// float32 rounding midpoint or below float32's smallest normal (where float32's
// rounding position changes), or is not finite.
func round32(v float64) (float32, bool) {
	b := math.Float64bits(v)
	mid := int64(b&(1<<29-1)) - 1<<28 // the 29 bits float32 drops, less half of them
	if mid < guardULPs && mid > -guardULPs {
		return 0, false
	}
	if e := b &^ (1 << 63); e < 0x3810000000000000 || e >= 0x7ff0000000000000 {
		return 0, false
	}
	return float32(v), true
}

// maxSincos32 is the largest input of the fast sine and cosine: float32(π/2), just
// above π/2, the largest θ = acos(d) can be.
const maxSincos32 = float32(math.Pi / 2)

// Sincos32 returns float32(math.Sin(float64(x))) and float32(math.Cos(float64(x))).
func Sincos32(x float32) (sin, cos float32) {
	if x >= 0 && x <= maxSincos32 {
		// Directly up to π/4, and above through r = x − π/2 (sin x = cos r,
		// cos x = −sin r). The kernels inline here.
		var s, c float64
		if xd := float64(x); xd <= math.Pi/4 {
			s, c = kernelSin(xd), kernelCos(xd)
		} else {
			r := reducePio2(xd)
			s, c = kernelCos(r), -kernelSin(r)
		}
		s32, okS := round32(s)
		c32, okC := round32(c)
		if okS && okC {
			return s32, c32
		}
	}
	return float32(math.Sin(float64(x))), float32(math.Cos(float64(x)))
}

// Sin32 returns float32(math.Sin(float64(x))).
func Sin32(x float32) float32 {
	if x >= 0 && x <= maxSincos32 {
		var s float64
		if xd := float64(x); xd <= math.Pi/4 {
			s = kernelSin(xd)
		} else {
			s = kernelCos(reducePio2(xd))
		}
		if s32, ok := round32(s); ok {
			return s32
		}
	}
	return float32(math.Sin(float64(x)))
}

// Acos32 returns float32(math.Acos(float64(x))).
func Acos32(x float32) float32 {
	if x >= 0 && x < 1 {
		if v, ok := round32(acosKernel(float64(x))); ok {
			return v
		}
	}
	return float32(math.Acos(float64(x)))
}

// AcosSin32 returns θ = Acos32(x) and Sin32(θ), the pair the engine's slerp
// weights need, faster than the two calls: sin θ is taken from the cosine x it
// came from, √(1 − x²), corrected for θ's rounding to float32 (δ = θ − acos x,
// which the acos kernel's float64 result gives): sin(acos x + δ) =
// √(1 − x²)·cos δ + x·sin δ, with |δ| below 2⁻²⁴θ, so cos δ = 1 − δ²/2 and
// sin δ = δ to far below a float64 ulp. The result is within a few float64
// ulps of sin θ, so round32's guard applies as it does to the kernels;
// TestMath32Stride and TestMath32Exhaustive compare it with the references.
func AcosSin32(x float32) (theta, sinTheta float32) {
	if x >= 0 && x < 1 {
		// acosKernel's steps, written out.
		d := float64(x)
		var t64 float64
		if d < 0.5 {
			t64 = pio2Hi - (d - (pio2Lo - float64(d*asinRatio(d*d))))
		} else {
			z := float64((1 - d) * 0.5)
			s := math.Sqrt(z)
			df := math.Float64frombits(math.Float64bits(s) &^ (1<<32 - 1))
			c := (z - float64(df*df)) / (s + df)
			t64 = 2 * (df + (float64(asinRatio(z)*s) + c))
		}
		if t32, ok := round32(t64); ok {
			delta := float64(t32) - t64 // exact: t32 and t64 are that close
			// d·d is exact (24-bit factors), and so is 1 − d·d down to d² = 2⁻⁵.
			s := math.Sqrt(1 - float64(d*d))
			v := s + (float64(d*delta) - float64(s*float64(float64(delta*delta)*0.5)))
			if s32, ok := round32(v); ok {
				return t32, s32
			}
			return t32, Sin32(t32)
		}
	}
	t := Acos32(x)
	return t, Sin32(t)
}

// pio2Hi + pio2Lo is π/2 to about 2⁻¹⁰⁸ (fdlibm's split).
const (
	pio2Hi = 1.57079632679489655800e+00
	pio2Lo = 6.12323399573676603587e-17
)

// reducePio2 is x − π/2 for x in [π/4, 2]: x − pio2Hi is exact there (Sterbenz),
// so the only rounding is the final subtraction's, relative to the result.
func reducePio2(x float64) float64 { return (x - pio2Hi) - pio2Lo }

// kernelSin is fdlibm's __kernel_sin polynomial on [−π/4, π/4] (error < 2⁻⁵⁸ relative
// to x).
func kernelSin(x float64) float64 {
	const (
		s1 = -1.66666666666666324348e-01
		s2 = 8.33333333332248946124e-03
		s3 = -1.98412698298579493134e-04
		s4 = 2.75573137070700676789e-06
		s5 = -2.50507602534068634195e-08
		s6 = 1.58969099521155010221e-10
	)
	// Estrin's scheme: the pairs evaluate in parallel, half of Horner's latency.
	z := x * x
	z2 := z * z
	return x + float64(x*z*((s1+float64(z*s2))+float64(z2*(s3+float64(z*s4)))+float64(z2*z2*(s5+float64(z*s6)))))
}

// kernelCos is fdlibm's __kernel_cos polynomial on [−π/4, π/4] (without its
// last-ulp correction above 0.3, which the guard makes unnecessary).
func kernelCos(x float64) float64 {
	const (
		c1 = 4.16666666666666019037e-02
		c2 = -1.38888888888741095749e-03
		c3 = 2.48015872894767294178e-05
		c4 = -2.75573143513906633035e-07
		c5 = 2.08757232129817482790e-09
		c6 = -1.13596475577881948265e-11
	)
	z := x * x
	z2 := z * z
	return 1 - (float64(0.5*z) - float64(z2*((c1+float64(z*c2))+float64(z2*(c3+float64(z*c4)))+float64(z2*z2*(c5+float64(z*c6))))))
}

// acosKernel is fdlibm's __ieee754_acos for x in [0, 1): a rational approximation
// of asin around 0 below 0.5, and 2·asin(√((1−x)/2)) with a split square root
// above. AcosSin32 has the same steps written out (a call fewer per blended node).
func acosKernel(x float64) float64 {
	if x < 0.5 {
		return pio2Hi - (x - (pio2Lo - float64(x*asinRatio(x*x))))
	}
	z := float64((1 - x) * 0.5)
	s := math.Sqrt(z)
	df := math.Float64frombits(math.Float64bits(s) &^ (1<<32 - 1))
	c := (z - float64(df*df)) / (s + df)
	return 2 * (df + (float64(asinRatio(z)*s) + c))
}

// asinRatio is fdlibm's p(z)/q(z) for asin and acos, by Estrin's scheme.
func asinRatio(z float64) float64 {
	const (
		ps0 = 1.66666666666666657415e-01
		ps1 = -3.25565818622400915405e-01
		ps2 = 2.01212532134862925881e-01
		ps3 = -4.00555345006794114027e-02
		ps4 = 7.91534994289814532176e-04
		ps5 = 3.47933107596021167570e-05
		qs1 = -2.40339491173441421878e+00
		qs2 = 2.02094576023350569471e+00
		qs3 = -6.88283971605453293030e-01
		qs4 = 7.70381505559019352791e-02
	)
	z2 := z * z
	p := z * ((ps0 + float64(z*ps1)) + float64(z2*(ps2+float64(z*ps3))) + float64(z2*z2*(ps4+float64(z*ps5))))
	q := (1 + float64(z*qs1)) + float64(z2*(qs2+float64(z*qs3))) + float64(z2*z2*qs4)
	return p / q
}
