package anim

import "unsafe"

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
	if sameProbeBits(a, b) {
		return 0 // the same bytes: the same frame, branch and records
	}
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

// probeWords is a Probe as 8-byte words (a probe holds a pointer, so its size is
// a multiple of 8).
type probeWords [unsafe.Sizeof(Probe{}) / 8]uint64

// The build fails here if a Probe's size is not a multiple of 8.
var _ = [1]struct{}{}[unsafe.Sizeof(Probe{})%8]

// sameProbeBits reports whether two probes are the same bytes, which makes
// every field the same (unused records and padding may differ between probes
// that compare equal: those go the field-by-field way). A diff compares every
// node at every time, and most are the same.
func sameProbeBits(a, b *Probe) bool {
	return *(*probeWords)(unsafe.Pointer(a)) == *(*probeWords)(unsafe.Pointer(b))
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
