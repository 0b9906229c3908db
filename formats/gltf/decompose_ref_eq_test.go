package gltf

import (
	"math"
	"math/rand"
	"testing"
)

// refCases gives matrices of every kind decompose meets: rotations of unit and
// non-unit quaternions, axis scales, mirrors, shears, rank 0 to 2, signed zeros,
// huge and tiny entries, and matrices just either side of diagTolerance.
func refCases(rng *rand.Rand) []affine {
	var out []affine
	pick := func() float64 {
		switch rng.Intn(8) {
		case 0:
			return 0
		case 1:
			return math.Copysign(0, -1)
		case 2:
			return (rng.Float64()*2 - 1) * 1e-9
		case 3:
			return (rng.Float64()*2 - 1) * 1e150
		default:
			return rng.NormFloat64()
		}
	}
	for n := 0; n < 3000; n++ {
		var m affine
		for i := 0; i < 3; i++ {
			m.b[i] = pick()
			for j := 0; j < 3; j++ {
				m.A[i][j] = pick()
			}
		}
		out = append(out, m)
	}
	for n := 0; n < 6000; n++ {
		l := 1.0
		switch rng.Intn(4) {
		case 1:
			l = 1 - rng.Float64()*1e-4 // M2 256 keys
		case 2:
			l = 1 + (rng.Float64()*2-1)*0.05 // MSH int16 keys
		case 3:
			l = 1 + (rng.Float64()*2-1)*1e-7 // at diagTolerance
		}
		q := quat{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}.normalized()
		if rng.Intn(5) == 0 { // an axis turn: zero components
			q = quat{0, 0, q[2], q[3]}.normalized()
		}
		for c := range q {
			q[c] = float64(float32(q[c] * l))
		}
		a := rotationOf(q)
		s := vec3{1, 1, 1}
		switch rng.Intn(5) {
		case 1:
			s = vec3{rng.Float64() * 3, rng.Float64() * 3, rng.Float64() * 3}
		case 2:
			s = vec3{-1, 1, 1}
		case 3:
			s = vec3{1, 0, 1}
		case 4:
			s = vec3{0, 0, rng.Float64()}
		}
		for r := 0; r < 3; r++ {
			for c := 0; c < 3; c++ {
				a[r][c] *= s[c]
			}
		}
		if rng.Intn(6) == 0 {
			a[0][1] += rng.NormFloat64() * 1e-3 // shear
		}
		out = append(out, affine{A: a, b: vec3{rng.NormFloat64(), pick(), 0}})
	}
	// Axis scales with signed zeros off the diagonal (and on it), every sign.
	z := func() float64 {
		if rng.Intn(2) == 0 {
			return math.Copysign(0, -1)
		}
		return 0
	}
	for n := 0; n < 3000; n++ {
		var a mat3
		for i := 0; i < 3; i++ {
			for j := 0; j < 3; j++ {
				a[i][j] = z()
			}
			if rng.Intn(6) > 0 {
				a[i][i] = rng.NormFloat64()
			}
		}
		if rng.Intn(3) == 0 { // a signed permutation
			a[0], a[1] = a[1], a[0]
		}
		out = append(out, affine{A: a, b: vec3{z(), z(), rng.NormFloat64()}})
	}
	out = append(out, identAffine, affine{}, affine{A: mat3{{1, 0, 0}, {0, 1, 0}, {0, 0, 1e-13}}})
	return out
}

