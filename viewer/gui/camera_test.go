package gui

import (
	"math"
	"testing"

	"animscope/formats"
	"animscope/render"
	"animscope/viewer"
	"animscope/viewer/viewertest"
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
