package m2

import (
	"fmt"
	"math"
	"sort"

	"animscope/anim"
)

// model is what the clips of one file share: the tracks of every skeleton node (in
// anim order) and the global sequence lengths.
type model struct {
	pre     bool
	globals []uint32
	nodes   []nodeTracks
	alphas  []meshAlpha // per mesh of the asset
}

// nodeTracks are one bone's tracks; nil when a track has no keys.
type nodeTracks struct {
	t, s *vecTrack
	r    *quatTrack
}

// Clip is one sequence. It samples its resolved sequence (an alias samples its
// target, FORMAT.md §5.4); Info gives the sequence's own name and duration.
type Clip struct {
	m     *model
	seq   Sequence // this sequence, as listed in Details
	src   int      // the sequence whose keys are sampled
	start float64  // before 264: the sampled sequence's start on the shared timeline
	info  anim.ClipInfo
	alias []string
	// pack is the sampled sequence's tracks laid out for the frame loop; nil when
	// the model keeps none (packSequences), and then the tracks sample directly.
	pack *packedSeq
}

func newClip(m *model, seqs []Sequence, i int) *Clip {
	s := seqs[i]
	c := &Clip{m: m, seq: s, src: s.resolved}
	if m.pre {
		c.start = float64(seqs[c.src].Start)
	}
	c.info = anim.ClipInfo{Name: s.Name, Unit: "ms", Duration: float64(s.Duration), UnitsPerSecond: 1000}
	c.alias = []string{fmt.Sprintf("%d.%d", s.ID, s.nameVar)}
	return c
}

// Info describes the clip: unit "ms", the sequence's duration.
func (c *Clip) Info() anim.ClipInfo { return c.info }

// BoundNodes is the model's bone count (anim.BoundClip): Sample fills that many.
func (c *Clip) BoundNodes() int { return len(c.m.nodes) }

// Aliases are the other names Asset.Clip accepts: "<id>.<variation>".
func (c *Clip) Aliases() []string { return c.alias }

// Stand reports whether the sequence is animation id 0, "Stand" (the client's
// idle stance, what WoW Model Viewer opens a model on).
func (c *Clip) Stand() bool { return c.seq.ID == 0 }

// Sequence is the sequence record this clip plays.
func (c *Clip) Sequence() Sequence { return c.seq }

// Sample evaluates every node at τ = t ms within the sequence, exactly: no clamp,
// wrap or loop beyond the rules of FORMAT.md §5.1/§5.3. Global-sequence tracks use t as
// their global clock too (the `sample` contract). ctx is a *Cursor from
// NewContext (or nil: no cursor, same results).
func (c *Clip) Sample(ctx anim.Context, t float64, out []anim.Transform, probes []anim.Probe) (anim.Affine, bool) {
	cur, _ := ctx.(*Cursor)
	c.SampleWith(cur, t, t, out, probes)
	return anim.IdentityAffine, false
}

// Cursor is the sampling context of a playing instance (anim.Context): per track,
// the keys it used last, so that forward playback finds its keys without a search.
// Results are identical with or without one; a cursor only saves time. Keep one
// per playing instance (it is not safe for concurrent use); it may move between
// the clips of one model.
type Cursor struct {
	slot []int32 // 3 per node: t, r, s
}

// NewContext returns a new *Cursor for the clips of this clip's model.
func (c *Clip) NewContext() anim.Context { return c.NewCursor() }

// NewCursor returns a cursor for the clips of this clip's model.
func (c *Clip) NewCursor() *Cursor { return &Cursor{slot: make([]int32, 3*len(c.m.nodes))} }

