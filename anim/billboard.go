package anim

// Billboard modes: how a node turns to face the camera once the pose is composed
// (formats.Billboarder lists one per node). The pose pipeline never applies them:
// billboarding depends on the camera, so only what draws the scene (the viewer,
// `render`) does, as a post-step on the model matrices.
const (
	BillboardNone         uint8 = 0
	BillboardSpherical    uint8 = 1 // the node's X axis points at the camera, its Z axis up the screen
	BillboardCylindricalX uint8 = 2 // turns about its own X axis only (Z as near the camera's up as it can)
	BillboardCylindricalY uint8 = 3 // turns about its own Y axis only (X as near the camera as it can)
	BillboardCylindricalZ uint8 = 4 // turns about its own Z axis only (X as near the camera as it can)
)
