package anim

// Pose is a set of per-node buffers sized for one skeleton: what one instance of a
// scene needs to sample, compose and skin without allocating per frame.
type Pose struct {
	Local   []Transform
	Model   []Affine
	Skin    []Affine
	Probes  []Probe
	ProbesB []Probe
	Blender Blender
}

// NewPose allocates the buffers for n nodes.
func NewPose(n int) *Pose {
	p := &Pose{
		Local:   make([]Transform, n),
		Model:   make([]Affine, n),
		Skin:    make([]Affine, n),
		Probes:  make([]Probe, n),
		ProbesB: make([]Probe, n),
	}
	p.Blender.scratch = make([]Transform, n)
	return p
}
