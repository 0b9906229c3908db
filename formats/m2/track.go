package m2

import (
	"math"

	"animscope/anim"

	"github.com/go-gl/mathgl/mgl32"
)

// Interpolation types (FORMAT.md §4.1, §5.6).
const (
	InterpStep    = 0
	InterpLinear  = 1
	InterpHermite = 2 // animscope's reading: 2 = Hermite, 3 = Bézier (uncertain; warned)
	InterpBezier  = 3
)

// keys is the part of a decoded track that does not depend on the value type: the
// timestamps and how they split into sequences.
//
// Before 264 the track has one shared timeline: times holds every key and
// spans[s] is the file's range for sequence s (FORMAT.md §5.1); a track without ranges
// uses all its keys for every sequence. At 264 the per-sequence inner arrays are
// concatenated and spans[s] is inner array s (§5.3). A global-sequence track uses
// spans[0] whatever the sequence (§5.2).
type keys struct {
	interp uint16
	global int16 // global sequence index, −1 = follows the playing sequence
	shared bool  // every sequence uses spans[0]
	sorted bool  // times never go backwards within a span (a Cursor may be used)
	times  []uint32
	spans  []keySpan // per sequence
	off    int64     // the track record's offset, for messages
}

// keySpan is the keys [lo, hi] of one sequence and base, the index that probes
// subtract (0 before 264, the inner array's first key at 264); lo > hi when the
// sequence has no keys on the track.
type keySpan struct{ lo, hi, base int32 }

// span returns the keys [lo, hi] that sequence seq uses and the probes' base. ok
// is false when the sequence has no keys on this track (default value).
func (k *keys) span(seq int) (lo, hi, base int, ok bool) {
	if k.shared {
		seq = 0
	}
	if uint(seq) >= uint(len(k.spans)) {
		return 0, 0, 0, false
	}
	s := &k.spans[seq]
	return int(s.lo), int(s.hi), int(s.base), s.lo <= s.hi
}

// locate finds the keys used at time t within [lo, hi] (FORMAT.md §5.1 steps 4–6): i and
// the fraction r towards key i+1, or exact when the result is key i itself (a == b,
// a clamped end, or t on a key). It never returns r outside (0, 1) when not exact,
// and a NaN t gives key lo.
//
// hint, when not nil, is a Cursor slot: the pair found last time. If it (or the
// next pair) still brackets t it is used without a search; the result is the same
// either way (on sorted times exactly one pair brackets t), and the slot is
// updated.
func (k *keys) locate(lo, hi int, t float64, hint *int32) (i int, r float32, exact bool) {
	times := k.times
	if lo == hi || !(t > float64(times[lo])) {
		return lo, 0, true
	}
	if t >= float64(times[hi]) {
		return hi, 0, true
	}
	// The largest a in [lo, hi−1] with times[a] <= t. Times are whole
	// milliseconds, so times[a] <= t ⇔ times[a] <= ⌊t⌋, and here
	// times[lo] < t < times[hi] puts ⌊t⌋ in uint32 range. The compiler
	// makes each bisection step a branch; a branch-free step (a sign mask)
	// measured slower, as it puts every load on the dependency chain.
	ti := uint32(t)
	a := -1
	if hint != nil && k.sorted {
		if c := int(*hint); c >= lo && c < hi && times[c] <= ti {
			switch {
			case ti < times[c+1]:
				a = c
			case c+1 < hi && ti < times[c+2]:
				a = c + 1
			}
		}
	}
	if a < 0 {
		n := hi - lo
		a = lo
		for n > 1 {
			half := n >> 1
			if times[a+half] <= ti {
				a += half
			}
			n -= half
		}
		if hint != nil {
			*hint = int32(a)
		}
	} else {
		*hint = int32(a)
	}
	t0 := float64(times[a])
	span := float64(times[a+1]) - t0
	rr := (t - t0) / span
	switch {
	case !(rr > 0) || span <= 0: // on the key (or times out of order)
		return a, 0, true
	case rr >= 1: // only when times are out of order
		return a + 1, 0, true
	}
	if k.interp == InterpStep {
		return a, 0, true
	}
	return a, float32(rr), false
}

// addKey records one channel's keys in p (nil: no probe).
func addKey(p *anim.Probe, ch anim.Channel, k0, k1 int, alpha float32) {
	if p != nil {
		p.AddKey(ch, int32(k0), int32(k1), alpha)
	}
}

