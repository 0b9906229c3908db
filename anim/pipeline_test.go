package anim

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

func TestFrameStep(t *testing.T) {
	tests := []struct {
		name       string
		info       ClipInfo
		step, rate float64
	}{
		{"Step given (VCA at 24 fps)", ClipInfo{Unit: "s", UnitsPerSecond: 1, Step: 0.5}, 0.5, 2},
		{"frame clip with Step 1", ClipInfo{Unit: "frame", UnitsPerSecond: 20, Step: 1}, 1, 20},
		// A clip timed in frames steps one frame even without Step: its unit is the
		// frame (the viewer used to step UnitsPerSecond/30 = 0.5 here).
		{"frame clip without Step", ClipInfo{Unit: "frame", UnitsPerSecond: 15}, 1, 15},
		{"ms clip: a 30th of a second", ClipInfo{Unit: "ms", UnitsPerSecond: 1000}, 1000.0 / 30, 30},
		{"s clip without fps", ClipInfo{Unit: "s", UnitsPerSecond: 1}, 1.0 / 30, 30},
		{"no rate", ClipInfo{Unit: "s"}, 1, 30},
		{"infinite rate", ClipInfo{Unit: "ms", UnitsPerSecond: math.Inf(1)}, 1, 30},
		{"frame clip, no rate", ClipInfo{Unit: "frame"}, 1, 30},
		{"infinite Step is ignored", ClipInfo{Unit: "frame", UnitsPerSecond: 30, Step: math.Inf(1)}, 1, 30},
		{"bind pose", BindPose{}.Info(), 1, 30},
	}
	for _, tc := range tests {
		if got := tc.info.FrameStep(); got != tc.step {
			t.Errorf("%s: FrameStep = %v, want %v", tc.name, got, tc.step)
		}
		if got := tc.info.FrameRate(); got != tc.rate {
			t.Errorf("%s: FrameRate = %v, want %v", tc.name, got, tc.rate)
		}
	}
}

// rootClip is constClip that also places the scene root at T(t, 0, 5).
type rootClip struct{ constClip }

func (c rootClip) Info() ClipInfo {
	info := c.constClip.Info()
	info.PlacesRoot = true
	return info
}

func (c rootClip) Sample(ctx Context, t float64, out []Transform, probes []Probe) (Affine, bool) {
	c.constClip.Sample(ctx, t, out, probes)
	m := IdentityAffine
	m[9], m[11] = float32(t), 5
	return m, true
}

// walkClip is constClip with locomotion: one unit along +X per frame.
type walkClip struct{ constClip }

func (walkClip) RootMotion(f0, f1 float64) (mgl32.Quat, mgl32.Vec3) {
	return mgl32.QuatIdent(), mgl32.Vec3{float32(f1 - f0), 0, 0}
}

