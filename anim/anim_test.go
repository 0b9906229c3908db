package anim

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

func q(w, x, y, z float32) mgl32.Quat { return mgl32.Quat{W: w, V: mgl32.Vec3{x, y, z}} }

func near(a, b, tol float32) bool { return math.Abs(float64(a-b)) <= float64(tol) }

func nearQuat(a, b mgl32.Quat, tol float32) bool {
	return near(a.W, b.W, tol) && near(a.V[0], b.V[0], tol) && near(a.V[1], b.V[1], tol) && near(a.V[2], b.V[2], tol)
}

func nearVec(a, b mgl32.Vec3, tol float32) bool {
	return near(a[0], b[0], tol) && near(a[1], b[1], tol) && near(a[2], b[2], tol)
}

// The engine quaternions of the MSH spec's worked example (§14): raw int16 / 32767.
var (
	keyIdentity = q(1, 0, 0, 0)
	keyZ90      = q(23170.0/32767, 0, 0, 23170.0/32767)
	keyZ180     = q(0, 0, 0, 1)
)

func TestSlerpSpecVectors(t *testing.T) {
	tests := []struct {
		name   string
		q0, q1 mgl32.Quat
		a      float32
		want   mgl32.Quat
	}{
		{"MSH §14 t=0.25", keyIdentity, keyZ90, 0.25, q(0.980786, 0, 0, 0.195092)},
		{"MSH §14 t=0.5", keyIdentity, keyZ90, 0.5, q(0.923881, 0, 0, 0.382686)},
		{"MSH §14 t=1.5", keyZ90, keyZ180, 1.0 / 6, q(0.608767, 0, 0, 0.793358)},
		{"MSH §14 t=2", keyZ90, keyZ180, 1.0 / 3, q(0.500004, 0, 0, 0.866029)},
		{"MSH §14 t=2.5", keyZ90, keyZ180, 0.5, q(0.382686, 0, 0, 0.923881)},
		{"MSH §14 t=3.5", keyZ90, keyZ180, 5.0 / 6, q(0.130527, 0, 0, 0.991445)},
		// A negative dot takes the short way: −q1 is the same rotation, so the result
		// equals the positive case.
		{"negative dot", keyIdentity, q(-keyZ90.W, 0, 0, -keyZ90.V[2]), 0.25, q(0.980786, 0, 0, 0.195092)},
	}
	for _, tc := range tests {
		got := Slerp(tc.q0, tc.q1, tc.a)
		if !nearQuat(got, tc.want, 1e-6) {
			t.Errorf("%s: Slerp = %v, want %v", tc.name, got, tc.want)
		}
		arc := NewSlerpArc(tc.q0, tc.q1)
		w0, w1 := arc.Weights(tc.a)
		if got2 := Combine(tc.q0, tc.q1, w0, w1); got2 != got {
			t.Errorf("%s: SlerpArc result %v is not bit-identical to Slerp %v", tc.name, got2, got)
		}
	}
}

func TestSlerpWeightsThreshold(t *testing.T) {
	tests := []struct {
		name           string
		d, a           float32
		w0, w1         float32
		linear         bool
		shortPathFlips bool
	}{
		{"parallel", 1, 0.3, 0.7, 0.3, true, false},
		{"just inside 1e-5", 1 - 5e-6, 0.25, 0.75, 0.25, true, false},
		{"negative, inside", -(1 - 5e-6), 0.25, 0.75, -0.25, true, true},
		{"outside threshold", 0.9, 0.5, 0, 0, false, false},
		{"outside, negative", -0.9, 0.5, 0, 0, false, true},
	}
	for _, tc := range tests {
		w0, w1 := SlerpWeights(tc.d, tc.a)
		if tc.linear {
			if w0 != tc.w0 || w1 != tc.w1 {
				t.Errorf("%s: weights = (%v, %v), want linear (%v, %v)", tc.name, w0, w1, tc.w0, tc.w1)
			}
			continue
		}
		d := float32(math.Abs(float64(tc.d)))
		theta := math.Acos(float64(d))
		want1 := math.Sin(float64(tc.a)*theta) / math.Sin(theta)
		want0 := math.Sin((1-float64(tc.a))*theta) / math.Sin(theta)
		if tc.shortPathFlips {
			want1 = -want1
		}
		if !near(w0, float32(want0), 1e-6) || !near(w1, float32(want1), 1e-6) {
			t.Errorf("%s: weights = (%v, %v), want (%v, %v)", tc.name, w0, w1, want0, want1)
		}
	}
}