// SampleWith evaluates every node at τ = t ms within the sequence with a Cursor
// (nil: none) and a separate global clock G = globalMS (ms) for the
// global-sequence tracks, for a viewer whose global clock never resets (FORMAT.md §5.2).
func (c *Clip) SampleWith(cur *Cursor, t, globalMS float64, out []anim.Transform, probes []anim.Probe) {
	frame := floorFrame(t)
	var slots []int32
	if cur != nil && len(cur.slot) == 3*len(c.m.nodes) {
		slots = cur.slot
	}
	nodes := c.m.nodes
	out = out[:len(nodes)]
	if probes != nil {
		probes = probes[:len(nodes)]
	}
	seqT := t
	if c.m.pre {
		seqT = c.start + t
	}
	if c.pack != nil {
		c.samplePacked(slots, frame, seqT, globalMS, out, probes)
		return
	}
	for n := range nodes {
		nd := &nodes[n]
		// Written in place: a local Transform copied out at the end stalls on
		// store forwarding (the channels are written in pieces, copied whole).
		x := &out[n]
		var p *anim.Probe
		if probes != nil {
			p = &probes[n]
			p.Reset(frame, false)
		}
		var ht, hr, hs *int32
		if slots != nil {
			ht, hr, hs = &slots[3*n], &slots[3*n+1], &slots[3*n+2]
		}
		if nd.t == nil || !nd.t.eval(c.src, c.trackTime(&nd.t.keys, seqT, globalMS), &x.T, p, chT, ht) {
			x.T = anim.IdentityTransform.T
		}
		if nd.r == nil || !nd.r.eval(c.src, c.trackTime(&nd.r.keys, seqT, globalMS), &x.Q, p, hr) {
			x.Q = anim.IdentityTransform.Q
		}
		if nd.s == nil || !nd.s.eval(c.src, c.trackTime(&nd.s.keys, seqT, globalMS), &x.S, p, chS, hs) {
			x.S = anim.IdentityTransform.S
		}
	}
}

