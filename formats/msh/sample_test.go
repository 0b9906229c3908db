package msh_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"animscope/anim"
	"animscope/formats"
	"animscope/formats/msh"
	"animscope/formats/msh/mshtest"

	"github.com/go-gl/mathgl/mgl32"
)

func openModel(t testing.TB, name string, m *msh.Model, opts formats.Options) *formats.Asset {
	t.Helper()
	data, err := m.Encode()
	if err != nil {
		t.Fatalf("Encode: %v", err)
	}
	a, err := formats.OpenData(name, data, opts)
	if err != nil {
		t.Fatalf("OpenData: %v", err)
	}
	return a
}

// engineQ returns the engine quaternion [w,x,y,z] back from a sampled Transform.
func engineQ(x anim.Transform) [4]float32 {
	q := anim.Conjugate(x.Q)
	return [4]float32{q.W, q.V[0], q.V[1], q.V[2]}
}

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// TestWorkedExampleBytes checks the encoder writes §14's key pool and map.
func TestWorkedExampleBytes(t *testing.T) {
	data, err := mshtest.WorkedExample().Encode()
	if err != nil {
		t.Fatal(err)
	}
	f, err := msh.Parse("example.msh", data)
	if err != nil {
		t.Fatal(err)
	}
	wantRaw := [][4]int16{{0, 0, 0, 32767}, {0, 0, 0, 32767}, {0, 0, 23170, 23170}, {0, 0, 32767, 0}}
	wantTime := []float32{0, 0, 1, 4}
	if f.KeyCount != 4 {
		t.Fatalf("key count = %d, want 4", f.KeyCount)
	}
	for k := range wantRaw {
		if got := f.RawKey(k); got.Raw != wantRaw[k] || got.Time != wantTime[k] {
			t.Errorf("key %d = %+v, want raw %v time %v", k, got, wantRaw[k], wantTime[k])
		}
	}
	wantMap := []uint16{1, 2, 2, 2, 3}
	if f.WordCount != len(wantMap) || f.Frames != 5 {
		t.Fatalf("words %d frames %d, want 5 and 5", f.WordCount, f.Frames)
	}
	for i, w := range wantMap {
		if got := f.MapWord(i); got != w {
			t.Errorf("map[%d] = %d, want %d", i, got, w)
		}
	}
	if got := f.Nodes[0]; got.MapStart != 0xFFFF || got.Fallback != 0 {
		t.Errorf("node 0 hdr2/hdr3 = %#x/%d, want 0xFFFF/0", got.MapStart, got.Fallback)
	}
	if got := f.Nodes[1]; got.MapStart != 0 || got.Fallback != 3 {
		t.Errorf("node 1 hdr2/hdr3 = %d/%d, want 0/3", got.MapStart, got.Fallback)
	}
}

type exampleRow struct {
	t      float64
	frames [3]int32 // engine, floor, half-away
	fb     [3]bool  // fallback per rounding
	k0, k1 int32    // probe (same for every rounding where the branch is mapped)
	alpha  float32  // probe alpha
	pos    [3]float64
	q      [4]float64 // engine q [w,x,y,z], xyzw order
}