func TestSlerpNotNormalised(t *testing.T) {
	// Two equal non-unit quaternions (dot 4, so the weights are linear) interpolate
	// to the same non-unit quaternion: the engine never normalises (MSH spec §11.4).
	a := q(2, 0, 0, 0)
	b := q(2, 0, 0, 0)
	got := Slerp(a, b, 0.5)
	if got != a {
		t.Errorf("Slerp(%v, %v, 0.5) = %v, want %v unchanged", a, b, got, a)
	}
}

func TestBlendSides(t *testing.T) {
	tests := []struct {
		name       string
		w          float32
		tA, tB     float64
		useA, useB bool
	}{
		{"w=0 uses A only", 0, 1, 1, true, false},
		{"w=1 uses B only", 1, 1, 1, false, true},
		{"w=0.5 uses both", 0.5, 1, 1, true, true},
		{"tA<0 drops A", 0.5, -1, 1, false, true},
		{"tB<0 drops B", 0.5, 1, -0.5, true, false},
		{"tA=0 is valid", 0.5, 0, 2, true, true},
		{"neither", 0.5, -1, -1, false, false},
	}
	for _, tc := range tests {
		a, b := BlendSides(tc.w, tc.tA, tc.tB)
		if a != tc.useA || b != tc.useB {
			t.Errorf("%s: BlendSides(%v, %v, %v) = (%v, %v), want (%v, %v)", tc.name, tc.w, tc.tA, tc.tB, a, b, tc.useA, tc.useB)
		}
	}
}

// constClip samples the same transform for every node and records t in the probe.
type constClip struct{ x Transform }

func (c constClip) Info() ClipInfo {
	return ClipInfo{Name: "c", Unit: "frame", Duration: 10, UnitsPerSecond: 30}
}
func (c constClip) NewContext() Context { return nil }
func (c constClip) Sample(_ Context, t float64, out []Transform, probes []Probe) (Affine, bool) {
	for i := range out {
		out[i] = c.x
	}
	for i := range probes {
		probes[i].Reset(int32(t), false)
	}
	return IdentityAffine, false
}

func TestBlenderSample(t *testing.T) {
	a := constClip{Transform{T: mgl32.Vec3{0, 0, 0}, Q: keyIdentity, S: mgl32.Vec3{1, 1, 1}}}
	// B's quaternion is on the far hemisphere: the blender must flip it.
	b := constClip{Transform{T: mgl32.Vec3{4, 0, 0}, Q: q(-keyZ90.W, 0, 0, -keyZ90.V[2]), S: mgl32.Vec3{3, 3, 3}}}
	tests := []struct {
		name    string
		w       float32
		tA, tB  float64
		wantT   mgl32.Vec3
		wantQ   mgl32.Quat
		neither bool
		frameA  int32
	}{
		{"half", 0.5, 2, 3, mgl32.Vec3{2, 0, 0}, q(0.923881, 0, 0, 0.382686), false, 2},
		{"w=0 gives A", 0, 2, 3, mgl32.Vec3{0, 0, 0}, keyIdentity, false, 2},
		{"w=1 gives B as stored", 1, 2, 3, mgl32.Vec3{4, 0, 0}, b.x.Q, false, 2},
		{"tB<0 gives A", 0.5, 2, -1, mgl32.Vec3{0, 0, 0}, keyIdentity, false, 2},
		{"tA<0 gives B", 0.5, -2, 3, mgl32.Vec3{4, 0, 0}, b.x.Q, false, -2},
		{"neither samples A at 0", 0.5, -2, -3, mgl32.Vec3{0, 0, 0}, keyIdentity, true, 0},
	}
	var bl Blender
	out := make([]Transform, 2)
	pa, pb := make([]Probe, 2), make([]Probe, 2)
	for _, tc := range tests {
		res := bl.Sample(a, tc.tA, b, tc.tB, tc.w, out, pa, pb)
		if res.Neither != tc.neither {
			t.Errorf("%s: Neither = %v, want %v", tc.name, res.Neither, tc.neither)
		}
		if !nearVec(out[1].T, tc.wantT, 1e-6) || !nearQuat(out[1].Q, tc.wantQ, 1e-6) {
			t.Errorf("%s: got t=%v q=%v, want t=%v q=%v", tc.name, out[1].T, out[1].Q, tc.wantT, tc.wantQ)
		}
		if pa[0].Frame != tc.frameA {
			t.Errorf("%s: probe A frame = %d, want %d", tc.name, pa[0].Frame, tc.frameA)
		}
	}
}

