package vca

import (
	"math"

	"animscope/anim"

	"github.com/go-gl/mathgl/mgl32"
)

// The reference sampler: the line-by-line evaluation as it was before the
// evaluation plan (one frame expression, one key search and one key lookup per
// line), kept for the differential tests only. The sampler must give the same
// bits, and the same probes, as this.

type refLsVals struct {
	t, r, s  [3]float64
	color    [4]float64
	colorSet bool
	show     int8
	model    string
	modelSet bool
}

type refScratch struct {
	ls     []refLsVals
	tex    []string
	texSet []bool
	zoom   float64
	e, ce  env
	rng    tw223
}

func (c *Clip) refNewScratch() *refScratch {
	return &refScratch{ls: make([]refLsVals, len(c.tr.Linesets)), tex: make([]string, len(c.slots)), texSet: make([]bool, len(c.slots))}
}

func (c *Clip) refEvaluate(t float64, sc *refScratch, probes []anim.Probe) {
	tr := c.tr
	for i := range sc.ls {
		v := &sc.ls[i]
		v.t = [3]float64{}
		v.r = [3]float64{}
		v.s = [3]float64{1, 1, 1}
		v.color = [4]float64{1, 1, 1, 1}
		v.colorSet = false
		v.show = -1
		v.model, v.modelSet = "", false
	}
	for i := range sc.tex {
		sc.tex[i], sc.texSet[i] = "", false
	}
	sc.zoom = 1
	if probes != nil {
		pf := probeFrame(t, tr.FPS)
		for i := range probes {
			probes[i].Reset(pf, false)
		}
	}
	e := &sc.e
	*e = env{t: t, m: 1, intensity: c.Intensity}
	if tr.UsesRand {
		sc.rng.init(t)
		e.rng = &sc.rng
	}
	for i, l := range tr.Lines {
		tg := c.tgt[i]
		if tg == tgtNone {
			continue
		}
		var v float64
		var str string
		ok := true
		f := 0.0
		keys := keyPair{k0: -1, k1: -1}
		if l.Func != nil {
			e.t = t
			v, ok = l.Func.eval(e)
			if l.mul {
				v = float64(v*c.Intensity) + (1.0 - c.Intensity)
			} else {
				v = v * c.Intensity
			}
		} else {
			e.t = t
			var fok bool
			if f, fok = l.frame.eval(e); !fok {
				continue
			}
			v, str, keys, ok = c.refLookup(l, f, sc)
		}
		if tg == tgtBone && probes != nil {
			if node := int(c.lsNode[l.Lineset]); node < len(probes) {
				ku := anim.KeyUse{Channel: l.probe, K0: keys.k0, K1: keys.k1}
				if l.Func == nil {
					if a := float64(keys.alpha); !math.IsNaN(a) && !math.IsInf(a, 0) {
						ku.Alpha = keys.alpha
					}
				}
				if l.Func == nil && !math.IsNaN(f) && !math.IsInf(f, 0) {
					probes[node].AddFrame(ku, f)
				} else {
					probes[node].Add(ku)
				}
			}
		}
		if !ok || (!l.strKeys && !l.boolKeys && !(math.Abs(v) <= MaxValue)) {
			continue
		}
		c.refApply(sc, i, l, tg, v, str)
	}
}

func (c *Clip) refApply(sc *refScratch, i int, l *Line, tg target, v float64, str string) {
	switch tg {
	case tgtZoom:
		if !c.EngineChannels || (c.cameraLS && c.tr.Linesets[l.Lineset].Key == "" && c.tr.Linesets[l.Lineset].Type == "camera") {
			sc.zoom = v
		}
		return
	case tgtTexture:
		if !c.EngineChannels {
			sc.tex[c.texSlot[i]], sc.texSet[c.texSlot[i]] = str, true
		}
		return
	}
	ls := &sc.ls[l.Lineset]
	ax := l.Axis - 1
	switch l.Channel {
	case ChMove:
		if ax >= 0 && ax < 3 {
			ls.t[ax] = v
		}
	case ChRotate:
		if ax >= 0 && ax < 3 {
			ls.r[ax] = v
		}
	case ChScale:
		if ax >= 0 && ax < 3 {
			ls.s[ax] = v
		}
	case ChColor:
		if ax >= 0 && ax < 4 {
			ls.color[ax] = v
			ls.colorSet = true
		}
	case ChShow:
		if l.boolKeys {
			ls.show = 0
			if v != 0 {
				ls.show = 1
			}
		} else {
			ls.show = 1
		}
	case ChModel:
		ls.model, ls.modelSet = str, true
	}
}