// TestPoseEvaluate checks each stage of the pipeline against the hand-called
// functions it chains: sample, blend, root, local-to-model, skin.
func TestPoseEvaluate(t *testing.T) {
	s := &Skeleton{
		Names:       []string{"root", "child"},
		Parents:     []int32{-1, 0},
		Offset:      []mgl32.Vec3{{1, 0, 0}, {0, 2, 0}},
		InverseBind: []Affine{IdentityAffine, IdentityAffine},
	}
	s.InverseBind[1][9] = -1
	mshLike := &Skeleton{Names: []string{"root", "child"}, Parents: []int32{-1, 0}}
	a := constClip{Transform{T: mgl32.Vec3{0, 0, 1}, Q: keyZ90, S: mgl32.Vec3{1, 1, 1}}}
	b := constClip{Transform{T: mgl32.Vec3{4, 0, 0}, Q: keyIdentity, S: mgl32.Vec3{2, 2, 2}}}
	ident := []Transform{IdentityTransform, IdentityTransform}
	tests := []struct {
		name     string
		skel     *Skeleton
		req      PoseRequest
		local    []Transform // want
		root     *Affine     // want (nil: none)
		frameA   int32
		neither  bool
		sampledB bool
	}{
		{"clip A", s, PoseRequest{A: a, TA: 3}, []Transform{a.x, a.x}, nil, 3, false, false},
		{"blend", s, PoseRequest{A: a, TA: 3, B: b, TB: 4, Weight: 0.25}, nil, nil, 3, false, true},
		{"neither side valid", s, PoseRequest{A: a, TA: -3, B: b, TB: -4, Weight: 0.5}, []Transform{a.x, a.x}, nil, 0, true, true},
		{"own root", s, PoseRequest{A: rootClip{a}, TA: 2}, []Transform{a.x, a.x}, &Affine{1, 0, 0, 0, 1, 0, 0, 0, 1, 2, 0, 5}, 2, false, false},
		// The pose falls back to A at 0; the root stays at A's requested time.
		{"neither side valid, own root", s, PoseRequest{A: rootClip{a}, TA: -3, B: b, TB: -4, Weight: 0.5}, []Transform{a.x, a.x}, &Affine{1, 0, 0, 0, 1, 0, 0, 0, 1, -3, 0, 5}, 0, true, true},
		{"locomotion ignored by RootOwn", s, PoseRequest{A: walkClip{a}, TA: 2}, []Transform{a.x, a.x}, nil, 2, false, false},
		{"locomotion", s, PoseRequest{A: walkClip{a}, TA: 2, Root: RootLocomotion}, []Transform{a.x, a.x}, &Affine{1, 0, 0, 0, 1, 0, 0, 0, 1, 2, 0, 0}, 2, false, false},
		{"rest with a bind pose", s, PoseRequest{A: rootClip{a}, TA: 2, B: b, Rest: true}, ident, nil, 0, false, false},
		{"rest without one is A at 0", mshLike, PoseRequest{A: rootClip{a}, TA: 2, Rest: true}, []Transform{a.x, a.x}, nil, 0, false, false},
		{"rest without a clip", mshLike, PoseRequest{Rest: true}, ident, nil, 0, false, false},
	}
	for _, tc := range tests {
		// Without probes asked for, the same pose and no probe written.
		quiet := NewPose(2)
		for i := range quiet.Probes {
			quiet.Probes[i].Frame, quiet.ProbesB[i].Frame = -77, -77
		}
		quiet.Evaluate(tc.skel, &tc.req)
		tc.req.Probes = true
		p := NewPose(2)
		res := p.Evaluate(tc.skel, &tc.req)
		for i := range p.Local {
			if quiet.Local[i] != p.Local[i] || quiet.Model[i] != p.Model[i] {
				t.Errorf("%s: node %d without probes = %v / %v, want %v / %v", tc.name, i, quiet.Local[i], quiet.Model[i], p.Local[i], p.Model[i])
			}
			if quiet.Probes[i].Frame != -77 || quiet.ProbesB[i].Frame != -77 {
				t.Errorf("%s: node %d: probes written (frames %d, %d) though not asked for", tc.name, i, quiet.Probes[i].Frame, quiet.ProbesB[i].Frame)
			}
		}
		want := tc.local
		if want == nil { // the blend: what Blender gives
			want = make([]Transform, 2)
			var bl Blender
			bl.Sample(tc.req.A, tc.req.TA, tc.req.B, tc.req.TB, tc.req.Weight, want, nil, nil)
		}
		for i := range want {
			if p.Local[i] != want[i] {
				t.Errorf("%s: local[%d] = %v, want %v", tc.name, i, p.Local[i], want[i])
			}
		}
		if p.HasRoot != (tc.root != nil) || (tc.root != nil && p.Root != *tc.root) {
			t.Errorf("%s: root = %v (set %v), want %v", tc.name, p.Root, p.HasRoot, tc.root)
		}
		model, skin := make([]Affine, 2), make([]Affine, 2)
		LocalToModel(tc.skel, want, tc.root, model)
		SkinPalette(tc.skel, model, skin)
		for i := range model {
			if p.Model[i] != model[i] || p.Skin[i] != skin[i] {
				t.Errorf("%s: node %d model/skin = %v / %v, want %v / %v", tc.name, i, p.Model[i], p.Skin[i], model[i], skin[i])
			}
		}
		if p.Probes[0].Frame != tc.frameA {
			t.Errorf("%s: probe frame = %d, want %d", tc.name, p.Probes[0].Frame, tc.frameA)
		}
		if res.Neither != tc.neither {
			t.Errorf("%s: Neither = %v, want %v", tc.name, res.Neither, tc.neither)
		}
		// EvaluateWith gives the same pose, sampling side B into the scratch
		// given when it holds the pose's nodes and into the pose's own
		// buffer when it does not.
		mark := Transform{T: mgl32.Vec3{-9, -9, -9}}
		for _, n := range []int{0, 1, 2, 3} {
			var scratch []Transform
			if n > 0 {
				scratch = make([]Transform, n)
				for i := range scratch {
					scratch[i] = mark
				}
			}
			q := NewPose(2)
			qres := q.EvaluateWith(tc.skel, &tc.req, scratch)
			if qres != res {
				t.Errorf("%s, scratch of %d: result %+v, want %+v", tc.name, n, qres, res)
			}
			for i := range p.Local {
				if q.Local[i] != p.Local[i] || q.Model[i] != p.Model[i] || q.Skin[i] != p.Skin[i] {
					t.Errorf("%s, scratch of %d: node %d = %v / %v / %v, want %v / %v / %v", tc.name, n, i,
						q.Local[i], q.Model[i], q.Skin[i], p.Local[i], p.Model[i], p.Skin[i])
				}
			}
			blends := tc.req.B != nil && !tc.req.Rest
			usedGiven := n >= 2 && blends
			if got := n > 0 && scratch[0] != mark; got != usedGiven {
				t.Errorf("%s, scratch of %d: given scratch written = %v, want %v", tc.name, n, got, usedGiven)
			}
			if got := q.Blender.scratch[0] != (Transform{}); got != (blends && !usedGiven) {
				t.Errorf("%s, scratch of %d: own scratch written = %v, want %v", tc.name, n, got, blends && !usedGiven)
			}
		}
		if got := p.ProbesB[0].Frame != 0; got != tc.sampledB {
			t.Errorf("%s: side B sampled = %v, want %v", tc.name, got, tc.sampledB)
		}
	}
}