// TestLocalToModelChain works a three-node chain by hand (see the comments for the
// arithmetic): offset, rotation, uniform scale, pivot, and the post·q·pre order.
func TestLocalToModelChain(t *testing.T) {
	z90 := q(float32(math.Sqrt2/2), 0, 0, float32(math.Sqrt2/2))
	x90 := q(float32(math.Sqrt2/2), float32(math.Sqrt2/2), 0, 0)
	s := &Skeleton{
		Names:   []string{"root", "mid", "tip"},
		Parents: []int32{-1, 0, 1},
		Offset:  []mgl32.Vec3{{1, 0, 0}, {0, 0, 0}, {0, 0, 1}},
		Pivot:   []mgl32.Vec3{{0, 0, 0}, {0, 0, 0}, {0, 1, 0}},
	}
	if err := s.Validate(); err != nil {
		t.Fatal(err)
	}
	local := []Transform{
		{Q: z90, S: mgl32.Vec3{1, 1, 1}},                                 // root: T(1,0,0)·Rz90
		{T: mgl32.Vec3{2, 0, 0}, Q: keyIdentity, S: mgl32.Vec3{2, 2, 2}}, // mid: T(2,0,0)·S(2)
		{Q: z90, S: mgl32.Vec3{1, 1, 1}},                                 // tip: T(0,0,1)·Rz90·T(0,−1,0)
	}
	model := make([]Affine, 3)
	LocalToModel(s, local, nil, model)
	tests := []struct {
		name string
		got  mgl32.Vec3
		want mgl32.Vec3
	}{
		// model0·p = (1 − y, x, z)
		{"root origin", model[0].TransformPoint(mgl32.Vec3{}), mgl32.Vec3{1, 0, 0}},
		{"root +X", model[0].TransformPoint(mgl32.Vec3{1, 0, 0}), mgl32.Vec3{1, 1, 0}},
		// mid origin: model0·(2,0,0) = (1, 2, 0)
		{"mid origin", model[1].TransformPoint(mgl32.Vec3{}), mgl32.Vec3{1, 2, 0}},
		// tip joint at model2·pivot = model1·(0,0,1) = model0·(2,0,2) = (1,2,2)
		{"tip joint", s.JointPosition(2, model), mgl32.Vec3{1, 2, 2}},
		// (1,1,0) → local2: Rz90(1,0,0) + (0,0,1) = (0,1,1) → model1: (2,2,2) → model0: (−1,2,2)
		{"tip point", model[2].TransformPoint(mgl32.Vec3{1, 1, 0}), mgl32.Vec3{-1, 2, 2}},
	}
	for _, tc := range tests {
		if !nearVec(tc.got, tc.want, 1e-5) {
			t.Errorf("%s: got %v, want %v", tc.name, tc.got, tc.want)
		}
	}

	// post · q · pre: pre turns first. With pre = Rx90 and post = Rz90, +Y goes to +Z
	// (by Rx90), which Rz90 leaves alone; the other order would give −X.
	s2 := &Skeleton{Names: []string{"a"}, Parents: []int32{-1}, Post: []mgl32.Quat{z90}, Pre: []mgl32.Quat{x90}}
	m := make([]Affine, 1)
	LocalToModel(s2, []Transform{IdentityTransform}, nil, m)
	if got, want := m[0].TransformVector(mgl32.Vec3{0, 1, 0}), (mgl32.Vec3{0, 0, 1}); !nearVec(got, want, 1e-6) {
		t.Errorf("post·q·pre applied to +Y = %v, want %v", got, want)
	}

	// A root matrix is the parent of every root.
	root := Affine{1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 5}
	LocalToModel(s, local, &root, model)
	if got, want := model[1].TransformPoint(mgl32.Vec3{}), (mgl32.Vec3{1, 2, 5}); !nearVec(got, want, 1e-5) {
		t.Errorf("with root T(0,0,5): mid origin = %v, want %v", got, want)
	}
}

