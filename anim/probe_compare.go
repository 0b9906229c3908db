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
//
// A diff compares every node at every time, and most agree: the common case
// (the same header, up to three separate records, as every M2 and MSH probe
// holds) is small enough to inline into the caller's loop and reads only the
// header and the records' keys; the rest goes to compareProbes.
func CompareProbes(a, b *Probe) ProbeDiff {
	if h := a.header(); h == b.header() && h&oneRecordMask == oneRecord && a.rec[0].sameKeys(&b.rec[0]) {
		return 0 // an MSH node's one record, or an M2 bone's one track
	}
	return compareProbes(a, b)
}

// AgreeingPrefix returns how many leading pairs of a and b agree: the i
// before the first where CompareProbes(&a[i], &b[i]) is not 0 (or the shorter
// slice's length). A diff of two scenes whose nodes pair up in order finds
// its differences so, with the common case inlined in one loop instead of a
// call per pair.
func AgreeingPrefix(a, b []Probe) int {
	n := min(len(a), len(b))
	a, b = a[:n], b[:n]
	for i := range a {
		if h := a[i].header(); h == b[i].header() && h&oneRecordMask == oneRecord && a[i].rec[0].sameKeys(&b[i].rec[0]) {
			continue
		}
		if compareProbes(&a[i], &b[i]) != 0 {
			return i
		}
	}
	return n
}

// oneRecordMask and oneRecord pick out, in a probe's header word, a probe of
// one separate record: n = 1, neither sharedBit nor uniformBit.
const (
	oneRecordMask = 0xff<<40 | (sharedBit|uniformBit)<<48
	oneRecord     = 1 << 40
)

// compareProbes is CompareProbes past the case it inlines.
func compareProbes(a, b *Probe) ProbeDiff {
	if a.header() == b.header() && a.bits&(uniformBit|sharedBit) == 0 && a.n <= inlineKeys {
		for i := range a.n {
			if !a.rec[i].sameKeys(&b.rec[i]) {
				return DiffKey
			}
		}
		return 0
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

// sameKeys reports whether two separate records have the same channel and keys
// (alpha aside).
func (r *keyRec) sameKeys(s *keyRec) bool {
	return r.K0 == s.K0 && r.K1 == s.K1 && r.ch == s.ch
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
