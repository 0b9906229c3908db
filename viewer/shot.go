package viewer

// Shot is one off-screen picture: a clip (index into the scene's clips) at a time,
// optionally blended.
type Shot struct {
	Clip   int
	T      float64
	Blend  bool
	ClipB  int
	TB     float64
	Weight float32
	// Motion is the onion skin and the trails drawn (ghosts.go).
	Motion MotionSettings
}
