package swg_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"animscope/anim"
	"animscope/formats/samples"
	"animscope/formats/swg"
	"animscope/formats/swg/swgtest"

	"github.com/go-gl/mathgl/mgl32"
)

// ozzAnimation is the SWG clip of the ozz-like benchmark (formats/ozzlike): a
// KFAT 0003 at 30 fps, frames 0..30, every joint with an animated rotation about
// z and three animated translation axes keyed at every frame; clip c (0 or 1)
// differs in its values.
func ozzAnimation(names []string, c int) *swg.Animation {
	const keys = 31
	value := func(i, k, salt int) float64 { return math.Sin(float64(i*131+k*17+c*7919+salt*31) * 0.618) }
	a := &swg.Animation{Kind: "KFAT", Version: "0003", FPS: 30, FrameCount: keys - 1}
	frames := make([]int32, keys)
	for k := range frames {
		frames[k] = int32(k)
	}
	for i, n := range names {
		x := swg.XformInfo{Name: n, AnimatedRot: true, RotIndex: int32(len(a.Rot)),
			TransMask: swg.MaskTransX | swg.MaskTransY | swg.MaskTransZ}
		q := swg.QuatChannel{Frames: frames}
		for k := range frames {
			q.Keys = append(q.Keys, swg.AxisAngle(float32(90*value(i, k, 1)*math.Pi/180), mgl32.Vec3{0, 0, 1}))
		}
		a.Rot = append(a.Rot, q)
		for ax := 0; ax < 3; ax++ {
			ch := swg.ScalarChannel{Frames: frames}
			for k := range frames {
				ch.Values = append(ch.Values, float32(value(i, k, 2+ax)))
			}
			x.TransIdx[ax] = int32(len(a.Trans))
			a.Trans = append(a.Trans, ch)
		}
		a.Xforms = append(a.Xforms, x)
	}
	return a
}