// TestPoseEvaluateAllocatesNothing: the per-frame path, blend and root included.
func TestPoseEvaluateAllocatesNothing(t *testing.T) {
	s := &Skeleton{Names: []string{"a", "b"}, Parents: []int32{-1, 0}}
	a := rootClip{constClip{IdentityTransform}}
	b := constClip{IdentityTransform}
	p := NewPose(2)
	for _, probes := range []bool{false, true} {
		req := PoseRequest{A: a, TA: 1, B: b, TB: 2, Weight: 0.5, Probes: probes}
		if n := testing.AllocsPerRun(100, func() { p.Evaluate(s, &req) }); n != 0 {
			t.Errorf("probes %v: Evaluate allocates %v times per call, want 0", probes, n)
		}
	}
}

// TestLocalMatrix64 checks the formula's float64 evaluation: a worked node, its
// agreement with the float32 LocalMatrix, and the joint form
// T(−pivot[parent]) · local · T(pivot).
func TestLocalMatrix64(t *testing.T) {
	// Worked: z90 = (w 0.5√2, z 0.5√2) in float32; R·S with s = (2, 1, 1) maps x to
	// (0, 2, 0) and y to (−1, 0, 0). T(offset + t) = (1, 0, 0) + (0, 0, 3); the
	// pivot (1, 0, 0) is moved by R·S to (0, 2, 0), so the translation is (1, −2, 3).
	s := &Skeleton{
		Names:   []string{"root", "child"},
		Parents: []int32{-1, 0},
		Offset:  []mgl32.Vec3{{1, 0, 0}, {0, 0, 0}},
		Pivot:   []mgl32.Vec3{{1, 0, 0}, {0, 1, 0}},
	}
	z90 := q(float32(math.Sqrt2/2), 0, 0, float32(math.Sqrt2/2))
	x := Transform{T: mgl32.Vec3{0, 0, 3}, Q: z90, S: mgl32.Vec3{2, 1, 1}}
	var m Affine64
	s.LocalMatrix64(0, &x, &m)
	want := Affine64{0, 2, 0, -1, 0, 0, 0, 0, 1, 1, -2, 3}
	for k := range want {
		if math.Abs(m[k]-want[k]) > 1e-7 {
			t.Fatalf("LocalMatrix64 = %v, want %v", m, want)
		}
	}
	// The joint form of the child: T(offset + t − pivot[root]) · R · S.
	var j Affine64
	s.JointLocalMatrix64(1, &x, &j)
	wantJ := Affine64{0, 2, 0, -1, 0, 0, 0, 0, 1, -1, 0, 3}
	for k := range wantJ {
		if math.Abs(j[k]-wantJ[k]) > 1e-7 {
			t.Fatalf("JointLocalMatrix64 = %v, want %v", j, wantJ)
		}
	}

	// Random nodes with every constant, post and pre included.
	rnd := uint32(777)
	next := func() float32 {
		rnd ^= rnd << 13
		rnd ^= rnd >> 17
		rnd ^= rnd << 5
		return float32(rnd)/float32(1<<31) - 2
	}
	const n = 64
	r := &Skeleton{Names: make([]string, n), Parents: make([]int32, n), Offset: make([]mgl32.Vec3, n),
		Pivot: make([]mgl32.Vec3, n), Post: make([]mgl32.Quat, n), Pre: make([]mgl32.Quat, n)}
	for i := 0; i < n; i++ {
		r.Parents[i] = int32(i - 1)
		r.Offset[i], r.Pivot[i] = mgl32.Vec3{next(), next(), next()}, mgl32.Vec3{next(), next(), next()}
		r.Post[i], r.Pre[i] = q(next(), next(), next(), next()), q(next(), next(), next(), next())
	}
	for i := 0; i < n; i++ {
		x := Transform{T: mgl32.Vec3{next(), next(), next()}, Q: q(next(), next(), next(), next()), S: mgl32.Vec3{next(), next(), next()}}
		var l32 Affine
		var l64, j64 Affine64
		r.LocalMatrix(i, &x, &l32)
		r.LocalMatrix64(i, &x, &l64)
		r.JointLocalMatrix64(i, &x, &j64)
		for k := range l32 {
			if d := math.Abs(float64(l32[k]) - l64[k]); d > 1e-4*(1+math.Abs(l64[k])) {
				t.Errorf("node %d cell %d: LocalMatrix %v, LocalMatrix64 %v", i, k, l32[k], l64[k])
			}
		}
		// j = T(−pivot[parent]) · l · T(pivot): same linear part, translation
		// l.t + A·pivot − pivot[parent].
		p := r.Pivot[i]
		var pp mgl32.Vec3
		if i > 0 {
			pp = r.Pivot[i-1]
		}
		for row := 0; row < 3; row++ {
			if j64[row] != l64[row] || j64[3+row] != l64[3+row] || j64[6+row] != l64[6+row] {
				t.Fatalf("node %d: joint linear part %v differs from %v", i, j64, l64)
			}
			tr := l64[9+row] + l64[row]*float64(p[0]) + l64[3+row]*float64(p[1]) + l64[6+row]*float64(p[2]) - float64(pp[row])
			if math.Abs(tr-j64[9+row]) > 1e-9*(1+math.Abs(tr)) {
				t.Errorf("node %d row %d: joint translation %v, want %v", i, row, j64[9+row], tr)
			}
		}
	}
}
