package anim

// Pose is one player of a scene: the per-node buffers sized for one skeleton and
// the state the pose pipeline (Evaluate) needs to sample, blend, compose and skin
// without allocating per frame. Clips are shared; a Pose belongs to one player.
type Pose struct {
	Local   []Transform
	Model   []Affine
	Skin    []Affine
	Probes  []Probe
	ProbesB []Probe
	Blender Blender
	// Root is the scene root's placement of the last Sample or Evaluate, when
	// HasRoot (the parent of every root node); otherwise the roots stand at the
	// origin.
	Root    Affine
	HasRoot bool
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
