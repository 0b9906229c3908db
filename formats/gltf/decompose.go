package gltf

import "math"

// A node's local matrix L = [A | b] is written to glTF as TRS nodes. glTF composes
// T·R·S with a unit quaternion R and an axis-aligned S, which covers A exactly when
// AᵀA is diagonal (a rotation times an axis scale). The formula's R(q) of a non-unit
// quaternion (MSH keys are int16/32767 and are not normalised) is not of that form:
// it is (1−|q|²)·I + |q|²·R(q/|q|), a rotation times a scale across the rotation
// axis. Such a node gets a helper: L = T(b)·U·Σ·Vᵀ (a singular value decomposition),
// written as a helper node H (translation b, rotation U, scale Σ) with the joint node
// J under it (rotation Vᵀ). The product is exact at every sampled frame.
//
// V is tracked from one frame to the next (Jacobi rotations of the previous frame's
// V with the small angle), so a node's channels change smoothly between frames.

// diagTolerance is how far from diagonal AᵀA may be (relative to its diagonal) and
// still count as diagonal: float32 rotations are orthogonal to about 1e-7, so below
// 1e-6 a node needs no helper, and the error of ignoring the rest is about 1e-6 of
// the node's extent.
const diagTolerance = 1e-6

// decomposition is L = T(b)·U·diag(S)·Vᵀ.
type decomposition struct {
	T vec3
	U mat3 // proper rotation
	S vec3 // may hold one negative value when det A < 0
	V mat3 // proper rotation; the identity when the node needs no helper
}

// R is U as a unit quaternion; VT is Vᵀ as one.
func (d *decomposition) R() quat  { return quatFromRotation(d.U) }
func (d *decomposition) VT() quat { return quatFromRotation(d.V.t()) }

// needsHelper reports whether V differs from the identity.
func (d *decomposition) needsHelper() bool {
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			if math.Abs(d.V[i][j]-ident3[i][j]) > 1e-12 {
				return true
			}
		}
	}
	return false
}

// compose returns T(b)·U·diag(S)·Vᵀ.
func (d *decomposition) compose() affine {
	us := d.U
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			us[i][j] *= d.S[j]
		}
	}
	return affine{A: us.mul(d.V.t()), b: d.T}
}

// decompose splits m, continuing from prev (nil: start from V = I).
func decompose(m affine, prev *decomposition) decomposition {
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
	b := a.t().mul(a)                 // AᵀA
	bp := vPrev.t().mul(b).mul(vPrev) // in the previous frame's basis
	w, d := jacobi(bp)
	v := vPrev.mul(w)
	var s vec3
	smax := 0.0
	for j := 0; j < 3; j++ {
		s[j] = math.Sqrt(math.Max(d[j], 0))
		smax = math.Max(smax, s[j])
	}
	av := a.mul(v)
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
	var basis []vec3
	for _, j := range order {
		if s[j] <= 1e-12*smax || s[j] == 0 {
			continue
		}
		c := av.col(j).scale(1 / s[j])
		if c, ok := orthonormalize(c, basis); ok {
			u.setCol(j, c)
			have[j] = true
			basis = append(basis, c)
		}
	}
	for _, j := range order {
		if have[j] {
			continue
		}
		cands := []vec3{uPrev.col(j), {1, 0, 0}, {0, 1, 0}, {0, 0, 1}}
		for _, c := range cands {
			if c, ok := orthonormalize(c, basis); ok {
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

// orthonormalize removes from c its parts along the (orthonormal) basis and
// normalises it; false when too little is left.
func orthonormalize(c vec3, basis []vec3) (vec3, bool) {
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

// jacobi diagonalises the symmetric matrix a: a = W·diag(d)·Wᵀ with W a proper
// rotation built from the smallest Jacobi rotations. When every off-diagonal element
// is within diagTolerance of the diagonal, W is exactly the identity.
func jacobi(a mat3) (w mat3, d vec3) {
	w = ident3
	small := func(p, q int) bool {
		return math.Abs(a[p][q]) <= diagTolerance*math.Max(math.Abs(a[p][p]), math.Abs(a[q][q]))
	}
	if small(0, 1) && small(0, 2) && small(1, 2) {
		return w, vec3{a[0][0], a[1][1], a[2][2]}
	}
	for sweep := 0; sweep < 64; sweep++ {
		off := math.Abs(a[0][1]) + math.Abs(a[0][2]) + math.Abs(a[1][2])
		scale := math.Abs(a[0][0]) + math.Abs(a[1][1]) + math.Abs(a[2][2])
		if off == 0 || off <= 1e-17*scale {
			break
		}
		for _, pq := range [3][2]int{{0, 1}, {0, 2}, {1, 2}} {
			p, q := pq[0], pq[1]
			if a[p][q] == 0 {
				continue
			}
			theta := (a[q][q] - a[p][p]) / (2 * a[p][q])
			t := 1 / (math.Abs(theta) + math.Sqrt(float64(theta*theta)+1))
			if theta < 0 {
				t = -t
			}
			c := 1 / math.Sqrt(float64(t*t)+1)
			s := t * c
			// a ← Jᵀ·a·J, w ← w·J with J the rotation in the (p, q) plane.
			var j mat3 = ident3
			j[p][p], j[q][q], j[p][q], j[q][p] = c, c, s, -s
			a = j.t().mul(a).mul(j)
			a[p][q], a[q][p] = 0, 0
			w = w.mul(j)
		}
	}
	return w, vec3{a[0][0], a[1][1], a[2][2]}
}