// samplePacked is SampleWith's loop over the clip's packedSeq: the same results
// and probes as the tracks' own eval, read from contiguous arrays. The key search
// is done once for a run of channels that share their key times (sameKeys),
// and a node whose three channels are keyed together reads its keys from one
// interleaved record per key (packedSeq.keys, in rows by time), so that a node
// costs no call; the slerps' sines and cosines are computed together at the end.
func (c *Clip) samplePacked(slots []int32, frame int32, seqT, globalMS float64, out []anim.Transform, probes []anim.Probe) {
	ps := c.pack
	tracks := ps.tracks[:3*len(out)]
	nodes := ps.nodes[:len(out)]
	times, vecs, quats, arcs, keys := ps.times, ps.vecs, ps.quats, ps.arcs, ps.keys
	// a is the key of the last searched channel, r the fraction towards a+1,
	// exact when the result is key a itself; a channel with sameKeys (of this
	// node or a later one) takes them as they are.
	a, r, exact := 0, float32(0), true
	// The rotations between two keys are written at slerps.Flush, their sines
	// and cosines computed together (anim.SlerpBatch).
	var slerps anim.SlerpBatch
	defer slerps.Flush()
	for n := 0; n < len(out); n++ {
		x := &out[n]
		nd := &nodes[n]
		var p *anim.Probe
		if probes != nil {
			p = &probes[n]
			if nd.still || !nd.keyed { // a keyed node sets its header with its records
				p.Reset(frame, false)
			}
		}
		if nd.still { // otherChannel's defaults, without three calls
			x.T, x.Q, x.S = anim.IdentityTransform.T, anim.IdentityTransform.Q, anim.IdentityTransform.S
			continue
		}
		if nd.keyed {
			if nd.search {
				a, r, exact = c.searchPacked(&tracks[3*n], times, slots, 3*n, seqT, globalMS)
			}
			if !exact && p == nil {
				// This node and the keyed ones after it that share its
				// search, in a loop of their own.
				// Nodes n… of nd.run: adjacent records of rows a and a+1.
				m := int(nd.run)
				k := int(nd.key) + a*int(nd.stride)
				lerpKeyedRun(&slerps, keys[k:k+m], keys[k+int(nd.stride):][:m], out[n:n+m], r)
				n += m - 1
				continue
			}
			k0 := &keys[int(nd.key)+a*int(nd.stride)]
			if exact {
				x.T, x.Q, x.S = k0.t, k0.q, k0.s
				if p != nil {
					k := int32(a)
					p.ResetWith(frame, false, 3)
					p.PutKey(0, chT, int32(nd.probe[0])+k, -1, 0)
					p.PutKey(1, chR, int32(nd.probe[1])+k, -1, 0)
					p.PutKey(2, chS, int32(nd.probe[2])+k, -1, 0)
				}
				continue
			}
			k1 := &keys[int(nd.key)+(a+1)*int(nd.stride)]
			x.T[0] = k0.t[0] + float32((k1.t[0]-k0.t[0])*r)
			x.T[1] = k0.t[1] + float32((k1.t[1]-k0.t[1])*r)
			x.T[2] = k0.t[2] + float32((k1.t[2]-k0.t[2])*r)
			if !slerps.TryAdd(&x.Q, &k0.q, &k1.q, &k0.arc, r) {
				slerps.Add(&x.Q, &k0.q, &k1.q, &k0.arc, r)
			}
			x.S[0] = k0.s[0] + float32((k1.s[0]-k0.s[0])*r)
			x.S[1] = k0.s[1] + float32((k1.s[1]-k0.s[1])*r)
			x.S[2] = k0.s[2] + float32((k1.s[2]-k0.s[2])*r)
			if p != nil {
				p.ResetWith(frame, false, 3)
				k := int32(nd.probe[0]) + int32(a)
				p.PutKey(0, chT, k, k+1, r)
				k = int32(nd.probe[1]) + int32(a)
				p.PutKey(1, chR, k, k+1, r)
				k = int32(nd.probe[2]) + int32(a)
				p.PutKey(2, chS, k, k+1, r)
			}
			continue
		}
		for ch := 0; ch < 3; ch++ {
			pt := &tracks[3*n+ch]
			switch pt.kind {
			case packLinear, packStep:
			case packAbsent: // otherChannel's default, without the call
				switch ch {
				case 0:
					x.T = anim.IdentityTransform.T
				case 1:
					x.Q = anim.IdentityTransform.Q
				default:
					x.S = anim.IdentityTransform.S
				}
				continue
			default:
				c.otherChannel(pt, ch, n, seqT, globalMS, x, p, slots)
				continue
			}
			if !pt.sameKeys {
				a, r, exact = c.searchPacked(pt, times, slots, 3*n+ch, seqT, globalMS)
			}
			k := int(pt.probe) + a
			v := int(pt.val) + a
			if ch == 1 {
				if exact {
					x.Q = quats[v]
					addKey(p, chR, k, -1, 0)
					continue
				}
				if !slerps.TryAdd(&x.Q, &quats[v], &quats[v+1], &arcs[v], r) {
					slerps.Add(&x.Q, &quats[v], &quats[v+1], &arcs[v], r)
				}
				addKey(p, chR, k, k+1, r)
				continue
			}
			dst := &x.T
			if ch == 2 {
				dst = &x.S
			}
			if exact {
				*dst = vecs[v]
				addKey(p, channelNames[ch], k, -1, 0)
				continue
			}
			va, vb := &vecs[v], &vecs[v+1]
			dst[0] = va[0] + float32((vb[0]-va[0])*r)
			dst[1] = va[1] + float32((vb[1]-va[1])*r)
			dst[2] = va[2] + float32((vb[2]-va[2])*r)
			addKey(p, channelNames[ch], k, k+1, r)
		}
	}
}