// The table of §14 (node 1). Where a rounding falls back, the probe is {3, -1, 0}
// and the pose is key 3.
var exampleRows = []exampleRow{
	{-0.25, [3]int32{-1, -1, -1}, [3]bool{true, true, true}, 3, -1, 0, [3]float64{1, 2, 0}, [4]float64{0, 0, 0, 1}},
	{0, [3]int32{0, 0, -1}, [3]bool{false, false, true}, 1, -1, 0, [3]float64{0, 0, 0}, [4]float64{1, 0, 0, 0}},
	{0.25, [3]int32{0, 0, 0}, [3]bool{}, 1, 2, 0.25, [3]float64{0.25, 0, 0}, [4]float64{0.980786, 0, 0, 0.195092}},
	{0.5, [3]int32{0, 0, 0}, [3]bool{}, 1, 2, 0.5, [3]float64{0.5, 0, 0}, [4]float64{0.923881, 0, 0, 0.382686}},
	{1, [3]int32{0, 1, 1}, [3]bool{}, 2, -1, 0, [3]float64{1, 0, 0}, [4]float64{0.707114, 0, 0, 0.707114}},
	{1.5, [3]int32{1, 1, 1}, [3]bool{}, 2, 3, 1.0 / 6, [3]float64{1, 0.333333, 0}, [4]float64{0.608767, 0, 0, 0.793358}},
	{2, [3]int32{2, 2, 2}, [3]bool{}, 2, 3, 1.0 / 3, [3]float64{1, 0.666667, 0}, [4]float64{0.500004, 0, 0, 0.866029}},
	{2.5, [3]int32{2, 2, 2}, [3]bool{}, 2, 3, 0.5, [3]float64{1, 1, 0}, [4]float64{0.382686, 0, 0, 0.923881}},
	{3, [3]int32{2, 3, 3}, [3]bool{}, 2, 3, 2.0 / 3, [3]float64{1, 1.333333, 0}, [4]float64{0.258821, 0, 0, 0.965927}},
	{3.5, [3]int32{3, 3, 3}, [3]bool{}, 2, 3, 5.0 / 6, [3]float64{1, 1.666667, 0}, [4]float64{0.130527, 0, 0, 0.991445}},
	{4, [3]int32{4, 4, 4}, [3]bool{true, true, true}, 3, -1, 0, [3]float64{1, 2, 0}, [4]float64{0, 0, 0, 1}},
	{4.5, [3]int32{4, 4, 4}, [3]bool{true, true, true}, 3, -1, 0, [3]float64{1, 2, 0}, [4]float64{0, 0, 0, 1}},
	{5, [3]int32{4, 5, 5}, [3]bool{true, true, true}, 3, -1, 0, [3]float64{1, 2, 0}, [4]float64{0, 0, 0, 1}},
}

var roundings = []string{"engine", "floor", "half-away"}

// refSlerp is an independent float64 reference of §11.4.
func refSlerp(q0, q1 [4]float64, a float64) [4]float64 {
	d := q0[0]*q1[0] + q0[1]*q1[1] + q0[2]*q1[2] + q0[3]*q1[3]
	sign := 1.0
	if d < 0 {
		d, sign = -d, -1
	}
	w0, w1 := 1-a, a
	if 1-d > 1e-5 {
		th := math.Acos(d)
		w0, w1 = math.Sin((1-a)*th)/math.Sin(th), math.Sin(a*th)/math.Sin(th)
	}
	w1 *= sign
	var r [4]float64
	for i := range r {
		r[i] = w0*q0[i] + w1*q1[i]
	}
	return r
}

// keyQ decodes the raw words of the example's keys in an order, in float64.
func keyQ(raw [4]int16, wxyz bool) [4]float64 {
	c := func(v int16) float64 { return float64(v) / 32767 }
	if wxyz {
		return [4]float64{c(raw[0]), c(raw[1]), c(raw[2]), c(raw[3])}
	}
	return [4]float64{c(raw[3]), c(raw[0]), c(raw[1]), c(raw[2])}
}