// vecTrack is a translation or scale track.
type vecTrack struct {
	keys
	v       []mgl32.Vec3
	in, out []mgl32.Vec3 // tangents, types 2 and 3 only
}

// quatTrack is a rotation track: normalised (int16) or as-stored (float) keys in
// w, x, y, z order, with the slerp arc of each key pair computed at load.
type quatTrack struct {
	keys
	q       []mgl32.Quat
	in, out []mgl32.Quat
	arcs    []anim.SlerpArc // arcs[i]: key i to key i+1 (linear tracks)
}

// eval samples the track at t for sequence seq into *dst and records the keys
// used; false, with dst untouched, when seq has no keys on the track.
func (tr *vecTrack) eval(seq int, t float64, dst *mgl32.Vec3, p *anim.Probe, ch anim.Channel, hint *int32) bool {
	lo, hi, base, ok := tr.span(seq)
	if !ok {
		addKey(p, ch, -1, -1, 0)
		return false
	}
	i, r, exact := tr.locate(lo, hi, t, hint)
	if exact {
		*dst = tr.v[i]
		addKey(p, ch, i-base, -1, 0)
		return true
	}
	a, b := tr.v[i], tr.v[i+1]
	switch tr.interp {
	case InterpHermite:
		*dst = hermite3(a, tr.out[i], b, tr.in[i+1], r)
	case InterpBezier:
		*dst = bezier3(a, tr.out[i], b, tr.in[i+1], r)
	default:
		*dst = mgl32.Vec3{a[0] + float32((b[0]-a[0])*r), a[1] + float32((b[1]-a[1])*r), a[2] + float32((b[2]-a[2])*r)}
	}
	addKey(p, ch, i-base, i+1-base, r)
	return true
}

// eval samples the rotation track at t for sequence seq, as vecTrack.eval.
func (tr *quatTrack) eval(seq int, t float64, dst *mgl32.Quat, p *anim.Probe, hint *int32) bool {
	lo, hi, base, ok := tr.span(seq)
	if !ok {
		addKey(p, chR, -1, -1, 0)
		return false
	}
	i, r, exact := tr.locate(lo, hi, t, hint)
	if exact {
		*dst = tr.q[i]
		addKey(p, chR, i-base, -1, 0)
		return true
	}
	switch tr.interp {
	case InterpHermite, InterpBezier:
		*dst = cubicQuat(tr.interp, tr.q[i], tr.out[i], tr.q[i+1], tr.in[i+1], r)
	default:
		w0, w1 := tr.arcs[i].Weights(r)
		*dst = anim.Combine(tr.q[i], tr.q[i+1], w0, w1)
	}
	addKey(p, chR, i-base, i+1-base, r)
	return true
}

// hermite3 is FORMAT.md §5.6's Hermite: (2r³−3r²+1)p0 + (r³−2r²+r)m0 + (−2r³+3r²)p1 + (r³−r²)m1.
func hermite3(p0, m0, p1, m1 mgl32.Vec3, r float32) mgl32.Vec3 {
	h00, h10, h01, h11 := hermiteWeights(r)
	var o mgl32.Vec3
	for c := 0; c < 3; c++ {
		o[c] = float32(h00*p0[c]) + float32(h10*m0[c]) + float32(h01*p1[c]) + float32(h11*m1[c])
	}
	return o
}

// bezier3 is FORMAT.md §5.6's Bézier: (1−r)³p0 + 3(1−r)²r·m0 + 3(1−r)r²·m1 + r³p1.
func bezier3(p0, m0, p1, m1 mgl32.Vec3, r float32) mgl32.Vec3 {
	b0, b1, b2, b3 := bezierWeights(r)
	var o mgl32.Vec3
	for c := 0; c < 3; c++ {
		o[c] = float32(b0*p0[c]) + float32(b1*m0[c]) + float32(b2*m1[c]) + float32(b3*p1[c])
	}
	return o
}

func hermiteWeights(r float32) (h00, h10, h01, h11 float32) {
	r2 := float32(r * r)
	r3 := float32(r2 * r)
	return float32(2*r3) - float32(3*r2) + 1, r3 - float32(2*r2) + r, float32(-2*r3) + float32(3*r2), r3 - r2
}

