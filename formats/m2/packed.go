package m2

import (
	"animscope/anim"

	"github.com/go-gl/mathgl/mgl32"
)

// packedSeq is what one sequence samples, laid out for the per-frame loop: every
// node's translation, rotation and scale track (in node order) as a packedTrack,
// and the keys those tracks use in this sequence copied into contiguous arrays in
// the same order, with the slerp arcs of the rotation key pairs beside their
// keys. A frame then walks the arrays forward instead of chasing three tracks'
// separate slices per node, which missed the cache at a thousand bones.
//
// Sampling a packedSeq gives the same bits and the same probes as the tracks'
// own eval (TestPackedMatchesTracks): the search, the interpolation and the
// probes' key numbers are the same computation on a copy of the same keys.
type packedSeq struct {
	tracks []packedTrack // 3 per node: t, r, s
	times  []uint32
	vecs   []mgl32.Vec3
	quats  []mgl32.Quat
	arcs   []anim.SlerpArc // arcs[i]: quats[i] to quats[i+1], linear rotation tracks only
}

// Kinds of packedTrack.
const (
	packAbsent = iota // no track: default value, no probe record
	packEmpty         // the sequence has no keys on the track: default value, probe {−1, −1}
	packLinear
	packStep
	packSlow // cubic (or an unknown interpolation): the track's own eval
)

// packedTrack is one track's part of a packedSeq: keys times[first : first+n]
// (values from val in vecs or quats), probe added to a key's index within the
// track gives the number probes report, global its global sequence (−1: none).
type packedTrack struct {
	first, n, val, probe int32
	global               int16
	kind                 uint8
	sorted               bool // a Cursor's hint may be used
	// sameKeys says that the previous linear or step track in pack order (the
	// node's previous channel, or the last of an earlier node) is packed with
	// the same kind, global sequence and key times: the common case of
	// translation, rotation and scale keyed together, and of bones keyed at the
	// same times. The key search's result there is this track's too, so the
	// frame loop does it once for the run of such tracks, and the times are
	// stored once.
	sameKeys bool
}

// maxPackedFactor bounds how many times over a model's keys its packed
// sequences may hold: tracks without ranges (before 264) and global-sequence
// tracks are copied into every sequence, which for a model with many sequences
// could multiply its memory; such a model keeps sampling its tracks directly.
const maxPackedFactor = 4

// packSequences packs each sequence the clips sample (seqs[i].resolved) once;
// aliases share their target's. It returns nil when the packs would exceed
// maxPackedFactor times the model's own keys (plus a small allowance).
func packSequences(m *model, seqs []Sequence) []*packedSeq {
	own := 0
	for i := range m.nodes {
		nd := &m.nodes[i]
		for _, k := range []*keys{keysOf(nd.t), keysOfQ(nd.r), keysOf(nd.s)} {
			if k != nil {
				own += len(k.times)
			}
		}
	}
	total := 0
	for i := range seqs {
		if seqs[i].resolved != i {
			continue
		}
		for n := range m.nodes {
			nd := &m.nodes[n]
			for _, k := range []*keys{keysOf(nd.t), keysOfQ(nd.r), keysOf(nd.s)} {
				if k == nil {
					continue
				}
				if lo, hi, _, ok := k.span(i); ok {
					total += hi - lo + 1
				}
			}
		}
	}
	if total > maxPackedFactor*own+1<<16 {
		return nil
	}
	packs := make([]*packedSeq, len(seqs))
	for i := range seqs {
		if seqs[i].resolved == i {
			packs[i] = packSequence(m, i)
		}
	}
	return packs
}

// packSequence lays out the keys of sequence seq.
func packSequence(m *model, seq int) *packedSeq {
	p := &packedSeq{tracks: make([]packedTrack, 3*len(m.nodes))}
	prev := -1 // the last packed linear or step track
	for n := range m.nodes {
		nd := &m.nodes[n]
		for c := 0; c < 3; c++ {
			pt := &p.tracks[3*n+c]
			var k *keys
			switch c {
			case 0:
				k = keysOf(nd.t)
			case 1:
				k = keysOfQ(nd.r)
			default:
				k = keysOf(nd.s)
			}
			if k == nil {
				pt.kind = packAbsent
				continue
			}
			pt.global = k.global
			lo, hi, base, ok := k.span(seq)
			switch {
			case !ok:
				pt.kind = packEmpty
				continue
			case k.interp == InterpLinear:
				pt.kind = packLinear
			case k.interp == InterpStep:
				pt.kind = packStep
			default:
				pt.kind = packSlow
				continue
			}
			pt.n, pt.probe, pt.sorted = int32(hi-lo+1), int32(lo-base), k.sorted
			if prev >= 0 && sameKeys(&p.tracks[prev], pt, p.times, k.times[lo:hi+1]) {
				pt.first, pt.sameKeys = p.tracks[prev].first, true
			} else {
				pt.first = int32(len(p.times))
				p.times = append(p.times, k.times[lo:hi+1]...)
			}
			prev = 3*n + c
			if c == 1 {
				pt.val = int32(len(p.quats))
				p.quats = append(p.quats, nd.r.q[lo:hi+1]...)
				// arcs stay aligned with quats: one per key, the last of a
				// track's unused.
				for i := lo; i <= hi; i++ {
					var arc anim.SlerpArc
					if i < hi && i < len(nd.r.arcs) {
						arc = nd.r.arcs[i]
					}
					p.arcs = append(p.arcs, arc)
				}
				continue
			}
			tr := nd.t
			if c == 2 {
				tr = nd.s
			}
			pt.val = int32(len(p.vecs))
			p.vecs = append(p.vecs, tr.v[lo:hi+1]...)
		}
	}
	return p
}

// sameKeys says whether track pt (kind, global and sorted set) may share the key
// search of prev, the previous packed linear or step track: both packed linear
// or both step, on the same clock, with the same times.
func sameKeys(prev, pt *packedTrack, times, ts []uint32) bool {
	if prev.kind != pt.kind || (pt.kind != packLinear && pt.kind != packStep) ||
		prev.global != pt.global || prev.sorted != pt.sorted || prev.n != pt.n {
		return false
	}
	pts := times[prev.first : prev.first+prev.n]
	for i := range ts {
		if ts[i] != pts[i] {
			return false
		}
	}
	return true
}
