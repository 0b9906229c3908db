package anim

// ProbeDiff says how two probes of the same node differ; zero means they agree.
type ProbeDiff uint8

// The ways two probes can differ.
const (
	DiffFrame  ProbeDiff = 1 << iota // the frame index
	DiffBranch                       // mapped versus fallback
	DiffKey                          // the keys used: channel, k0 or k1
)

// CompareProbes compares what two samplers did for one node: frame index, branch
// and the keys of each channel (not alpha, which follows from the time). `diff`
// and the viewer's compare mode both use it, so they agree on what differs.
func CompareProbes(a, b *Probe) ProbeDiff {
	var d ProbeDiff
	if a.Frame != b.Frame {
		d |= DiffFrame
	}
	if a.Fallback != b.Fallback {
		d |= DiffBranch
	}
	if a.Len() != b.Len() {
		return d | DiffKey
	}
	for i := range a.Len() {
		ka, kb := a.Key(i), b.Key(i)
		if ka.Channel != kb.Channel || ka.K0 != kb.K0 || ka.K1 != kb.K1 {
			return d | DiffKey
		}
	}
	return d
}

// Kinds appends the names of the differences ("frame", "branch", "key") to dst.
func (d ProbeDiff) Kinds(dst []string) []string {
	for _, k := range []struct {
		bit  ProbeDiff
		name string
	}{{DiffFrame, "frame"}, {DiffBranch, "branch"}, {DiffKey, "key"}} {
		if d&k.bit != 0 {
			dst = append(dst, k.name)
		}
	}
	return dst
}
