package anim

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

type fakeLoco struct{}

// RootMotion turns 90° about +Y and moves one unit along the end rotation's +X.
func (fakeLoco) RootMotion(f0, f1 float64) (mgl32.Quat, mgl32.Vec3) {
	return mgl32.QuatRotate(math.Pi/2, mgl32.Vec3{0, 1, 0}), mgl32.Vec3{1, 0, 0}
}

func TestLocomotionRoot(t *testing.T) {
	m := LocomotionRoot(fakeLoco{}, 10)
	// The displacement (1,0,0) in the end rotation's space is (0,0,−1) in the parent's.
	got := mgl32.Vec3{m[9], m[10], m[11]}
	if got.Sub(mgl32.Vec3{0, 0, -1}).Len() > 1e-6 {
		t.Errorf("root translation = %v, want (0, 0, -1)", got)
	}
	if x := m.TransformVector(mgl32.Vec3{1, 0, 0}); x.Sub(mgl32.Vec3{0, 0, -1}).Len() > 1e-6 {
		t.Errorf("root rotation takes +X to %v, want (0, 0, -1)", x)
	}
}