// edgeAnimation has the cases a file rarely shows, built directly (not through
// the decoder, which refuses some): every channel on the same frames with
// static axes mixed in, keys equal to the previous (linear weights), sign flips,
// a NaN key (an opposite arc), frames out of order and repeated (held keys), a
// single-key channel, and channels on frames of their own.
func edgeAnimation() *swg.Animation {
	a := &swg.Animation{Kind: "KFAT", Version: "0003", FPS: 24, FrameCount: 20}
	fr := []int32{0, 3, 4, 9, 10, 14, 20}
	rot := func(fr []int32, seed int) swg.QuatChannel {
		q := swg.QuatChannel{Frames: fr}
		for j := range fr {
			k := swg.AxisAngle(float32(0.3*float64(j+seed)), mgl32.Vec3{0, 0.6, 0.8})
			switch {
			case j%3 == 2:
				k = q.Keys[j-1] // linear weights between equal keys
			case j%4 == 3:
				k = swg.NegQuat(k)
			}
			q.Keys = append(q.Keys, k)
		}
		return q
	}
	scalar := func(fr []int32, seed int) swg.ScalarChannel {
		s := swg.ScalarChannel{Frames: fr}
		for j := range fr {
			s.Values = append(s.Values, float32(math.Cos(float64(j*7+seed)))*0.3)
		}
		return s
	}
	a.StaticRot = []mgl32.Quat{swg.AxisAngle(0.2, mgl32.Vec3{1, 0, 0}), swg.AxisAngle(-0.4, mgl32.Vec3{0, 1, 0})}
	a.StaticTrans = []float32{0.5, -0.25, 0.125}
	add := func(name string, r *swg.QuatChannel, static int32, tr [3]*swg.ScalarChannel) {
		x := swg.XformInfo{Name: name}
		if r != nil {
			x.AnimatedRot, x.RotIndex = true, int32(len(a.Rot))
			a.Rot = append(a.Rot, *r)
		} else {
			x.RotIndex = static
		}
		for k := 0; k < 3; k++ {
			if tr[k] != nil {
				x.TransMask |= uint32(swg.MaskTransX << k)
				x.TransIdx[k] = int32(len(a.Trans))
				a.Trans = append(a.Trans, *tr[k])
			} else {
				x.TransIdx[k] = int32(k)
			}
		}
		a.Xforms = append(a.Xforms, x)
	}
	ptr := func(s swg.ScalarChannel) *swg.ScalarChannel { return &s }
	qptr := func(q swg.QuatChannel) *swg.QuatChannel { return &q }
	add("all", qptr(rot(fr, 0)), 0, [3]*swg.ScalarChannel{ptr(scalar(fr, 1)), ptr(scalar(fr, 2)), ptr(scalar(fr, 3))})
	add("rotOnly", qptr(rot(fr, 4)), 0, [3]*swg.ScalarChannel{})
	add("transY", nil, 1, [3]*swg.ScalarChannel{nil, ptr(scalar(fr, 5)), nil})
	add("still", nil, 1, [3]*swg.ScalarChannel{})
	add("rotXZ", qptr(rot(fr, 6)), 0, [3]*swg.ScalarChannel{ptr(scalar(fr, 7)), nil, ptr(scalar(fr, 8))})
	other := []int32{0, 5, 20}
	add("mixed", qptr(rot(fr, 9)), 0, [3]*swg.ScalarChannel{ptr(scalar(other, 10)), nil, nil})
	nan := rot(fr, 11)
	nan.Keys[4] = mgl32.Quat{W: float32(math.NaN())}
	add("nan", &nan, 0, [3]*swg.ScalarChannel{ptr(scalar(fr, 12)), nil, nil})
	nan2 := rot(fr, 22)
	nan2.Keys[2] = mgl32.Quat{V: mgl32.Vec3{float32(math.NaN()), 0, 0}}
	add("nanAll", &nan2, 0, [3]*swg.ScalarChannel{ptr(scalar(fr, 23)), ptr(scalar(fr, 24)), ptr(scalar(fr, 25))})
	bad := []int32{0, 6, 6, 4, 12, 20, 20}
	add("badFrames", qptr(rot(bad, 13)), 0, [3]*swg.ScalarChannel{ptr(scalar(bad, 14)), ptr(scalar(bad, 15)), nil})
	// In client fidelity both channels keep frames 0, 6, 10, but the
	// rotation's frame 6 is file key 1 and the translation's file key 2.
	dup := []int32{0, 6, 6, 10}
	qa, qb, qc := swg.AxisAngle(0.1, mgl32.Vec3{1, 0, 0}), swg.AxisAngle(0.5, mgl32.Vec3{1, 0, 0}), swg.AxisAngle(0.9, mgl32.Vec3{1, 0, 0})
	add("dupIdx", &swg.QuatChannel{Frames: dup, Keys: []mgl32.Quat{qa, qb, qb, qc}}, 0,
		[3]*swg.ScalarChannel{{Frames: dup, Values: []float32{0.25, 0.25, 0.75, -0.5}}, nil, nil})
	one := []int32{7}
	add("oneKey", qptr(rot(one, 16)), 0, [3]*swg.ScalarChannel{nil, nil, ptr(scalar(one, 17))})
	add("longRun", qptr(rot(fr, 18)), 0, [3]*swg.ScalarChannel{ptr(scalar(fr, 19)), ptr(scalar(fr, 20)), ptr(scalar(fr, 21))})
	return a
}

// diffSkeleton is a's stand-in with extra nodes the sampler must handle: a
// name in other case (a second node on one XFIN), and names the animation lacks.
func diffSkeleton(a *swg.Animation) *anim.Skeleton {
	s := a.StandIn()
	s.Names = append(s.Names, "no-such-joint", strings.ToUpper(s.Names[0]))
	s.Parents = append(s.Parents, -1, 0)
	if len(s.Names) > 3 {
		s.Names = append(s.Names, strings.ToUpper(s.Names[len(s.Names)/2]))
		s.Parents = append(s.Parents, -1)
	}
	return s
}

