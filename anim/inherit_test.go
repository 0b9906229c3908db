package anim

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

// TestInheritWorkedNumbers: the client's rule for the "ignore parent" flags on
// worked numbers. The parent (pivot (1, 0, 0)) turns 90° about Z, scales by 2 and
// moves by (0, 0, 1): its model matrix has the basis columns (0, 2, 0),
// (−2, 0, 0), (0, 0, 2) and the translation (1, −2, 1), and puts the child's pivot
// (2, 0, 0) at (1, 2, 1). The child's own transform is the identity, or in the
// last rows a 90° turn about Z.
func TestInheritWorkedNumbers(t *testing.T) {
	rz := mgl32.QuatRotate(math.Pi/2, mgl32.Vec3{0, 0, 1})
	for _, c := range []struct {
		name  string
		flags uint8
		child Transform
		want  Affine
	}{
		{"no flags", 0, IdentityTransform, Affine{0, 2, 0, -2, 0, 0, 0, 0, 2, 1, -2, 1}},
		{"no translation", NoParentTranslation, IdentityTransform, Affine{0, 2, 0, -2, 0, 0, 0, 0, 2, 0, 0, 0}},
		{"no scale", NoParentScale, IdentityTransform, Affine{0, 1, 0, -1, 0, 0, 0, 0, 1, 1, 0, 1}},
		{"no rotation", NoParentRotation, IdentityTransform, Affine{2, 0, 0, 0, 2, 0, 0, 0, 2, -3, 2, 1}},
		{"no scale, no rotation", NoParentScale | NoParentRotation, IdentityTransform, Affine{1, 0, 0, 0, 1, 0, 0, 0, 1, -1, 2, 1}},
		{"none of the three", NoParentTranslation | NoParentScale | NoParentRotation, IdentityTransform, Affine{1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0}},
		// diag(2) and (−3, 2, 1), times the child's T(p)·R·T(−p) = [R | (2, −2, 0)].
		{"no rotation, child turns", NoParentRotation, Transform{Q: rz, S: mgl32.Vec3{1, 1, 1}}, Affine{0, 2, 0, -2, 0, 0, 0, 0, 2, 1, -2, 1}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := &Skeleton{
				Names:   []string{"parent", "child", "grandchild"},
				Parents: []int32{-1, 0, 1},
				Offset:  []mgl32.Vec3{{1, 0, 0}, {2, 0, 0}, {3, 0, 0}},
				Pivot:   []mgl32.Vec3{{1, 0, 0}, {2, 0, 0}, {3, 0, 0}},
				Inherit: []uint8{NoParentRotation, c.flags, 0}, // a root's flags do nothing
			}
			local := []Transform{
				{T: mgl32.Vec3{0, 0, 1}, Q: rz, S: mgl32.Vec3{2, 2, 2}},
				c.child,
				IdentityTransform,
			}
			model := make([]Affine, 3)
			LocalToModel(s, local, nil, model)
			if !affineNear(model[1], c.want, 1e-6) {
				t.Errorf("child model = %v, want %v", model[1], c.want)
			}
			// The grandchild has no flags: it composes under the child as always.
			if !affineNear(model[2], model[1], 1e-6) {
				t.Errorf("grandchild model = %v, want the child's %v (identity local)", model[2], model[1])
			}
			if c.flags&NoParentTranslation == 0 && c.child == IdentityTransform {
				if j := s.JointPosition(1, model); j.Sub(mgl32.Vec3{1, 2, 1}).Len() > 1e-6 {
					t.Errorf("child joint %v, want (1, 2, 1): the pivot stays where the parent put it", j)
				}
			}
		})
	}
}

// TestInheritNilIsUnchanged: Inherit of zeros gives the bits LocalToModel gives
// without Inherit.
func TestInheritNilIsUnchanged(t *testing.T) {
	s := &Skeleton{Names: []string{"a", "b", "c"}, Parents: []int32{-1, 0, 1},
		Offset: []mgl32.Vec3{{1, 2, 3}, {0, 1, 0}, {0, 0, 1}}, Pivot: []mgl32.Vec3{{1, 2, 3}, {0, 1, 0}, {0, 0, 1}}}
	local := []Transform{
		{T: mgl32.Vec3{0.1, 0.2, 0.3}, Q: mgl32.QuatRotate(0.3, mgl32.Vec3{1, 0, 0}), S: mgl32.Vec3{1, 2, 1}},
		{T: mgl32.Vec3{0.4, 0, 0}, Q: mgl32.QuatRotate(1.1, mgl32.Vec3{0, 1, 0}), S: mgl32.Vec3{1, 1, 3}},
		{Q: mgl32.QuatRotate(-0.7, mgl32.Vec3{0, 0, 1}), S: mgl32.Vec3{1, 1, 1}},
	}
	want, got := make([]Affine, 3), make([]Affine, 3)
	LocalToModel(s, local, nil, want)
	s.Inherit = []uint8{0, 0, 0}
	LocalToModel(s, local, nil, got)
	for i := range want {
		if want[i] != got[i] {
			t.Errorf("node %d: %v with zero flags, %v without Inherit", i, got[i], want[i])
		}
	}
	if n := testing.AllocsPerRun(100, func() { LocalToModel(s, local, nil, got) }); n != 0 {
		t.Errorf("LocalToModel with Inherit allocates %v times", n)
	}
}

func affineNear(a, b Affine, tol float32) bool {
	for i := range a {
		if d := a[i] - b[i]; d > tol || d < -tol {
			return false
		}
	}
	return true
}