func TestWorkedExample(t *testing.T) {
	raws := map[int32][4]int16{1: {0, 0, 0, 32767}, 2: {0, 0, 23170, 23170}, 3: {0, 0, 32767, 0}}
	for ri, rounding := range roundings {
		for _, order := range []string{"xyzw", "wxyz"} {
			a := openModel(t, "example.msh", mshtest.WorkedExample(), formats.Options{Readings: map[string]string{"rounding": rounding, "quat-order": order}})
			clip := a.Clips[0]
			out := make([]anim.Transform, 2)
			probes := make([]anim.Probe, 2)
			for _, row := range exampleRows {
				clip.Sample(nil, row.t, out, probes)
				p := probes[1]
				if p.Frame != row.frames[ri] || p.Fallback != row.fb[ri] {
					t.Errorf("%s/%s t=%v: frame %d fallback %v, want %d %v", rounding, order, row.t, p.Frame, p.Fallback, row.frames[ri], row.fb[ri])
				}
				k0, k1, alpha := row.k0, row.k1, row.alpha
				pos := row.pos
				if row.fb[ri] && !row.fb[0] { // half-away at t = 0: the fallback key
					k0, k1, alpha, pos = 3, -1, 0, [3]float64{1, 2, 0}
				}
				if p.Len() != 1 || p.Key(0).Channel.String() != "trs" || p.Key(0).K0 != k0 || p.Key(0).K1 != k1 || !near(float64(p.Key(0).Alpha), float64(alpha), 1e-6) {
					t.Errorf("%s/%s t=%v: probe %+v, want trs %d %d %v", rounding, order, row.t, p.AppendKeys(nil), k0, k1, alpha)
				}
				for c := 0; c < 3; c++ {
					if !near(float64(out[1].T[c]), pos[c], 1e-6) {
						t.Errorf("%s/%s t=%v: pos %v, want %v", rounding, order, row.t, out[1].T, pos)
						break
					}
				}
				if out[1].S != (mgl32.Vec3{1, 1, 1}) {
					t.Errorf("%s/%s t=%v: scale %v, want 1", rounding, order, row.t, out[1].S)
				}
				var want [4]float64
				switch {
				case order == "xyzw" && !(row.fb[ri] && !row.fb[0]):
					want = row.q
				case k1 < 0:
					want = keyQ(raws[k0], order == "wxyz")
				default:
					want = refSlerp(keyQ(raws[k0], order == "wxyz"), keyQ(raws[k1], order == "wxyz"), float64(alpha))
				}
				got := engineQ(out[1])
				for c := 0; c < 4; c++ {
					if !near(float64(got[c]), want[c], 1e-6) {
						t.Errorf("%s/%s t=%v: engine q %v, want %v", rounding, order, row.t, got, want)
						break
					}
				}
				// Node 0: the fallback branch at every t, key 0.
				p0 := probes[0]
				if !p0.Fallback || p0.Len() != 1 || p0.Key(0).K0 != 0 || p0.Key(0).K1 != -1 || out[0].T != (mgl32.Vec3{}) {
					t.Errorf("%s/%s t=%v: node 0 probe %+v pos %v, want fallback key 0 at the origin", rounding, order, row.t, p0.AppendKeys(nil), out[0].T)
				}
				if wantQ0 := keyQ([4]int16{0, 0, 0, 32767}, order == "wxyz"); engineQ(out[0]) != [4]float32{float32(wantQ0[0]), float32(wantQ0[1]), float32(wantQ0[2]), float32(wantQ0[3])} {
					t.Errorf("%s/%s t=%v: node 0 q %v, want %v", rounding, order, row.t, engineQ(out[0]), wantQ0)
				}
			}
		}
	}
}

// TestWXYZIdentity checks §14's note: under wxyz, key 1 reads [0,0,0,1].
func TestWXYZIdentity(t *testing.T) {
	a := openModel(t, "example.msh", mshtest.WorkedExample(), formats.Options{Readings: map[string]string{"quat-order": "wxyz"}})
	out := make([]anim.Transform, 2)
	a.Clips[0].Sample(nil, 0, out, nil)
	if got, want := engineQ(out[1]), [4]float32{0, 0, 0, 1}; got != want {
		t.Errorf("wxyz key 1 = %v, want %v", got, want)
	}
}

func TestFrameIndex(t *testing.T) {
	tiny := -math.Ldexp(1, -30)
	cases := []struct {
		t    float64
		want [3]int32 // engine, floor, half-away
	}{
		{0, [3]int32{0, 0, -1}},
		{1, [3]int32{0, 1, 1}},
		{2, [3]int32{2, 2, 2}},
		{3, [3]int32{2, 3, 3}},
		{2.3, [3]int32{2, 2, 2}},
		{2.5, [3]int32{2, 2, 2}},
		{3.25, [3]int32{3, 3, 3}},
		{0.5, [3]int32{0, 0, 0}},
		{1.5, [3]int32{1, 1, 1}},
		{-0.25, [3]int32{-1, -1, -1}},
		{-0.5, [3]int32{-1, -1, -1}},
		{-1, [3]int32{-2, -1, -2}},
		{4, [3]int32{4, 4, 4}}, // t = F, F even → F
		{5, [3]int32{4, 5, 5}}, // t = F, F odd → F − 1
		{6, [3]int32{6, 6, 6}}, // beyond F
		{7, [3]int32{6, 7, 7}}, // beyond F, odd
		{1e9, [3]int32{1e9, 1e9, 1e9}},
		// t − 0.5 rounds to −0.5 at single precision, a tie that goes to 0.
		{tiny, [3]int32{0, -1, -1}},
		// Beyond the int64 range FISTP stores the integer indefinite: low 32 bits 0.
		{3e38, [3]int32{0, 0, 0}},
		{math.NaN(), [3]int32{0, 0, 0}},
	}
	for _, c := range cases {
		for ri, name := range roundings {
			r, err := msh.ParseRounding(name)
			if err != nil {
				t.Fatal(err)
			}
			if got := msh.FrameIndex(float32(c.t), r); got != c.want[ri] {
				t.Errorf("FrameIndex(%v, %s) = %d, want %d", c.t, name, got, c.want[ri])
			}
		}
	}
}