func TestRotationNotNormalised(t *testing.T) {
	// MSH spec §12.3: raw (0,0,23170,23170) is q ≈ [0.707114,0,0,0.707114]; the
	// engine matrix is R(conj q), so +X maps to −Y, scaled because q is not unit.
	// Worked exactly: 2·(23170/32767)² = 1073697800/1073676289 = 1.0000200, so
	// m0 = m5 = 1 − 1.0000200 = −0.0000200 and m1 = −m4 = −1.0000200. (The spec's
	// "≈ 1.0000206" is a loose rounding; the float32 result is checked here.)
	var m Affine
	RotationColumns(&m, Conjugate(keyZ90), mgl32.Vec3{1, 1, 1})
	tests := []struct {
		name      string
		got, want float32
	}{
		{"m00", m[0], -0.0000200},
		{"m11", m[4], -0.0000200},
		{"X→Y", m[1], -1.0000200},
		{"Y→X", m[3], 1.0000200},
	}
	for _, tc := range tests {
		if !near(tc.got, tc.want, 2e-7) {
			t.Errorf("%s = %v, want %v", tc.name, tc.got, tc.want)
		}
	}
}

func TestSkeletonValidate(t *testing.T) {
	tests := []struct {
		name    string
		s       Skeleton
		wantErr bool
	}{
		{"ok", Skeleton{Names: []string{"a", "b"}, Parents: []int32{-1, 0}}, false},
		{"forward parent", Skeleton{Names: []string{"a", "b"}, Parents: []int32{1, -1}}, true},
		{"self parent", Skeleton{Names: []string{"a"}, Parents: []int32{0}}, true},
		{"names short", Skeleton{Names: []string{"a"}, Parents: []int32{-1, 0}}, true},
		{"offset short", Skeleton{Names: []string{"a", "b"}, Parents: []int32{-1, 0}, Offset: []mgl32.Vec3{{}}}, true},
	}
	for _, tc := range tests {
		err := tc.s.Validate()
		if (err != nil) != tc.wantErr {
			t.Errorf("%s: Validate() = %v, want error %v", tc.name, err, tc.wantErr)
		}
	}
}

func TestLocalToModelAllocatesNothing(t *testing.T) {
	s, local := chain(1000)
	model := make([]Affine, 1000)
	skin := make([]Affine, 1000)
	if n := testing.AllocsPerRun(10, func() {
		LocalToModel(s, local, nil, model)
		SkinPalette(s, model, skin)
	}); n != 0 {
		t.Errorf("LocalToModel + SkinPalette allocated %v times per run, want 0", n)
	}
}