func bezierWeights(r float32) (b0, b1, b2, b3 float32) {
	s := 1 - r
	return s * s * s, 3 * s * s * r, 3 * s * r * r, r * r * r
}

// cubicQuat applies the cubic component-wise to (w, x, y, z) and normalises the
// result (FORMAT.md §5.6 decision); a zero result becomes the identity.
func cubicQuat(interp uint16, p0, m0, p1, m1 mgl32.Quat, r float32) mgl32.Quat {
	var w [4]float32 // weights of p0, m0, p1, m1
	if interp == InterpHermite {
		w[0], w[1], w[2], w[3] = hermiteWeights(r)
	} else {
		w[0], w[1], w[3], w[2] = bezierWeights(r) // p1 takes r³, m1 takes 3(1−r)r²
	}
	c := func(a, b, cc, d float32) float32 {
		return float32(w[0]*a) + float32(w[1]*b) + float32(w[2]*cc) + float32(w[3]*d)
	}
	q := mgl32.Quat{
		W: c(p0.W, m0.W, p1.W, m1.W),
		V: mgl32.Vec3{
			c(p0.V[0], m0.V[0], p1.V[0], m1.V[0]),
			c(p0.V[1], m0.V[1], p1.V[1], m1.V[1]),
			c(p0.V[2], m0.V[2], p1.V[2], m1.V[2]),
		},
	}
	return normalize(q)
}

// normalize returns q/|q| computed in float64, or the identity for a zero q.
func normalize(q mgl32.Quat) mgl32.Quat {
	w, x, y, z := float64(q.W), float64(q.V[0]), float64(q.V[1]), float64(q.V[2])
	n := math.Sqrt(float64(w*w) + float64(x*x) + float64(y*y) + float64(z*z))
	if !(n > 0) || math.IsInf(n, 0) {
		return mgl32.QuatIdent()
	}
	return mgl32.Quat{W: float32(w / n), V: mgl32.Vec3{float32(x / n), float32(y / n), float32(z / n)}}
}

// decodeQuat16 is FORMAT.md §5.5's offset-binary decode of one component:
// (c < 0 ? c + 32768 : c − 32767) / 32767.
func decodeQuat16(c int16) float64 {
	if c < 0 {
		return float64(int32(c)+32768) / 32767
	}
	return float64(int32(c)-32767) / 32767
}

// quat16 decodes four stored int16 (x, y, z, w) and normalises them; zero reports an
// all-zero key (returned as the identity). raw=true skips the normalisation (cubic
// tangents).
func quat16(x, y, z, w int16, raw bool) (q mgl32.Quat, zero bool) {
	fx, fy, fz, fw := decodeQuat16(x), decodeQuat16(y), decodeQuat16(z), decodeQuat16(w)
	if raw {
		return mgl32.Quat{W: float32(fw), V: mgl32.Vec3{float32(fx), float32(fy), float32(fz)}}, false
	}
	n := math.Sqrt(float64(fx*fx) + float64(fy*fy) + float64(fz*fz) + float64(fw*fw))
	if n == 0 {
		return mgl32.QuatIdent(), true
	}
	return mgl32.Quat{W: float32(fw / n), V: mgl32.Vec3{float32(fx / n), float32(fy / n), float32(fz / n)}}, false
}

// scalarTrack is a fixed16 track (colour alpha, transparency), stored as
// value/32767.
type scalarTrack struct {
	keys
	v       []float32
	in, out []float32
}

// eval samples the track at t for sequence seq; def when it has no keys there.
func (tr *scalarTrack) eval(seq int, t float64, def float32) float32 {
	if tr == nil {
		return def
	}
	lo, hi, _, ok := tr.span(seq)
	if !ok {
		return def
	}
	i, r, exact := tr.locate(lo, hi, t, nil)
	if exact {
		return tr.v[i]
	}
	a, b := tr.v[i], tr.v[i+1]
	switch tr.interp {
	case InterpHermite:
		h00, h10, h01, h11 := hermiteWeights(r)
		return float32(h00*a) + float32(h10*tr.out[i]) + float32(h01*b) + float32(h11*tr.in[i+1])
	case InterpBezier:
		b0, b1, b2, b3 := bezierWeights(r)
		return float32(b0*a) + float32(b1*tr.out[i]) + float32(b2*tr.in[i+1]) + float32(b3*b)
	}
	return a + float32((b-a)*r)
}
