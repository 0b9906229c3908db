package gui

import (
	"math"
	"testing"

	"animscope/formats"
	"animscope/render"
	"animscope/viewer"
	"animscope/viewer/viewertest"

	"github.com/go-gl/mathgl/mgl32"
)

// TestApplyCamera: a preset turns the camera, the orthographic toggle sets the
// projection, and Follow keeps the target on the selected joint frame after
// frame; picking finds the joint under the cursor in the orthographic view.
func TestApplyCamera(t *testing.T) {
	s := viewer.NewState(viewertest.FakeLoader, formats.Options{})
	if !s.Open([]string{"good"}) {
		t.Fatal(s.LastError())
	}
	cam := render.NewCamera()
	s.Evaluate()
	frameCamera(s, &cam)

	s.HandleKey(viewer.KeyNum7, false)
	applyCamera(s, &cam)
	if cam.Yaw != 0 || math.Abs(float64(cam.Pitch)-(math.Pi/2-0.01)) > 1e-6 || s.Req.Preset != viewer.ViewNone {
		t.Errorf("top view: yaw %v pitch %v, request %v; want 0, π/2−0.01 and the request cleared", cam.Yaw, cam.Pitch, s.Req.Preset)
	}
	s.HandleKey(viewer.KeyNum1, false)
	s.HandleKey(viewer.KeyNum5, false)
	applyCamera(s, &cam)
	if cam.Yaw != 0 || cam.Pitch != 0 || !cam.Ortho {
		t.Errorf("front orthographic: yaw %v pitch %v ortho %v", cam.Yaw, cam.Pitch, cam.Ortho)
	}

	s.Select(10) // a joint of its own (3 and 4 share their place)
	s.View.Camera.Follow = true
	for _, tm := range []float64{0, 10, 25} {
		s.Tr.T = tm
		s.Evaluate()
		applyCamera(s, &cam)
		want := sceneMatrix(s, s.Scene).Mul4x1(s.Scene.Skel.JointPosition(10, s.Scene.Pose.Model).Vec4(1)).Vec3()
		if cam.Target != want {
			t.Errorf("t=%v: target %v, want the joint at %v", tm, cam.Target, want)
		}
		// The followed joint sits in the middle of the view, and a click there
		// picks it.
		const w, h = 640, 480
		view, proj := cam.View(), cam.Proj(w/h)
		x, y, ok := jointScreen(s.Scene, 10, sceneMatrix(s, s.Scene), view, proj, w, h)
		if !ok || math.Abs(float64(x-w/2)) > 0.5 || math.Abs(float64(y-h/2)) > 0.5 {
			t.Errorf("t=%v: followed joint at %v,%v (%v), want the centre", tm, x, y, ok)
		}
		if got := PickJoint(s.Scene, sceneMatrix(s, s.Scene), view, proj, w, h, x+2, y-2, 10); got != 10 {
			x4, y4, _ := jointScreen(s.Scene, got, sceneMatrix(s, s.Scene), view, proj, w, h)
			t.Errorf("t=%v: orthographic pick near joint 10 (%v,%v) found %d (%v,%v)", tm, x, y, got, x4, y4)
		}
	}
	s.View.Camera.Ortho = false
	applyCamera(s, &cam)
	if cam.Ortho {
		t.Error("the orthographic toggle off left the camera orthographic")
	}
}

// The presets keep to the scene's up axis: in a Z-up scene the top view looks
// down the scene's Z (points differing only in z meet on screen) and the front
// view looks along the scene's +Y from −Y (points differing only in y meet),
// and the same holds in a Y-up scene with Y and Z swapped.
func TestPresetsFollowUpAxis(t *testing.T) {
	for _, tc := range []struct {
		name      string
		up        int
		top, fwd  mgl32.Vec3 // the scene's up, and the axis a front view looks along
		upOnFront mgl32.Vec3 // a scene axis that points up on screen in the front view
	}{
		{"Z up", formats.UpZ, mgl32.Vec3{0, 0, 1}, mgl32.Vec3{0, 1, 0}, mgl32.Vec3{0, 0, 1}},
		{"Y up", formats.UpY, mgl32.Vec3{0, 1, 0}, mgl32.Vec3{0, 0, -1}, mgl32.Vec3{0, 1, 0}},
	} {
		s := viewer.NewState(func([]string, formats.Options) (*formats.Asset, error) {
			a := viewertest.SyntheticAsset(4)
			a.UpAxis = tc.up
			return a, nil
		}, formats.Options{})
		if !s.Open(nil) {
			t.Fatal(s.LastError())
		}
		m := sceneMatrix(s, s.Scene)
		cam := render.NewCamera()
		cam.Target, cam.Distance = mgl32.Vec3{}, 10
		s.View.Camera.Ortho = true
		screen := func(p mgl32.Vec3) (float32, float32) {
			x, y, _ := render.Project(m.Mul4x1(p.Vec4(1)).Vec3(), cam.View(), cam.Proj(1), 100, 100)
			return x, y
		}
		base := mgl32.Vec3{0.5, 0.25, 0.75}
		s.Req.Preset = viewer.ViewTop
		applyCamera(s, &cam)
		x0, y0 := screen(base)
		x1, y1 := screen(base.Add(tc.top.Mul(2)))
		// The top view keeps a hundredth of a radian off the pole.
		if math.Abs(float64(x1-x0)) > 0.01 || math.Abs(float64(y1-y0)) > 0.5 {
			t.Errorf("%s top view: a step along the scene's up moves %v,%v on screen, want none", tc.name, x1-x0, y1-y0)
		}
		s.Req.Preset = viewer.ViewFront
		applyCamera(s, &cam)
		x0, y0 = screen(base)
		x1, y1 = screen(base.Add(tc.fwd.Mul(2)))
		if math.Abs(float64(x1-x0)) > 1e-3 || math.Abs(float64(y1-y0)) > 1e-3 {
			t.Errorf("%s front view: a step along the view moves %v,%v on screen, want none", tc.name, x1-x0, y1-y0)
		}
		_, y2 := screen(base.Add(tc.upOnFront))
		if !(y2 < y0) {
			t.Errorf("%s front view: the scene's up goes down the screen (%v -> %v)", tc.name, y0, y2)
		}
	}
}
