package formats

// Traits are the rules a family's files allow beyond the common ones, declared by
// its decoder so that the commands and the viewer never test a family's name.
type Traits struct {
	// MatchByIndex: two scenes of this family with the same node count list their
	// nodes in one order (the engine addresses them by index), so comparisons pair
	// node i with node i rather than by name.
	MatchByIndex bool
	// WholeFrames: the engine samples the family's timeline at whole frames (it
	// rounds the time to a frame index), so `diff` walks every integer frame from 0
	// to the frame count, and with --half the half-integers where rounding rules
	// part.
	WholeFrames bool
	// SkeletonLOD: the family's skeletons come in levels of detail, and
	// Options.LOD picks the one to open (SWG .skt SLOD).
	SkeletonLOD bool
	// FallbackBranch: the family's sampler chooses per node and frame between a
	// mapped key and a fallback (MSH: the frame's entry in the node's key map, or
	// the node's fallback key), so anim.Probe.Fallback means something for it.
	// For every other family Probe.Fallback is always false and the viewer shows
	// no branch column or colour.
	FallbackBranch bool
}

// TraitsOf returns the traits the decoder of family declares (none for a family
// that no decoder registers).
func TraitsOf(family string) Traits {
	registryMu.RLock()
	defer registryMu.RUnlock()
	for _, d := range registry {
		if d.Name == family {
			return d.Traits
		}
	}
	return Traits{}
}
