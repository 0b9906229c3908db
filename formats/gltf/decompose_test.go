package gltf

import (
	"math"
	"testing"
)

func maxDiff(a, b affine) float64 {
	d := a.b.sub(b.b).maxAbs()
	for i := 0; i < 3; i++ {
		d = math.Max(d, a.A.col(i).sub(b.A.col(i)).maxAbs())
	}
	return d
}

func isRotation(m mat3) bool {
	p := m.t().mul(m)
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			if math.Abs(p[i][j]-ident3[i][j]) > 1e-9 {
				return false
			}
		}
	}
	return math.Abs(m.det()-1) < 1e-9
}

func TestDecompose(t *testing.T) {
	axis := quat{0.3, -0.8, 0.5, 0}
	rq := func(deg float64, l float64) quat { // a quaternion of length l
		h := deg * math.Pi / 360
		a := axis.normalized()
		s := math.Sin(h) * l
		return quat{a[0] * s, a[1] * s, a[2] * s, math.Cos(h) * l}
	}
	scaled := func(m mat3, s vec3) mat3 {
		for r := 0; r < 3; r++ {
			for c := 0; c < 3; c++ {
				m[r][c] *= s[c]
			}
		}
		return m
	}
	cases := []struct {
		name       string
		m          affine
		wantHelper bool
		wantNeg    bool
	}{
		{"identity", identAffine, false, false},
		{"rotation and translation", affine{A: rotationOf(rq(70, 1)), b: vec3{1, 2, 3}}, false, false},
		{"rotation times axis scale", affine{A: scaled(rotationOf(rq(-130, 1)), vec3{0.5, 2, 3})}, false, false},
		{"non-unit quaternion 1.03", affine{A: rotationOf(rq(120, 1.03)), b: vec3{0, 0, 1}}, true, false},
		{"non-unit quaternion 0.97", affine{A: rotationOf(rq(200, 0.97))}, true, false},
		{"shear", affine{A: mat3{{1, 0.4, 0}, {0, 1, 0}, {0, 0, 1}}}, true, false},
		{"mirror", affine{A: scaled(rotationOf(rq(30, 1)), vec3{-1, 1, 1})}, false, true},
		{"flat (zero scale)", affine{A: scaled(rotationOf(rq(45, 1)), vec3{1, 0, 1})}, false, false},
		{"all zero", affine{b: vec3{1, 1, 1}}, false, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			d := decompose(tc.m, nil)
			if got := maxDiff(d.compose(), tc.m); got > 1e-12 {
				t.Errorf("T·U·S·Vᵀ differs from the input by %.3g, want <= 1e-12", got)
			}
			if !isRotation(d.U) || !isRotation(d.V) {
				t.Errorf("U %v and V %v: want proper rotations", d.U, d.V)
			}
			if got := d.needsHelper(); got != tc.wantHelper {
				t.Errorf("needs a helper: got %v, want %v", got, tc.wantHelper)
			}
			neg := d.S[0] < 0 || d.S[1] < 0 || d.S[2] < 0
			if neg != tc.wantNeg {
				t.Errorf("negative scale: got %v (S %v), want %v", neg, d.S, tc.wantNeg)
			}
			// The quaternions glTF stores give back U and Vᵀ.
			if got := maxDiff(affine{A: unitRotation(d.R())}, affine{A: d.U}); got > 1e-12 {
				t.Errorf("R() differs from U by %.3g", got)
			}
			if got := maxDiff(affine{A: unitRotation(d.VT())}, affine{A: d.V.t()}); got > 1e-12 {
				t.Errorf("VT() differs from Vᵀ by %.3g", got)
			}
		})
	}
}

// TestDecomposeContinuity: over a slowly changing non-unit rotation, interpolating
// the glTF channels (slerp of the helper's and the joint's rotations, lerp of the
// scale) halfway between two frames stays close to the true matrix there. U and V
// may turn together inside a plane where the scale is nearly uniform (where any
// basis is right); the product does not jump.
func TestDecomposeContinuity(t *testing.T) {
	at := func(x float64) affine {
		l := 1 + 0.04*math.Sin(x*0.05)
		h := x * 0.03 / 2
		return affine{A: rotationOf(quat{0, math.Sin(h) * l * 0.6, math.Sin(h) * l * 0.8, math.Cos(h) * l})}
	}
	var prev *decomposition
	worst := 0.0
	for k := 0; k <= 200; k++ {
		d := decompose(at(float64(k)), prev)
		if got := maxDiff(d.compose(), at(float64(k))); got > 1e-10 {
			t.Fatalf("frame %d: reconstruction error %.3g", k, got)
		}
		if prev != nil {
			r0, r1 := quat32(prev.R()), quat32(d.R())
			v0, v1 := quat32(prev.VT()), quat32(d.VT())
			mid := decomposition{
				U: unitRotation(slerp(r0, r1, 0.5)),
				S: prev.S.add(d.S).scale(0.5),
				V: unitRotation(slerp(v0, v1, 0.5)).t(),
			}
			worst = math.Max(worst, maxDiff(mid.compose(), at(float64(k)-0.5)))
		}
		dd := d
		prev = &dd
	}
	// Exact at the frames; between them about the square of the step, and once
	// about 2e-3 where the rotation leaves the identity and V leaves its arbitrary
	// start for the eigenbasis.
	if worst > 5e-3 {
		t.Errorf("largest error halfway between frames: got %.3g, want <= 5e-3 (frames 0.03 rad apart)", worst)
	}
	t.Logf("largest error halfway between frames: %.3g", worst)
}
