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
	nodes  []packedNode  // 1 per node
	times  []uint32
	vecs   []mgl32.Vec3
	quats  []mgl32.Quat
	arcs   []anim.SlerpArc // arcs[i]: quats[i] to quats[i+1], linear rotation tracks only
	keys   []packedKey     // the keys of keyed nodes
}

// packedNode says how a node samples: keyed, its three channels are packed
// linear or step tracks sharing their key times (the rotation's and the scale's
// sameKeys), and their keys lie interleaved in keys[key:][:n]; otherwise channel
// by channel from the tracks.
type packedNode struct {
	// key is the node's first key in keys, stride the distance to its next
	// (layOutKeys).
	key, stride int32
	probe       [3]int32 // the tracks' probe offsets, t, r, s
	keyed       bool
	// search is the translation track's !sameKeys: the frame loop reads a keyed
	// node's tracks only when it searches.
	search bool
	// still: the node has no translation, rotation or scale track (most bones
	// of real models in most sequences): the identity, and no key records.
	still bool
	// run, for a keyed node, is how many nodes from this one on sample from
	// adjacent records of one row (key+i, same stride) with this node's
	// search (the later ones keyed, not search): the frame loop takes them
	// as one slice of each of two rows (layOutKeys).
	run int32
}

// packedKey is one key of a keyed node: its three channels' values and the slerp
// arc to the next key's rotation (zero for the node's last key and for step
// tracks), padded to one 64-byte cache line (TestPackedKeySize), so that a
// frame reads a node's two keys from two adjacent lines instead of four arrays.
type packedKey struct {
	t, s mgl32.Vec3
	q    mgl32.Quat
	arc  anim.SlerpArc
	_    [4]byte
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
// sequences may hold (their per-node records counted as two keys a node):
// tracks without ranges (before 264) and global-sequence tracks are copied into
// every sequence, and every sequence has records for every node, which for a
// model with many sequences could multiply its memory; such a model keeps
// sampling its tracks directly.
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
		// Each pack also holds three packedTracks and a packedNode a node
		// (about 100 bytes, a key and a half): without them in the count, a
		// 528 KB file of 3,000 sequences over 3,000 bones without a key
		// packed 900 MB.
		total += 2 * len(m.nodes)
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
	p := &packedSeq{tracks: make([]packedTrack, 3*len(m.nodes)), nodes: make([]packedNode, len(m.nodes))}
	prev := -1 // the last packed linear or step track
	for n := range m.nodes {
		nd := &m.nodes[n]
		if keyedNode(m, seq, n) {
			// Its tracks as the loop below would pack them, and its keys in
			// packedKey records instead of vecs, quats and arcs.
			lo, hi, base, _ := nd.t.span(seq)
			t := &p.tracks[3*n]
			t.global, t.kind, t.sorted = nd.t.global, packLinear, nd.t.sorted
			if nd.t.interp == InterpStep {
				t.kind = packStep
			}
			t.n, t.probe = int32(hi-lo+1), int32(lo-base)
			if prev >= 0 && sameKeys(&p.tracks[prev], t, p.times, nd.t.times[lo:hi+1]) {
				t.first, t.sameKeys = p.tracks[prev].first, true
			} else {
				t.first = int32(len(p.times))
				p.times = append(p.times, nd.t.times[lo:hi+1]...)
			}
			for c, k := range []*keys{&nd.r.keys, &nd.s.keys} {
				pt := &p.tracks[3*n+1+c]
				klo, _, kbase, _ := k.span(seq)
				*pt = *t
				pt.sameKeys, pt.probe = true, int32(klo-kbase)
			}
			prev = 3*n + 2
			rlo, _, _, _ := nd.r.span(seq)
			slo, _, _, _ := nd.s.span(seq)
			p.nodes[n] = packedNode{key: int32(len(p.keys)), keyed: true, search: !t.sameKeys,
				probe: [3]int32{t.probe, p.tracks[3*n+1].probe, p.tracks[3*n+2].probe}}
			for i := 0; i <= hi-lo; i++ {
				pk := packedKey{t: nd.t.v[lo+i], q: nd.r.q[rlo+i], s: nd.s.v[slo+i]}
				if i < hi-lo && rlo+i < len(nd.r.arcs) {
					pk.arc = nd.r.arcs[rlo+i]
				}
				p.keys = append(p.keys, pk)
			}
			continue
		}
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
	for n := range p.nodes {
		t := p.tracks[3*n : 3*n+3]
		p.nodes[n].still = t[0].kind == packAbsent && t[1].kind == packAbsent && t[2].kind == packAbsent
	}
	layOutKeys(p)
	return p
}

// layOutKeys orders the keys of keyed nodes by time: the nodes whose
// translation tracks use the same packed times (bones keyed together, the
// common case) share a block in which key k of all of them lies in one row,
// in node order: node r of R at block + k·R + r. A frame, which reads keys a
// and a+1 of every such node, then reads two rows front to back instead of
// two keys out of every node's whole run (at a thousand bones, a stride of
// kilobytes through megabytes, which missed the cache on every node).
func layOutKeys(p *packedSeq) {
	type block struct {
		nodes []int32
		n     int32 // keys per node
	}
	var blocks []*block
	byFirst := map[int32]*block{}
	for n := range p.nodes {
		nd := &p.nodes[n]
		if !nd.keyed {
			continue
		}
		t := &p.tracks[3*n]
		b := byFirst[t.first]
		if b == nil || b.n != t.n {
			b = &block{n: t.n}
			blocks = append(blocks, b)
			byFirst[t.first] = b
		}
		b.nodes = append(b.nodes, int32(n))
	}
	keys := make([]packedKey, 0, len(p.keys))
	for _, b := range blocks {
		base, r := int32(len(keys)), int32(len(b.nodes))
		for k := int32(0); k < b.n; k++ {
			for _, n := range b.nodes {
				keys = append(keys, p.keys[p.nodes[n].key+k])
			}
		}
		for i, n := range b.nodes {
			p.nodes[n].key, p.nodes[n].stride = base+int32(i), r
		}
	}
	p.keys = keys
	for n := len(p.nodes) - 1; n >= 0; n-- {
		nd := &p.nodes[n]
		if !nd.keyed {
			continue
		}
		nd.run = 1
		if n+1 < len(p.nodes) {
			next := &p.nodes[n+1]
			if next.keyed && !next.search && !next.still && next.key == nd.key+1 && next.stride == nd.stride {
				nd.run = next.run + 1
			}
		}
	}
}

// keyedNode says whether node n samples from packedKey records in sequence seq:
// its translation, rotation and scale are all linear or all step tracks, on one
// clock, with keys in the sequence at the same times.
func keyedNode(m *model, seq, n int) bool {
	nd := &m.nodes[n]
	if nd.t == nil || nd.r == nil || nd.s == nil {
		return false
	}
	kt, kr, ks := &nd.t.keys, &nd.r.keys, &nd.s.keys
	if kt.interp != InterpLinear && kt.interp != InterpStep {
		return false
	}
	lo, hi, _, ok := kt.span(seq)
	if !ok {
		return false
	}
	for _, k := range []*keys{kr, ks} {
		klo, khi, _, ok := k.span(seq)
		if !ok || k.interp != kt.interp || k.global != kt.global || k.sorted != kt.sorted || khi-klo != hi-lo {
			return false
		}
		for i := 0; i <= hi-lo; i++ {
			if k.times[klo+i] != kt.times[lo+i] {
				return false
			}
		}
	}
	return true
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
