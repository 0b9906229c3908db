package gltf

import "math"

// The exporter's decomposition as it was written first, in mat3 and vec3 values:
// the reference that the scalar code in decompose.go, mat.go and convert.go must
// equal bit for bit (TestDecomposeIsReference).

func refDecompose(m affine, prev *decomposition) decomposition {
	vPrev, uPrev := ident3, ident3
	prevNeg := -1
	if prev != nil {
		vPrev, uPrev = prev.V, prev.U
		for j := 0; j < 3; j++ {
			if prev.S[j] < 0 {
				prevNeg = j
			}
		}
	}
	a := m.A
	b := a.t().mul(a) // AᵀA
	v := vPrev
	// In the previous frame's basis. With V = I (bit for bit) and a finite AᵀA, the
	// basis change only flips the signs of zeros, which nearlyDiagonal does not see:
	// the two products are left out unless jacobi needs them.
	if !(isIdent3(&vPrev) && b.finite() && nearlyDiagonal(b)) {
		if bp := vPrev.t().mul(b).mul(vPrev); !nearlyDiagonal(bp) {
			w, d := jacobi(bp)
			v = vPrev.mul(closestFrame(w, d))
		}
	}
	av := a.mul(v)
	var s vec3
	smax := 0.0
	for j := 0; j < 3; j++ {
		s[j] = av.col(j).norm()
		smax = math.Max(smax, s[j])
	}
	// U's columns: A·v_j/σ_j for the columns with a usable σ, strongest first, made
	// orthonormal; the others from the previous U, then from cross products.
	order := [3]int{0, 1, 2}
	for i := 0; i < 3; i++ {
		for j := i + 1; j < 3; j++ {
			if s[order[j]] > s[order[i]] {
				order[i], order[j] = order[j], order[i]
			}
		}
	}
	var u mat3
	var have [3]bool
	var store [3]vec3 // basis's backing array: decompose runs per node and sample
	basis := store[:0]
	for _, j := range order {
		if s[j] <= 1e-12*smax || s[j] == 0 {
			continue
		}
		c := av.col(j).scale(1 / s[j])
		if c, ok := refOrthonormalize(c, basis); ok {
			u.setCol(j, c)
			have[j] = true
			basis = append(basis, c)
		}
	}
	for _, j := range order {
		if have[j] {
			continue
		}
		cands := [4]vec3{uPrev.col(j), {1, 0, 0}, {0, 1, 0}, {0, 0, 1}}
		for _, c := range cands {
			if c, ok := refOrthonormalize(c, basis); ok {
				u.setCol(j, c)
				have[j] = true
				basis = append(basis, c)
				break
			}
		}
	}
	if u.det() < 0 {
		// det A < 0 (or a degenerate column came out mirrored): one negative scale,
		// on the column that had it in the previous frame, else the weakest one.
		j := prevNeg
		if j < 0 {
			j = order[2]
		}
		u.setCol(j, u.col(j).scale(-1))
		s[j] = -s[j]
	}
	return decomposition{T: m.b, U: u, S: s, V: v}
}

func refOrthonormalize(c vec3, basis []vec3) (vec3, bool) {
	for pass := 0; pass < 2; pass++ {
		for _, e := range basis {
			c = c.sub(e.scale(c.dot(e)))
		}
	}
	n := c.norm()
	if n < 1e-6 || !finite(n) {
		return c, false
	}
	return c.scale(1 / n), true
}

func refQuatFromRotation(m mat3) quat {
	tr := m[0][0] + m[1][1] + m[2][2]
	var q quat
	switch {
	case tr > 0:
		s := math.Sqrt(tr+1) * 2
		q = quat{(m[2][1] - m[1][2]) / s, (m[0][2] - m[2][0]) / s, (m[1][0] - m[0][1]) / s, s / 4}
	case m[0][0] > m[1][1] && m[0][0] > m[2][2]:
		s := math.Sqrt(1+m[0][0]-m[1][1]-m[2][2]) * 2
		q = quat{s / 4, (m[0][1] + m[1][0]) / s, (m[0][2] + m[2][0]) / s, (m[2][1] - m[1][2]) / s}
	case m[1][1] > m[2][2]:
		s := math.Sqrt(1+m[1][1]-m[0][0]-m[2][2]) * 2
		q = quat{(m[0][1] + m[1][0]) / s, s / 4, (m[1][2] + m[2][1]) / s, (m[0][2] - m[2][0]) / s}
	default:
		s := math.Sqrt(1+m[2][2]-m[0][0]-m[1][1]) * 2
		q = quat{(m[0][2] + m[2][0]) / s, (m[1][2] + m[2][1]) / s, s / 4, (m[1][0] - m[0][1]) / s}
	}
	return refNormalized(q)
}

func refNormalized(q quat) quat {
	n := math.Sqrt(q.dot(q))
	if n == 0 || !finite(n) {
		return quat{0, 0, 0, 1}
	}
	return quat{q[0] / n, q[1] / n, q[2] / n, q[3] / n}
}

func refConvAffine(c conversion, m affine) affine {
	return affine{A: c.P.mul(m.A).mul(c.P.t()), b: c.point(m.b)}
}

// refP is decomposition.P as first written.
func refP(d *decomposition) quat { return refQuatFromRotation(d.U.mul(d.V.t())) }

// refVT is decomposition.VT as first written.
func refVT(d *decomposition) quat { return refQuatFromRotation(d.V.t()) }
