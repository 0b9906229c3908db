package animout

// Shot is a sequence of frames to draw: one clip at the given times, the
// camera turned by each frame's turn about the up axis, drawn off-screen at
// W×H over Background (viewer/gui's RenderFrames draws it).
type Shot struct {
	Clip       int
	Times      []float64
	Turns      []float32 // radians, one per time (nil: no turn)
	W, H       int
	Background Background
}
