package gui

import (
	"animscope/render"
	"animscope/viewer"
)

// applyCamera brings cam in step with the state's camera switches, once a
// frame after the pose is evaluated: a preset asked for (numpad 1, 3, 7 or the
// View menu) turns it, the projection follows the orthographic toggle, and
// with Follow on its target is the selected joint's place in the world now.
func applyCamera(s *viewer.State, cam *render.Camera) {
	if p := s.Req.Preset; p != viewer.ViewNone {
		s.Req.Preset = viewer.ViewNone
		if yaw, pitch, ok := p.Angles(); ok {
			cam.Look(yaw, pitch)
		}
	}
	cam.Ortho = s.View.Camera.Ortho
	if p, ok := s.FollowPoint(); ok {
		cam.Target = sceneMatrix(s, s.Scene).Mul4x1(p.Vec4(1)).Vec3()
	}
}
