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

// decomposeIdent2 is decomposeIdent of two matrices at once: each of its
// statements written for A, then for B. The two are independent chains of
// square roots and divisions whose latency, not their count, sets
// decomposeIdent's time; side by side in one instruction stream the processor
// overlaps them. dA and dB must differ.
func decomposeIdent2(dA *decomposition, mA *affine, dB *decomposition, mB *affine) (okA, okB bool) {
	const one, zero = 1.0, 0.0
	aA := &mA.A
	aB := &mB.A
	a00A, a01A, a02A := aA[0][0], aA[0][1], aA[0][2]
	a00B, a01B, a02B := aB[0][0], aB[0][1], aB[0][2]
	a10A, a11A, a12A := aA[1][0], aA[1][1], aA[1][2]
	a10B, a11B, a12B := aB[1][0], aB[1][1], aB[1][2]
	a20A, a21A, a22A := aA[2][0], aA[2][1], aA[2][2]
	a20B, a21B, a22B := aB[2][0], aB[2][1], aB[2][2]
	b00A := float64(a00A*a00A) + float64(a10A*a10A) + float64(a20A*a20A)
	b00B := float64(a00B*a00B) + float64(a10B*a10B) + float64(a20B*a20B)
	b01A := float64(a00A*a01A) + float64(a10A*a11A) + float64(a20A*a21A)
	b01B := float64(a00B*a01B) + float64(a10B*a11B) + float64(a20B*a21B)
	b02A := float64(a00A*a02A) + float64(a10A*a12A) + float64(a20A*a22A)
	b02B := float64(a00B*a02B) + float64(a10B*a12B) + float64(a20B*a22B)
	b11A := float64(a01A*a01A) + float64(a11A*a11A) + float64(a21A*a21A)
	b11B := float64(a01B*a01B) + float64(a11B*a11B) + float64(a21B*a21B)
	b12A := float64(a01A*a02A) + float64(a11A*a12A) + float64(a21A*a22A)
	b12B := float64(a01B*a02B) + float64(a11B*a12B) + float64(a21B*a22B)
	b22A := float64(a02A*a02A) + float64(a12A*a12A) + float64(a22A*a22A)
	b22B := float64(a02B*a02B) + float64(a12B*a12B) + float64(a22B*a22B)
	d0A, d1A, d2A := math.Abs(b00A), math.Abs(b11A), math.Abs(b22A)
	d0B, d1B, d2B := math.Abs(b00B), math.Abs(b11B), math.Abs(b22B)
	okA = (b00A-b00A)+(b01A-b01A)+(b02A-b02A)+(b11A-b11A)+(b12A-b12A)+(b22A-b22A) == 0 &&
		math.Abs(b01A) <= diagTolerance*max2(d0A, d1A) && math.Abs(b02A) <= diagTolerance*max2(d0A, d2A) &&
		math.Abs(b12A) <= diagTolerance*max2(d1A, d2A)
	okB = (b00B-b00B)+(b01B-b01B)+(b02B-b02B)+(b11B-b11B)+(b12B-b12B)+(b22B-b22B) == 0 &&
		math.Abs(b01B) <= diagTolerance*max2(d0B, d1B) && math.Abs(b02B) <= diagTolerance*max2(d0B, d2B) &&
		math.Abs(b12B) <= diagTolerance*max2(d1B, d2B)
	x00A := float64(a00A*one) + float64(a01A*zero) + float64(a02A*zero)
	x00B := float64(a00B*one) + float64(a01B*zero) + float64(a02B*zero)
	x10A := float64(a10A*one) + float64(a11A*zero) + float64(a12A*zero)
	x10B := float64(a10B*one) + float64(a11B*zero) + float64(a12B*zero)
	x20A := float64(a20A*one) + float64(a21A*zero) + float64(a22A*zero)
	x20B := float64(a20B*one) + float64(a21B*zero) + float64(a22B*zero)
	x01A := float64(a00A*zero) + float64(a01A*one) + float64(a02A*zero)
	x01B := float64(a00B*zero) + float64(a01B*one) + float64(a02B*zero)
	x11A := float64(a10A*zero) + float64(a11A*one) + float64(a12A*zero)
	x11B := float64(a10B*zero) + float64(a11B*one) + float64(a12B*zero)
	x21A := float64(a20A*zero) + float64(a21A*one) + float64(a22A*zero)
	x21B := float64(a20B*zero) + float64(a21B*one) + float64(a22B*zero)
	x02A := float64(a00A*zero) + float64(a01A*zero) + float64(a02A*one)
	x02B := float64(a00B*zero) + float64(a01B*zero) + float64(a02B*one)
	x12A := float64(a10A*zero) + float64(a11A*zero) + float64(a12A*one)
	x12B := float64(a10B*zero) + float64(a11B*zero) + float64(a12B*one)
	x22A := float64(a20A*zero) + float64(a21A*zero) + float64(a22A*one)
	x22B := float64(a20B*zero) + float64(a21B*zero) + float64(a22B*one)
	s0A := math.Sqrt(float64(x00A*x00A) + float64(x10A*x10A) + float64(x20A*x20A))
	s0B := math.Sqrt(float64(x00B*x00B) + float64(x10B*x10B) + float64(x20B*x20B))
	s1A := math.Sqrt(float64(x01A*x01A) + float64(x11A*x11A) + float64(x21A*x21A))
	s1B := math.Sqrt(float64(x01B*x01B) + float64(x11B*x11B) + float64(x21B*x21B))
	s2A := math.Sqrt(float64(x02A*x02A) + float64(x12A*x12A) + float64(x22A*x22A))
	s2B := math.Sqrt(float64(x02B*x02B) + float64(x12B*x12B) + float64(x22B*x22B))
	cutA := 1e-12 * max2(max2(s0A, s1A), s2A)
	cutB := 1e-12 * max2(max2(s0B, s1B), s2B)
	sminA := min2(min2(s0A, s1A), s2A)
	sminB := min2(min2(s0B, s1B), s2B)
	okA = okA && sminA > cutA && sminA != 0
	okB = okB && sminB > cutB && sminB != 0
	pjA, psA, p0A, p1A, p2A := 0, s0A, x00A, x10A, x20A
	pjB, psB, p0B, p1B, p2B := 0, s0B, x00B, x10B, x20B
	qjA, qsA, q0A, q1A, q2A := 1, s1A, x01A, x11A, x21A
	qjB, qsB, q0B, q1B, q2B := 1, s1B, x01B, x11B, x21B
	rjA, rsA, r0A, r1A, r2A := 2, s2A, x02A, x12A, x22A
	rjB, rsB, r0B, r1B, r2B := 2, s2B, x02B, x12B, x22B
	if qsA > psA {
		pjA, psA, p0A, p1A, p2A, qjA, qsA, q0A, q1A, q2A = qjA, qsA, q0A, q1A, q2A, pjA, psA, p0A, p1A, p2A
	}
	if qsB > psB {
		pjB, psB, p0B, p1B, p2B, qjB, qsB, q0B, q1B, q2B = qjB, qsB, q0B, q1B, q2B, pjB, psB, p0B, p1B, p2B
	}
	if rsA > psA {
		pjA, psA, p0A, p1A, p2A, rjA, rsA, r0A, r1A, r2A = rjA, rsA, r0A, r1A, r2A, pjA, psA, p0A, p1A, p2A
	}
	if rsB > psB {
		pjB, psB, p0B, p1B, p2B, rjB, rsB, r0B, r1B, r2B = rjB, rsB, r0B, r1B, r2B, pjB, psB, p0B, p1B, p2B
	}
	if rsA > qsA {
		qjA, qsA, q0A, q1A, q2A, rjA, rsA, r0A, r1A, r2A = rjA, rsA, r0A, r1A, r2A, qjA, qsA, q0A, q1A, q2A
	}
	if rsB > qsB {
		qjB, qsB, q0B, q1B, q2B, rjB, rsB, r0B, r1B, r2B = rjB, rsB, r0B, r1B, r2B, qjB, qsB, q0B, q1B, q2B
	}
	rpA, rqA, rrA := 1/psA, 1/qsA, 1/rsA
	rpB, rqB, rrB := 1/psB, 1/qsB, 1/rsB
	e0A, e1A, e2A := float64(p0A*rpA), float64(p1A*rpA), float64(p2A*rpA)
	e0B, e1B, e2B := float64(p0B*rpB), float64(p1B*rpB), float64(p2B*rpB)
	nA := math.Sqrt(float64(e0A*e0A) + float64(e1A*e1A) + float64(e2A*e2A))
	nB := math.Sqrt(float64(e0B*e0B) + float64(e1B*e1B) + float64(e2B*e2B))
	okA = okA && nA >= 1e-6 && finite(nA)
	okB = okB && nB >= 1e-6 && finite(nB)
	rnA := 1 / nA
	rnB := 1 / nB
	e0A, e1A, e2A = float64(e0A*rnA), float64(e1A*rnA), float64(e2A*rnA)
	e0B, e1B, e2B = float64(e0B*rnB), float64(e1B*rnB), float64(e2B*rnB)
	f0A, f1A, f2A := float64(q0A*rqA), float64(q1A*rqA), float64(q2A*rqA)
	f0B, f1B, f2B := float64(q0B*rqB), float64(q1B*rqB), float64(q2B*rqB)
	g0A, g1A, g2A := float64(r0A*rrA), float64(r1A*rrA), float64(r2A*rrA)
	g0B, g1B, g2B := float64(r0B*rrB), float64(r1B*rrB), float64(r2B*rrB)
	ddA := float64(f0A*e0A) + float64(f1A*e1A) + float64(f2A*e2A)
	ddB := float64(f0B*e0B) + float64(f1B*e1B) + float64(f2B*e2B)
	f0A, f1A, f2A = f0A-float64(e0A*ddA), f1A-float64(e1A*ddA), f2A-float64(e2A*ddA)
	f0B, f1B, f2B = f0B-float64(e0B*ddB), f1B-float64(e1B*ddB), f2B-float64(e2B*ddB)
	ddA = float64(f0A*e0A) + float64(f1A*e1A) + float64(f2A*e2A)
	ddB = float64(f0B*e0B) + float64(f1B*e1B) + float64(f2B*e2B)
	f0A, f1A, f2A = f0A-float64(e0A*ddA), f1A-float64(e1A*ddA), f2A-float64(e2A*ddA)
	f0B, f1B, f2B = f0B-float64(e0B*ddB), f1B-float64(e1B*ddB), f2B-float64(e2B*ddB)
	nA = math.Sqrt(float64(f0A*f0A) + float64(f1A*f1A) + float64(f2A*f2A))
	nB = math.Sqrt(float64(f0B*f0B) + float64(f1B*f1B) + float64(f2B*f2B))
	okA = okA && nA >= 1e-6 && finite(nA)
	okB = okB && nB >= 1e-6 && finite(nB)
	rnA = 1 / nA
	rnB = 1 / nB
	f0A, f1A, f2A = float64(f0A*rnA), float64(f1A*rnA), float64(f2A*rnA)
	f0B, f1B, f2B = float64(f0B*rnB), float64(f1B*rnB), float64(f2B*rnB)
	ddA = float64(g0A*e0A) + float64(g1A*e1A) + float64(g2A*e2A)
	ddB = float64(g0B*e0B) + float64(g1B*e1B) + float64(g2B*e2B)
	g0A, g1A, g2A = g0A-float64(e0A*ddA), g1A-float64(e1A*ddA), g2A-float64(e2A*ddA)
	g0B, g1B, g2B = g0B-float64(e0B*ddB), g1B-float64(e1B*ddB), g2B-float64(e2B*ddB)
	ddA = float64(g0A*f0A) + float64(g1A*f1A) + float64(g2A*f2A)
	ddB = float64(g0B*f0B) + float64(g1B*f1B) + float64(g2B*f2B)
	g0A, g1A, g2A = g0A-float64(f0A*ddA), g1A-float64(f1A*ddA), g2A-float64(f2A*ddA)
	g0B, g1B, g2B = g0B-float64(f0B*ddB), g1B-float64(f1B*ddB), g2B-float64(f2B*ddB)
	ddA = float64(g0A*e0A) + float64(g1A*e1A) + float64(g2A*e2A)
	ddB = float64(g0B*e0B) + float64(g1B*e1B) + float64(g2B*e2B)
	g0A, g1A, g2A = g0A-float64(e0A*ddA), g1A-float64(e1A*ddA), g2A-float64(e2A*ddA)
	g0B, g1B, g2B = g0B-float64(e0B*ddB), g1B-float64(e1B*ddB), g2B-float64(e2B*ddB)
	ddA = float64(g0A*f0A) + float64(g1A*f1A) + float64(g2A*f2A)
	ddB = float64(g0B*f0B) + float64(g1B*f1B) + float64(g2B*f2B)
	g0A, g1A, g2A = g0A-float64(f0A*ddA), g1A-float64(f1A*ddA), g2A-float64(f2A*ddA)
	g0B, g1B, g2B = g0B-float64(f0B*ddB), g1B-float64(f1B*ddB), g2B-float64(f2B*ddB)
	nA = math.Sqrt(float64(g0A*g0A) + float64(g1A*g1A) + float64(g2A*g2A))
	nB = math.Sqrt(float64(g0B*g0B) + float64(g1B*g1B) + float64(g2B*g2B))
	okA = okA && nA >= 1e-6 && finite(nA)
	okB = okB && nB >= 1e-6 && finite(nB)
	rnA = 1 / nA
	rnB = 1 / nB
	g0A, g1A, g2A = float64(g0A*rnA), float64(g1A*rnA), float64(g2A*rnA)
	g0B, g1B, g2B = float64(g0B*rnB), float64(g1B*rnB), float64(g2B*rnB)
	var uA mat3
	var uB mat3
	uA[0][pjA], uA[1][pjA], uA[2][pjA] = e0A, e1A, e2A
	uB[0][pjB], uB[1][pjB], uB[2][pjB] = e0B, e1B, e2B
	uA[0][qjA], uA[1][qjA], uA[2][qjA] = f0A, f1A, f2A
	uB[0][qjB], uB[1][qjB], uB[2][qjB] = f0B, f1B, f2B
	uA[0][rjA], uA[1][rjA], uA[2][rjA] = g0A, g1A, g2A
	uB[0][rjB], uB[1][rjB], uB[2][rjB] = g0B, g1B, g2B
	okA = okA && !(float64(uA[0][0]*(float64(uA[1][1]*uA[2][2])-float64(uA[1][2]*uA[2][1])))-
		float64(uA[0][1]*(float64(uA[1][0]*uA[2][2])-float64(uA[1][2]*uA[2][0])))+
		float64(uA[0][2]*(float64(uA[1][0]*uA[2][1])-float64(uA[1][1]*uA[2][0]))) < 0)
	okB = okB && !(float64(uB[0][0]*(float64(uB[1][1]*uB[2][2])-float64(uB[1][2]*uB[2][1])))-
		float64(uB[0][1]*(float64(uB[1][0]*uB[2][2])-float64(uB[1][2]*uB[2][0])))+
		float64(uB[0][2]*(float64(uB[1][0]*uB[2][1])-float64(uB[1][1]*uB[2][0]))) < 0)
	if okA {
		dA.T, dA.U, dA.S, dA.V = mA.b, uA, vec3{s0A, s1A, s2A}, ident3
	}
	if okB {
		dB.T, dB.U, dB.S, dB.V = mB.b, uB, vec3{s0B, s1B, s2B}, ident3
	}

	return okA, okB
}
