package swg

import (
	"encoding/binary"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"animscope/anim"
	"animscope/formats"

	"github.com/go-gl/mathgl/mgl32"
)

// Fidelity readings (the "fidelity" reading).
const (
	FidelityFile   = "file"   // every key of the file (default)
	FidelityClient = "client" // the client's load-time key thinning (§6.2)
)

// fltEpsilon is FLT_EPSILON.
const fltEpsilon float32 = 1.1920929e-7

// qtrack is a rotation channel ready to sample: frames as float32 (the client
// converts them on load), 1/(next − this) per key (0 for the last, as the
// client's m_oneOverDistanceToNextKeyframe), and each key pair's slerp arc.
type qtrack struct {
	frames  []float32
	inv     []float32
	keys    []mgl32.Quat
	arcs    []arc
	fileIdx []int32 // the file index of each key; nil when they are the same
	fid     int32   // the frames' number for keyFinder (internFrames); 0: none
}

// ftrack is a scalar channel ready to sample.
type ftrack struct {
	frames  []float32
	inv     []float32
	values  []float32
	fileIdx []int32
	fid     int32 // as qtrack's
}

func invDistances(frames []float32) []float32 {
	inv := make([]float32, len(frames))
	for k := 0; k+1 < len(frames); k++ {
		// Keys out of order or on the same frame (a damaged file) hold key k
		// instead of dividing by a zero or negative distance (NaN, found by FuzzANS).
		if d := frames[k+1] - frames[k]; d > 0 {
			inv[k] = 1 / d
		}
	}
	return inv
}

func newQTrack(frames []float32, keys []mgl32.Quat, fileIdx []int32) *qtrack {
	t := &qtrack{frames: frames, inv: invDistances(frames), keys: keys, fileIdx: fileIdx}
	if len(keys) > 1 {
		t.arcs = make([]arc, len(keys)-1)
		for k := range t.arcs {
			t.arcs[k] = newArc(keys[k], keys[k+1])
		}
	}
	return t
}

func newFTrack(frames []float32, values []float32, fileIdx []int32) *ftrack {
	return &ftrack{frames: frames, inv: invDistances(frames), values: values, fileIdx: fileIdx}
}