func chain(n int) (*Skeleton, []Transform) {
	s := &Skeleton{Names: make([]string, n), Parents: make([]int32, n), Offset: make([]mgl32.Vec3, n),
		Pivot: make([]mgl32.Vec3, n), InverseBind: make([]Affine, n)}
	local := make([]Transform, n)
	for i := 0; i < n; i++ {
		s.Parents[i] = int32(i - 1)
		if i > 0 && i%4 == 0 {
			s.Parents[i] = int32(i / 2)
		}
		s.Offset[i] = mgl32.Vec3{0, 0.1, 0}
		s.InverseBind[i] = IdentityAffine
		local[i] = Transform{T: mgl32.Vec3{0.01, 0, 0}, Q: mgl32.QuatRotate(0.1, mgl32.Vec3{0, 0, 1}), S: mgl32.Vec3{1, 1, 1}}
	}
	return s, local
}

func BenchmarkLocalToModel10k(b *testing.B) {
	s, local := chain(10000)
	model := make([]Affine, 10000)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		LocalToModel(s, local, nil, model)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/10000, "ns/node")
}

func BenchmarkBlendTransforms10k(b *testing.B) {
	_, a := chain(10000)
	_, c := chain(10000)
	for i := range c {
		c[i].Q = mgl32.QuatRotate(1, mgl32.Vec3{1, 0, 0})
	}
	out := make([]Transform, 10000)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		BlendTransforms(a, c, 0.3, out)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/10000, "ns/node")
}

// TestLocalToModelFusedBitIdentical checks that the fused path (no post or pre
// rotations) gives exactly the bits of LocalMatrix followed by mulAffineTo, for every
// combination of offset, pivot and root, on random non-unit quaternions and scales.
func TestLocalToModelFusedBitIdentical(t *testing.T) {
	const n = 257
	rnd := uint32(12345)
	next := func() float32 { // xorshift in [−2, 2)
		rnd ^= rnd << 13
		rnd ^= rnd >> 17
		rnd ^= rnd << 5
		return float32(rnd)/float32(1<<31) - 2
	}
	local := make([]Transform, n)
	parents := make([]int32, n)
	offset, pivot := make([]mgl32.Vec3, n), make([]mgl32.Vec3, n)
	for i := range local {
		parents[i] = int32(int(uint32(next()*1e6))%(i+1) - 1)
		local[i] = Transform{T: mgl32.Vec3{next(), next(), next()}, Q: q(next(), next(), next(), next()),
			S: mgl32.Vec3{next(), next(), next()}}
		offset[i], pivot[i] = mgl32.Vec3{next(), next(), next()}, mgl32.Vec3{next(), next(), next()}
	}
	root := Affine{}
	for i := range root {
		root[i] = next()
	}
	for _, c := range []struct {
		name          string
		offset, pivot []mgl32.Vec3
		root          *Affine
	}{
		{"plain", nil, nil, nil},
		{"offset", offset, nil, nil},
		{"pivot", nil, pivot, nil},
		{"offset+pivot+root", offset, pivot, &root},
		{"root", nil, nil, &root},
	} {
		s := &Skeleton{Names: make([]string, n), Parents: parents, Offset: c.offset, Pivot: c.pivot}
		if err := s.Validate(); err != nil {
			t.Fatal(err)
		}
		got := make([]Affine, n)
		LocalToModel(s, local, c.root, got)
		want := make([]Affine, n)
		for i, p := range parents {
			var l Affine
			s.LocalMatrix(i, &local[i], &l)
			switch {
			case p >= 0:
				mulAffineTo(&want[i], &want[p], &l)
			case c.root != nil:
				mulAffineTo(&want[i], c.root, &l)
			default:
				want[i] = l
			}
		}
		for i := range got {
			for k := range got[i] {
				if math.Float32bits(got[i][k]) != math.Float32bits(want[i][k]) {
					t.Fatalf("%s: node %d cell %d: got %v, want %v (bits differ)", c.name, i, k, got[i][k], want[i][k])
				}
			}
		}
	}
}

