package msh

import (
	"fmt"
	"math"

	"animscope/anim"

	"github.com/go-gl/mathgl/mgl32"
)

// Rounding selects the frame-index rule of §11.1.
type Rounding uint8

const (
	// RoundEngine is the x87 rule: t − 0.5 rounded to single precision, then
	// converted with round-half-to-even through a 64-bit integer, low 32 bits kept.
	RoundEngine Rounding = iota
	// RoundFloor is openparkan's floor(t).
	RoundFloor
	// RoundHalfAway is ParkanPlayground's round(t − 0.5f) with ties away from zero.
	RoundHalfAway
)

// ParseRounding maps the option value ("engine", "floor", "half-away"; "" is the
// default engine rule).
func ParseRounding(s string) (Rounding, error) {
	switch s {
	case "", "engine":
		return RoundEngine, nil
	case "floor":
		return RoundFloor, nil
	case "half-away":
		return RoundHalfAway, nil
	}
	return RoundEngine, fmt.Errorf("unknown rounding %q (engine, floor or half-away)", s)
}

func (r Rounding) String() string {
	switch r {
	case RoundFloor:
		return "floor"
	case RoundHalfAway:
		return "half-away"
	}
	return "engine"
}

// fistp converts like the x87 FISTP to a 64-bit integer: a NaN or a value outside
// the int64 range gives the "integer indefinite" 0x8000000000000000.
func fistp(x float64) int64 {
	if !(x >= -0x1p63 && x < 0x1p63) {
		return math.MinInt64
	}
	return int64(x)
}

// FrameIndex computes the signed frame index for time t (already a float32) by rule
// r (§11.1). The caller's range test is unsigned: uint32(frame) >= F falls back.
func FrameIndex(t float32, r Rounding) int32 {
	var x float64
	switch r {
	case RoundFloor:
		x = math.Floor(float64(t))
	case RoundHalfAway:
		x = math.Round(float64(t - 0.5))
	default:
		x = math.RoundToEven(float64(float32(float64(t) - 0.5)))
	}
	return int32(fistp(x)) // the low 32 bits
}

// Info describes the clip.
func (c *Clip) Info() anim.ClipInfo { return c.info }

// BoundNodes is the file's node count (anim.BoundClip).
func (c *Clip) BoundNodes() int { return len(c.nodes) }

// Rounding is the clip's frame-index rule.
func (c *Clip) Rounding() Rounding { return c.rounding }

// FrameCount is F.
func (c *Clip) FrameCount() int { return int(c.frames) }

var one = mgl32.Vec3{1, 1, 1}

// Sample evaluates every node at time t (frames; rounded to float32 first), exactly
// as §11: frame index by the clip's rounding rule, unsigned range check against F,
// key choice with fallback, exact-time returns on k0 then k1, position lerp and the
// engine's slerp. out[i].Q is the conjugate of the engine quaternion (§12.3), S = 1.
// probes, when not nil, get the signed frame, the branch and one "trs" key record.
// It allocates nothing.
func (c *Clip) Sample(_ anim.Context, t float64, out []anim.Transform, probes []anim.Probe) (anim.Affine, bool) {
	n := min(len(c.nodes), len(out))
	if probes != nil {
		n = min(n, len(probes))
	}
	if n > 0 {
		c.sampleNodes(t, 0, n, out, probes)
	}
	return anim.IdentityAffine, false
}

// SampleNodes is Sample for nodes lo to hi−1 alone, node lo+i into out[i] and,
// when probes is not nil, probes[i]; it samples as many of those nodes as the
// clip has and out (and probes) hold. A node's pose and probe depend on no other
// node's, so a caller that reads a block of nodes at a time can sample a block
// into buffers that stay in the cache (diff compares two scenes so). It
// allocates nothing.
func (c *Clip) SampleNodes(t float64, lo, hi int, out []anim.Transform, probes []anim.Probe) {
	lo = max(lo, 0)
	n := min(hi, len(c.nodes)) - lo
	n = min(n, len(out))
	if probes != nil {
		n = min(n, len(probes))
	}
	if n > 0 {
		c.sampleNodes(t, lo, n, out, probes)
	}
}

