package m2

import (
	"fmt"

	"animscope/anim"

	"github.com/go-gl/mathgl/mgl32"
)

// segment is a run of n key values at off in b.
type segment struct {
	b   *blob
	off int
	n   int
}

// valueSize of one key value, without the cubic tangents.
const (
	sizeVec3   = 12
	sizeQuatF  = 16
	sizeQuat16 = 8
)

// trackKeys reads the track record at off: its timestamps and where its values
// lie. used is false for a track without keys (FORMAT.md §4.1: "used" = nKeys > 0).
func (d *decoder) trackKeys(off int64, what string, vsize int) (k keys, segs []segment, stride int, used bool, err error) {
	b := &d.m2
	k.off, k.sorted = off, true
	size := 20
	if d.pre {
		size = 28
	}
	if err = b.need(off, size, what+" track"); err != nil {
		return
	}
	k.interp, k.global = b.u16(int(off)), b.i16(int(off)+2)
	stride = vsize
	if k.interp == InterpHermite || k.interp == InterpBezier {
		stride *= 3 // {value, inTan, outTan}
	}
	if d.pre {
		var ra, ta, va m2array
		if ra, err = b.arr(off+4, what+" interpolation ranges", 8); err != nil {
			return
		}
		if ta, err = b.arr(off+12, what+" timestamps", 4); err != nil {
			return
		}
		if va, err = b.arr(off+20, what+" values", stride); err != nil {
			return
		}
		if va.count != ta.count {
			err = b.errf(off+20, "%s: %d values for %d timestamps", what, va.count, ta.count)
			return
		}
		if ta.count == 0 {
			return
		}
		if err = d.checkTrackHead(&k, what); err != nil {
			return
		}
		if err = d.spend(b, off+12, uint64(ta.count)+uint64(ra.count), what+" keys"); err != nil {
			return
		}
		n := int(ta.count)
		k.times = make([]uint32, n)
		for i := range k.times {
			k.times[i] = b.u32(ta.at(i))
		}
		if k.global < 0 && ra.count > 0 {
			k.spans = make([]keySpan, ra.count)
			for s := range k.spans {
				o := ra.at(s)
				lo, hi := b.u32(o), b.u32(o+4)
				if lo > hi || int64(hi) >= int64(n) {
					err = b.errf(int64(o), "%s: interpolation range %d is (%d, %d), outside the %d keys", what, s, lo, hi, n)
					return
				}
				k.spans[s] = keySpan{lo: int32(lo), hi: int32(hi)}
			}
			d.checkSpansOrder(&k, what)
		} else {
			k.spans, k.shared = []keySpan{{lo: 0, hi: int32(n - 1)}}, true
			d.checkOrder(&k, 0, n-1, what)
		}
		return k, []segment{{b, int(va.offset), n}}, stride, true, nil
	}

	var ta, va m2array
	if ta, err = b.arr(off+4, what+" timestamp arrays", 8); err != nil {
		return
	}
	if va, err = b.arr(off+12, what+" value arrays", 8); err != nil {
		return
	}
	if va.count != ta.count {
		err = b.errf(off+12, "%s: %d value arrays for %d timestamp arrays", what, va.count, ta.count)
		return
	}
	if err = d.spend(b, off+4, uint64(ta.count), what+" per-sequence arrays"); err != nil {
		return
	}
	type inner struct{ t, v m2array }
	total := uint64(0)
	inners := make([]inner, 0, ta.count)
	for s := 0; s < int(ta.count); s++ {
		src := d.blobFor(s)
		if src == nil {
			inners = append(inners, inner{})
			continue
		}
		it, e := b.arrIn(int64(ta.at(s)), src, fmt.Sprintf("%s timestamps of sequence %d", what, s), 4)
		if e != nil {
			err = e
			return
		}
		iv, e := b.arrIn(int64(va.at(s)), src, fmt.Sprintf("%s values of sequence %d", what, s), stride)
		if e != nil {
			err = e
			return
		}
		if it.count != iv.count {
			err = b.errf(int64(va.at(s)), "%s: sequence %d has %d values for %d timestamps", what, s, iv.count, it.count)
			return
		}
		total += uint64(it.count)
		inners = append(inners, inner{it, iv})
	}
	if total == 0 {
		return
	}
	if err = d.checkTrackHead(&k, what); err != nil {
		return
	}
	if err = d.spend(b, off+4, total, what+" keys"); err != nil {
		return
	}
	k.times = make([]uint32, 0, total)
	k.spans = make([]keySpan, len(inners))
	k.shared = k.global >= 0
	for s, in := range inners {
		lo := len(k.times)
		k.spans[s] = keySpan{lo: int32(lo), hi: int32(lo) - 1, base: int32(lo)}
		if in.t.count == 0 {
			continue
		}
		src := d.blobFor(s)
		for i := 0; i < int(in.t.count); i++ {
			k.times = append(k.times, src.u32(in.t.at(i)))
		}
		k.spans[s].hi = int32(len(k.times) - 1)
		d.checkOrder(&k, lo, len(k.times)-1, what)
		segs = append(segs, segment{src, int(in.v.offset), int(in.v.count)})
	}
	return k, segs, stride, true, nil
}

