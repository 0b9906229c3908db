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

// QuatScale is the divisor of the s16 quaternion components (§10.1): each component
// decodes as the float32 quotient s/32767 (the engine's constant is 32767.0), with no
// normalisation.
const QuatScale = 32767

// DecodeQuat turns the four raw words at +0x10..+0x16 into the engine quaternion
// [w, x, y, z]: w from the last word (order xyzw, the default) or the first (wxyz).
func DecodeQuat(raw [4]int16, wxyz bool) mgl32.Quat {
	c := func(v int16) float32 { return float32(v) / QuatScale }
	if wxyz {
		return mgl32.Quat{W: c(raw[0]), V: mgl32.Vec3{c(raw[1]), c(raw[2]), c(raw[3])}}
	}
	return mgl32.Quat{W: c(raw[3]), V: mgl32.Vec3{c(raw[0]), c(raw[1]), c(raw[2])}}
}

// PlaybackFPS is the playback rate the clip reports (UnitsPerSecond). The format gives
// none; 15 frames per second makes the typical 20–60-frame cycles of the corpus play
// in 1.5–4 s, close to how they look in the game.
const PlaybackFPS = 15

// reachableKeys bounds the keys a sample can read: fb is a u16 and a mapped key k
// reads k + 1 <= fb <= 0xFFFF. Slerp arcs are precomputed for the pairs below it
// (at most 1.3 MB and a few ms for a full pool).
const reachableKeys = 0x10000

// maxRowEntries bounds the frame-major copy of the map (Clip.rows): F × nodes
// words, at most 8 MiB and at most four times the map's own words (plus a
// few). A file can name many nodes and a long timeline in a few bytes (map
// blocks may overlap, static nodes need none); past the bound the clip reads
// the map as the file lays it out.
var maxRowEntries = 1 << 22

// rowEntriesFit reports whether a frame-major copy of frames × nodes words
// fits the bound for a map of mapWords words.
func rowEntriesFit(frames uint32, nodes, mapWords int) bool {
	n := uint64(frames) * uint64(nodes)
	return nodes > 0 && n <= uint64(maxRowEntries) && n <= 4*uint64(mapWords)+4096
}

type clipNode struct {
	mapStart int32 // word index of the node's block; -1 for a static node
	fb       int32
	bad      bool // sampled as identity
}

// ckey is one reachable key, decoded once at load: position, time and the
// conjugate of the engine quaternion (what Transform.Q holds). Conjugation is exact
// and commutes with the engine's weighted sum, so interpolating conjugates gives
// bit for bit the conjugate of the engine's result.
type ckey struct {
	pos  mgl32.Vec3
	time float32
	qc   mgl32.Quat
}

// Clip is an MSH model's one clip (§10.2): its Res19 timeline of F frames, sampled
// exactly as §11 says. It is safe for concurrent use.
type Clip struct {
	info     anim.ClipInfo
	frames   uint32
	rounding Rounding
	mapw     []byte // Res19, whole words (a view into the file)
	nodes    []clipNode
	// rows, when not nil, is the map frame-major: rows[f·len(nodes)+i] is
	// node i's map word at frame f, or its fallback key for a static node
	// (which then falls back as without a map). A frame reads one run of
	// words instead of one word from every node's block (a cache line each).
	rows []uint16
	keys []ckey          // the reachable keys (at most 0x10000)
	arcs []anim.SlerpArc // arcs[k] joins key k and k+1 (bit-identical to anim.SlerpWeights)
}