// sampleNodes samples n ≥ 1 nodes from node lo, node lo+i into out[i] and
// probes[i] (each long enough; probes may be nil).
func (c *Clip) sampleNodes(t float64, lo, n int, out []anim.Transform, probes []anim.Probe) {
	tf := float32(t)
	frame := FrameIndex(tf, c.rounding)
	inRange := uint32(frame) < c.frames
	nodes := c.nodes[lo : lo+n]
	out = out[:n]
	if probes != nil {
		probes = probes[:n]
	}
	keys, arcs, mapw := c.keys, c.arcs, c.mapw
	// row is this frame's words of rows, when the clip has them.
	var row []uint16
	if inRange && c.rows != nil {
		row = c.rows[int(frame)*len(c.nodes)+lo:][:n]
	}
	// The rotations between two keys are written at slerps.Flush, their sines
	// and cosines computed together (anim.SlerpBatch).
	var slerps anim.SlerpBatch
	defer slerps.Flush()
	for i := 0; i < len(nodes); i++ {
		nd := &nodes[i]
		if nd.bad {
			out[i] = anim.IdentityTransform
			if probes != nil {
				p := &probes[i]
				p.ResetWith(frame, true, 1) // Reset then Add, as the inline writers
				p.PutKey(0, chTRS, -1, -1, 0)
			}
			continue
		}
		key := int(nd.fb)
		fallback := true
		if row != nil {
			if v := int(row[i]); v < key {
				key, fallback = v, false
			}
		} else if inRange && nd.mapStart >= 0 {
			w := 2 * (int(nd.mapStart) + int(frame))
			if v := int(mapw[w]) | int(mapw[w+1])<<8; v < key {
				key, fallback = v, false
			}
		}
		if fallback {
			if i+1 < len(nodes) && nodes[i+1].mapStart < 0 {
				// A run of static nodes, likely long: a scene of props.
				i = c.fallbackRun(i, key, frame, inRange, row, nodes, out, probes)
				continue
			}
			keys[key].holdTo(&out[i])
			if probes != nil {
				p := &probes[i]
				p.ResetWith(frame, true, 1)
				p.PutKey(0, chTRS, int32(key), -1, 0)
			}
			continue
		}
		o := &out[i]
		k0 := &keys[key]
		// Fields are written one by one: a composite literal of the whole Transform
		// or KeyUse is built on the stack and copied with wide moves that stall on
		// the narrow stores that filled it (about a third of the sampler's time).
		k1i, alpha := int32(-1), float32(0)
		switch {
		case tf == k0.time:
			o.T, o.Q = k0.pos, k0.qc
		case tf == keys[key+1].time:
			k1 := &keys[key+1]
			o.T, o.Q = k1.pos, k1.qc
			key++
		default:
			k1 := &keys[key+1]
			a := (tf - k0.time) / (k1.time - k0.time)
			b := 1 - a // anim.LerpVec3, written out
			o.T[0] = float32(b*k0.pos[0]) + float32(a*k1.pos[0])
			o.T[1] = float32(b*k0.pos[1]) + float32(a*k1.pos[1])
			o.T[2] = float32(b*k0.pos[2]) + float32(a*k1.pos[2])
			// anim.SlerpArc.Weights and anim.Combine, at slerps.Flush.
			if !slerps.TryAdd(&o.Q, &k0.qc, &k1.qc, &arcs[key], a) {
				slerps.Add(&o.Q, &k0.qc, &k1.qc, &arcs[key], a)
			}
			k1i, alpha = int32(key+1), a
		}
		o.S = one
		if probes != nil {
			p := &probes[i]
			p.ResetWith(frame, false, 1)
			p.PutKey(0, chTRS, int32(key), k1i, alpha)
		}
	}
}

// holdTo writes the transform of a node that falls back to k (or holds it
// outside the timeline): k's position and rotation, unit scale.
func (k *ckey) holdTo(o *anim.Transform) {
	o.T = k.pos
	o.Q = k.qc
	o.S = one
}

