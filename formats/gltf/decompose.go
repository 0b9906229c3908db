package gltf

import "math"

// A node's local matrix L = [A | b] is written to glTF as TRS nodes. glTF composes
// T·R·S with a unit quaternion R and an axis-aligned S, which covers A exactly when
// AᵀA is diagonal (a rotation times an axis scale). The formula's R(q) of a non-unit
// quaternion (MSH keys are int16/32767 and are not normalised, M2 256 keys are stored
// floats of length 1 − 10⁻⁵…10⁻⁴) is not of that form: it is
// (1−|q|²)·I + |q|²·R(q/|q|), a rotation times a scale across the rotation axis.
//
// Such a node is split with a singular value decomposition A = U·S·Vᵀ into its polar
// parts, A = (U·Vᵀ)·(V·S·Vᵀ), written as three nodes: a helper H (translation b,
// rotation U·Vᵀ), a scale helper K under it (rotation V, scale S) and the joint J
// under that (rotation Vᵀ). The product is exact at every sample; between samples
// the rotation U·Vᵀ is interpolated as one (for a slerped key track it is the
// clip's own rotation, so it follows the clip), and K·J interpolates to
// V'·S'·V'ᵀ, a symmetric scale with the interpolated singular values in some
// interpolated frame V': where S is nearly uniform (nearly unit quaternions) this is
// nearly the identity whatever V does, so V may turn freely without moving the
// joint. Nodes whose matrix is TRS at every sample keep a single node.
//
// V is tracked from one sample to the next (see decompose), so a node's channels
// change smoothly between samples.

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

// R is U as a unit quaternion; VT is Vᵀ as one; P is the polar rotation U·Vᵀ (the
// rotation part of A = (U·Vᵀ)·(V·S·Vᵀ)), which is U when V is the identity.
func (d *decomposition) R() quat { return quatFromRotation(d.U) }
func (d *decomposition) VT() quat {
	vt := d.V.t()
	return quatFromRotationOf(&vt)
}

// P computes U·Vᵀ in scalars (it runs for every node at every sample): the
// products and sums of mat3.mul, in its order.
func (d *decomposition) P() quat {
	u, v := &d.U, &d.V
	var p mat3
	for j := 0; j < 3; j++ {
		// Column j of Vᵀ is row j of V.
		v0, v1, v2 := v[j][0], v[j][1], v[j][2]
		for i := 0; i < 3; i++ {
			p[i][j] = float64(u[i][0]*v0) + float64(u[i][1]*v1) + float64(u[i][2]*v2)
		}
	}
	return quatFromRotationOf(&p)
}

// pIdent is P for a decomposition whose V is the identity bit for bit: U·Vᵀ
// with Vᵀ's entries as constants, the same products and sums (the products by 0
// keep the signs of zeros P gives).
func (d *decomposition) pIdent() quat {
	p := d.identP()
	return quatFromRotationOf(&p)
}

// pIdent2 is pIdent of two decompositions, their quaternions computed side by
// side (quatFromRotationOf2).
func pIdent2(a, b *decomposition) (quat, quat) {
	pa, pb := a.identP(), b.identP()
	return quatFromRotationOf2(&pa, &pb)
}

// identP is pIdent's matrix U·Vᵀ.
func (d *decomposition) identP() mat3 {
	u := &d.U
	const one, zero = 1.0, 0.0
	var p mat3
	for i := 0; i < 3; i++ {
		u0, u1, u2 := u[i][0], u[i][1], u[i][2]
		p[i][0] = float64(u0*one) + float64(u1*zero) + float64(u2*zero)
		p[i][1] = float64(u0*zero) + float64(u1*one) + float64(u2*zero)
		p[i][2] = float64(u0*zero) + float64(u1*zero) + float64(u2*one)
	}
	return p
}

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
//
// V is chosen as close to the previous V as the matrix allows, so that the helper's
// and the joint's rotations change as little as possible from one sample to the next
// and glTF's separate interpolation of the two nodes stays close to the clip:
//
//   - when AᵀA is diagonal in the previous V's basis (within diagTolerance), V stays;
//   - otherwise V's columns are AᵀA's eigenvectors, but singular values that are equal
//     within diagTolerance form one group whose eigenvectors are not unique (a
//     non-unit quaternion scales the whole plane across its rotation axis alike):
//     there each column is the previous column projected onto the group's space, so
//     V turns only as far as the distinct axes move, and never within such a plane.
func decompose(m affine, prev *decomposition) decomposition {
	var d decomposition
	decomposeInto(&d, &m, prev)
	return d
}