// diffTimes are the sample times of a clip: quarter frames over the clip and
// beyond, every key frame of every node and its float32 neighbours, random
// times, and the odd values (NaN, infinities, −0, huge).
func diffTimes(c *swg.Clip, nodes int) []float64 {
	fc := c.Info().Duration
	var ts []float64
	for q := -8; q <= int(4*fc)+8; q++ {
		ts = append(ts, float64(q)/4)
	}
	for n := 0; n < nodes; n++ {
		for _, k := range c.KeyTimes(n, nil) {
			f := float32(k)
			ts = append(ts, k, float64(math.Nextafter32(f, float32(math.Inf(1)))), float64(math.Nextafter32(f, float32(math.Inf(-1)))))
		}
	}
	r := rand.New(rand.NewPCG(1, uint64(len(ts))))
	for range 400 {
		ts = append(ts, -2+r.Float64()*(fc+4))
	}
	ts = append(ts, math.Inf(1), math.Inf(-1), 0, -1, -1e-9, fc, fc+1e-6, 1e30, -1e30, math.MaxInt32+0.5, math.MinInt32-0.5)
	slices.Sort(ts)
	return append(slices.Compact(ts), math.NaN(), math.Copysign(0, -1))
}

// fill sets every field of out and probes to values no sampler writes, the
// same in every call, so that a field one sampler leaves alone shows.
func fill(out []anim.Transform, probes []anim.Probe) {
	for i := range out {
		v := float32(-777.5 - float64(i))
		out[i] = anim.Transform{Q: mgl32.Quat{W: v, V: mgl32.Vec3{v, v, v}}, T: mgl32.Vec3{v, v, v}, S: mgl32.Vec3{v, v, v}}
	}
	for i := range probes {
		p := &probes[i]
		p.Reset(-99, true)
		for range anim.MaxProbeKeys {
			p.AddFrame(anim.KeyUse{K0: -5, K1: -6, Alpha: 9.5, Channel: anim.ChannelOf("junk")}, -3.25)
		}
	}
}

func transformBits(t anim.Transform) [10]uint32 {
	b := func(v float32) uint32 { return math.Float32bits(v) }
	return [10]uint32{b(t.Q.W), b(t.Q.V[0]), b(t.Q.V[1]), b(t.Q.V[2]), b(t.T[0]), b(t.T[1]), b(t.T[2]), b(t.S[0]), b(t.S[1]), b(t.S[2])}
}

// sameProbe compares two probes field by field, alphas and frames by their bits.
func sameProbe(a, b *anim.Probe) bool { return a.Identical(b) }

// checkSameAsReference samples c with Sample and with the reference at every
// time of diffTimes, with and without probes, with out as long as the skeleton,
// shorter and longer, and probes shorter than out, and compares bit for bit.
func checkSameAsReference(t *testing.T, name string, c *swg.Clip, nodes int) (compared int) {
	t.Helper()
	shapes := []struct{ out, probes int }{{nodes, nodes}, {nodes, -1}, {nodes / 2, nodes / 2}, {nodes + 3, nodes + 3}, {nodes, nodes / 3}}
	for _, sh := range shapes {
		got, want := make([]anim.Transform, sh.out), make([]anim.Transform, sh.out)
		var gp, wp []anim.Probe
		if sh.probes >= 0 {
			gp, wp = make([]anim.Probe, sh.probes), make([]anim.Probe, sh.probes)
		}
		for _, tm := range diffTimes(c, nodes) {
			fill(got, gp)
			fill(want, wp)
			ga, gm := c.Sample(nil, tm, got, gp)
			wa, wm := swg.SampleReference(c, nil, tm, want, wp)
			if ga != wa || gm != wm {
				t.Fatalf("%s t=%v: root %v %v, reference %v %v", name, tm, ga, gm, wa, wm)
			}
			for i := range got {
				if g, w := transformBits(got[i]), transformBits(want[i]); g != w {
					t.Fatalf("%s t=%v out=%d node %d: got %v, reference %v", name, tm, sh.out, i, got[i], want[i])
				}
			}
			for i := range gp {
				if !sameProbe(&gp[i], &wp[i]) {
					t.Fatalf("%s t=%v out=%d node %d: probe %+v, reference %+v", name, tm, sh.out, i, gp[i], wp[i])
				}
			}
			compared++
		}
	}
	return compared
}