// checkTrackHead checks the interpolation type and global sequence of a used track.
func (d *decoder) checkTrackHead(k *keys, what string) error {
	b := &d.m2
	if k.interp > InterpBezier {
		return b.errf(k.off, "%s: interpolation type %d is not 0 (step), 1 (linear), 2 or 3 (cubic)", what, k.interp)
	}
	if k.global < -1 || int(k.global) >= len(d.globals) {
		return b.errf(k.off+2, "%s: global sequence %d is out of range (%d global sequences)", what, k.global, len(d.globals))
	}
	if k.interp >= InterpHermite {
		d.warnf(b, k.off, "%s: interpolation type %d (cubic) is read as %s with {value, inTan, outTan} keys; which cubic each number means is uncertain (FORMAT.md §5.6)",
			what, k.interp, map[uint16]string{InterpHermite: "Hermite", InterpBezier: "Bézier"}[k.interp])
	}
	return nil
}

// checkOrder warns when the times of one key span go backwards; sampling stays
// defined (it never extrapolates) but follows no engine rule then, and the track
// is not marked sorted. trackKeys sets sorted before the first check.
func (d *decoder) checkOrder(k *keys, lo, hi int, what string) {
	for i := lo; i < hi; i++ {
		if k.times[i+1] < k.times[i] {
			k.sorted = false
			d.warnf(&d.m2, k.off+4, "%s: timestamps go backwards at key %d (%d ms after %d ms)", what, i+1, k.times[i+1], k.times[i])
			return
		}
	}
}

// checkSpansOrder is checkOrder for every span of k, in one pass over the keys:
// the ranges may overlap (a file can name all its keys in each of 10⁵ ranges),
// and a loop over each span's keys took time ranges × keys (a 360 KB file: 7 s).
// next[i] is the first j ≥ i whose key j+1 is before key j, so span [lo, hi]
// goes backwards first at next[lo] when that is below hi: the key checkOrder's
// loop stops at. Spans that stop at the same key give one warning.
func (d *decoder) checkSpansOrder(k *keys, what string) {
	n := len(k.times)
	next := make([]int32, n)
	nx := int32(n)
	next[n-1] = nx
	for i := n - 2; i >= 0; i-- {
		if k.times[i+1] < k.times[i] {
			nx = int32(i)
		}
		next[i] = nx
	}
	var warned []bool // by key: a span stopping there was warned of
	for _, r := range k.spans {
		j := next[r.lo]
		if j >= r.hi {
			continue
		}
		k.sorted = false
		if warned == nil {
			warned = make([]bool, n)
		}
		if warned[j] {
			continue
		}
		warned[j] = true
		d.warnf(&d.m2, k.off+4, "%s: timestamps go backwards at key %d (%d ms after %d ms)", what, j+1, k.times[j+1], k.times[j])
	}
}

