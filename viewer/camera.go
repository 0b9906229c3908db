package viewer

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// cameraView are the camera's switches.
type cameraView struct {
	// Ortho projects orthographically (numpad 5).
	Ortho bool
	// Follow keeps the camera's target on the selected node's joint, every frame.
	Follow bool
}

// ViewPreset is a view along one of the world's axes. The viewer's world is Y-up:
// a Z-up scene is turned so that its +Z points up and its −Y (the front, as
// Z-up tools name it) faces the camera of the front view, so the presets keep
// to each scene's own up axis.
type ViewPreset int

// The presets (numpad 1, 3, 7; with Ctrl the opposite side).
const (
	ViewNone ViewPreset = iota
	ViewFront
	ViewBack
	ViewRight
	ViewLeft
	ViewTop
	ViewBottom
)

// ViewPresetNames are the presets' menu names, in ViewPreset order.
var ViewPresetNames = [...]string{"", "Front", "Back", "Right", "Left", "Top", "Bottom"}

// Angles are the camera's yaw and pitch (radians) for the preset: yaw 0 looks
// along −Z from +Z, yaw π/2 looks from +X; pitch π/2 looks down from +Y.
func (p ViewPreset) Angles() (yaw, pitch float32, ok bool) {
	switch p {
	case ViewFront:
		return 0, 0, true
	case ViewBack:
		return math.Pi, 0, true
	case ViewRight:
		return math.Pi / 2, 0, true
	case ViewLeft:
		return -math.Pi / 2, 0, true
	case ViewTop:
		return 0, math.Pi / 2, true
	case ViewBottom:
		return 0, -math.Pi / 2, true
	}
	return 0, 0, false
}

// FollowPoint is where the camera's target goes when it follows the selection:
// the selected node's joint in scene A's own space as posed now (the GUI places
// it with the scene matrix). ok is false without a selection or with Follow off.
func (s *State) FollowPoint() (p mgl32.Vec3, ok bool) {
	if !s.View.Camera.Follow || s.Scene == nil || s.Selected < 0 || s.Selected >= s.Scene.Skel.Len() {
		return p, false
	}
	p = s.Scene.Skel.JointPosition(s.Selected, s.Scene.Pose.Model)
	if !isFinite3(p) {
		return p, false
	}
	return p, true
}