// lower is the index of the last key whose frame is <= f, or −1 before the first
// key (binary search; the client scans linearly from a cursor, which finds the
// same key when frames increase).
func lower(frames []float32, f float32) int {
	lo, hi := 0, len(frames)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if frames[m] <= f {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo - 1
}

func (t *qtrack) file(k int) int32 {
	if t.fileIdx == nil {
		return int32(k)
	}
	return t.fileIdx[k]
}

func (t *ftrack) file(k int) int32 {
	if t.fileIdx == nil {
		return int32(k)
	}
	return t.fileIdx[k]
}

// sample evaluates the channel at frame f (FORMAT.md §6.1): the key itself when f is
// on it, at or after the last key, or before the first key (held, animscope's
// decision); otherwise the client's slerp with weight (f − f0)·inv.
func (t *qtrack) sample(f float32) (q mgl32.Quat, k0, k1 int32, alpha float32) {
	return t.sampleAt(lower(t.frames, f), f)
}

// sampleAt is sample with k = lower(t.frames, f) already found.
func (t *qtrack) sampleAt(k int, f float32) (q mgl32.Quat, k0, k1 int32, alpha float32) {
	if k < 0 {
		return t.keys[0], t.file(0), -1, 0
	}
	if k == len(t.keys)-1 || t.frames[k] == f || t.inv[k] == 0 {
		return t.keys[k], t.file(k), -1, 0
	}
	w := float32((f - t.frames[k]) * t.inv[k])
	return t.arcs[k].at(t.keys[k], w), t.file(k), t.file(k + 1), w
}

// sample evaluates a scalar channel: lw = (f1 − f)·inv, lw·v0 + (1 − lw)·v1
// (KeyframeEvaluator::evaluate). alpha is the weight of the upper key, 1 − lw.
func (t *ftrack) sample(f float32) (v float32, k0, k1 int32, alpha float32) {
	return t.sampleAt(lower(t.frames, f), f)
}

// sampleAt is sample with k = lower(t.frames, f) already found.
func (t *ftrack) sampleAt(k int, f float32) (v float32, k0, k1 int32, alpha float32) {
	if k < 0 {
		return t.values[0], t.file(0), -1, 0
	}
	if k == len(t.values)-1 || t.frames[k] == f || t.inv[k] == 0 {
		return t.values[k], t.file(k), -1, 0
	}
	lw := float32((t.frames[k+1] - f) * t.inv[k])
	v = float32(lw*t.values[k]) + float32((1-lw)*t.values[k+1])
	return v, t.file(k), t.file(k + 1), 1 - lw
}

// clientEval is the client's evaluation without animscope's exact-key shortcut
// (used by the KFAT 0002 load-time conversion, which samples integer frames).
func (t *ftrack) clientEval(f float32) float32 {
	k := lower(t.frames, f)
	if k < 0 {
		k = 0
	}
	if t.inv[k] == 0 {
		return t.values[k]
	}
	lw := float32((t.frames[k+1] - f) * t.inv[k])
	return float32(lw*t.values[k]) + float32((1-lw)*t.values[k+1])
}

// keyFinder is one Sample call's key search (at one frame f) shared by the
// tracks that share their frames: prepare gives tracks with the same frames one
// slice and one number (internFrames), and the search's result for the
// first maxFoundFrames numbers is kept for the rest of the call (a pose's
// channels are keyed at a few sets of frames, often alternating from node to
// node); other frames keep the last search's result. The search was a third of
// the sampler's time.
type keyFinder struct {
	found   uint64 // bit id−1: k[id−1] holds
	k       [maxFoundFrames]int32
	frames  *float32
	n, last int
}

// maxFoundFrames is how many frame numbers a keyFinder keeps a result for.
const maxFoundFrames = 64

// lower is lower(frames, f) for the call's frame f; id is the frames' number
// (0: none).
func (kf *keyFinder) lower(id int32, frames []float32, f float32) int {
	if id > 0 && id <= maxFoundFrames {
		bit := uint64(1) << (id - 1)
		if kf.found&bit != 0 {
			return int(kf.k[id-1])
		}
		k := lower(frames, f)
		kf.k[id-1] = int32(k)
		kf.found |= bit
		return k
	}
	if len(frames) == 0 {
		return lower(frames, f)
	}
	if &frames[0] == kf.frames && len(frames) == kf.n {
		return kf.last
	}
	kf.frames, kf.n, kf.last = &frames[0], len(frames), lower(frames, f)
	return kf.last
}

// internFrames makes the tracks whose frames are equal share one slice (and
// their 1/distance table, computed from the frames alone) and one number from
// 1 on, for keyFinder.
func (d *animData) internFrames() {
	type shared struct {
		frames, inv []float32
		id          int32
	}
	seen := map[string]shared{}
	intern := func(frames, inv *[]float32, id *int32) {
		b := make([]byte, 0, 4*len(*frames))
		for _, f := range *frames {
			b = binary.LittleEndian.AppendUint32(b, math.Float32bits(f))
		}
		if sh, ok := seen[string(b)]; ok {
			*frames, *inv, *id = sh.frames, sh.inv, sh.id
			return
		}
		*id = int32(len(seen) + 1)
		seen[string(b)] = shared{*frames, *inv, *id}
	}
	for _, t := range d.rot {
		intern(&t.frames, &t.inv, &t.fid)
	}
	for _, t := range d.trans {
		intern(&t.frames, &t.inv, &t.fid)
	}
	for _, t := range d.euler {
		intern(&t.frames, &t.inv, &t.fid)
	}
}

// axis is one scalar source: a track, or a constant.
type axis struct {
	track  int32 // −1: static
	static float32
	index  int32 // the STRN / SROT index of a static value
}

// sample evaluates the axis at frame f from tracks and records the key used on
// channel ch (static: chStatic, with the SROT / STRN index) in p when p is not nil.
func (ax *axis) sample(tracks []*ftrack, f float32, kf *keyFinder, p *anim.Probe, ch, chStatic anim.Channel) float32 {
	if ax.track < 0 {
		if p != nil {
			p.Add(anim.KeyUse{Channel: chStatic, K0: ax.index, K1: -1})
		}
		return ax.static
	}
	t := tracks[ax.track]
	v, k0, k1, al := t.sampleAt(kf.lower(t.fid, t.frames, f), f)
	if p != nil {
		p.Add(anim.KeyUse{Channel: ch, K0: k0, K1: k1, Alpha: al})
	}
	return v
}

// xsrc is what one XFIN evaluates.
type xsrc struct {
	rotTrack  int32 // index into data.rot, −1 when static or Euler
	rotStatic mgl32.Quat
	rotIndex  int32 // SROT index of a static rotation
	euler     bool  // KFAT 0002 file-exact: three Euler axes
	eul       [3]axis
	trans     [3]axis
}

// animData is an animation prepared for sampling in one fidelity.
type animData struct {
	a        *Animation
	fidelity string
	rot      []*qtrack
	trans    []*ftrack
	euler    []*ftrack
	src      []xsrc
	loco     *locoData
	markers  []anim.Marker
	byName   map[string]int // lower-case XFIN name → first XFIN index
	ds       []formats.Diagnostic
}

type locoData struct {
	t     [3]*ftrack
	r     *qtrack
	speed float32
}

func toFloatFrames(fr []int32) []float32 {
	out := make([]float32, len(fr))
	for i, f := range fr {
		out[i] = float32(f)
	}
	return out
}

// withinEps is WithinEpsilonInclusive(a, b, eps) in float32.
func withinEps(a, b, eps float32) bool { return b >= a-eps && b <= a+eps }

// thinScalar applies the client's translation thinning (§6.2); keepMiddle adds
// CKAT's middle key.
func thinScalar(s ScalarChannel, keepMiddle bool) (frames, values []float32, idx []int32) {
	n := len(s.Values)
	last := float32(math.MaxFloat32)
	for i := 0; i < n; i++ {
		v := s.Values[i]
		if i == 0 || i == n-1 || (keepMiddle && i == n/2) || !withinEps(last, v, 2*fltEpsilon) {
			frames = append(frames, float32(s.Frames[i]))
			values = append(values, v)
			idx = append(idx, int32(i))
			last = v
		}
	}
	return frames, values, idx
}

func (d *animData) scalarTrack(s ScalarChannel, client, keepMiddle bool) *ftrack {
	if !client {
		return newFTrack(toFloatFrames(s.Frames), s.Values, nil)
	}
	fr, v, idx := thinScalar(s, keepMiddle)
	return newFTrack(fr, v, idx)
}

// rotTrack prepares an AROT channel; in client fidelity the KFAT or CKAT
// thinning applies (§6.2).
func (d *animData) rotTrack(q QuatChannel, client bool) *qtrack {
	if !client {
		return newQTrack(toFloatFrames(q.Frames), q.Keys, nil)
	}
	n := len(q.Keys)
	var frames []float32
	var keys []mgl32.Quat
	var idx []int32
	if d.a.Kind == "CKAT" {
		var last uint32
		for i := 0; i < n; i++ {
			w := q.Words[i]
			if (i == 0 || i == n-1 || i&1 == 0) && last != w {
				frames = append(frames, float32(q.Frames[i]))
				keys = append(keys, q.Keys[i])
				idx = append(idx, int32(i))
			}
			last = w
		}
		if len(keys) == 0 {
			d.ds = append(d.ds, formats.DiagWarnf(d.a.File, int64(q.Offset),
				"QCHN: the client's thinning drops every key (the client would fail): key 0 is kept"))
			frames, keys, idx = []float32{float32(q.Frames[0])}, []mgl32.Quat{q.Keys[0]}, []int32{0}
		}
	} else {
		eps := 1 - fltEpsilon*2
		last := identityQuat
		for i := 0; i < n; i++ {
			r := q.Keys[i]
			if i == 0 || i == n-1 || dot4(r, last) < eps {
				frames = append(frames, float32(q.Frames[i]))
				keys = append(keys, r)
				idx = append(idx, int32(i))
				last = r
			}
		}
	}
	return newQTrack(frames, keys, idx)
}

// prepare builds the sampling data of a in the given fidelity.
func prepare(a *Animation, fidelity string) *animData {
	client := fidelity == FidelityClient
	d := &animData{a: a, fidelity: fidelity, byName: map[string]int{}}
	ckat := a.Kind == "CKAT"
	for _, s := range a.Trans {
		d.trans = append(d.trans, d.scalarTrack(s, client, ckat))
	}
	legacy := a.Kind == "KFAT" && a.Version == "0002"
	if legacy {
		for _, s := range a.Euler {
			d.euler = append(d.euler, d.scalarTrack(s, client, false))
		}
	}
	for _, q := range a.Rot {
		d.rot = append(d.rot, d.rotTrack(q, client))
	}
	d.src = make([]xsrc, len(a.Xforms))
	warnedConvert := false
	for i := range a.Xforms {
		x := &a.Xforms[i]
		s := &d.src[i]
		s.rotTrack = -1
		switch {
		case legacy && x.AnimatedRot && client && a.FrameCount <= maxConvertFrames:
			s.rotTrack = int32(len(d.rot))
			d.rot = append(d.rot, d.convertEuler(x))
		case legacy && x.AnimatedRot:
			if client && !warnedConvert {
				warnedConvert = true
				d.ds = append(d.ds, formats.DiagWarnf(a.File, -1, "frameCount %d is too large to resample every frame: the Euler channels are evaluated directly", a.FrameCount))
			}
			s.euler = true
			for k := 0; k < 3; k++ {
				if x.RotAnimated(k) {
					s.eul[k] = axis{track: x.RotIdx[k]}
				} else {
					s.eul[k] = axis{track: -1, static: a.StaticEuler[x.RotIdx[k]], index: x.RotIdx[k]}
				}
			}
		case legacy:
			// three static angles, reported per axis like the animated ones
			s.euler = true
			for k := 0; k < 3; k++ {
				s.eul[k] = axis{track: -1, static: a.StaticEuler[x.RotIdx[k]], index: x.RotIdx[k]}
			}
		case x.AnimatedRot:
			s.rotTrack = x.RotIndex
		default:
			s.rotStatic = a.StaticRot[x.RotIndex]
			s.rotIndex = x.RotIndex
		}
		for k := 0; k < 3; k++ {
			if x.TransAnimated(k) {
				s.trans[k] = axis{track: x.TransIdx[k]}
			} else {
				s.trans[k] = axis{track: -1, static: a.StaticTrans[x.TransIdx[k]], index: x.TransIdx[k]}
			}
		}
		key := strings.ToLower(x.Name)
		if prev, dup := d.byName[key]; dup {
			d.ds = append(d.ds, formats.DiagWarnf(a.File, int64(x.Offset), "XFIN %q repeats the name of XFIN %d: the first is used", x.Name, prev))
		} else {
			d.byName[key] = i
		}
	}
	if l := a.Loco; l != nil {
		ld := &locoData{speed: l.AverageSpeed}
		if len(l.T) > 0 {
			fr := toFloatFrames(l.TFrames)
			for k := 0; k < 3; k++ {
				v := make([]float32, len(l.T))
				for i := range l.T {
					v[i] = l.T[i][k]
				}
				ld.t[k] = newFTrack(fr, v, nil)
			}
		}
		if len(l.R) > 0 {
			ld.r = newQTrack(toFloatFrames(l.RFrames), l.R, nil)
		}
		d.loco = ld
	}
	for _, m := range a.Messages {
		frames := m.Frames
		if client {
			frames = clientSignals(m.Frames)
		}
		for _, f := range frames {
			d.markers = append(d.markers, anim.Marker{Name: m.Name, Time: float64(f)})
		}
	}
	sort.SliceStable(d.markers, func(i, j int) bool { return d.markers[i].Time < d.markers[j].Time })
	d.internFrames()
	return d
}

// clientSignals applies Message::load's rule: of three or more signals on
// consecutive frames only the first is kept.
func clientSignals(in []int32) []int32 {
	var out []int32
	last := int64(math.MinInt32)
	contiguous := 0
	for _, f := range in {
		if int64(f) == last+1 {
			contiguous++
		} else {
			contiguous = 0
		}
		if contiguous < 2 {
			out = append(out, f)
		} else if contiguous == 2 {
			out = out[:len(out)-1]
		}
		last = int64(f)
	}
	return out
}

// maxConvertFrames bounds the KFAT 0002 load-time resampling (one evaluation per
// frame per channel), so that a corrupt frameCount cannot stall loading.
const maxConvertFrames = 1 << 16

// convertEuler is the client's load-time conversion of a KFAT 0002 animated
// rotation (buildQuaternionKeyframesFromEulers): evaluate qz·(qy·qx) at every
// integer frame, keep frame 0, each frame whose w, x, y or z moved by more than
// 0.001 from the last kept key, and the last frame. Key indices of the result
// are the converted keys' own.
func (d *animData) convertEuler(x *XformInfo) *qtrack {
	a := d.a
	eval := func(frame int32) mgl32.Quat {
		var ang [3]float32
		for k := 0; k < 3; k++ {
			if x.RotAnimated(k) {
				ang[k] = d.euler[x.RotIdx[k]].clientEval(float32(frame))
			} else {
				ang[k] = a.StaticEuler[x.RotIdx[k]]
			}
		}
		return EulerXYZ(ang[0], ang[1], ang[2])
	}
	fc := a.FrameCount
	if fc < 0 {
		fc = 0
	}
	const eps = 0.001
	frames := []float32{0}
	keys := []mgl32.Quat{eval(0)}
	for f := int32(1); f < fc; f++ {
		q := eval(f)
		l := keys[len(keys)-1]
		if math.Abs(float64(l.W-q.W)) > eps || math.Abs(float64(l.V[0]-q.V[0])) > eps ||
			math.Abs(float64(l.V[1]-q.V[1])) > eps || math.Abs(float64(l.V[2]-q.V[2])) > eps {
			frames = append(frames, float32(f))
			keys = append(keys, q)
		}
	}
	frames = append(frames, float32(fc))
	keys = append(keys, eval(fc))
	return newQTrack(frames, keys, nil)
}

// Clip is an .ans bound to a skeleton. It implements anim.Clip,
// anim.MarkerClip and anim.KeyTimesClip; Sample allocates nothing.
type Clip struct {
	d     *animData
	joint []int32 // per skeleton node: the XFIN index, or −1
	info  anim.ClipInfo
	// the per-frame layout (packed.go)
	nodes []packedNode
	sets  []keySet
	recs  []keyRec
}

// Renamed is the clip under another name (formats.ClipRenamer: a scene with two
// animations of one name).
func (c *Clip) Renamed(name string) anim.Clip {
	r := *c
	r.info.Name = name
	return &r
}

// binder binds an animation to a scene's skeleton by joint name.
type binder struct{ d *animData }

func (b *binder) Name() string { return b.d.a.Name }

// Bind matches skeleton joints to XFIN names case-insensitively. XFIN names that
// are not in the skeleton are listed in one warning.
func (b *binder) Bind(s *anim.Skeleton) (anim.Clip, []formats.Diagnostic) {
	c := newClip(b.d, s)
	var ds []formats.Diagnostic
	used := make([]bool, len(b.d.a.Xforms))
	for _, x := range c.joint {
		if x >= 0 {
			used[x] = true
		}
	}
	var miss []string
	for i, x := range b.d.a.Xforms {
		if !used[i] {
			if j, ok := b.d.byName[strings.ToLower(x.Name)]; ok && j == i {
				miss = append(miss, x.Name)
			}
		}
	}
	if len(miss) > 0 {
		list := miss
		more := ""
		if len(list) > 24 {
			more = fmt.Sprintf(" and %d more", len(list)-24)
			list = list[:24]
		}
		ds = append(ds, formats.Diagnostic{Severity: formats.Warning, File: b.d.a.File, Offset: -1,
			Message: fmt.Sprintf("%d animated joint names are not in the skeleton and are ignored: %s%s", len(miss), strings.Join(list, ", "), more)})
	}
	return c, ds
}

func newClip(d *animData, s *anim.Skeleton) *Clip {
	c := &Clip{d: d, joint: make([]int32, s.Len())}
	for i, n := range s.Names {
		c.joint[i] = -1
		if x, ok := d.byName[strings.ToLower(n)]; ok {
			c.joint[i] = int32(x)
		}
	}
	c.pack()
	ups := float64(d.a.FPS)
	if !(ups > 0) || math.IsInf(ups, 0) {
		ups = 30
	}
	fc := d.a.FrameCount
	if fc < 0 {
		fc = 0
	}
	c.info = anim.ClipInfo{Name: d.a.Name, Unit: "frame", Duration: float64(fc), UnitsPerSecond: ups, Frames: int(fc) + 1, Step: 1}
	return c
}

// Info describes the clip: unit "frame", UnitsPerSecond = the file's fps,
// Duration = frameCount.
func (c *Clip) Info() anim.ClipInfo { return c.info }

// Animation is the decoded file behind the clip.
func (c *Clip) Animation() *Animation { return c.d.a }

// Fidelity is "file" or "client".
func (c *Clip) Fidelity() string { return c.d.fidelity }

// Markers lists MSGS signals (in client fidelity after the client's
// contiguous-signal rule), sorted by frame.
func (c *Clip) Markers() []anim.Marker { return c.d.markers }

// Locomotion is the file's root motion (nil when it has none). It is not applied
// to any joint (§6.3).
func (c *Clip) Locomotion() *Locomotion { return c.d.a.Loco }

// probe channel names
var (
	chanT       = channels("tx", "ty", "tz")
	chanTStatic = channels("tx:static", "ty:static", "tz:static")
	chanE       = channels("rx", "ry", "rz")
	chanEStatic = channels("rx:static", "ry:static", "rz:static")
	chanR       = anim.ChannelOf("r")
	chanRStatic = anim.ChannelOf("r:static")
)

// NewContext returns nil: sampling keeps no state between calls.
func (c *Clip) NewContext() anim.Context { return nil }

// KeyTimes appends the frames of the keys joint node may use (rotation and
// translation channels), sorted and without repeats.
func (c *Clip) KeyTimes(node int, dst []float64) []float64 {
	return c.keyTimes(node, anim.TrackAny, dst)
}

// keyTimes is KeyTimes of the joint's channels of one kind (TrackAny: all;
// an SWG animation has no scale).
func (c *Clip) keyTimes(node int, kind anim.TrackKind, dst []float64) []float64 {
	if node < 0 || node >= len(c.joint) || c.joint[node] < 0 {
		return dst
	}
	start := len(dst)
	s := &c.d.src[c.joint[node]]
	rot, trans := kind == anim.TrackAny || kind == anim.TrackR, kind == anim.TrackAny || kind == anim.TrackT
	if s.rotTrack >= 0 && rot {
		for _, f := range c.d.rot[s.rotTrack].frames {
			dst = append(dst, float64(f))
		}
	}
	if s.euler && rot {
		for k := 0; k < 3; k++ {
			if s.eul[k].track >= 0 {
				for _, f := range c.d.euler[s.eul[k].track].frames {
					dst = append(dst, float64(f))
				}
			}
		}
	}
	for k := 0; k < 3 && trans; k++ {
		if s.trans[k].track >= 0 {
			for _, f := range c.d.trans[s.trans[k].track].frames {
				dst = append(dst, float64(f))
			}
		}
	}
	tail := dst[start:]
	slices.Sort(tail)
	tail = slices.Compact(tail)
	return dst[:start+len(tail)]
}

// RootMotion is the locomotion between frames f0 and f1 as the client computes
// it (getLocomotion*): rotation = R(f1)·conj(R(f0)); translation = the position
// delta, expressed in the object space of the end rotation when there is one.
func (c *Clip) RootMotion(f0, f1 float64) (mgl32.Quat, mgl32.Vec3) {
	l := c.d.loco
	if l == nil {
		return identityQuat, mgl32.Vec3{}
	}
	rot := identityQuat
	var r1 mgl32.Quat
	if l.r != nil {
		r0, _, _, _ := l.r.sample(float32(f0))
		r1, _, _, _ = l.r.sample(float32(f1))
		rot = clientMul(r1, anim.Conjugate(r0))
	}
	var tr mgl32.Vec3
	if l.t[0] != nil {
		for k := 0; k < 3; k++ {
			a, _, _, _ := l.t[k].sample(float32(f0))
			b, _, _, _ := l.t[k].sample(float32(f1))
			tr[k] = b - a
		}
		if l.r != nil {
			// rotate_p2l: the transpose of the end rotation's matrix
			var m anim.Affine
			anim.RotationColumns(&m, r1, mgl32.Vec3{1, 1, 1})
			tr = mgl32.Vec3{
				float32(m[0]*tr[0]) + float32(m[1]*tr[1]) + float32(m[2]*tr[2]),
				float32(m[3]*tr[0]) + float32(m[4]*tr[1]) + float32(m[5]*tr[2]),
				float32(m[6]*tr[0]) + float32(m[7]*tr[1]) + float32(m[8]*tr[2]),
			}
		}
	}
	return rot, tr
}

// StandIn is the flat stand-in skeleton of §9.4: one root joint per XFIN name,
// identity bind pose.
func (a *Animation) StandIn() *anim.Skeleton {
	s := &anim.Skeleton{}
	seen := map[string]bool{}
	for _, x := range a.Xforms {
		k := strings.ToLower(x.Name)
		if seen[k] {
			continue
		}
		seen[k] = true
		s.Names = append(s.Names, x.Name)
		s.Parents = append(s.Parents, -1)
	}
	return s
}

// Bind binds the animation to a skeleton in the given fidelity (a convenience
// for tools and tests; scenes bind through the Asset's ClipBinders).
func (a *Animation) Bind(s *anim.Skeleton, fidelity string) (*Clip, []formats.Diagnostic) {
	d := prepare(a, fidelity)
	cl, ds := (&binder{d: d}).Bind(s)
	return cl.(*Clip), append(d.ds, ds...)
}

// channels returns the probe channels of three axes' names.
func channels(x, y, z string) [3]anim.Channel {
	return [3]anim.Channel{anim.ChannelOf(x), anim.ChannelOf(y), anim.ChannelOf(z)}
}