// TestKeyChoice covers map values below, equal to and above fb, and exact returns.
func TestKeyChoice(t *testing.T) {
	m := mshtest.WorkedExample()
	data, err := m.Encode()
	if err != nil {
		t.Fatal(err)
	}
	f, err := msh.Parse("x.msh", data)
	if err != nil {
		t.Fatal(err)
	}
	// Node 1's map is words 0..4 of Res19; patch frame 2 to each value.
	e := f.Stream(msh.ResFrameMap)
	cases := []struct {
		v        uint16
		fallback bool
		k0, k1   int32
	}{
		{1, false, 1, 2}, // below fb: mapped, interpolate 1 → 2 at t = 2.5 (a = 1)
		{2, false, 2, 3},
		{3, true, 3, -1}, // equal to fb: fallback
		{7, true, 3, -1}, // above fb (and past the key pool): fallback, never read
	}
	for _, c := range cases {
		patched := append([]byte(nil), data...)
		off := int(e.Offset) + 2*2
		patched[off], patched[off+1] = byte(c.v), byte(c.v>>8)
		a, err := formats.OpenData("x.msh", patched, formats.Options{})
		if err != nil {
			t.Fatal(err)
		}
		out := make([]anim.Transform, 2)
		probes := make([]anim.Probe, 2)
		a.Clips[0].Sample(nil, 2.5, out, probes)
		p := probes[1]
		if p.Frame != 2 || p.Fallback != c.fallback || p.Key(0).K0 != c.k0 || p.Key(0).K1 != c.k1 {
			t.Errorf("map value %d: probe frame %d fallback %v keys %+v, want 2 %v %d %d", c.v, p.Frame, p.Fallback, p.AppendKeys(nil), c.fallback, c.k0, c.k1)
		}
	}
	// Exact returns: at t = 0 the mapped key is returned as is; at t = 1 (engine
	// frame 0, key 1) k1's time matches and key 2 is returned as is.
	a := openModel(t, "x.msh", m, formats.Options{})
	out := make([]anim.Transform, 2)
	probes := make([]anim.Probe, 2)
	for _, c := range []struct {
		t   float64
		key int32
	}{{0, 1}, {1, 2}} {
		a.Clips[0].Sample(nil, c.t, out, probes)
		k := f.RawKey(int(c.key))
		want := msh.DecodeQuat(k.Raw, false)
		if got := probes[1].Key(0); got.K0 != c.key || got.K1 != -1 || got.Alpha != 0 {
			t.Errorf("t=%v: probe %+v, want key %d exactly", c.t, got, c.key)
		}
		if out[1].T != mgl32.Vec3(k.Pos) || anim.Conjugate(out[1].Q) != want {
			t.Errorf("t=%v: got %v %v, want key %d bit for bit (%v %v)", c.t, out[1].T, anim.Conjugate(out[1].Q), c.key, k.Pos, want)
		}
	}
}