// TestSlerpArcBitIdentical: weights from a precomputed arc equal SlerpWeights bit
// for bit, over random quaternion pairs (unit and not, nearly parallel, quantised to
// int16/32767 like file keys, both signs) and fractions in and outside 0..1.
func TestSlerpArcBitIdentical(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	rq := func() mgl32.Quat {
		return q(r.Float32()*2-1, r.Float32()*2-1, r.Float32()*2-1, r.Float32()*2-1)
	}
	i16 := func() float32 { return float32(r.IntN(65535)-32767) / 32767 }
	for i := 0; i < 200000; i++ {
		q0, q1 := rq(), rq()
		switch i % 4 {
		case 0:
			q0, q1 = q0.Normalize(), q1.Normalize()
		case 1: // nearly parallel
			q1 = q(q0.W+1e-4*(r.Float32()-0.5), q0.V[0]+1e-4*(r.Float32()-0.5), q0.V[1], q0.V[2])
		case 2: // quantised like a file key
			q0 = q(i16(), i16(), i16(), i16())
		}
		a := r.Float32()
		if i%10 == 0 {
			a = a*4 - 2
		}
		arc := NewSlerpArc(q0, q1)
		g0, g1 := arc.Weights(a)
		w0, w1 := SlerpWeights(Dot4(q0, q1), a)
		if !same32(g0, w0) || !same32(g1, w1) {
			t.Fatalf("q0 %v q1 %v a %v: arc weights %v %v, SlerpWeights %v %v", q0, q1, a, g0, g1, w0, w1)
		}
	}
}

// TestBlendTransformsBitIdentical: BlendTransforms gives, bit for bit, BlendQuat for
// the rotation and LerpVec3's (1 − w)·a + w·b for translation and scale, also when
// out is a, over many chunks of joints, with near-parallel and opposite pairs.
func TestBlendTransformsBitIdentical(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	f := func() float32 { return r.Float32()*4 - 2 }
	const n = 5000
	a, b := make([]Transform, n), make([]Transform, n)
	for i := range a {
		for _, x := range []*Transform{&a[i], &b[i]} {
			*x = Transform{T: mgl32.Vec3{f(), f(), f()}, Q: q(f(), f(), f(), f()), S: mgl32.Vec3{f(), f(), f()}}
			if i%3 == 0 {
				x.Q = x.Q.Normalize()
			}
		}
		// Near-parallel pairs (linear weights) and opposite ones (the shortest
		// path negates b), both ways round.
		switch i % 5 {
		case 1:
			b[i].Q = q(a[i].Q.W+1e-4*f(), a[i].Q.V[0], a[i].Q.V[1]-1e-4*f(), a[i].Q.V[2])
		case 2:
			b[i].Q = q(-a[i].Q.W, -a[i].Q.V[0]+1e-4*f(), -a[i].Q.V[1], -a[i].Q.V[2])
		}
	}
	saved := haveAVX2
	defer func() { haveAVX2 = saved }()
	for _, c := range []struct {
		asm bool
		n   int
		w   float32
	}{
		{true, n, 0}, {true, n, 0.3}, {true, n, 0.5}, {true, n, 1},
		{false, n, 0}, {false, n, 0.3}, {false, n, 0.5}, {false, n, 1},
		{true, 1, 0.3}, {true, 7, 0.3}, {true, 13, 0.7}, {true, 77, 0.3}, {true, 130, 0.5},
	} {
		// The assembly passes where this machine has them, and the Go code;
		// sizes that leave part of a group of eight.
		haveAVX2 = c.asm && saved
		w := c.w
		a, b := a[:c.n], b[:c.n]
		out := make([]Transform, c.n)
		BlendTransforms(a, b, w, out)
		inPlace := append([]Transform(nil), a...)
		BlendTransforms(inPlace, b, w, inPlace)
		for i := range out {
			want := Transform{
				T: LerpVec3(a[i].T, b[i].T, w),
				Q: BlendQuat(a[i].Q, b[i].Q, w),
				S: LerpVec3(a[i].S, b[i].S, w),
			}
			for _, got := range []Transform{out[i], inPlace[i]} {
				g := []float32{got.T[0], got.T[1], got.T[2], got.Q.W, got.Q.V[0], got.Q.V[1], got.Q.V[2], got.S[0], got.S[1], got.S[2]}
				e := []float32{want.T[0], want.T[1], want.T[2], want.Q.W, want.Q.V[0], want.Q.V[1], want.Q.V[2], want.S[0], want.S[1], want.S[2]}
				for k := range g {
					if !same32(g[k], e[k]) {
						t.Fatalf("asm %v, n %d, w %v node %d: got %v, want %v", c.asm && saved, c.n, w, i, got, want)
					}
				}
			}
		}
	}
}

