package viewer

import (
	"slices"
	"testing"

	"animscope/anim"
	"animscope/formats"
	"animscope/render"

	"github.com/go-gl/mathgl/mgl32"
)

type modes []uint8

func (m modes) BillboardModes() []uint8 { return m }

// TestDrawnPoseFacesTheCamera: a scene whose node 2 is a spherical billboard draws
// that node with its X axis towards the eye and its joint in place, leaves the
// other nodes and the sampled pose alone, and allocates nothing per frame.
func TestDrawnPoseFacesTheCamera(t *testing.T) {
	a := SyntheticAsset(6)
	bb := make(modes, a.Skeleton.Len())
	bb[2] = anim.BillboardSpherical
	a.Billboards = bb
	s := NewState(func([]string, formats.Options) (*formats.Asset, error) { return a, nil }, formats.Options{})
	if !s.Open([]string{"bb"}) {
		t.Fatal(s.LastError())
	}
	s.Tr.T = 3
	s.Evaluate()
	sc := s.Scene
	sampled := slices.Clone(sc.Pose.Model)
	joint := sc.Skel.JointPosition(2, sc.Pose.Model)
	eye, up := joint.Add(mgl32.Vec3{3, -4, 0}), mgl32.Vec3{0, 0, 1}
	model, skin := sc.DrawnPose(eye, up)
	if !slices.Equal(sc.Pose.Model, sampled) {
		t.Error("DrawnPose changed the sampled pose")
	}
	x := mgl32.Vec3{model[2][0], model[2][1], model[2][2]}
	if want := (mgl32.Vec3{0.6, -0.8, 0}); x.Normalize().Sub(want).Len() > 1e-5 {
		t.Errorf("billboard X axis %v, want along %v", x.Normalize(), want)
	}
	if got := sc.Skel.JointPosition(2, model); got.Sub(joint).Len() > 1e-5 {
		t.Errorf("billboard joint moved from %v to %v", joint, got)
	}
	for i := range model {
		if i != 2 && (model[i] != sampled[i] || skin[i] != sc.Pose.Skin[i]) {
			t.Errorf("node %d changed: %v, want %v", i, model[i], sampled[i])
		}
	}
	if n := testing.AllocsPerRun(50, func() { sc.DrawnPose(eye, up) }); n != 0 {
		t.Errorf("DrawnPose allocates %v times per frame, want 0", n)
	}

	plain := SyntheticAsset(6)
	ps, err := NewScene(plain, nil, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if m, _ := ps.DrawnPose(eye, up); &m[0] != &ps.Pose.Model[0] {
		t.Error("a scene without billboards draws a copy of its pose")
	}
}

// TestCameraInScene: the eye and up found in model space map back onto the
// world's under the scene matrix (Z up and mirrored here).
func TestCameraInScene(t *testing.T) {
	scene := render.SceneMatrix(render.UpZ, true)
	cam := render.NewCamera()
	cam.Yaw, cam.Pitch = 0.7, 0.3
	view := cam.View()
	eye, up := cameraInScene(cam.Eye(), view, scene)
	if got := scene.Mul4x1(eye.Vec4(1)).Vec3(); got.Sub(cam.Eye()).Len() > 1e-4 {
		t.Errorf("eye maps back to %v, want %v", got, cam.Eye())
	}
	wantUp := mgl32.Vec3{view[1], view[5], view[9]}
	if got := scene.Mul4x1(up.Vec4(0)).Vec3(); got.Sub(wantUp).Len() > 1e-5 {
		t.Errorf("up maps back to %v, want %v", got, wantUp)
	}
}