// TestDecomposeIsReference holds decompose, P, VT, quatFromRotation,
// orthonormalize and conversion.affine, written out in scalars, bit for bit to
// their first versions (decompose_ref_test.go), from no previous decomposition,
// along chains (each continuing from the last) and from unrelated ones.
func TestDecomposeIsReference(t *testing.T) {
	rng := rand.New(rand.NewSource(32))
	cases := refCases(rng)
	var prevs []*decomposition
	prevs = append(prevs, nil)
	var chain *decomposition
	fails, identCases := 0, 0
	check := func(what string, got, want decomposition, m affine) {
		if !sameDecomposition(&got, &want) && fails < 10 {
			fails++
			t.Errorf("%s of %v: got %v, want %v", what, m, got, want)
		}
		gp, wp := got.P(), refP(&want)
		gv, wv := got.VT(), refVT(&want)
		gi, gi2 := gp, gp // pIdent and pIdent2, where they apply
		if isIdent3(&got.V) {
			gi = got.pIdent()
			other := decomposition{U: rotationOf(quat{0.1, 0.2, 0.3, 0.9}.normalized())}
			_, gi2 = pIdent2(&other, &got)
			identCases++
		}
		for c := 0; c < 4; c++ {
			if (math.Float64bits(gp[c]) != math.Float64bits(wp[c]) || math.Float64bits(gv[c]) != math.Float64bits(wv[c]) ||
				math.Float64bits(gi[c]) != math.Float64bits(wp[c]) || math.Float64bits(gi2[c]) != math.Float64bits(wp[c])) && fails < 10 {
				fails++
				t.Errorf("%s of %v: P %v (pIdent %v) VT %v, want %v %v", what, m, gp, gi, gv, wp, wv)
			}
		}
	}
	helpers := 0
	identFast := 0
	for k, m := range cases {
		check("decompose from nothing", decompose(m, nil), refDecompose(m, nil), m)
		var d decomposition
		if decomposeIdent(&d, &m) {
			identFast++
			check("decomposeIdent", d, refDecompose(m, nil), m)
		}
		// decomposeIdent2 with the previous case: the same answers as two
		// decomposeIdent, and a decomposition it refuses left as it was.
		if k > 0 {
			mp := cases[k-1]
			var wa, wb decomposition
			wantA, wantB := decomposeIdent(&wa, &mp), decomposeIdent(&wb, &m)
			ga, gb := decomposition{T: vec3{7}}, decomposition{T: vec3{8}}
			okA, okB := decomposeIdent2(&ga, &mp, &gb, &m)
			if okA != wantA || okB != wantB {
				t.Errorf("decomposeIdent2(%v, %v) = %v %v, want %v %v", mp, m, okA, okB, wantA, wantB)
			}
			if okA {
				check("decomposeIdent2 (A)", ga, refDecompose(mp, nil), mp)
			} else if ga.T[0] != 7 {
				t.Errorf("decomposeIdent2 refused %v and wrote its decomposition", mp)
			}
			if okB {
				check("decomposeIdent2 (B)", gb, refDecompose(m, nil), m)
			} else if gb.T[0] != 8 {
				t.Errorf("decomposeIdent2 refused %v and wrote its decomposition", m)
			}
		}
		got, want := decompose(m, chain), refDecompose(m, chain)
		check("decompose along the chain", got, want, m)
		if want.needsHelper() {
			helpers++
		}
		if k%7 == 0 {
			chain = nil
		} else {
			chain = &want
		}
		if want.needsHelper() || want.S[0] < 0 || want.S[1] < 0 || want.S[2] < 0 {
			w := want
			prevs = append(prevs, &w)
		}
		p := prevs[rng.Intn(len(prevs))]
		check("decompose from another", decompose(m, p), refDecompose(m, p), m)
	}
	if helpers < 100 {
		t.Errorf("only %d cases needed helpers: the cases miss the general path", helpers)
	}
	if identFast < 1000 {
		t.Errorf("decomposeIdent took only %d cases", identFast)
	}
	t.Logf("%d cases, %d through decomposeIdent, %d with V = I", len(cases), identFast, identCases)
	if identCases < 1000 {
		t.Errorf("only %d decompositions had V = I: the cases miss decomposeIdent and pIdent", identCases)
	}
	// quatFromRotation on any matrix (every branch), quatFromRotationOf2 on it
	// and the case before, orthonormalize on any basis.
	for k, m := range cases {
		g, w := quatFromRotation(m.A), refQuatFromRotation(m.A)
		p := cases[(k+len(cases)-1)%len(cases)]
		g2p, g2 := quatFromRotationOf2(&p.A, &m.A)
		w2p := refQuatFromRotation(p.A)
		for c := 0; c < 4; c++ {
			if (math.Float64bits(g[c]) != math.Float64bits(w[c]) || math.Float64bits(g2[c]) != math.Float64bits(w[c]) ||
				math.Float64bits(g2p[c]) != math.Float64bits(w2p[c])) && fails < 10 {
				fails++
				t.Errorf("quatFromRotation(%v) = %v (%v beside %v), want %v", m.A, g, g2, p.A, w)
			}
		}
		for nb := 0; nb <= 3; nb++ {
			basis := []vec3{m.A.col(0), m.A.col(1), m.A.col(2)}[:nb]
			g, gok := orthonormalize(m.b, basis)
			w, wok := refOrthonormalize(m.b, basis)
			for c := 0; c < 3; c++ {
				if (math.Float64bits(g[c]) != math.Float64bits(w[c]) || gok != wok) && fails < 10 {
					fails++
					t.Errorf("orthonormalize(%v, %v) = %v %v, want %v %v", m.b, basis, g, gok, w, wok)
				}
			}
		}
	}
	for _, p := range []mat3{ident3, zUpToYUp, mirrorX, mirrorX.mul(zUpToYUp)} {
		for _, f := range []float64{1, 0.5, 1.0 / 3, 1e10} {
			c := conversion{P: p, F: f}
			for _, m := range cases {
				g, w := c.affine(m), refConvAffine(c, m)
				var g64 affine
				m64 := affine64To(m)
				c.affine64Into(&g64, &m64)
				if (!sameAffine(&g, &w) || !sameAffine(&g64, &w)) && fails < 10 {
					fails++
					t.Errorf("conversion %v×%g of %v: got %v, want %v", p, f, m, g, w)
				}
			}
		}
	}
}

