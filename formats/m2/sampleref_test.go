package m2

import (
	"animscope/formats/m2/m2test"
	"math"
	"math/rand"
	"testing"

	"animscope/anim"

	"github.com/go-gl/mathgl/mgl32"
)

// randModel is benchModel's skeleton with random tracks: every interpolation
// type, some tracks on global sequences (lengths 0, 700 and 33 ms), 0 to 6 keys
// per sequence (so empty spans), times sometimes repeated or out of order, and
// before 264 some tracks without ranges or with fewer ranges than sequences.
func randModel(version uint32, seed int64) *m2test.Model {
	rng := rand.New(rand.NewSource(seed))
	m := benchModel(version, 8)
	m.Globals = []uint32{0, 700, 33}
	for i := range m.Bones {
		b := &m.Bones[i]
		b.T, b.R, b.S = randTrack(rng, m, false), randTrack(rng, m, true), randTrack(rng, m, false)
	}
	return m
}

func randTrack(rng *rand.Rand, m *m2test.Model, quat bool) m2test.Track {
	interp := uint16(rng.Intn(4))
	global := int16(-1)
	if rng.Intn(4) == 0 {
		global = int16(rng.Intn(len(m.Globals)))
	}
	value := func() []float32 {
		if !quat {
			return m2test.V3(rng.Float32()*4-2, rng.Float32()*4-2, rng.Float32()*4-2)
		}
		q := mgl32.Quat{W: rng.Float32()*2 - 1, V: mgl32.Vec3{rng.Float32()*2 - 1, rng.Float32()*2 - 1, rng.Float32()*2 - 1}}.Normalize()
		return []float32{q.V[0], q.V[1], q.V[2], q.W}
	}
	perSeq := make([][]m2test.Key, len(m.Seqs))
	for s := range perSeq {
		at := uint32(rng.Intn(50))
		for k := rng.Intn(7); k > 0; k-- {
			v := value()
			if interp >= InterpHermite {
				v = m2test.Cubic(v, value(), value())
			}
			perSeq[s] = append(perSeq[s], m2test.Key{T: at, V: v})
			at += uint32(rng.Intn(300)) // 0: a repeated time
		}
		if rng.Intn(6) == 0 {
			rng.Shuffle(len(perSeq[s]), func(i, j int) { perSeq[s][i].T, perSeq[s][j].T = perSeq[s][j].T, perSeq[s][i].T })
		}
	}
	nRanges := -1
	if rng.Intn(4) == 0 {
		nRanges = rng.Intn(len(m.Seqs) + 1)
	}
	return m2test.MakeTrack(m, interp, global, perSeq, nRanges)
}

// refSpan is the key span of sequence seq on the encoded track et, read straight
// from the spec (§5.1–5.3) and the encoder's layout: [lo, hi] in the decoded key
// arrays and base, the index probes subtract.
func refSpan(version uint32, et *m2test.Track, seq int) (lo, hi, base int, ok bool) {
	if version < 264 {
		n := len(et.Times)
		if et.Global >= 0 || len(et.Ranges) == 0 {
			return 0, n - 1, 0, n > 0
		}
		if seq >= len(et.Ranges) {
			return 0, 0, 0, false
		}
		return int(et.Ranges[seq][0]), int(et.Ranges[seq][1]), 0, true
	}
	if et.Global >= 0 {
		seq = 0
	}
	if seq >= len(et.SeqTimes) || len(et.SeqTimes[seq]) == 0 {
		return 0, 0, 0, false
	}
	for s := 0; s < seq; s++ {
		lo += len(et.SeqTimes[s])
	}
	return lo, lo + len(et.SeqTimes[seq]) - 1, lo, true
}

// refLocate is the key search without a cursor: clamp to the span's ends, else a
// plain binary search for the last key at or before ⌊t⌋ (on out-of-order times
// this search is what defines the result), then r = (t − t0)/(t1 − t0).
func refLocate(times []uint32, lo, hi int, t float64, interp uint16) (i int, r float32, exact bool) {
	if lo == hi || !(t > float64(times[lo])) {
		return lo, 0, true
	}
	if t >= float64(times[hi]) {
		return hi, 0, true
	}
	ti := uint32(t)
	a, n := lo, hi-lo
	for n > 1 {
		half := n / 2
		if times[a+half] <= ti {
			a += half
		}
		n -= half
	}
	t0 := float64(times[a])
	span := float64(times[a+1]) - t0
	rr := (t - t0) / span
	switch {
	case !(rr > 0) || span <= 0:
		return a, 0, true
	case rr >= 1:
		return a + 1, 0, true
	case interp == InterpStep:
		return a, 0, true
	}
	return a, float32(rr), false
}

