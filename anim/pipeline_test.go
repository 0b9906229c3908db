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
		p := NewPose(2)
		res := p.Evaluate(tc.skel, &tc.req)
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
	req := PoseRequest{A: a, TA: 1, B: b, TB: 2, Weight: 0.5}
	if n := testing.AllocsPerRun(100, func() { p.Evaluate(s, &req) }); n != 0 {
		t.Errorf("Evaluate allocates %v times per call, want 0", n)
	}
}