// TestChannelNames checks that a channel's number gives back its name, that a
// name keeps its number, and that the zero Channel is the empty name.
func TestChannelNames(t *testing.T) {
	names := []string{"t", "r", "s", "trs", "r:static", "bone.x", "t"}
	ids := make([]Channel, len(names))
	for i, n := range names {
		ids[i] = ChannelOf(n)
	}
	for i, n := range names {
		if got := ids[i].String(); got != n {
			t.Errorf("ChannelOf(%q).String() = %q, want %q", n, got, n)
		}
	}
	if ids[0] != ids[6] {
		t.Errorf("ChannelOf(\"t\") gave %d then %d, want the same number", ids[0], ids[6])
	}
	if ids[0] == ids[1] {
		t.Errorf("\"t\" and \"r\" share number %d", ids[0])
	}
	for c, n := range map[Channel]string{ChannelT: "t", ChannelR: "r", ChannelS: "s", ChannelTRS: "trs"} {
		if got := ChannelOf(n); got != c {
			t.Errorf("ChannelOf(%q) = %d, want the constant %d", n, got, c)
		}
	}
	if got := Channel(0).String(); got != "" {
		t.Errorf("Channel(0).String() = %q, want \"\"", got)
	}
	if got := ChannelOf(""); got != 0 {
		t.Errorf("ChannelOf(\"\") = %d, want 0", got)
	}
}

// TestProbeKeyFrame checks that a record's own frame comes back at its index
// and that a record without one reports none.
func TestProbeKeyFrame(t *testing.T) {
	var p Probe
	p.Reset(3, false)
	p.Add(KeyUse{Channel: ChannelOf("a.x"), K0: 1, K1: 2, Alpha: 0.5})
	p.AddFrame(KeyUse{Channel: ChannelOf("a.y"), K0: 4, K1: -1}, 7.25)
	if f, ok := p.KeyFrame(0); ok {
		t.Errorf("record 0: got frame %v, want none", f)
	}
	if f, ok := p.KeyFrame(1); !ok || f != 7.25 {
		t.Errorf("record 1: got frame %v %v, want 7.25 true", f, ok)
	}
	if f, ok := p.KeyFrame(2); ok {
		t.Errorf("record 2 (unset): got frame %v, want none", f)
	}
}

// TestChannelOfConcurrent checks that names added from several goroutines while
// others read names back all keep their numbers (run with -race).
func TestChannelOfConcurrent(t *testing.T) {
	const workers, each = 4, 50
	ids := make([][each]Channel, workers)
	done := make(chan struct{})
	for w := range workers {
		go func() {
			defer func() { done <- struct{}{} }()
			for i := range each {
				ids[w][i] = ChannelOf(fmt.Sprintf("concurrent.%d.%d", w, i))
				_ = ChannelT.String()
			}
		}()
	}
	for range workers {
		<-done
	}
	for w := range workers {
		for i := range each {
			if got, want := ids[w][i].String(), fmt.Sprintf("concurrent.%d.%d", w, i); got != want {
				t.Errorf("worker %d name %d: got %q, want %q", w, i, got, want)
			}
		}
	}
}