// refTime is the time a track is read at: the sequence time, or G mod L in [0, L)
// for a global-sequence track (0 when L is 0).
func refTime(m *m2test.Model, et *m2test.Track, seqT, g float64) float64 {
	if et.Global < 0 {
		return seqT
	}
	l := float64(m.Globals[et.Global])
	if l == 0 {
		return 0
	}
	x := math.Mod(g, l)
	if x < 0 {
		x += l
	}
	return x
}

// refSample is SampleWith(nil, t, G, ...) written out plainly, one channel at a time.
func refSample(m *m2test.Model, skel *anim.Skeleton, c *Clip, t, g float64, out []anim.Transform, probes []anim.Probe) {
	seqT := t
	if m.Version < 264 {
		seqT += float64(m.Seqs[c.src].Start)
	}
	for n := range c.m.nodes {
		nd, eb := &c.m.nodes[n], &m.Bones[skel.FileIndexOf(n)]
		p := &probes[n]
		p.Reset(floorFrame(t), false)
		x := anim.IdentityTransform
		add := func(ch string, k0, k1 int, alpha float32) {
			p.Add(anim.KeyUse{Channel: anim.ChannelOf(ch), K0: int32(k0), K1: int32(k1), Alpha: alpha})
		}
		if tr := nd.t; tr != nil {
			refVec(m, &eb.T, tr, c.src, refTime(m, &eb.T, seqT, g), &x.T, "t", add)
		}
		if tr := nd.r; tr != nil {
			lo, hi, base, ok := refSpan(m.Version, &eb.R, c.src)
			if !ok {
				add("r", -1, -1, 0)
			} else {
				i, r, exact := refLocate(tr.times, lo, hi, refTime(m, &eb.R, seqT, g), tr.interp)
				switch {
				case exact:
					x.Q = tr.q[i]
					add("r", i-base, -1, 0)
				case tr.interp == InterpLinear:
					w0, w1 := tr.arcs[i].Weights(r)
					x.Q = anim.Combine(tr.q[i], tr.q[i+1], w0, w1)
				default:
					x.Q = cubicQuat(tr.interp, tr.q[i], tr.out[i], tr.q[i+1], tr.in[i+1], r)
				}
				if !exact {
					add("r", i-base, i+1-base, r)
				}
			}
		}
		if tr := nd.s; tr != nil {
			refVec(m, &eb.S, tr, c.src, refTime(m, &eb.S, seqT, g), &x.S, "s", add)
		}
		out[n] = x
	}
}

func refVec(m *m2test.Model, et *m2test.Track, tr *vecTrack, seq int, t float64, dst *mgl32.Vec3, ch string, add func(string, int, int, float32)) {
	lo, hi, base, ok := refSpan(m.Version, et, seq)
	if !ok {
		add(ch, -1, -1, 0)
		return
	}
	i, r, exact := refLocate(tr.times, lo, hi, t, tr.interp)
	if exact {
		*dst = tr.v[i]
		add(ch, i-base, -1, 0)
		return
	}
	a, b := tr.v[i], tr.v[i+1]
	switch tr.interp {
	case InterpLinear:
		*dst = mgl32.Vec3{a[0] + float32((b[0]-a[0])*r), a[1] + float32((b[1]-a[1])*r), a[2] + float32((b[2]-a[2])*r)}
	case InterpHermite:
		*dst = hermite3(a, tr.out[i], b, tr.in[i+1], r)
	default:
		*dst = bezier3(a, tr.out[i], b, tr.in[i+1], r)
	}
	add(ch, i-base, i+1-base, r)
}

// sameTransform compares bit for bit (so −0 ≠ +0 and NaN = NaN).
func sameTransform(a, b anim.Transform) bool {
	fa := [10]float32{a.T[0], a.T[1], a.T[2], a.Q.W, a.Q.V[0], a.Q.V[1], a.Q.V[2], a.S[0], a.S[1], a.S[2]}
	fb := [10]float32{b.T[0], b.T[1], b.T[2], b.Q.W, b.Q.V[0], b.Q.V[1], b.Q.V[2], b.S[0], b.S[1], b.S[2]}
	for i := range fa {
		if math.Float32bits(fa[i]) != math.Float32bits(fb[i]) {
			return false
		}
	}
	return true
}

