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

// TestDecomposeContinuity: over a slowly changing non-unit rotation whose axis
// turns, interpolating the glTF channels as the three nodes do (slerp of the polar
// rotation U·Vᵀ, slerp of V and of Vᵀ, lerp of the scale) halfway between two
// samples stays close to the true matrix there, for nearly unit quaternions (M2 256
// keys) as for clearly non-unit ones (MSH int16 keys).
func TestDecomposeContinuity(t *testing.T) {
	for _, tc := range []struct {
		name string
		dl   float64 // how far |q| strays from 1
		want float64
	}{{"unit", 0, 1e-6}, {"nearly unit", 9e-5, 2e-6}, {"non-unit", 0.04, 1e-4}} {
		t.Run(tc.name, func(t *testing.T) {
			// Unit keys every 10 samples about a turning axis, slerped (as a key
			// track is), times a length that changes linearly between the keys.
			key := func(k float64) quat {
				h := k * 0.03 / 2
				ax := vec3{0.6 * math.Cos(k*0.02), 0.8, 0.6 * math.Sin(k*0.02)} // unit
				return quat{ax[0] * math.Sin(h), ax[1] * math.Sin(h), ax[2] * math.Sin(h), math.Cos(h)}
			}
			length := func(k float64) float64 { return 1 - tc.dl*(1+math.Sin(k*0.05))/2 }
			at := func(x float64) affine {
				k0 := math.Floor(x/10) * 10
				u := (x - k0) / 10
				q0, q1 := key(k0), key(k0+10)
				th := math.Acos(math.Min(1, q0.dot(q1)))
				w0, w1 := math.Sin((1-u)*th)/math.Sin(th), math.Sin(u*th)/math.Sin(th)
				l := length(k0) + (length(k0+10)-length(k0))*u
				var q quat
				for c := range q {
					q[c] = (w0*q0[c] + w1*q1[c]) * l
				}
				return affine{A: rotationOf(q)}
			}
			var prev *decomposition
			worst := 0.0
			for k := 0; k <= 200; k++ {
				d := decompose(at(float64(k)), prev)
				// Off-diagonal parts within diagTolerance are left out (V kept).
				if got := maxDiff(d.compose(), at(float64(k))); got > 2*diagTolerance {
					t.Fatalf("sample %d: reconstruction error %.3g, want <= %g", k, got, 2*diagTolerance)
				}
				if prev != nil {
					p := unitRotation(slerp(quat32(prev.P()), quat32(d.P()), 0.5))
					v := unitRotation(slerp(quat32(conjugate(prev.VT())), quat32(conjugate(d.VT())), 0.5))
					vt := unitRotation(slerp(quat32(prev.VT()), quat32(d.VT()), 0.5))
					s := prev.S.add(d.S).scale(0.5)
					vs := v
					for r := 0; r < 3; r++ {
						for c := 0; c < 3; c++ {
							vs[r][c] *= s[c]
						}
					}
					mid := affine{A: p.mul(vs).mul(vt)}
					worst = math.Max(worst, maxDiff(mid, at(float64(k)-0.5)))
				}
				dd := d
				prev = &dd
			}
			t.Logf("largest error halfway between samples: %.3g", worst)
			if worst > tc.want {
				t.Errorf("largest error halfway between samples: got %.3g, want <= %g", worst, tc.want)
			}
		})
	}
}
