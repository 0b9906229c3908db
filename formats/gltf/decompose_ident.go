package gltf

import "math"

// decomposeIdent is decomposeInto's fast case in its most common form, written
// out for it alone: the previous V the identity bit for bit (the caller checks),
// AᵀA finite and diagonal within diagTolerance, every column of A usable (σ
// above the cut, orthonormalize3 succeeding) and det U ≥ 0. The previous
// decomposition matters then only through V (U and the signs of S are read only
// for degenerate or mirrored matrices), so it is not an argument. Every product
// and sum is decomposeInto's with V = I, in its order (products by 1 and 0
// included: they decide the signs of zeros), the columns are ordered by the same
// comparisons, and the checks are decomposeInto's (the cut on the smallest σ is
// the cut on each: 1e-12·smax is the same whichever zero maxOf picks), so d is
// decomposeInto's bit for bit. It reports false, leaving d as it was, for any
// other matrix (decomposeInto then runs in full). It has no calls and no early
// returns (nearlyDiagonal6, orthonormalize3, maxOf and mat3.det are written in
// place): a call spills every live register, and the rare matrix it refuses
// costs one decomposition more.
func decomposeIdent(d *decomposition, m *affine) (ok bool) {
	const one, zero = 1.0, 0.0
	a := &m.A
	a00, a01, a02 := a[0][0], a[0][1], a[0][2]
	a10, a11, a12 := a[1][0], a[1][1], a[1][2]
	a20, a21, a22 := a[2][0], a[2][1], a[2][2]
	b00 := float64(a00*a00) + float64(a10*a10) + float64(a20*a20)
	b01 := float64(a00*a01) + float64(a10*a11) + float64(a20*a21)
	b02 := float64(a00*a02) + float64(a10*a12) + float64(a20*a22)
	b11 := float64(a01*a01) + float64(a11*a11) + float64(a21*a21)
	b12 := float64(a01*a02) + float64(a11*a12) + float64(a21*a22)
	b22 := float64(a02*a02) + float64(a12*a12) + float64(a22*a22)
	d0, d1, d2 := math.Abs(b00), math.Abs(b11), math.Abs(b22)
	ok = (b00-b00)+(b01-b01)+(b02-b02)+(b11-b11)+(b12-b12)+(b22-b22) == 0 &&
		math.Abs(b01) <= diagTolerance*max2(d0, d1) && math.Abs(b02) <= diagTolerance*max2(d0, d2) &&
		math.Abs(b12) <= diagTolerance*max2(d1, d2)
	x00 := float64(a00*one) + float64(a01*zero) + float64(a02*zero)
	x10 := float64(a10*one) + float64(a11*zero) + float64(a12*zero)
	x20 := float64(a20*one) + float64(a21*zero) + float64(a22*zero)
	x01 := float64(a00*zero) + float64(a01*one) + float64(a02*zero)
	x11 := float64(a10*zero) + float64(a11*one) + float64(a12*zero)
	x21 := float64(a20*zero) + float64(a21*one) + float64(a22*zero)
	x02 := float64(a00*zero) + float64(a01*zero) + float64(a02*one)
	x12 := float64(a10*zero) + float64(a11*zero) + float64(a12*one)
	x22 := float64(a20*zero) + float64(a21*zero) + float64(a22*one)
	s0 := math.Sqrt(float64(x00*x00) + float64(x10*x10) + float64(x20*x20))
	s1 := math.Sqrt(float64(x01*x01) + float64(x11*x11) + float64(x21*x21))
	s2 := math.Sqrt(float64(x02*x02) + float64(x12*x12) + float64(x22*x22))
	cut := 1e-12 * max2(max2(s0, s1), s2)
	smin := min2(min2(s0, s1), s2)
	ok = ok && smin > cut && smin != 0
	pj, ps, p0, p1, p2 := 0, s0, x00, x10, x20
	qj, qs, q0, q1, q2 := 1, s1, x01, x11, x21
	rj, rs, r0, r1, r2 := 2, s2, x02, x12, x22
	if qs > ps {
		pj, ps, p0, p1, p2, qj, qs, q0, q1, q2 = qj, qs, q0, q1, q2, pj, ps, p0, p1, p2
	}
	if rs > ps {
		pj, ps, p0, p1, p2, rj, rs, r0, r1, r2 = rj, rs, r0, r1, r2, pj, ps, p0, p1, p2
	}
	if rs > qs {
		qj, qs, q0, q1, q2, rj, rs, r0, r1, r2 = rj, rs, r0, r1, r2, qj, qs, q0, q1, q2
	}
	rp, rq, rr := 1/ps, 1/qs, 1/rs
	e0, e1, e2 := float64(p0*rp), float64(p1*rp), float64(p2*rp)
	n := math.Sqrt(float64(e0*e0) + float64(e1*e1) + float64(e2*e2))
	ok = ok && n >= 1e-6 && finite(n)
	rn := 1 / n
	e0, e1, e2 = float64(e0*rn), float64(e1*rn), float64(e2*rn)
	f0, f1, f2 := float64(q0*rq), float64(q1*rq), float64(q2*rq)
	g0, g1, g2 := float64(r0*rr), float64(r1*rr), float64(r2*rr)
	dd := float64(f0*e0) + float64(f1*e1) + float64(f2*e2)
	f0, f1, f2 = f0-float64(e0*dd), f1-float64(e1*dd), f2-float64(e2*dd)
	dd = float64(f0*e0) + float64(f1*e1) + float64(f2*e2)
	f0, f1, f2 = f0-float64(e0*dd), f1-float64(e1*dd), f2-float64(e2*dd)
	n = math.Sqrt(float64(f0*f0) + float64(f1*f1) + float64(f2*f2))
	ok = ok && n >= 1e-6 && finite(n)
	rn = 1 / n
	f0, f1, f2 = float64(f0*rn), float64(f1*rn), float64(f2*rn)
	dd = float64(g0*e0) + float64(g1*e1) + float64(g2*e2)
	g0, g1, g2 = g0-float64(e0*dd), g1-float64(e1*dd), g2-float64(e2*dd)
	dd = float64(g0*f0) + float64(g1*f1) + float64(g2*f2)
	g0, g1, g2 = g0-float64(f0*dd), g1-float64(f1*dd), g2-float64(f2*dd)
	dd = float64(g0*e0) + float64(g1*e1) + float64(g2*e2)
	g0, g1, g2 = g0-float64(e0*dd), g1-float64(e1*dd), g2-float64(e2*dd)
	dd = float64(g0*f0) + float64(g1*f1) + float64(g2*f2)
	g0, g1, g2 = g0-float64(f0*dd), g1-float64(f1*dd), g2-float64(f2*dd)
	n = math.Sqrt(float64(g0*g0) + float64(g1*g1) + float64(g2*g2))
	ok = ok && n >= 1e-6 && finite(n)
	rn = 1 / n
	g0, g1, g2 = float64(g0*rn), float64(g1*rn), float64(g2*rn)
	var u mat3
	u[0][pj], u[1][pj], u[2][pj] = e0, e1, e2
	u[0][qj], u[1][qj], u[2][qj] = f0, f1, f2
	u[0][rj], u[1][rj], u[2][rj] = g0, g1, g2
	ok = ok && !(float64(u[0][0]*(float64(u[1][1]*u[2][2])-float64(u[1][2]*u[2][1])))-
		float64(u[0][1]*(float64(u[1][0]*u[2][2])-float64(u[1][2]*u[2][0])))+
		float64(u[0][2]*(float64(u[1][0]*u[2][1])-float64(u[1][1]*u[2][0]))) < 0)
	if ok {
		d.T, d.U, d.S, d.V = m.b, u, vec3{s0, s1, s2}, ident3
	}

	return ok
}
