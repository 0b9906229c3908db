package swg

import (
	"encoding/binary"
	"math"

	"animscope/anim"

	"github.com/go-gl/mathgl/mgl32"
)

// The per-frame layout of a bound clip. Sample walks one node record per
// skeleton node; a node whose animated channels (rotation and translation axes)
// all share one set of key frames (the common case: a rotation with static
// translations, or every channel keyed together) is a member of that key set
// and reads its keys from keyRec records, a key's rotation, slerp arc and
// translation in one 64-byte line; the set's key pair and weights are found
// once for each run of nodes on it. Adjacent members with every channel
// animated (the layout puts a set's members in node order) are taken as one
// slice of each of the two key rows (holdRun, sampleRun: on amd64 four nodes
// at a time in AVX2, run_amd64.s). Other nodes (channels on different frames,
// KFAT 0002 Euler channels) sample their tracks as before. Their between-key
// slerps go through a slerpBatch. All of it gives the bits and the probes of the
// tracks' own evaluation (TestSampleMatchesReference against the sampler it
// replaced): the same search, the same float32 operations in the same order, on
// copies of the same keys.

// Kinds of packedNode.
const (
	nodeIdentity = iota // no XFIN: identity and a fallback probe
	nodeKeyed           // animated channels on one key set (or none)
	nodeGeneral         // the XFIN's tracks, channel by channel
)

// A keyed node writes four probe records (Sample).
const _ = uint(anim.MaxProbeKeys - 4)

// Bits of packedNode.anim: which channels are animated.
const (
	animRot = 1 << iota
	animTX
	animAll = animRot | animTX | animTX<<1 | animTX<<2
)

// packedNode is how skeleton node i samples.
type packedNode struct {
	kind uint8
	anim uint8 // animRot | animTX<<axis for each animated channel
	set  int32 // keyed with animated channels: c.sets index
	rec  int32 // keyed: its key 0's record (key k: rec + k·members of the set)
	// run, for a keyed node with every channel animated, is how many nodes
	// from this one on are such nodes of the same set with adjacent records
	// (rec, rec+1, …): Sample takes them as one slice of each of its key
	// pair's rows (sampleRun).
	run int32
	x   int32 // general: the XFIN index
	// static channels: the value and its SROT / STRN index (probes)
	rotStatic mgl32.Quat
	rotIndex  int32
	tStatic   [3]float32
	tIndex    [3]int32
}

// keySet is the frames of keyed nodes' animated channels, their 1/distance
// table, the key numbers probes report (nil: the same), and where the members'
// key records lie: key k of member m at recs[base + k·members + m]. Key-major,
// so that a frame reads the members' keys k and k+1 as two sequential runs of
// records (the nodes are visited in order) instead of one record pair every
// few kilobytes.
type keySet struct {
	frames  []float32
	inv     []float32
	fileIdx []int32
	fid     int32 // the frames' number (keyFinder)
	base    int32
	members int32
}

func (s *keySet) file(k int) int32 {
	if s.fileIdx == nil {
		return int32(k)
	}
	return s.fileIdx[k]
}

// keyRec is one key of a keyed node: the rotation key and the arc to the next
// (zero for the last key and when the rotation is static), and the translation
// axes (those that are animated), padded to 64 bytes (TestKeyRecSize).
type keyRec struct {
	q mgl32.Quat
	a arc
	t [3]float32
	_ [8]byte
}