// TestMatrixExample is §12.3: raw (0,0,23170,23170) through LocalToModel.
func TestMatrixExample(t *testing.T) {
	a := openModel(t, "example.msh", mshtest.WorkedExample(), formats.Options{})
	out := make([]anim.Transform, 2)
	a.Clips[0].Sample(nil, 1, out, nil) // node 1 = key 2 exactly
	model := make([]anim.Affine, 2)
	anim.LocalToModel(a.Skeleton, out, nil, model)
	m := model[1] // node 0 is the identity at the origin
	q := 23170.0 / 32767
	wantM0 := 1 - 2*q*q
	cases := []struct {
		name string
		got  float32
		want float64
	}{
		{"m0 (column 0, row 0)", m[0], wantM0},
		{"m5 (column 1, row 1)", m[4], wantM0},
		{"m1 (column 1, row 0)", m[3], 2 * q * q},
		{"m4 (column 0, row 1)", m[1], -2 * q * q},
		{"tx", m[9], 1},
	}
	for _, c := range cases {
		if !near(float64(c.got), c.want, 1e-6) {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}
	// The spec's rounded figures (its −0.0000206 is −0.0000200 exactly: within 1e-6).
	if !near(float64(m[0]), -0.0000206, 1e-6) || !near(float64(m[3]), 1.0000206, 1e-6) || !near(float64(m[1]), -1.0000206, 1e-6) {
		t.Errorf("matrix %v, want m0 ≈ −0.0000206, m1 ≈ 1.0000206, m4 ≈ −1.0000206", m)
	}
	// Node-local +X maps to parent −Y.
	if v := m.TransformVector(mgl32.Vec3{1, 0, 0}); !near(float64(v[1]), -1.0000206, 1e-6) {
		t.Errorf("+X maps to %v, want ≈ (0, −1, 0)", v)
	}
}

// refSample is an independent, literal reading of §11 for one node, from the raw
// streams: float32 t, the frame rule, the unsigned range check, the key choice, the
// exact-time returns, the lerp and anim.SlerpWeights on the decoded quaternions.
func refSample(f *msh.File, node int, t float64, r msh.Rounding, wxyz bool) (anim.Transform, anim.Probe) {
	var p anim.Probe
	tf := float32(t)
	frame := msh.FrameIndex(tf, r)
	nd := f.Nodes[node]
	key := int(nd.Fallback)
	fallback := true
	if uint32(frame) < f.Frames && nd.MapStart != 0xFFFF {
		if v := int(f.MapWord(int(nd.MapStart) + int(frame))); v < key {
			key, fallback = v, false
		}
	}
	p.Reset(frame, fallback)
	ret := func(k int) anim.Transform {
		rk := f.RawKey(k)
		return anim.Transform{T: mgl32.Vec3(rk.Pos), Q: anim.Conjugate(msh.DecodeQuat(rk.Raw, wxyz)), S: mgl32.Vec3{1, 1, 1}}
	}
	k0 := f.RawKey(key)
	if fallback || tf == k0.Time {
		p.Add(anim.KeyUse{Channel: anim.ChannelOf("trs"), K0: int32(key), K1: -1})
		return ret(key), p
	}
	k1 := f.RawKey(key + 1)
	if tf == k1.Time {
		p.Add(anim.KeyUse{Channel: anim.ChannelOf("trs"), K0: int32(key + 1), K1: -1})
		return ret(key + 1), p
	}
	a := (tf - k0.Time) / (k1.Time - k0.Time)
	q0, q1 := msh.DecodeQuat(k0.Raw, wxyz), msh.DecodeQuat(k1.Raw, wxyz)
	w0, w1 := anim.SlerpWeights(anim.Dot4(q0, q1), a)
	p.Add(anim.KeyUse{Channel: anim.ChannelOf("trs"), K0: int32(key), K1: int32(key + 1), Alpha: a})
	return anim.Transform{T: anim.LerpVec3(mgl32.Vec3(k0.Pos), mgl32.Vec3(k1.Pos), a),
		Q: anim.Conjugate(anim.Combine(q0, q1, w0, w1)), S: mgl32.Vec3{1, 1, 1}}, p
}

// TestSampleMatchesReference: the clip (flat key table, precomputed arcs, Sincos)
// equals the literal reference bit for bit, for random models, times, roundings and
// quaternion orders, with and without probes, reading the map frame-major (the
// clip's copy) and as the file lays it out (a clip past the copy's bound).
func TestSampleMatchesReference(t *testing.T) {
	for _, rows := range []bool{true, false} {
		t.Run(fmt.Sprintf("rows=%v", rows), func(t *testing.T) {
			if !rows {
				defer msh.SetMaxRowEntries(0)()
			}
			sampleMatchesReference(t, rows)
		})
	}
}

func sampleMatchesReference(t *testing.T, rows bool) {
	r := rand.New(rand.NewPCG(7, 8))
	bits := func(x anim.Transform) [10]uint32 {
		return [10]uint32{math.Float32bits(x.T[0]), math.Float32bits(x.T[1]), math.Float32bits(x.T[2]), math.Float32bits(x.Q.W),
			math.Float32bits(x.Q.V[0]), math.Float32bits(x.Q.V[1]), math.Float32bits(x.Q.V[2]), math.Float32bits(x.S[0]), math.Float32bits(x.S[1]), math.Float32bits(x.S[2])}
	}
	for i := 0; i < 60; i++ {
		m := randomModel(r)
		data, err := m.Encode()
		if err != nil {
			t.Fatal(err)
		}
		f, _ := msh.Parse("r.msh", data)
		for _, rounding := range roundings {
			for _, order := range []string{"xyzw", "wxyz"} {
				a, err := formats.OpenData("r.msh", data, formats.Options{Readings: map[string]string{"rounding": rounding, "quat-order": order}})
				if err != nil {
					t.Fatal(err)
				}
				if c, ok := a.Clips[0].(*msh.Clip); !ok || msh.HasRows(c) != rows {
					t.Fatalf("model %d: clip %T reads frame-major rows: %v, want %v", i, a.Clips[0], ok && msh.HasRows(c), rows)
				}
				rr, _ := msh.ParseRounding(rounding)
				n := a.Skeleton.Len()
				out := make([]anim.Transform, n)
				quiet := make([]anim.Transform, n)
				probes := make([]anim.Probe, n)
				F := float64(f.Frames)
				for j := 0; j < 40; j++ {
					tm := r.Float64()*(F+2) - 1
					if j%4 == 0 {
						tm = math.Round(tm*2) / 2 // integers and halves
					}
					a.Clips[0].Sample(nil, tm, out, probes)
					a.Clips[0].Sample(nil, tm, quiet, nil)
					for node := 0; node < n; node++ {
						want, wp := refSample(f, node, tm, rr, order == "wxyz")
						if bits(out[node]) != bits(want) || probes[node].Frame != wp.Frame || probes[node].Fallback != wp.Fallback || !probes[node].Identical(&wp) {
							t.Fatalf("model %d %s/%s t=%v node %d: %+v %+v, reference %+v %+v", i, rounding, order, tm, node, out[node], probes[node].AppendKeys(nil), want, wp.AppendKeys(nil))
						}
						if bits(quiet[node]) != bits(want) {
							t.Fatalf("model %d %s/%s t=%v node %d without probes: %+v, reference %+v", i, rounding, order, tm, node, quiet[node], want)
						}
					}
				}
			}
		}
	}
}

func TestKeyTimes(t *testing.T) {
	m := mshtest.WorkedExample()
	m.Nodes = append(m.Nodes, msh.ModelNode{Parent: 1, Keys: []msh.ModelKey{{Rot: mgl32.QuatIdent()}, {Time: 2, Rot: mgl32.QuatIdent()}, {Time: 3, Rot: mgl32.QuatIdent()}}})
	a := openModel(t, "k.msh", m, formats.Options{})
	kt, ok := a.Clips[0].(anim.KeyTimesClip)
	if !ok {
		t.Fatal("the clip does not implement anim.KeyTimesClip")
	}
	for node, want := range [][]float64{{0}, {0, 1, 4}, {0, 2, 3}} {
		got := kt.KeyTimes(node, nil)
		if len(got) != len(want) {
			t.Errorf("node %d: %v, want %v", node, got, want)
			continue
		}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("node %d: %v, want %v", node, got, want)
				break
			}
		}
	}
	if got := kt.KeyTimes(99, []float64{7}); len(got) != 1 {
		t.Errorf("out-of-range node appended %v", got)
	}
}