// decomposeInto is decompose writing into d (which may not be prev); it reports
// whether it was the fast case: the previous V the identity bit for bit and AᵀA
// finite and diagonal within diagTolerance, so that V stays the identity. It runs for
// every node at every sample, so the common arithmetic is written out in scalars
// (Go keeps arrays in memory, scalars in registers); every product and sum is
// the one the mat3 and vec3 methods compute, in the same order, so the result is
// bit for bit theirs (TestDecomposeIsReference holds it to the first version).
func decomposeInto(d *decomposition, m *affine, prev *decomposition) (fast bool) {
	if prev == nil || isIdent3(&prev.V) {
		if decomposeIdent(d, m) {
			return true
		}
	}
	vPrev, uPrev := &ident3, &ident3
	prevNeg := -1
	if prev != nil {
		vPrev, uPrev = &prev.V, &prev.U
		for j := 0; j < 3; j++ {
			if prev.S[j] < 0 {
				prevNeg = j
			}
		}
	}
	a := &m.A
	a00, a01, a02 := a[0][0], a[0][1], a[0][2]
	a10, a11, a12 := a[1][0], a[1][1], a[1][2]
	a20, a21, a22 := a[2][0], a[2][1], a[2][2]
	// AᵀA, symmetric bit for bit (each product commutes): its upper half.
	b00 := float64(a00*a00) + float64(a10*a10) + float64(a20*a20)
	b01 := float64(a00*a01) + float64(a10*a11) + float64(a20*a21)
	b02 := float64(a00*a02) + float64(a10*a12) + float64(a20*a22)
	b11 := float64(a01*a01) + float64(a11*a11) + float64(a21*a21)
	b12 := float64(a01*a02) + float64(a11*a12) + float64(a21*a22)
	b22 := float64(a02*a02) + float64(a12*a12) + float64(a22*a22)
	v := *vPrev
	// In the previous frame's basis. With V = I (bit for bit) and a finite AᵀA, the
	// basis change only flips the signs of zeros, which nearlyDiagonal does not see:
	// the two products are left out unless jacobi needs them.
	bFinite := finite(b00) && finite(b01) && finite(b02) && finite(b11) && finite(b12) && finite(b22)
	fast = isIdent3(vPrev) && bFinite && nearlyDiagonal6(b00, b01, b02, b11, b12, b22)
	if !fast {
		b := a.t().mul(*a)
		if bp := vPrev.t().mul(b).mul(*vPrev); !nearlyDiagonal(bp) {
			w, e := jacobi(bp)
			v = vPrev.mul(closestFrame(w, e))
		}
	}
	// A·V, by columns.
	var av [3]vec3
	for j := 0; j < 3; j++ {
		v0, v1, v2 := v[0][j], v[1][j], v[2][j]
		av[j] = vec3{
			float64(a00*v0) + float64(a01*v1) + float64(a02*v2),
			float64(a10*v0) + float64(a11*v1) + float64(a12*v2),
			float64(a20*v0) + float64(a21*v1) + float64(a22*v2),
		}
	}
	var s vec3
	smax := 0.0
	for j := 0; j < 3; j++ {
		c0, c1, c2 := av[j][0], av[j][1], av[j][2]
		s[j] = math.Sqrt(float64(c0*c0) + float64(c1*c1) + float64(c2*c2))
		smax = maxOf(smax, s[j])
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
	var basis [3]vec3
	nb := 0
	for _, j := range order {
		if s[j] <= 1e-12*smax || s[j] == 0 {
			continue
		}
		r := 1 / s[j]
		if c0, c1, c2, ok := orthonormalize3(float64(av[j][0]*r), float64(av[j][1]*r), float64(av[j][2]*r), basis[:nb]); ok {
			u[0][j], u[1][j], u[2][j] = c0, c1, c2
			have[j] = true
			basis[nb] = vec3{c0, c1, c2}
			nb++
		}
	}
	if nb < 3 {
		for _, j := range order {
			if have[j] {
				continue
			}
			cands := [4]vec3{uPrev.col(j), {1, 0, 0}, {0, 1, 0}, {0, 0, 1}}
			for _, c := range cands {
				if c, ok := orthonormalize(c, basis[:nb]); ok {
					u.setCol(j, c)
					have[j] = true
					basis[nb] = c
					nb++
					break
				}
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
	*d = decomposition{T: m.b, U: u, S: s, V: v}
	return fast
}

// max2 and min2 are the larger and smaller of two finite values, as maxOf and
// math.Min give them except for the sign of an equal zero.
func max2(x, y float64) float64 {
	if y > x {
		return y
	}
	return x
}

func min2(x, y float64) float64 {
	if y < x {
		return y
	}
	return x
}

// isIdent3 reports whether m is the identity bit for bit.
func isIdent3(m *mat3) bool {
	const one = 0x3ff0000000000000 // math.Float64bits(1)
	return math.Float64bits(m[0][0]) == one && math.Float64bits(m[1][1]) == one && math.Float64bits(m[2][2]) == one &&
		math.Float64bits(m[0][1])|math.Float64bits(m[0][2])|math.Float64bits(m[1][0])|
			math.Float64bits(m[1][2])|math.Float64bits(m[2][0])|math.Float64bits(m[2][1]) == 0
}

// identVT is VT() of a decomposition whose V is the identity; identVT32 is it
// as a channel holds it.
var (
	identVT   = quatFromRotation(ident3.t())
	identVT32 = quat32(identVT)
)

// orthonormalize removes from c its parts along the (orthonormal) basis and
// normalises it; false when too little is left.
func orthonormalize(c vec3, basis []vec3) (vec3, bool) {
	c0, c1, c2, ok := orthonormalize3(c[0], c[1], c[2], basis)
	return vec3{c0, c1, c2}, ok
}

// orthonormalize3 is orthonormalize on the vector (c0, c1, c2), in scalars
// (passed in registers; decompose calls it for every column of every node).
func orthonormalize3(c0, c1, c2 float64, basis []vec3) (float64, float64, float64, bool) {
	for pass := 0; pass < 2; pass++ {
		for k := range basis {
			e0, e1, e2 := basis[k][0], basis[k][1], basis[k][2]
			d := float64(c0*e0) + float64(c1*e1) + float64(c2*e2)
			c0, c1, c2 = c0-float64(e0*d), c1-float64(e1*d), c2-float64(e2*d)
		}
	}
	n := math.Sqrt(float64(c0*c0) + float64(c1*c1) + float64(c2*c2))
	if n < 1e-6 || !finite(n) {
		return c0, c1, c2, false
	}
	r := 1 / n
	return float64(c0 * r), float64(c1 * r), float64(c2 * r), true
}

// nearlyDiagonal reports whether every off-diagonal element of the symmetric matrix a
// is within diagTolerance of the diagonal.
func nearlyDiagonal(a mat3) bool {
	small := func(p, q int) bool {
		return math.Abs(a[p][q]) <= diagTolerance*math.Max(math.Abs(a[p][p]), math.Abs(a[q][q]))
	}
	return small(0, 1) && small(0, 2) && small(1, 2)
}

// nearlyDiagonal6 is nearlyDiagonal of the symmetric matrix with upper half
// b00 b01 b02 / b11 b12 / b22.
func nearlyDiagonal6(b00, b01, b02, b11, b12, b22 float64) bool {
	a0, a1, a2 := math.Abs(b00), math.Abs(b11), math.Abs(b22)
	return math.Abs(b01) <= diagTolerance*maxOf(a0, a1) &&
		math.Abs(b02) <= diagTolerance*maxOf(a0, a2) &&
		math.Abs(b12) <= diagTolerance*maxOf(a1, a2)
}

// maxOf is math.Max, inlined where one is the larger or both are equal
// (math.Max is a call on amd64, six of them a decomposition): of equal values
// +0 wins over −0, which the AND of the bits gives; NaNs go to math.Max.
func maxOf(x, y float64) float64 {
	if x > y {
		return x
	}
	if y > x {
		return y
	}
	if x == y {
		return math.Float64frombits(math.Float64bits(x) & math.Float64bits(y))
	}
	return math.Max(x, y)
}

// closestFrame returns the proper rotation F closest to the identity whose columns
// diagonalise W·diag(d)·Wᵀ (W: eigenvectors in columns, d: eigenvalues), treating
// eigenvalues whose square roots differ by at most diagTolerance of the largest as
// one group: column j of F is e_j projected onto the eigenspace of the group it is
// given (orthonormalised), for the assignment of columns to eigenvalues that keeps F
// closest to the identity.
func closestFrame(w mat3, d vec3) mat3 {
	var sig vec3
	smax := 0.0
	for i := 0; i < 3; i++ {
		sig[i] = math.Sqrt(math.Max(d[i], 0))
		smax = math.Max(smax, sig[i])
	}
	// group[i]: the smallest index of the eigenvalues i is grouped with.
	var group [3]int
	for i := 0; i < 3; i++ {
		group[i] = i
		for j := 0; j < i; j++ {
			if math.Abs(sig[i]-sig[j]) <= diagTolerance*smax && group[j] < group[i] {
				group[i] = group[j]
			}
		}
	}
	best, bestScore := ident3, math.Inf(-1)
	for _, perm := range [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}} {
		var f mat3
		score := 0.0
		var dot [3]float64
		for g := 0; g < 3; g++ {
			// The columns j given to group g, and the group's eigenvectors.
			var spaceStore [3]vec3
			space := spaceStore[:0]
			for i := 0; i < 3; i++ {
				if group[i] == g {
					space = append(space, w.col(i))
				}
			}
			var colStore [3]int
			cols := colStore[:0]
			for j := 0; j < 3; j++ {
				if group[perm[j]] == g {
					cols = append(cols, j)
				}
			}
			proj := func(j int) vec3 {
				var c vec3
				for _, e := range space {
					c = c.add(e.scale(e[j])) // ⟨e_j, e⟩ e
				}
				return c
			}
			// The column with the largest projection first.
			for x := 0; x < len(cols); x++ {
				for y := x + 1; y < len(cols); y++ {
					if proj(cols[y]).norm() > proj(cols[x]).norm() {
						cols[x], cols[y] = cols[y], cols[x]
					}
				}
			}
			var basisStore [3]vec3
			basis := basisStore[:0]
			for _, j := range cols {
				c, ok := orthonormalize(proj(j), basis)
				for k := 0; !ok && k < len(space); k++ {
					c, ok = orthonormalize(space[k], basis)
				}
				if c[j] < 0 {
					c = c.scale(-1)
				}
				basis = append(basis, c)
				f.setCol(j, c)
				dot[j] = c[j]
				score += c[j]
			}
		}
		if f.det() < 0 {
			// Mirrored: turn the column that is furthest from its old place.
			k := 0
			for j := 1; j < 3; j++ {
				if dot[j] < dot[k] {
					k = j
				}
			}
			f.setCol(k, f.col(k).scale(-1))
			score -= 2 * dot[k]
		}
		if score > bestScore {
			best, bestScore = f, score
		}
	}
	return best
}

// jacobi diagonalises the symmetric matrix a: a = W·diag(d)·Wᵀ with W a proper
// rotation built from the smallest Jacobi rotations.
func jacobi(a mat3) (w mat3, d vec3) {
	w = ident3
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
