package swg

import (
	"math"

	"animscope/anim"

	"github.com/go-gl/mathgl/mgl32"
)

// The sampler as it was before the packed layout and the batched slerp
// (commit bba8cb8), kept frozen here as the reference of the differential test
// (TestSampleMatchesReference): every function below is a copy of the code of
// that time under a name of its own, so that later changes to the package's
// sampling code cannot change the reference.

// SampleReference is the old (*Clip).Sample.
var SampleReference = (*Clip).sampleRef

func (c *Clip) sampleRef(_ anim.Context, t float64, out []anim.Transform, probes []anim.Probe) (anim.Affine, bool) {
	f := float32(t)
	frame := int32(0)
	if fl := math.Floor(t); fl >= math.MinInt32 && fl <= math.MaxInt32 {
		frame = int32(fl)
	}
	n := len(out)
	withProbes := probes != nil
	d := c.d
	var kf refKeyFinder
	for i := 0; i < n; i++ {
		var p *anim.Probe
		if withProbes && i < len(probes) {
			p = &probes[i]
		}
		x := int32(-1)
		if i < len(c.joint) {
			x = c.joint[i]
		}
		if x < 0 {
			out[i] = anim.IdentityTransform
			if p != nil {
				p.Reset(frame, true)
			}
			continue
		}
		if p != nil {
			p.Reset(frame, false)
		}
		s := &d.src[x]
		o := &out[i]
		switch {
		case s.rotTrack >= 0:
			rt := d.rot[s.rotTrack]
			k0, k1, al := refQSampleInto(rt, &o.Q, kf.lower(rt.frames, f), f)
			if p != nil {
				p.Add(anim.KeyUse{Channel: chanR, K0: k0, K1: k1, Alpha: al})
			}
		case s.euler:
			var ang [3]float32
			for k := 0; k < 3; k++ {
				ang[k] = refAxisSample(&s.eul[k], d.euler, f, &kf, p, chanE[k], chanEStatic[k])
			}
			o.Q = EulerXYZ(ang[0], ang[1], ang[2])
		default:
			o.Q = s.rotStatic
			if p != nil {
				p.Add(anim.KeyUse{Channel: chanRStatic, K0: s.rotIndex, K1: -1})
			}
		}
		for k := 0; k < 3; k++ {
			o.T[k] = refAxisSample(&s.trans[k], d.trans, f, &kf, p, chanT[k], chanTStatic[k])
		}
		o.S[0], o.S[1], o.S[2] = 1, 1, 1
	}
	return anim.IdentityAffine, false
}

func refLower(frames []float32, f float32) int {
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

type refKeyFinder struct {
	frames *float32
	n, k   int
}

func (kf *refKeyFinder) lower(frames []float32, f float32) int {
	if len(frames) == 0 {
		return refLower(frames, f)
	}
	if &frames[0] == kf.frames && len(frames) == kf.n {
		return kf.k
	}
	kf.frames, kf.n, kf.k = &frames[0], len(frames), refLower(frames, f)
	return kf.k
}

func refFile(fileIdx []int32, k int) int32 {
	if fileIdx == nil {
		return int32(k)
	}
	return fileIdx[k]
}

func refQSampleAt(t *qtrack, k int, f float32) (q mgl32.Quat, k0, k1 int32, alpha float32) {
	if k < 0 {
		return t.keys[0], refFile(t.fileIdx, 0), -1, 0
	}
	if k == len(t.keys)-1 || t.frames[k] == f || t.inv[k] == 0 {
		return t.keys[k], refFile(t.fileIdx, k), -1, 0
	}
	w := float32((f - t.frames[k]) * t.inv[k])
	return refArcAt(&t.arcs[k], t.keys[k], w), refFile(t.fileIdx, k), refFile(t.fileIdx, k+1), w
}

func refQSampleInto(t *qtrack, dst *mgl32.Quat, k int, f float32) (k0, k1 int32, alpha float32) {
	if k < 0 || k == len(t.keys)-1 || t.frames[k] == f || t.inv[k] == 0 {
		q, k0, k1, alpha := refQSampleAt(t, k, f)
		*dst = q
		return k0, k1, alpha
	}
	w := float32((f - t.frames[k]) * t.inv[k])
	a, q0 := &t.arcs[k], &t.keys[k]
	if a.opposite {
		*dst = refArcAt(a, *q0, w)
	} else {
		c1, c2 := refArcWeights(a, w)
		o := &a.other
		dst.W = float32(c1*q0.W) + float32(c2*o.W)
		dst.V[0] = float32(c1*q0.V[0]) + float32(c2*o.V[0])
		dst.V[1] = float32(c1*q0.V[1]) + float32(c2*o.V[1])
		dst.V[2] = float32(c1*q0.V[2]) + float32(c2*o.V[2])
	}
	return refFile(t.fileIdx, k), refFile(t.fileIdx, k+1), w
}

func refFSampleAt(t *ftrack, k int, f float32) (v float32, k0, k1 int32, alpha float32) {
	if k < 0 {
		return t.values[0], refFile(t.fileIdx, 0), -1, 0
	}
	if k == len(t.values)-1 || t.frames[k] == f || t.inv[k] == 0 {
		return t.values[k], refFile(t.fileIdx, k), -1, 0
	}
	lw := float32((t.frames[k+1] - f) * t.inv[k])
	v = float32(lw*t.values[k]) + float32((1-lw)*t.values[k+1])
	return v, refFile(t.fileIdx, k), refFile(t.fileIdx, k+1), 1 - lw
}

func refAxisSample(ax *axis, tracks []*ftrack, f float32, kf *refKeyFinder, p *anim.Probe, ch, chStatic anim.Channel) float32 {
	if ax.track < 0 {
		if p != nil {
			p.Add(anim.KeyUse{Channel: chStatic, K0: ax.index, K1: -1})
		}
		return ax.static
	}
	t := tracks[ax.track]
	v, k0, k1, al := refFSampleAt(t, kf.lower(t.frames, f), f)
	if p != nil {
		p.Add(anim.KeyUse{Channel: ch, K0: k0, K1: k1, Alpha: al})
	}
	return v
}

func refArcAt(a *arc, q0 mgl32.Quat, f float32) mgl32.Quat {
	if a.opposite {
		ft := float32(float32(math.Pi) * f)
		c1 := float32(math.Sin(float64(float32(math.Pi/2) - ft)))
		c2 := float32(math.Sin(float64(ft)))
		return mgl32.Quat{
			W: float32(c1*q0.W) + float32(c2*q0.V[2]),
			V: mgl32.Vec3{
				float32(c1*q0.V[0]) - float32(c2*q0.V[1]),
				float32(c1*q0.V[1]) + float32(c2*q0.V[0]),
				float32(c1*q0.V[2]) - float32(c2*q0.W),
			},
		}
	}
	c1, c2 := refArcWeights(a, f)
	o := &a.other
	return mgl32.Quat{
		W: float32(c1*q0.W) + float32(c2*o.W),
		V: mgl32.Vec3{
			float32(c1*q0.V[0]) + float32(c2*o.V[0]),
			float32(c1*q0.V[1]) + float32(c2*o.V[1]),
			float32(c1*q0.V[2]) + float32(c2*o.V[2]),
		},
	}
}

func refArcWeights(a *arc, f float32) (c1, c2 float32) {
	if a.linear {
		return 1 - f, f
	}
	ft := float32(f * a.theta)
	c1 = anim.Sin32(a.theta-ft) * a.ooSin
	c2 = anim.Sin32(ft) * a.ooSin
	return c1, c2
}