// lerpKeyedRun is samplePacked's loop without probes over a run of keyed
// nodes (packedNode.run) between their keys k0s[i] and k1s[i] at fraction r
// (not exact), into out[i]: the translations and scales of all (lerpTS), then
// the rotations. Loops of their own over three slices keep their few values
// in registers, where the whole frame loop spills them to the stack, and have
// no bounds to check.
func lerpKeyedRun(slerps *anim.SlerpBatch, k0s, k1s []packedKey, out []anim.Transform, r float32) {
	k1s = k1s[:len(k0s)]
	out = out[:len(k0s)]
	lerpTS(k0s, k1s, out, r)
	for i := range k0s {
		k0, k1, x := &k0s[i], &k1s[i], &out[i]
		if !slerps.TryAdd(&x.Q, &k0.q, &k1.q, &k0.arc, r) {
			slerps.Add(&x.Q, &k0.q, &k1.q, &k0.arc, r)
		}
	}
}

// searchPacked is keys.locate's steps on packed track pt (linear or step; its
// keys are times[pt.first:][:pt.n]) at the sequence time seqT, or the global
// clock for a global-sequence track, with the cursor's slot i when slots is not
// nil.
func (c *Clip) searchPacked(pt *packedTrack, times []uint32, slots []int32, i int, seqT, globalMS float64) (a int, r float32, exact bool) {
	t := seqT
	if pt.global >= 0 {
		t = globalTime(c.m.globals[pt.global], globalMS)
	}
	ts := times[pt.first : pt.first+pt.n]
	hi := len(ts) - 1
	switch {
	case hi == 0 || !(t > float64(ts[0])):
		return 0, 0, true
	case t >= float64(ts[hi]):
		return hi, 0, true
	}
	ti := uint32(t)
	a = -1
	var hint *int32
	if slots != nil {
		hint = &slots[i]
		if c := int(*hint); pt.sorted && c >= 0 && c < hi && ts[c] <= ti {
			switch {
			case ti < ts[c+1]:
				a = c
			case c+1 < hi && ti < ts[c+2]:
				a = c + 1
			}
		}
	}
	if a < 0 {
		m := hi
		a = 0
		for m > 1 {
			half := m >> 1
			if ts[a+half] <= ti {
				a += half
			}
			m -= half
		}
	}
	if hint != nil {
		*hint = int32(a)
	}
	t0 := float64(ts[a])
	span := float64(ts[a+1]) - t0
	rr := (t - t0) / span
	switch {
	case !(rr > 0) || span <= 0:
		return a, 0, true
	case rr >= 1:
		return a + 1, 0, true
	case pt.kind == packStep:
		return a, 0, true
	}
	return a, float32(rr), false
}

// otherChannel samples a channel that is not a packed linear or step track:
// absent or without keys in the sequence (the default value), or cubic (its
// track's own eval).
func (c *Clip) otherChannel(pt *packedTrack, ch, n int, seqT, globalMS float64, x *anim.Transform, p *anim.Probe, slots []int32) {
	var hint *int32
	if slots != nil {
		hint = &slots[3*n+ch]
	}
	nd := &c.m.nodes[n]
	switch {
	case pt.kind == packEmpty:
		addKey(p, channelNames[ch], -1, -1, 0)
	case pt.kind != packSlow:
	case ch == 0:
		if nd.t.eval(c.src, c.trackTime(&nd.t.keys, seqT, globalMS), &x.T, p, chT, hint) {
			return
		}
	case ch == 1:
		if nd.r.eval(c.src, c.trackTime(&nd.r.keys, seqT, globalMS), &x.Q, p, hint) {
			return
		}
	default:
		if nd.s.eval(c.src, c.trackTime(&nd.s.keys, seqT, globalMS), &x.S, p, chS, hint) {
			return
		}
	}
	switch ch {
	case 0:
		x.T = anim.IdentityTransform.T
	case 1:
		x.Q = anim.IdentityTransform.Q
	default:
		x.S = anim.IdentityTransform.S
	}
}

// The probes' channels t, r and s, and channelNames indexed by channel.
const chT, chR, chS = anim.ChannelT, anim.ChannelR, anim.ChannelS

var channelNames = [3]anim.Channel{chT, chR, chS}