// TestSampleMatchesReference compares Sample with the sampler it replaced
// (SampleReference, kept in a test file) bit for bit and probe for probe, on the
// ozz-like benchmark's clips, the package's synthetic animations of every kind,
// the edge cases, and the sample files when present, in both fidelities.
func TestSampleMatchesReference(t *testing.T) {
	type anim1 struct {
		name string
		a    *swg.Animation
	}
	var anims []anim1
	ozzNames := chainSkeleton(64).Names
	for c := 0; c < 2; c++ {
		anims = append(anims, anim1{fmt.Sprintf("ozz%d", c), decoded(t, ozzAnimation(ozzNames, c))})
	}
	for _, kv := range animKinds {
		names := chainSkeleton(40).Names
		anims = append(anims, anim1{kv[0] + kv[1], decoded(t, synthAnimation(kv[0], kv[1], names, 48))})
	}
	anims = append(anims, anim1{"edge", edgeAnimation()})
	if dir := samples.Path("swg"); dir != "" {
		files, _ := filepath.Glob(filepath.Join(dir, "*.ans"))
		for _, fn := range files {
			data, err := os.ReadFile(fn)
			if err != nil {
				t.Fatal(err)
			}
			a, err := swg.DecodeAnimation(fn, data)
			if err != nil {
				t.Fatalf("%s: %v", fn, err)
			}
			anims = append(anims, anim1{filepath.Base(fn), a})
		}
	} else {
		t.Log("sample folder swg absent: the sample files are not compared")
	}
	for _, an := range anims {
		for _, fid := range []string{swg.FidelityFile, swg.FidelityClient} {
			s := diffSkeleton(an.a)
			c, _ := an.a.Bind(s, fid)
			n := checkSameAsReference(t, an.name+"/"+fid, c, s.Len())
			if n < 100 {
				t.Errorf("%s/%s: only %d comparisons", an.name, fid, n)
			}
		}
	}
}

func decoded(t *testing.T, a *swg.Animation) *swg.Animation {
	t.Helper()
	data, err := swgtest.EncodeAnimation(a)
	if err != nil {
		t.Fatal(err)
	}
	d, err := swg.DecodeAnimation("diff.ans", data)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestSampleOzzAllocatesNothing: a frame of the ozz-like clips (every slerp
// through the batch, more than one batch a call) allocates nothing, with and
// without probes.
func TestSampleOzzAllocatesNothing(t *testing.T) {
	names := chainSkeleton(100).Names
	a := decoded(t, ozzAnimation(names, 0))
	s := a.StandIn()
	c, _ := a.Bind(s, swg.FidelityFile)
	out := make([]anim.Transform, s.Len())
	for _, probes := range [][]anim.Probe{nil, make([]anim.Probe, s.Len())} {
		f := 0.0
		allocs := testing.AllocsPerRun(100, func() {
			f += 0.5
			c.Sample(nil, f, out, probes)
		})
		if allocs != 0 {
			t.Errorf("probes=%v: %g allocations per frame, want 0", probes != nil, allocs)
		}
	}
}

// The ozz-like clips take the sampler's fastest path: every node keyed with all
// channels animated, on one key set (file fidelity; the client's thinning drops
// a key here and there, which puts the node's channels on frames of their own).
func TestOzzClipPacking(t *testing.T) {
	names := chainSkeleton(64).Names
	for c := 0; c < 2; c++ {
		a := decoded(t, ozzAnimation(names, c))
		cl, _ := a.Bind(a.StandIn(), swg.FidelityFile)
		all, keyed, general, sets := swg.PackedShape(cl)
		if all != len(names) || keyed != 0 || general != 0 || sets != 1 {
			t.Errorf("clip %d: %d all-animated, %d other keyed, %d general nodes, %d key sets; want %d, 0, 0, 1",
				c, all, keyed, general, sets, len(names))
		}
	}
}