// NewClip builds the clip of f with the given name, rounding rule and quaternion
// order ("xyzw" or "wxyz").
func NewClip(f *File, name string, r Rounding, quatOrder string) *Clip {
	c := &Clip{
		info: anim.ClipInfo{Name: name, Unit: "frame", Duration: float64(f.Frames), UnitsPerSecond: PlaybackFPS,
			Frames: int(f.Frames), Step: 1},
		frames:   f.Frames,
		rounding: r,
		mapw:     f.mapw,
		nodes:    make([]clipNode, len(f.Nodes)),
	}
	for i := range f.Nodes {
		nd := &f.Nodes[i]
		cn := clipNode{mapStart: -1, fb: int32(nd.Fallback), bad: f.bad[i]}
		if nd.MapStart != NoIndex {
			cn.mapStart = int32(nd.MapStart)
		}
		c.nodes[i] = cn
	}
	if n := len(c.nodes); rowEntriesFit(c.frames, n, len(c.mapw)/2) {
		c.rows = make([]uint16, int(c.frames)*n)
		for i, nd := range c.nodes {
			for fr := 0; fr < int(c.frames); fr++ {
				v := uint16(nd.fb)
				if nd.mapStart >= 0 && !nd.bad {
					v = le.Uint16(c.mapw[2*(int(nd.mapStart)+fr):])
				}
				c.rows[fr*n+i] = v
			}
		}
	}
	wxyz := quatOrder == "wxyz"
	c.keys = make([]ckey, min(f.KeyCount, reachableKeys))
	var q0 mgl32.Quat
	if len(c.keys) > 1 {
		c.arcs = make([]anim.SlerpArc, len(c.keys)-1)
	}
	for k := range c.keys {
		rk := rawKey(f.keys, k)
		q := DecodeQuat(rk.Raw, wxyz)
		c.keys[k] = ckey{pos: rk.Pos, time: rk.Time, qc: anim.Conjugate(q)}
		if k > 0 {
			c.arcs[k-1] = anim.NewSlerpArcUnsolved(q0, q)
		}
		q0 = q
	}
	anim.SolveSlerpArcs(c.arcs) // the arc cosines four at a time
	return c
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
	tf := float32(t)
	frame := FrameIndex(tf, c.rounding)
	inRange := uint32(frame) < c.frames
	nodes := c.nodes[:min(len(c.nodes), len(out))]
	if probes != nil && len(probes) < len(nodes) {
		nodes = nodes[:len(probes)]
	}
	keys, arcs, mapw := c.keys, c.arcs, c.mapw
	// row is this frame's words of rows, when the clip has them.
	var row []uint16
	if inRange && c.rows != nil {
		row = c.rows[int(frame)*len(c.nodes):][:len(nodes)]
	}
	// The rotations between two keys are written at slerps.Flush, their sines
	// and cosines computed together (anim.SlerpBatch).
	var slerps anim.SlerpBatch
	defer slerps.Flush()
	for i := range nodes {
		nd := &nodes[i]
		o := &out[i]
		if nd.bad {
			*o = anim.IdentityTransform
			if probes != nil {
				p := &probes[i]
				p.Reset(frame, true)
				p.Add(anim.KeyUse{Channel: chTRS, K0: -1, K1: -1})
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
		// Fields are written one by one: a composite literal of the whole Transform
		// or KeyUse is built on the stack and copied with wide moves that stall on
		// the narrow stores that filled it (about a third of the sampler's time).
		k0 := &keys[key]
		k1i, alpha := int32(-1), float32(0)
		switch {
		case fallback || tf == k0.time:
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
			p.ResetWith(frame, fallback, 1)
			p.PutKey(0, chTRS, int32(key), k1i, alpha)
		}
	}
	return anim.IdentityAffine, false
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
	if nd.mapStart >= 0 {
		for f := 0; f < int(c.frames); f++ {
			if v := int(le.Uint16(c.mapw[2*(int(nd.mapStart)+f):])); v < lo {
				lo = v
			}
		}
	}
	for k := lo; k <= int(nd.fb); k++ {
		dst = append(dst, float64(c.keys[k].time))
	}
	return dst
}

// chTRS is the probes' one channel of an MSH node: its keys set all of t, r, s.
const chTRS = anim.ChannelTRS
