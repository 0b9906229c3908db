package anim

import (
	"strings"
	"testing"
)

func TestPoseValidate(t *testing.T) {
	skel := func() *Skeleton { return &Skeleton{Names: []string{"root", "arm"}, Parents: []int32{-1, 0}} }
	clip := BindPose{}
	tests := []struct {
		name     string
		skel     *Skeleton
		pose     *Pose
		req      *PoseRequest
		evaluate bool
		want     string // "" for no error, else a fragment of the message
	}{
		{"fits", skel(), NewPose(2), &PoseRequest{A: clip, Probes: true}, true, ""},
		{"larger buffers fit", skel(), NewPose(3), &PoseRequest{A: clip, B: clip, Probes: true}, true, ""},
		{"no skeleton", nil, NewPose(2), &PoseRequest{A: clip}, true, "no skeleton"},
		{"bad skeleton", &Skeleton{Names: []string{"a"}, Parents: []int32{-1, 0}}, NewPose(2), &PoseRequest{A: clip}, true, "1 names for 2 nodes"},
		{"parent after child", &Skeleton{Names: []string{"a", "b"}, Parents: []int32{1, -1}}, NewPose(2), &PoseRequest{A: clip}, true, "does not come before it"},
		{"no request", skel(), NewPose(2), nil, true, "no request"},
		{"no clip", skel(), NewPose(2), &PoseRequest{}, true, "no clip A"},
		{"rest without clip", skel(), NewPose(2), &PoseRequest{Rest: true}, true, ""},
		{"short local", skel(), &Pose{Local: make([]Transform, 1)}, &PoseRequest{A: clip}, false, "1 local entries for 2 skeleton nodes"},
		{"sample needs no model", skel(), &Pose{Local: make([]Transform, 2)}, &PoseRequest{A: clip}, false, ""},
		{"probes missing", skel(), &Pose{Local: make([]Transform, 2)}, &PoseRequest{A: clip, Probes: true}, false, "0 probe entries"},
		{"side-B probes missing", skel(), &Pose{Local: make([]Transform, 2), Probes: make([]Probe, 2)}, &PoseRequest{A: clip, B: clip, Probes: true}, false, "0 side-B probe entries"},
		{"side-B probes unused without blend", skel(), &Pose{Local: make([]Transform, 2), Probes: make([]Probe, 2)}, &PoseRequest{A: clip, Probes: true}, false, ""},
		{"short model", skel(), &Pose{Local: make([]Transform, 2), Model: make([]Affine, 1), Skin: make([]Affine, 2)}, &PoseRequest{A: clip}, true, "1 model entries"},
		{"short skin", skel(), &Pose{Local: make([]Transform, 2), Model: make([]Affine, 2)}, &PoseRequest{A: clip}, true, "0 skin entries"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var err error
			if tt.evaluate {
				err = tt.pose.Validate(tt.skel, tt.req)
			} else {
				err = tt.pose.ValidateSample(tt.skel, tt.req)
			}
			switch {
			case tt.want == "" && err != nil:
				t.Fatalf("got %v, want no error", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Fatalf("got %v, want an error containing %q", err, tt.want)
			}
		})
	}
}

// A request that validates evaluates without a panic, and Validate allocates
// nothing when everything fits.
func TestPoseValidateThenEvaluate(t *testing.T) {
	s := &Skeleton{Names: []string{"root", "arm"}, Parents: []int32{-1, 0}}
	p := NewPose(2)
	req := &PoseRequest{A: BindPose{}, B: BindPose{}, Weight: 0.5, Probes: true}
	if err := p.Validate(s, req); err != nil {
		t.Fatalf("Validate: %v", err)
	}
	p.Evaluate(s, req)
	if got := testing.AllocsPerRun(100, func() { _ = p.Validate(s, req) }); got != 0 {
		t.Fatalf("Validate allocates %v per call, want 0", got)
	}
}

// boundClip is a clip that says how many nodes it was bound to.
type boundClip struct {
	BindPose
	n int
}

func (c boundClip) BoundNodes() int { return c.n }

func (c boundClip) Info() ClipInfo {
	return ClipInfo{Name: "walk", Unit: "frame", UnitsPerSecond: 30, Frames: 1}
}

// TestValidateBoundClip: a clip bound to a skeleton of another size is refused
// on either side, naming the side, the clip and both sizes; one of the right
// size, or one that does not know (0), passes; the rest pose asks nothing of
// the clips.
func TestValidateBoundClip(t *testing.T) {
	s := &Skeleton{Names: []string{"a", "b", "c"}, Parents: []int32{-1, 0, 1}}
	p := NewPose(3)
	for _, tc := range []struct {
		name string
		req  PoseRequest
		want string
	}{
		{"A fits", PoseRequest{A: boundClip{n: 3}}, ""},
		{"A unknown", PoseRequest{A: boundClip{n: 0}}, ""},
		{"A too big", PoseRequest{A: boundClip{n: 4}}, `pose: clip A "walk" is bound to 4 nodes; the skeleton has 3`},
		{"A too small", PoseRequest{A: boundClip{n: 2}}, `pose: clip A "walk" is bound to 2 nodes; the skeleton has 3`},
		{"B too big", PoseRequest{A: boundClip{n: 3}, B: boundClip{n: 5}, Weight: 0.5}, `pose: clip B "walk" is bound to 5 nodes; the skeleton has 3`},
		{"rest", PoseRequest{Rest: true, A: boundClip{n: 9}}, ""},
	} {
		err := p.Validate(s, &tc.req)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
	req := PoseRequest{A: boundClip{n: 3}, B: boundClip{n: 3}, Weight: 0.5}
	if a := testing.AllocsPerRun(100, func() { _ = p.Validate(s, &req) }); a != 0 {
		t.Errorf("a passing Validate allocates %v times, want 0", a)
	}
}