func sameProbe(a, b *anim.Probe) bool {
	return a.Identical(b)
}

// TestSampleMatchesReference compares Sample (with a context and without),
// SampleWith (with a cursor that plays forward, jumps, and moves between clips; with
// and without probes) and SampleWith on a separate global clock against refSample,
// bit for bit, on random models in every version.
func TestSampleMatchesReference(t *testing.T) {
	times := []float64{math.NaN(), math.Inf(-1), math.Inf(1), -1e12, -5, -0.5, 0, 5e-324, 0.25, 1, 16.7, 33, 33.5,
		99.9999, 250, 299, 300, 301, 700, 999, 1000, 1000.5, 1500, 4294967295.5, 1e12}
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < 300; i++ {
		times = append(times, math.Floor(rng.Float64()*1400)-200, rng.Float64()*1400-200)
	}
	for tau := -50.0; tau < 1300; tau += 7.3 {
		times = append(times, tau)
	}
	globals := []float64{math.NaN(), -1, -1e6, 12.5, 699.5, 1e7}
	// What the reference saw, so that a reference finding no keys cannot pass.
	var interpolated, onKey, empty, unsorted, global int
	for _, v := range versions {
		for seed := int64(0); seed < 25; seed++ {
			m := randModel(v, seed)
			data, skin := m.Encode()
			a, err := decodeMem("ref.m2", data, skin)
			if err != nil {
				t.Fatalf("version %d seed %d: %v", v, seed, err)
			}
			n := a.Skeleton.Len()
			want, got := make([]anim.Transform, n), make([]anim.Transform, n)
			wantP, gotP := make([]anim.Probe, n), make([]anim.Probe, n)
			cur := a.Clips[0].(*Clip).NewCursor()
			ctx := a.Clips[0].NewContext()
			for _, nd := range a.Clips[0].(*Clip).m.nodes {
				for _, k := range []*keys{keysOf(nd.t), keysOfQ(nd.r), keysOf(nd.s)} {
					if k != nil && !k.sorted {
						unsorted++
					}
					if k != nil && k.global >= 0 {
						global++
					}
				}
			}
			check := func(what string, ci int, tau, g float64, probes bool) {
				t.Helper()
				for i := 0; i < n; i++ {
					if !sameTransform(got[i], want[i]) || probes && !sameProbe(&gotP[i], &wantP[i]) {
						t.Fatalf("version %d seed %d clip %d %s τ=%v G=%v node %d: got %+v %v, want %+v %v",
							v, seed, ci, what, tau, g, i, got[i], gotP[i].AppendKeys(nil), want[i], wantP[i].AppendKeys(nil))
					}
				}
			}
			for ci := range a.Clips {
				c := a.Clips[ci].(*Clip)
				for k, tau := range times {
					refSample(m, a.Skeleton, c, tau, tau, want, wantP)
					for i := range wantP {
						for _, k := range wantP[i].All() {
							switch {
							case k.K1 >= 0:
								interpolated++
							case k.K0 >= 0:
								onKey++
							default:
								empty++
							}
						}
					}
					c.Sample(ctx, tau, got, gotP)
					check("Sample with its context", ci, tau, tau, true)
					c.Sample(nil, tau, got, gotP)
					check("Sample without a context", ci, tau, tau, true)
					c.SampleWith(cur, tau, tau, got, gotP)
					check("SampleWith", ci, tau, tau, true)
					c.SampleWith(cur, tau, tau, got, nil)
					check("SampleWith without probes", ci, tau, tau, false)
					g := globals[k%len(globals)]
					refSample(m, a.Skeleton, c, tau, g, want, wantP)
					c.SampleWith(nil, tau, g, got, gotP)
					check("SampleWith on a global clock", ci, tau, g, true)
				}
			}
		}
	}
	if interpolated == 0 || onKey == 0 || empty == 0 || unsorted == 0 || global == 0 {
		t.Errorf("reference saw %d interpolated, %d on-key and %d empty channels, %d unsorted and %d global-sequence tracks; want some of each",
			interpolated, onKey, empty, unsorted, global)
	}
}