// TestMulIntoIsMul: mulInto gives affine.mul's product bit for bit, also when
// the result is one of the factors.
func TestMulIntoIsMul(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	cases := refCases(rng)
	for k := 1; k < len(cases); k++ {
		a, c := cases[k-1], cases[k]
		want := a.mul(c)
		var got affine
		mulInto(&got, &a, &c)
		ga, gc := a, c
		mulInto(&ga, &ga, &c)
		mulInto(&gc, &a, &gc)
		if !sameAffine(&got, &want) || !sameAffine(&ga, &want) || !sameAffine(&gc, &want) {
			t.Fatalf("%v · %v: got %v (%v, %v in place), want %v", a, c, got, ga, gc, want)
		}
	}
}

// TestFinitePtrIsFinite: finitePtr says what the element-by-element check says,
// for one infinite or NaN element anywhere.
func TestFinitePtrIsFinite(t *testing.T) {
	for _, bad := range []float64{math.Inf(1), math.Inf(-1), math.NaN(), math.MaxFloat64, -math.SmallestNonzeroFloat64, math.Copysign(0, -1)} {
		for k := 0; k < 12; k++ {
			m := affine{A: mat3{{1, 2, 3}, {4, 5, 6}, {7, 8, 9}}, b: vec3{1, 2, 3}}
			if k < 9 {
				m.A[k/3][k%3] = bad
			} else {
				m.b[k-9] = bad
			}
			want := m.A.col(0).finite() && m.A.col(1).finite() && m.A.col(2).finite() && m.b.finite()
			if got := m.finitePtr(); got != want {
				t.Errorf("element %d = %v: finite %v, want %v", k, bad, got, want)
			}
		}
	}
}

// TestMaxOfIsMathMax: maxOf gives math.Max's result bit for bit.
func TestMaxOfIsMathMax(t *testing.T) {
	vals := []float64{0, math.Copysign(0, -1), 1, -1, 0.5, math.Inf(1), math.Inf(-1), math.NaN(), math.MaxFloat64, math.SmallestNonzeroFloat64}
	for _, x := range vals {
		for _, y := range vals {
			if got, want := maxOf(x, y), math.Max(x, y); math.Float64bits(got) != math.Float64bits(want) {
				t.Errorf("maxOf(%v, %v) = %v, want %v", x, y, got, want)
			}
		}
	}
}
