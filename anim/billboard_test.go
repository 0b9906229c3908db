package anim

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

func bbNear(a, b mgl32.Vec3) bool { return a.Sub(b).Len() < 1e-5 }

func column(m *Affine, c int) mgl32.Vec3 { return mgl32.Vec3{m[3*c], m[3*c+1], m[3*c+2]} }

// TestFaceCamera: worked cases. The node sits at a pivot (1, 0, 0) under a model
// matrix that scales by 2 and moves by (0, 0, 5), so its joint is at (2, 0, 5);
// the eye is at (2, 10, 5), straight along +Y from the joint, and up is +Z.
func TestFaceCamera(t *testing.T) {
	base := Affine{2, 0, 0, 0, 2, 0, 0, 0, 2, 0, 0, 5}
	joint := mgl32.Vec3{2, 0, 5}
	eye, up := mgl32.Vec3{2, 10, 5}, mgl32.Vec3{0, 0, 1}
	tests := []struct {
		name    string
		mode    uint8
		base    Affine
		x, y, z mgl32.Vec3 // the columns after
	}{
		// X to the eye (+Y), Z up, Y = Z × X = −X.
		{"spherical", BillboardSpherical, base, mgl32.Vec3{0, 2, 0}, mgl32.Vec3{-2, 0, 0}, mgl32.Vec3{0, 0, 2}},
		// About Z: X turns to the eye within the XY plane, Z stays.
		{"cylindrical Z", BillboardCylindricalZ, base, mgl32.Vec3{0, 2, 0}, mgl32.Vec3{-2, 0, 0}, mgl32.Vec3{0, 0, 2}},
		// About Y: Y stays, X turns within the XZ plane to the eye's projection,
		// which is the joint itself here: degenerate, the node is left alone.
		{"cylindrical Y, eye on the axis", BillboardCylindricalY, base, mgl32.Vec3{2, 0, 0}, mgl32.Vec3{0, 2, 0}, mgl32.Vec3{0, 0, 2}},
		// About X with the node rolled 90° about X (Y up, Z along −Y): Z turns back up.
		{"cylindrical X", BillboardCylindricalX, Affine{2, 0, 0, 0, 0, 2, 0, -2, 0, 0, 0, 5},
			mgl32.Vec3{2, 0, 0}, mgl32.Vec3{0, 2, 0}, mgl32.Vec3{0, 0, 2}},
		{"none", BillboardNone, base, mgl32.Vec3{2, 0, 0}, mgl32.Vec3{0, 2, 0}, mgl32.Vec3{0, 0, 2}},
	}
	s := &Skeleton{Names: []string{"n"}, Parents: []int32{-1}, Pivot: []mgl32.Vec3{{1, 0, 0}}}
	for _, tc := range tests {
		model := []Affine{tc.base}
		skin := []Affine{tc.base}
		FaceCamera(s, []uint8{tc.mode}, model, skin, eye, up)
		m := &model[0]
		if !bbNear(column(m, 0), tc.x) || !bbNear(column(m, 1), tc.y) || !bbNear(column(m, 2), tc.z) {
			t.Errorf("%s: columns %v %v %v, want %v %v %v", tc.name, column(m, 0), column(m, 1), column(m, 2), tc.x, tc.y, tc.z)
		}
		if got := s.JointPosition(0, model); !bbNear(got, joint) {
			t.Errorf("%s: joint moved to %v, want %v", tc.name, got, joint)
		}
		if skin[0] != model[0] {
			t.Errorf("%s: skin %v, want the model matrix %v (no inverse bind)", tc.name, skin[0], model[0])
		}
	}
}

// TestFaceCameraSphericalOffAxis: from an eye off every axis, X points at the eye,
// the basis stays orthogonal and right-handed with its scale, and Z leans up.
func TestFaceCameraSphericalOffAxis(t *testing.T) {
	s := &Skeleton{Names: []string{"n"}, Parents: []int32{-1}, InverseBind: []Affine{{1, 0, 0, 0, 1, 0, 0, 0, 1, -1, 0, 0}}}
	model := []Affine{{0, 3, 0, -3, 0, 0, 0, 0, 3, 1, 2, 3}}
	skin := make([]Affine, 1)
	eye := mgl32.Vec3{4, -2, 7}
	FaceCamera(s, []uint8{BillboardSpherical}, model, skin, eye, mgl32.Vec3{0, 0, 1})
	m := &model[0]
	x, y, z := column(m, 0), column(m, 1), column(m, 2)
	want, _ := unit3(eye.Sub(mgl32.Vec3{1, 2, 3}))
	if !bbNear(x.Mul(1.0/3), want) {
		t.Errorf("X = %v, want 3·%v", x, want)
	}
	if d := math.Abs(float64(x.Dot(y))) + math.Abs(float64(y.Dot(z))) + math.Abs(float64(x.Dot(z))); d > 1e-4 {
		t.Errorf("basis not orthogonal: %v %v %v", x, y, z)
	}
	if x.Cross(y).Dot(z) <= 0 || math.Abs(float64(z.Len()-3)) > 1e-5 || z[2] <= 0 {
		t.Errorf("basis %v %v %v: want right-handed, scale 3, Z up", x, y, z)
	}
	var wantSkin Affine
	MulAffine(&wantSkin, &model[0], &s.InverseBind[0])
	if skin[0] != wantSkin {
		t.Errorf("skin %v, want model · inverse bind %v", skin[0], wantSkin)
	}
}

func TestFaceCameraAllocatesNothing(t *testing.T) {
	s := &Skeleton{Names: []string{"a", "b"}, Parents: []int32{-1, 0}}
	modes := []uint8{BillboardSpherical, BillboardCylindricalZ}
	model := []Affine{IdentityAffine, IdentityAffine}
	skin := make([]Affine, 2)
	if n := testing.AllocsPerRun(100, func() {
		FaceCamera(s, modes, model, skin, mgl32.Vec3{3, 4, 5}, mgl32.Vec3{0, 0, 1})
	}); n != 0 {
		t.Errorf("FaceCamera allocates %v times per call, want 0", n)
	}
}