// fallbackRun samples node i, which falls back to key, and the run of nodes
// after it that fall back too (static nodes; every node outside the timeline),
// and returns the run's last node. It is a function of its own so that its
// loop keeps what it reads in registers (sampleNodes' loop holds too much): a
// scene of props is mostly such runs (sampleNodes calls it where a static node
// follows, and samples a node that falls back alone itself). The run ends before a node sampled as
// identity or one that takes a key of its map. nodes, out, probes and row are
// sampleNodes' (node i is nodes[i], out[i], probes[i], row[i]).
func (c *Clip) fallbackRun(i, key int, frame int32, inRange bool, row []uint16, nodes []clipNode, out []anim.Transform, probes []anim.Probe) int {
	keys, mapw := c.keys, c.mapw
	h := anim.NewProbeHeader(frame, true, 1)
	for {
		keys[key].holdTo(&out[i])
		if probes != nil {
			p := &probes[i]
			p.SetHeader(h) // ResetWith(frame, true, 1)
			p.PutKey(0, chTRS, int32(key), -1, 0)
		}
		i++
		if i >= len(nodes) {
			return i - 1
		}
		nd := &nodes[i]
		key = int(nd.fb)
		if nd.bad {
			return i - 1
		}
		if row != nil {
			if int(row[i]) < key {
				return i - 1
			}
		} else if inRange && nd.mapStart >= 0 {
			if w := 2 * (int(nd.mapStart) + int(frame)); int(mapw[w])|int(mapw[w+1])<<8 < key {
				return i - 1
			}
		}
	}
}

// NewContext returns nil: sampling keeps no state between calls.
func (c *Clip) NewContext() anim.Context { return nil }

// KeyTimes appends the times of the keys node may use: for a mapped node the keys
// from the smallest map value below its fallback key up to the fallback key, for a
// static node its fallback key; nothing for a node sampled as identity.
func (c *Clip) KeyTimes(node int, dst []float64) []float64 {
	if node < 0 || node >= len(c.nodes) || c.nodes[node].bad {
		return dst
	}
	nd := &c.nodes[node]
	lo := int(nd.fb)
	if nd.mapStart >= 0 && c.frames > 0 {
		lo = min(lo, int(c.blockMin(int(nd.mapStart))))
	}
	for k := lo; k <= int(nd.fb); k++ {
		dst = append(dst, float64(c.keys[k].time))
	}
	return dst
}

// blockMin is the smallest of the F map words from word start (a node's
// block; checkNodes made sure it lies inside the map). The minimums of every
// start are found once, on the first call, in one pass over the map (a sliding
// window's minimum): blocks may overlap, so a few megabytes can give thousands
// of nodes a million-frame block each, and a scan per node would take hours.
func (c *Clip) blockMin(start int) uint16 {
	c.minsOnce.Do(func() { c.blockMins = windowMins(c.mapw, int(c.frames)) })
	return c.blockMins[start]
}

// windowMins returns, for each start s with s+f <= the words of mapw, the
// smallest of the f words from word s (f >= 1), keeping the candidates of the
// current window in a queue of increasing words.
func windowMins(mapw []byte, f int) []uint16 {
	n := len(mapw) / 2
	if f < 1 || f > n {
		return nil
	}
	word := func(i int) uint16 { return le.Uint16(mapw[2*i:]) }
	mins := make([]uint16, n-f+1)
	queue := make([]int32, 0, min(n, 1<<16))
	head := 0
	for i := 0; i < n; i++ {
		v := word(i)
		for len(queue) > head && word(int(queue[len(queue)-1])) >= v {
			queue = queue[:len(queue)-1]
		}
		queue = append(queue, int32(i))
		if int(queue[head]) <= i-f {
			head++
		}
		if s := i - f + 1; s >= 0 {
			mins[s] = word(int(queue[head]))
		}
		if head > 1<<16 && head > len(queue)/2 { // drop the queue's spent front
			queue = append(queue[:0], queue[head:]...)
			head = 0
		}
	}
	return mins
}

// chTRS is the probes' one channel of an MSH node: its keys set all of t, r, s.
const chTRS = anim.ChannelTRS