// pack lays out c's nodes (c.joint set).
func (c *Clip) pack() {
	d := c.d
	c.nodes = make([]packedNode, len(c.joint))
	type setKey struct {
		frames *float32
		n      int
		idx    string
	}
	setOf := map[setKey]int32{}
	type member struct{ set, slot int32 }
	memberOf := map[int32]member{} // XFIN → its set and place in it
	var members [][]int32          // per set: its XFINs in slot order
	for i, x := range c.joint {
		nd := &c.nodes[i]
		if x < 0 {
			nd.kind = nodeIdentity
			continue
		}
		s := &d.src[x]
		nd.x = x
		frames, inv, fileIdx, fid, ok := d.keyedFrames(s)
		if !ok {
			nd.kind = nodeGeneral
			continue
		}
		nd.kind = nodeKeyed
		nd.rotStatic, nd.rotIndex = s.rotStatic, s.rotIndex
		if s.rotTrack >= 0 {
			nd.anim |= animRot
		}
		for a := 0; a < 3; a++ {
			if s.trans[a].track >= 0 {
				nd.anim |= animTX << a
			} else {
				nd.tStatic[a], nd.tIndex[a] = s.trans[a].static, s.trans[a].index
			}
		}
		if nd.anim == 0 {
			continue
		}
		m, seen := memberOf[x]
		if !seen {
			sk := setKey{&frames[0], len(frames), idxString(fileIdx)}
			set, seen := setOf[sk]
			if !seen {
				set = int32(len(c.sets))
				c.sets = append(c.sets, keySet{frames: frames, inv: inv, fileIdx: fileIdx, fid: fid})
				members = append(members, nil)
				setOf[sk] = set
			}
			m = member{set, int32(len(members[set]))}
			members[set] = append(members[set], x)
			memberOf[x] = m
		}
		nd.set, nd.rec = m.set, m.slot // rec: the slot until the records are laid out
	}
	total := 0
	for i := range c.sets {
		total += len(c.sets[i].frames) * len(members[i])
	}
	c.recs = make([]keyRec, total)
	base := 0
	for i := range c.sets {
		ks := &c.sets[i]
		ks.base, ks.members = int32(base), int32(len(members[i]))
		for slot, x := range members[i] {
			s := &d.src[x]
			for k := range ks.frames {
				r := &c.recs[base+k*len(members[i])+slot]
				if s.rotTrack >= 0 {
					rt := d.rot[s.rotTrack]
					r.q = rt.keys[k]
					if k < len(rt.arcs) {
						r.a = rt.arcs[k]
					}
				}
				for a := 0; a < 3; a++ {
					if tr := s.trans[a].track; tr >= 0 {
						r.t[a] = d.trans[tr].values[k]
					}
				}
			}
		}
		base += len(ks.frames) * len(members[i])
	}
	for i := range c.nodes {
		if nd := &c.nodes[i]; nd.kind == nodeKeyed && nd.anim != 0 {
			nd.rec += c.sets[nd.set].base
		}
	}
	for i := len(c.nodes) - 1; i >= 0; i-- {
		nd := &c.nodes[i]
		if nd.kind != nodeKeyed || nd.anim != animAll {
			continue
		}
		nd.run = 1
		if i+1 < len(c.nodes) {
			if next := &c.nodes[i+1]; next.kind == nodeKeyed && next.anim == animAll && next.set == nd.set && next.rec == nd.rec+1 {
				nd.run = next.run + 1
			}
		}
	}
}

// keyedFrames says whether XFIN s samples as a keyed node: no Euler channels,
// and its animated channels (if any) on one frames slice (internFrames), with
// one key per frame and the same file key numbers. It returns that slice, its
// 1/distance table, the file numbers and the frames' number (keyFinder).
func (d *animData) keyedFrames(s *xsrc) (frames, inv []float32, fileIdx []int32, fid int32, ok bool) {
	if s.euler {
		return nil, nil, nil, 0, false
	}
	first := true
	same := func(fr, iv []float32, n int, idx []int32, id int32) bool {
		if len(fr) == 0 || n != len(fr) {
			return false
		}
		if first {
			first = false
			frames, inv, fileIdx, fid = fr, iv, idx, id
			return true
		}
		return &fr[0] == &frames[0] && len(fr) == len(frames) && &iv[0] == &inv[0] && sameIdx(idx, fileIdx)
	}
	if s.rotTrack >= 0 {
		rt := d.rot[s.rotTrack]
		if !same(rt.frames, rt.inv, len(rt.keys), rt.fileIdx, rt.fid) || len(rt.arcs) != len(rt.keys)-1 {
			return nil, nil, nil, 0, false
		}
	}
	for a := 0; a < 3; a++ {
		if tr := s.trans[a].track; tr >= 0 {
			t := d.trans[tr]
			if !same(t.frames, t.inv, len(t.values), t.fileIdx, t.fid) {
				return nil, nil, nil, 0, false
			}
		}
	}
	return frames, inv, fileIdx, fid, true
}

