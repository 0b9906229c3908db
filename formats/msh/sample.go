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

// PlaybackFPS is the playback rate the clip reports (UnitsPerSecond). The spec gives
// none; 15 frames per second makes the typical 20–60-frame cycles of the corpus play
// in 1.5–4 s, close to how they look in the game.
const PlaybackFPS = 15

// arcLimit is the largest key pool whose slerp arcs are precomputed at load (16
// bytes per key). Larger pools compute the weights per sample; both ways give
// bit-identical results (anim.SlerpArc).
const arcLimit = 1 << 18

type clipNode struct {
	mapStart int32 // word index of the node's block; -1 for a static node
	fb       int32
	bad      bool // sampled as identity
}

// Clip is an MSH model's one clip (§10.2): its Res19 timeline of F frames, sampled
// exactly as §11 says. It is safe for concurrent use.
type Clip struct {
	info     anim.ClipInfo
	frames   uint32
	rounding Rounding
	wxyz     bool
	keys     []byte // Res8, whole records
	mapw     []byte // Res19, whole words
	nodes    []clipNode
	arcs     []anim.SlerpArc // arcs[k] joins key k and k+1; nil when not precomputed
}

// NewClip builds the clip of f with the given name, rounding rule and quaternion
// order ("xyzw" or "wxyz").
func NewClip(f *File, name string, r Rounding, quatOrder string) *Clip {
	c := &Clip{
		info: anim.ClipInfo{Name: name, Unit: "frame", Duration: float64(f.Frames), UnitsPerSecond: PlaybackFPS,
			Frames: int(f.Frames), Step: 1},
		frames:   f.Frames,
		rounding: r,
		wxyz:     quatOrder == "wxyz",
		keys:     f.keys,
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
	if n := f.KeyCount; n > 1 && n <= arcLimit {
		c.arcs = make([]anim.SlerpArc, n-1)
		q0 := c.quat(0)
		for k := 0; k < n-1; k++ {
			q1 := c.quat(k + 1)
			c.arcs[k] = anim.NewSlerpArc(q0, q1)
			q0 = q1
		}
	}
	return c
}

// Info describes the clip.
func (c *Clip) Info() anim.ClipInfo { return c.info }

// Rounding is the clip's frame-index rule.
func (c *Clip) Rounding() Rounding { return c.rounding }

// FrameCount is F.
func (c *Clip) FrameCount() int { return int(c.frames) }

func (c *Clip) quat(k int) mgl32.Quat {
	r := c.keys[k*KeySize+16 : k*KeySize+24]
	raw := [4]int16{int16(le.Uint16(r)), int16(le.Uint16(r[2:])), int16(le.Uint16(r[4:])), int16(le.Uint16(r[6:]))}
	return DecodeQuat(raw, c.wxyz)
}

func (c *Clip) pos(k int) mgl32.Vec3 {
	r := c.keys[k*KeySize : k*KeySize+12]
	return mgl32.Vec3{math.Float32frombits(le.Uint32(r)), math.Float32frombits(le.Uint32(r[4:])), math.Float32frombits(le.Uint32(r[8:]))}
}

func (c *Clip) time(k int) float32 {
	return math.Float32frombits(le.Uint32(c.keys[k*KeySize+12:]))
}

var one = mgl32.Vec3{1, 1, 1}

// Sample evaluates every node at time t (frames; rounded to float32 first), exactly
// as §11: frame index by the clip's rounding rule, unsigned range check against F,
// key choice with fallback, exact-time returns on k0 then k1, position lerp and the
// engine's slerp. out[i].Q is the conjugate of the engine quaternion (§12.3), S = 1.
// probes, when not nil, get the signed frame, the branch and one "trs" key record.
// It allocates nothing.
func (c *Clip) Sample(t float64, out []anim.Transform, probes []anim.Probe) {
	tf := float32(t)
	frame := FrameIndex(tf, c.rounding)
	inRange := uint32(frame) < c.frames
	n := min(len(c.nodes), len(out))
	if probes != nil {
		n = min(n, len(probes))
	}
	for i := 0; i < n; i++ {
		nd := &c.nodes[i]
		var p *anim.Probe
		if probes != nil {
			p = &probes[i]
		}
		if nd.bad {
			out[i] = anim.IdentityTransform
			if p != nil {
				p.Reset(frame, true)
				p.Add(anim.KeyUse{Channel: "trs", K0: -1, K1: -1})
			}
			continue
		}
		key := int(nd.fb)
		fallback := true
		if inRange && nd.mapStart >= 0 {
			if v := int(le.Uint16(c.mapw[2*(int(nd.mapStart)+int(frame)):])); v < key {
				key, fallback = v, false
			}
		}
		if p != nil {
			p.Reset(frame, fallback)
		}
		if fallback {
			out[i] = anim.Transform{T: c.pos(key), Q: anim.Conjugate(c.quat(key)), S: one}
			if p != nil {
				p.Add(anim.KeyUse{Channel: "trs", K0: int32(key), K1: -1})
			}
			continue
		}
		t0 := c.time(key)
		if tf == t0 {
			out[i] = anim.Transform{T: c.pos(key), Q: anim.Conjugate(c.quat(key)), S: one}
			if p != nil {
				p.Add(anim.KeyUse{Channel: "trs", K0: int32(key), K1: -1})
			}
			continue
		}
		t1 := c.time(key + 1)
		if tf == t1 {
			out[i] = anim.Transform{T: c.pos(key + 1), Q: anim.Conjugate(c.quat(key + 1)), S: one}
			if p != nil {
				p.Add(anim.KeyUse{Channel: "trs", K0: int32(key + 1), K1: -1})
			}
			continue
		}
		a := (tf - t0) / (t1 - t0)
		q0, q1 := c.quat(key), c.quat(key+1)
		var w0, w1 float32
		if c.arcs != nil {
			w0, w1 = c.arcs[key].Weights(a)
		} else {
			w0, w1 = anim.SlerpWeights(anim.Dot4(q0, q1), a)
		}
		out[i] = anim.Transform{T: anim.LerpVec3(c.pos(key), c.pos(key+1), a), Q: anim.Conjugate(anim.Combine(q0, q1, w0, w1)), S: one}
		if p != nil {
			p.Add(anim.KeyUse{Channel: "trs", K0: int32(key), K1: int32(key + 1), Alpha: a})
		}
	}
}

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
		dst = append(dst, float64(c.time(k)))
	}
	return dst
}