// TestSampleAllocs: Sample allocates nothing.
func TestSampleAllocs(t *testing.T) {
	a := openModel(t, "c.msh", mshtest.NewChain(50, 30), formats.Options{})
	out := make([]anim.Transform, 50)
	probes := make([]anim.Probe, 50)
	tm := 0.0
	if n := testing.AllocsPerRun(100, func() { a.Clips[0].Sample(nil, tm, out, probes); tm += 0.3 }); n != 0 {
		t.Errorf("Sample allocates %v times per call, want 0", n)
	}
}

// TestRowEntriesFit: the frame-major map copy is made only within 8 MiB and
// four times the map's own words (plus 4096), so that a few bytes declaring a
// long timeline over many static nodes allocate nothing large.
func TestRowEntriesFit(t *testing.T) {
	tests := []struct {
		frames          uint32
		nodes, mapWords int
		want            bool
	}{
		{31, 64, 64 * 31, true},
		{1, 0, 0, false},
		{1, 4096, 0, true},
		{1, 4097, 0, false},
		{1000, 100, 100_000, true},    // every node mapped
		{1000, 100, 10_000, false},    // most nodes static: 10 × the map
		{0x10000, 64, 0x10000, false}, // 4 Mi entries but 64 × the map
		{0x10000, 64, 0x100000, true}, // 4 Mi entries, 4 × the map
		{1 << 20, 4, 1 << 20, true},
		{1 << 20, 5, 1 << 22, false}, // past 8 MiB
		{0xFFFFFFFF, 0xFFFF, 0, false},
	}
	for _, tc := range tests {
		if got := msh.RowEntriesFit(tc.frames, tc.nodes, tc.mapWords); got != tc.want {
			t.Errorf("RowEntriesFit(%d, %d, %d) = %v, want %v", tc.frames, tc.nodes, tc.mapWords, got, tc.want)
		}
	}
}
