package viewer

import (
	"animscope/anim"
	"animscope/formats"

	"github.com/go-gl/mathgl/mgl32"
)

// billboards are a scene's camera-facing nodes (the Billboards capability) and the
// buffers its drawn pose is turned in, so that the sampled pose (Pose.Model, the
// node table, the plots) stays as the clip gives it.
type billboards struct {
	modes       []uint8
	model, skin []anim.Affine
}

// newBillboards is nil when the asset has no billboard node.
func newBillboards(a *formats.Asset, n int) *billboards {
	if a.Billboards == nil {
		return nil
	}
	modes := a.Billboards.BillboardModes()
	for _, m := range modes {
		if m != anim.BillboardNone {
			return &billboards{modes: modes, model: make([]anim.Affine, n), skin: make([]anim.Affine, n)}
		}
	}
	return nil
}

// DrawnPose is the pose to draw for a camera at eye with up direction up (both in
// the scene's model space): the model matrices and skin palette of the last
// Evaluate, with the billboard nodes turned to the camera. Without billboards it
// is the pose itself. A scene whose meshes stay in bind pose
// (formats.Asset.MeshesInBindPose) gets its bind palette as skin. It allocates
// nothing.
func (sc *Scene) DrawnPose(eye, up mgl32.Vec3) (model, skin []anim.Affine) {
	if sc.bindSkin != nil {
		return sc.Pose.Model, sc.bindSkin
	}
	bb := sc.bb
	if bb == nil {
		return sc.Pose.Model, sc.Pose.Skin
	}
	copy(bb.model, sc.Pose.Model)
	copy(bb.skin, sc.Pose.Skin)
	anim.FaceCamera(sc.Skel, bb.modes, bb.model, bb.skin, eye, up)
	return bb.model, bb.skin
}

// CameraInScene gives the camera's position and up direction in the model space
// of a scene drawn under scene (the up-axis and mirror matrix); view is the
// camera's view matrix, whose second row is its up direction in the world.
func CameraInScene(eyeWorld mgl32.Vec3, view, scene mgl32.Mat4) (eye, up mgl32.Vec3) {
	inv := scene.Inv()
	eye = inv.Mul4x1(eyeWorld.Vec4(1)).Vec3()
	up = inv.Mul4x1(mgl32.Vec4{view[1], view[5], view[9], 0}).Vec3()
	return eye, up
}