// vecTrack reads a translation or scale track; nil when it has no keys.
func (d *decoder) vecTrack(off int64, what string) (*vecTrack, error) {
	k, segs, stride, used, err := d.trackKeys(off, what, sizeVec3)
	if err != nil || !used {
		return nil, err
	}
	n := len(k.times)
	tr := &vecTrack{keys: k, v: make([]mgl32.Vec3, 0, n)}
	cubic := stride > sizeVec3
	if cubic {
		tr.in, tr.out = make([]mgl32.Vec3, 0, n), make([]mgl32.Vec3, 0, n)
	}
	for _, sg := range segs {
		for j := 0; j < sg.n; j++ {
			o := sg.off + j*stride
			for c := 0; c < stride/sizeVec3; c++ {
				p := o + c*sizeVec3
				v := mgl32.Vec3{sg.b.f32(p), sg.b.f32(p + 4), sg.b.f32(p + 8)}
				if !finite(v[:]...) {
					return nil, sg.b.errf(int64(p), "%s key %d: %v is not finite or beyond ±%g", what, len(tr.v), v, maxMagnitude)
				}
				switch c {
				case 0:
					tr.v = append(tr.v, v)
				case 1:
					tr.in = append(tr.in, v)
				case 2:
					tr.out = append(tr.out, v)
				}
			}
		}
	}
	return tr, nil
}

// quatTrack reads a rotation track; nil when it has no keys. Float quaternions
// (before 260) are kept as stored; int16 ones (260+) are decoded with FORMAT.md §5.5's
// offset-binary formula and normalised (cubic tangents are decoded, not
// normalised).
func (d *decoder) quatTrack(off int64, what string) (*quatTrack, error) {
	vsize := sizeQuatF
	if d.tbc {
		vsize = sizeQuat16
	}
	k, segs, stride, used, err := d.trackKeys(off, what, vsize)
	if err != nil || !used {
		return nil, err
	}
	n := len(k.times)
	tr := &quatTrack{keys: k, q: make([]mgl32.Quat, 0, n)}
	cubic := stride > vsize
	if cubic {
		tr.in, tr.out = make([]mgl32.Quat, 0, n), make([]mgl32.Quat, 0, n)
	}
	zeros := 0
	for _, sg := range segs {
		b := sg.b
		for j := 0; j < sg.n; j++ {
			o := sg.off + j*stride
			for c := 0; c < stride/vsize; c++ {
				p := o + c*vsize
				var q mgl32.Quat
				if d.tbc {
					var zero bool
					q, zero = quat16(b.i16(p), b.i16(p+2), b.i16(p+4), b.i16(p+6), c > 0)
					if zero {
						zeros++
					}
				} else {
					q = mgl32.Quat{W: b.f32(p + 12), V: mgl32.Vec3{b.f32(p), b.f32(p + 4), b.f32(p + 8)}}
					if !finite(q.W, q.V[0], q.V[1], q.V[2]) {
						return nil, b.errf(int64(p), "%s key %d: quaternion %v is not finite or beyond ±%g", what, len(tr.q), q, maxMagnitude)
					}
				}
				switch c {
				case 0:
					tr.q = append(tr.q, q)
				case 1:
					tr.in = append(tr.in, q)
				case 2:
					tr.out = append(tr.out, q)
				}
			}
		}
	}
	if zeros > 0 {
		d.warnf(&d.m2, off, "%s: %d int16 quaternion keys decode to (0, 0, 0, 0) and are read as the identity", what, zeros)
	}
	if tr.interp == InterpLinear && n > 1 {
		tr.arcs = make([]anim.SlerpArc, n-1)
		for i := range tr.arcs {
			tr.arcs[i] = anim.NewSlerpArc(tr.q[i], tr.q[i+1])
		}
	}
	return tr, nil
}

// fixed16Track reads an i16 "fixed16" track (value/32767); nil when it has no keys.
func (d *decoder) fixed16Track(off int64, what string) (*scalarTrack, error) {
	k, segs, stride, used, err := d.trackKeys(off, what, 2)
	if err != nil || !used {
		return nil, err
	}
	n := len(k.times)
	tr := &scalarTrack{keys: k, v: make([]float32, 0, n)}
	if stride > 2 {
		tr.in, tr.out = make([]float32, 0, n), make([]float32, 0, n)
	}
	for _, sg := range segs {
		for j := 0; j < sg.n; j++ {
			o := sg.off + j*stride
			tr.v = append(tr.v, float32(sg.b.i16(o))/32767)
			if stride > 2 {
				tr.in = append(tr.in, float32(sg.b.i16(o+2))/32767)
				tr.out = append(tr.out, float32(sg.b.i16(o+4))/32767)
			}
		}
	}
	return tr, nil
}