// trackTime is the time a track is evaluated at: the sequence time, or the global
// clock g for a global-sequence track. The modulo is in globalTime so that this
// inlines into the per-node loop.
func (c *Clip) trackTime(k *keys, seqT, g float64) float64 {
	if k.global < 0 {
		return seqT
	}
	return globalTime(c.m.globals[k.global], g)
}

// globalTime is G mod L (0 when L is 0), with the modulo taken into [0, L) for a
// negative G.
func globalTime(l uint32, g float64) float64 {
	if l == 0 {
		return 0
	}
	x := math.Mod(g, float64(l))
	if x < 0 {
		x += float64(l)
	}
	return x
}

// MeshAlpha is the opacity of the asset's mesh i at t (ms in the sequence) with the
// global clock at globalMS: the alpha of its first batch's colour times its
// transparency (fixed16 tracks, value/32767), 1 when neither has keys. Frog.m2's
// tongue, for one, is hidden this way except in one sequence.
func (c *Clip) MeshAlpha(mesh int, t, globalMS float64) float32 {
	if mesh < 0 || mesh >= len(c.m.alphas) {
		return 1
	}
	a := &c.m.alphas[mesh]
	seqT := t
	if c.m.pre {
		seqT = c.start + t
	}
	alpha := float32(1)
	if a.color != nil {
		alpha *= a.color.eval(c.src, c.trackTime(&a.color.keys, seqT, globalMS), 1)
	}
	if a.transp != nil {
		alpha *= a.transp.eval(c.src, c.trackTime(&a.transp.keys, seqT, globalMS), 1)
	}
	return alpha
}

// floorFrame is ⌊t⌋ as an int32, saturated (and 0 for NaN).
func floorFrame(t float64) int32 {
	f := math.Floor(t)
	switch {
	case f != f:
		return 0
	case f >= math.MaxInt32:
		return math.MaxInt32
	case f <= math.MinInt32:
		return math.MinInt32
	}
	return int32(f)
}

// maxKeyTimes caps the ticks KeyTimes lists for one node (global-sequence tracks
// repeat through the sequence).
const maxKeyTimes = 1 << 12

// KeyTimes appends the times (ms within the sequence, sorted, without duplicates)
// of the keys node may use: a sequence track's keys of this sequence, and a
// global-sequence track's keys repeated every loop from 0 to the duration (the
// `sample` reading, G = t).
func (c *Clip) KeyTimes(node int, dst []float64) []float64 {
	return c.keyTimes(node, anim.TrackAny, dst)
}

// keyTimes is KeyTimes of the node's tracks of one kind (TrackAny: all three).
func (c *Clip) keyTimes(node int, kind anim.TrackKind, dst []float64) []float64 {
	if node < 0 || node >= len(c.m.nodes) {
		return dst
	}
	n0 := len(dst)
	nd := &c.m.nodes[node]
	for i, k := range [3]*keys{keysOf(nd.t), keysOfQ(nd.r), keysOf(nd.s)} {
		if k == nil || (kind != anim.TrackAny && kind != anim.TrackT+anim.TrackKind(i)) {
			continue
		}
		lo, hi, _, ok := k.span(c.src)
		if !ok {
			continue
		}
		for i := lo; i <= hi && len(dst)-n0 < maxKeyTimes; i++ {
			tk := float64(k.times[i])
			switch {
			case k.global >= 0:
				l := float64(c.m.globals[k.global])
				if l == 0 {
					dst = append(dst, 0)
					break
				}
				for r := tk; r <= c.info.Duration && len(dst)-n0 < maxKeyTimes; r += l {
					dst = append(dst, r)
				}
			case c.m.pre:
				dst = append(dst, tk-c.start)
			default:
				dst = append(dst, tk)
			}
		}
	}
	ts := dst[n0:]
	sort.Float64s(ts)
	w := 0
	for i, v := range ts {
		if i == 0 || v != ts[w-1] {
			ts[w] = v
			w++
		}
	}
	return dst[:n0+w]
}

var (
	_ anim.Clip         = (*Clip)(nil)
	_ anim.KeyTimesClip = (*Clip)(nil)
)