func refNeighbors(frames []float64, f float64) (int, int) {
	left, right := 1, len(frames)
	for left <= right {
		mid := (left + right) / 2
		k := frames[mid-1]
		if k < f {
			left = mid + 1
		} else if k > f {
			right = mid - 1
		} else {
			return mid, mid
		}
	}
	if left > len(frames) {
		left = len(frames)
	}
	return right, left
}

// refLookup searches the line's own keys (not the shared frames) so that the
// reference does not depend on how frames are stored.
func (c *Clip) refLookup(l *Line, f float64, sc *refScratch) (v float64, str string, ku keyPair, ok bool) {
	keys := l.Keys
	frames := make([]float64, len(keys))
	for i := range keys {
		frames[i] = keys[i].Frame
	}
	lo, hi := refNeighbors(frames, f)
	ku.k1 = -1
	var k *Key
	switch {
	case lo == hi:
		k = &keys[lo-1]
		ku.k0 = int32(lo - 1)
	case lo == 0:
		k = &keys[0]
		ku.k0 = 0
	case l.Interp == InterpStep:
		k = &keys[lo-1]
		ku.k0 = int32(lo - 1)
	}
	if k != nil {
		v, str, ok = refKeyValue(l, k)
		return v, str, ku, ok
	}
	a, b := &keys[lo-1], &keys[hi-1]
	u := (f - a.Frame) / (b.Frame - a.Frame)
	ku.k0, ku.k1, ku.alpha = int32(lo-1), int32(hi-1), float32(u)
	switch l.Interp {
	case InterpBezier:
		return bezierInterp(a, b, u, c.absolute), "", ku, true
	case InterpCustom:
		if l.curve != nil {
			ce := &sc.ce
			*ce = env{t: u, kl: [2]float64{a.Frame, a.Value}, kr: [2]float64{b.Frame, b.Value}, rng: sc.e.rng}
			r, ok := l.curve.eval(ce)
			return r, "", ku, ok
		}
	}
	return float64(a.Value*(1.0-u)) + float64(b.Value*u), "", ku, true
}

func refKeyValue(l *Line, k *Key) (float64, string, bool) {
	switch {
	case l.boolKeys:
		if k.Str == "on" && k.hasValue {
			return 1, "", true
		}
		return 0, "", true
	case l.strKeys:
		return 0, k.Str, true
	}
	return k.Value, "", k.isNumber
}

func (c *Clip) refLsTransform(i int, v *refLsVals) anim.Transform {
	x := anim.IdentityTransform
	if c.hasT[i] {
		x.T = mgl32.Vec3{float32(v.t[0]), float32(v.t[1]), float32(v.t[2])}
	}
	x.Q = refEulerQuat(c.tr.rotAxes, &c.rotHas[i], &v.r)
	if c.hasS[i] {
		x.S = mgl32.Vec3{float32(v.s[0]), float32(v.s[1]), float32(v.s[2])}
	}
	return x
}

// refSample is Sample on the reference path.
func (c *Clip) refSample(sc *refScratch, t float64, out []anim.Transform, probes []anim.Probe) anim.Affine {
	c.refEvaluate(t, sc, probes)
	for i := range out {
		out[i] = anim.IdentityTransform
	}
	for _, li := range c.boneLS {
		node := c.lsNode[li]
		if int(node) >= len(out) {
			continue
		}
		x := c.refLsTransform(int(li), &sc.ls[li])
		if c.shares[li] {
			out[node] = compose(out[node], x)
		} else {
			out[node] = x
		}
	}
	if c.objectLS < 0 {
		return anim.IdentityAffine
	}
	x := c.refLsTransform(c.objectLS, &sc.ls[c.objectLS])
	var m anim.Affine
	anim.RotationColumns(&m, x.Q, x.S)
	m[9], m[10], m[11] = x.T[0], x.T[1], x.T[2]
	return m
}

func refEulerQuat(order []int, has *[3]bool, deg *[3]float64) mgl32.Quat {
	w, x, y, z := 1.0, 0.0, 0.0, 0.0
	for _, ax := range order {
		if !has[ax] {
			continue
		}
		a := float64(float32(deg[ax])) * (math.Pi / 180) / 2
		s, cs := refSincos(a)
		var b [4]float64
		b[0] = cs
		b[1+ax] = s
		w, x, y, z = float64(w*b[0])-float64(x*b[1])-float64(y*b[2])-float64(z*b[3]),
			float64(w*b[1])+float64(x*b[0])+float64(y*b[3])-float64(z*b[2]),
			float64(w*b[2])-float64(x*b[3])+float64(y*b[0])+float64(z*b[1]),
			float64(w*b[3])+float64(x*b[2])-float64(y*b[1])+float64(z*b[0])
	}
	return mgl32.Quat{W: float32(w), V: mgl32.Vec3{float32(x), float32(y), float32(z)}}
}