// sameIdx says whether two file-number tables are equal (nil: the identity).
func sameIdx(a, b []int32) bool {
	if (a == nil) != (b == nil) || len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// idxString is a map key for a file-number table ("" for nil, which no
// non-nil table gives: a table has one entry per key and a key set at least one).
func idxString(idx []int32) string {
	b := make([]byte, 0, 4*len(idx))
	for _, v := range idx {
		b = binary.LittleEndian.AppendUint32(b, uint32(v))
	}
	return string(b)
}

// Sample evaluates every joint at frame t (FORMAT.md §6.1, §9.2): out gets the
// animation's deltas A (rotation) and T (translation) and s = 1; joints without
// an XFIN get the identity and a fallback probe. It never clamps or wraps t and
// allocates nothing.
func (c *Clip) Sample(_ anim.Context, t float64, out []anim.Transform, probes []anim.Probe) (anim.Affine, bool) {
	f := float32(t)
	frame := int32(0)
	if fl := math.Floor(t); fl >= math.MinInt32 && fl <= math.MaxInt32 {
		frame = int32(fl)
	}
	var b slerpBatch
	var kf keyFinder
	st := keyState{set: -1}
	nodes, recs := c.nodes, c.recs
	for i := 0; i < len(out); i++ {
		var p *anim.Probe
		if probes != nil && i < len(probes) {
			p = &probes[i]
		}
		o := &out[i]
		kind := uint8(nodeIdentity)
		if i < len(nodes) {
			kind = nodes[i].kind
		}
		switch kind {
		case nodeKeyed:
			nd := &nodes[i]
			if nd.anim != 0 && nd.set != st.set {
				c.keyState(&st, nd.set, f, &kf)
			}
			if nd.anim == animAll {
				// sampleKeyed's commonest case, every channel animated, for
				// the run of such nodes from this one.
				n := min(int(nd.run), len(out)-i)
				r0 := recs[int(nd.rec)+st.off0:][:n]
				run := out[i : i+n]
				if st.exact {
					holdRun(run, r0)
				} else {
					sampleRun(run, r0, recs[int(nd.rec)+st.off1:][:n], &st)
				}
				if probes != nil {
					// st.w and st.omlw are 0 on a key. The last two records
					// share their keys, so all four lie in the probe's line.
					for j := i; j < i+n && j < len(probes); j++ {
						p := &probes[j]
						p.ResetWith(frame, false, 4)
						p.PutKey(0, chanR, st.k0, st.k1, st.w)
						p.PutKey(1, chanT[0], st.k0, st.k1, st.omlw)
						p.PutKey(2, chanT[1], st.k0, st.k1, st.omlw)
						p.PutSharedKey(chanT[2])
					}
				}
				i += n - 1
				continue
			}
			if p != nil {
				p.Reset(frame, false)
			}
			c.sampleKeyed(nd, o, &st, p, &b)
		case nodeGeneral:
			if p != nil {
				p.Reset(frame, false)
			}
			c.sampleGeneral(nodes[i].x, o, f, p, &b, &kf)
		default:
			*o = anim.IdentityTransform
			if p != nil {
				p.Reset(frame, true)
			}
		}
	}
	b.flush()
	return anim.IdentityAffine, false
}

// keyState is what every member of one key set uses at a Sample call's frame
// f: the key pair (the channels' sampleAt with k = lower(frames, f)), the
// records' offsets from a member's key 0, the weights and the probes' key numbers.
type keyState struct {
	set        int32 // −1: none yet
	exact      bool  // key k0 itself (on it, after the last, before the first)
	off0, off1 int   // records of keys k and k+1
	w          float32
	lw, omlw   float32 // the scalar channels' weight of key k, and 1 − lw
	k0, k1     int32
}

// keyState evaluates set at frame f into st.
func (c *Clip) keyState(st *keyState, set int32, f float32, kf *keyFinder) {
	ks := &c.sets[set]
	frames, m := ks.frames, int(ks.members)
	k := kf.lower(ks.fid, frames, f)
	st.set = set
	if k < 0 || k == len(frames)-1 || frames[k] == f || ks.inv[k] == 0 {
		if k < 0 {
			k = 0 // before the first key: key 0 held
		}
		st.exact = true
		st.off0, st.off1 = k*m, k*m
		st.w, st.lw, st.omlw = 0, 0, 0
		st.k0, st.k1 = ks.file(k), -1
		return
	}
	inv := ks.inv[k]
	st.exact = false
	st.off0, st.off1 = k*m, (k+1)*m
	st.w = float32((f - frames[k]) * inv)
	st.lw = float32((frames[k+1] - f) * inv)
	st.omlw = 1 - st.lw
	st.k0, st.k1 = ks.file(k), ks.file(k+1)
}

// sampleKeyed samples a keyed node: the channels' sampleAt on the node's key
// records, at the key pair of st (its set's).
func (c *Clip) sampleKeyed(nd *packedNode, o *anim.Transform, st *keyState, p *anim.Probe, b *slerpBatch) {
	o.S[0], o.S[1], o.S[2] = 1, 1, 1
	am := nd.anim
	if am == 0 {
		o.Q = nd.rotStatic
		o.T[0], o.T[1], o.T[2] = nd.tStatic[0], nd.tStatic[1], nd.tStatic[2]
		if p != nil {
			p.Add(anim.KeyUse{Channel: chanRStatic, K0: nd.rotIndex, K1: -1})
			for a := 0; a < 3; a++ {
				p.Add(anim.KeyUse{Channel: chanTStatic[a], K0: nd.tIndex[a], K1: -1})
			}
		}
		return
	}
	var alR, alT float32
	if st.exact {
		r := &c.recs[int(nd.rec)+st.off0]
		if am&animRot != 0 {
			o.Q = r.q
		} else {
			o.Q = nd.rotStatic
		}
		for a := 0; a < 3; a++ {
			if am&(animTX<<a) != 0 {
				o.T[a] = r.t[a]
			} else {
				o.T[a] = nd.tStatic[a]
			}
		}
	} else {
		r0 := &c.recs[int(nd.rec)+st.off0]
		r1 := &c.recs[int(nd.rec)+st.off1]
		if am&animRot != 0 {
			if !b.tryAdd(&o.Q, &r0.q, &r0.a, st.w) {
				b.addSlow(&o.Q, &r0.q, &r0.a, st.w)
			}
			alR = st.w
		} else {
			o.Q = nd.rotStatic
		}
		lw, omlw := st.lw, st.omlw
		for a := 0; a < 3; a++ {
			if am&(animTX<<a) != 0 {
				o.T[a] = float32(lw*r0.t[a]) + float32(omlw*r1.t[a])
			} else {
				o.T[a] = nd.tStatic[a]
			}
		}
		alT = omlw
	}
	if p != nil {
		if am&animRot != 0 {
			p.Add(anim.KeyUse{Channel: chanR, K0: st.k0, K1: st.k1, Alpha: alR})
		} else {
			p.Add(anim.KeyUse{Channel: chanRStatic, K0: nd.rotIndex, K1: -1})
		}
		for a := 0; a < 3; a++ {
			if am&(animTX<<a) != 0 {
				p.Add(anim.KeyUse{Channel: chanT[a], K0: st.k0, K1: st.k1, Alpha: alT})
			} else {
				p.Add(anim.KeyUse{Channel: chanTStatic[a], K0: nd.tIndex[a], K1: -1})
			}
		}
	}
}

// sampleGeneral samples XFIN x channel by channel from its tracks.
func (c *Clip) sampleGeneral(x int32, o *anim.Transform, f float32, p *anim.Probe, b *slerpBatch, kf *keyFinder) {
	d := c.d
	s := &d.src[x]
	switch {
	case s.rotTrack >= 0:
		rt := d.rot[s.rotTrack]
		k0, k1, al := rt.sampleBatch(&o.Q, kf.lower(rt.fid, rt.frames, f), f, b)
		if p != nil {
			p.Add(anim.KeyUse{Channel: chanR, K0: k0, K1: k1, Alpha: al})
		}
	case s.euler:
		var ang [3]float32
		for k := 0; k < 3; k++ {
			ang[k] = s.eul[k].sample(d.euler, f, kf, p, chanE[k], chanEStatic[k])
		}
		o.Q = EulerXYZ(ang[0], ang[1], ang[2])
	default:
		o.Q = s.rotStatic
		if p != nil {
			p.Add(anim.KeyUse{Channel: chanRStatic, K0: s.rotIndex, K1: -1})
		}
	}
	// Written field by field: a Transform literal is assembled on the stack
	// and copied with wide moves that stall on its narrow stores.
	for k := 0; k < 3; k++ {
		o.T[k] = s.trans[k].sample(d.trans, f, kf, p, chanT[k], chanTStatic[k])
	}
	o.S[0], o.S[1], o.S[2] = 1, 1, 1
}

// sampleBatch is sampleAt writing the rotation into *dst, a between-key slerp
// through b (written at b's next flush).
func (t *qtrack) sampleBatch(dst *mgl32.Quat, k int, f float32, b *slerpBatch) (k0, k1 int32, alpha float32) {
	if k < 0 || k == len(t.keys)-1 || t.frames[k] == f || t.inv[k] == 0 {
		q, k0, k1, alpha := t.sampleAt(k, f)
		*dst = q
		return k0, k1, alpha
	}
	w := float32((f - t.frames[k]) * t.inv[k])
	if q0, a := &t.keys[k], &t.arcs[k]; !b.tryAdd(dst, q0, a, w) {
		b.addSlow(dst, q0, a, w)
	}
	return t.file(k), t.file(k + 1), w
}
