package formats

import (
	"strings"
	"testing"

	"animscope/anim"
)

type namedClip struct{ name string }

func (c namedClip) Info() anim.ClipInfo {
	return anim.ClipInfo{Name: c.name, Unit: "frame", Duration: 1}
}
func (c namedClip) Sample(_ anim.Context, t float64, out []anim.Transform, probes []anim.Probe) (anim.Affine, bool) {
	c.sample(t, out, probes)
	return anim.IdentityAffine, false
}

// NewContext returns nil: sampling keeps no state between calls.
func (c namedClip) NewContext() anim.Context { return nil }

func (c namedClip) sample(t float64, out []anim.Transform, probes []anim.Probe) {
	anim.BindPose{}.Sample(nil, t, out, probes)
}

type binder struct {
	name  string
	bound **anim.Skeleton
}

func (b binder) Name() string { return b.name }
func (b binder) Bind(s *anim.Skeleton) (anim.Clip, []Diagnostic) {
	*b.bound = s
	return namedClip{b.name}, []Diagnostic{DiagWarnf(b.name, -1, "bound")}
}

func TestMerge(t *testing.T) {
	skel := &anim.Skeleton{Names: []string{"root"}, Parents: []int32{-1}}
	stand := &anim.Skeleton{Names: []string{"a", "b"}, Parents: []int32{-1, -1}}
	var boundTo *anim.Skeleton
	model := func() *Part {
		return &Part{Asset: Asset{Files: []string{"m.skt"}, Family: FamilySWG, Skeleton: skel, Clips: []anim.Clip{namedClip{"own"}}}}
	}
	clipFile := func(name string) *Part {
		return &Part{Asset: Asset{Files: []string{name + ".ans"}, Family: FamilySWG}, ClipBinders: []ClipBinder{binder{name, &boundTo}}, StandIn: stand}
	}
	tests := []struct {
		name      string
		parts     []*Part
		wantErr   string
		wantClips []string
		wantSkel  *anim.Skeleton
	}{
		{"skeleton then clips", []*Part{model(), clipFile("walk"), clipFile("run")}, "", []string{"own", "walk", "run"}, skel},
		{"clips before skeleton", []*Part{clipFile("walk"), model()}, "", []string{"own", "walk"}, skel},
		{"clip alone uses its stand-in", []*Part{clipFile("walk")}, "", []string{"walk"}, stand},
		{"two skeletons", []*Part{model(), model()}, "one skeleton", nil, nil},
		{"no skeleton at all", []*Part{{Asset: Asset{Files: []string{"x.mgn"}}}}, "no file of the scene gives a skeleton", nil, nil},
	}
	for _, tc := range tests {
		boundTo = nil
		got, err := Merge(tc.parts)
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("%s: err = %v, want %q", tc.name, err, tc.wantErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		var names []string
		for _, c := range got.Clips {
			names = append(names, c.Info().Name)
		}
		if strings.Join(names, ",") != strings.Join(tc.wantClips, ",") {
			t.Errorf("%s: clips %v, want %v", tc.name, names, tc.wantClips)
		}
		if got.Skeleton != tc.wantSkel || (boundTo != nil && boundTo != tc.wantSkel) {
			t.Errorf("%s: scene skeleton or binding target is not the expected skeleton", tc.name)
		}
		if want := tc.wantSkel == stand; got.StandInSkeleton != want {
			t.Errorf("%s: StandInSkeleton = %v, want %v", tc.name, got.StandInSkeleton, want)
		}
	}
}

func TestAssetClipSelection(t *testing.T) {
	a := &Asset{Clips: []anim.Clip{namedClip{"Stand"}, namedClip{"Walk"}, namedClip{"7"}}}
	tests := []struct {
		sel     string
		want    int
		wantErr bool
	}{
		{"", 0, false}, {"1", 1, false}, {"Walk", 1, false}, {"walk", 1, false},
		{"2", 2, false}, {"3", 0, true}, {"-1", 0, true}, {"Run", 0, true},
	}
	for _, tc := range tests {
		_, i, err := a.Clip(tc.sel)
		if (err != nil) != tc.wantErr || (!tc.wantErr && i != tc.want) {
			t.Errorf("Clip(%q) = %d, %v; want %d (error %v)", tc.sel, i, err, tc.want, tc.wantErr)
		}
	}
	empty := &Asset{}
	if c, i, err := empty.Clip(""); err != nil || i != -1 || c == nil {
		t.Errorf("a scene without clips: Clip(\"\") = %v, %d, %v; want the bind pose, -1", c, i, err)
	}
}

// TestMergeLeavesPartsAlone: a scene on a clip file's stand-in takes the stand-in
// and a warning, while the part itself keeps no skeleton and its own diagnostics,
// so that merging it again gives the same scene.
func TestMergeLeavesPartsAlone(t *testing.T) {
	stand := &anim.Skeleton{Names: []string{"a"}, Parents: []int32{-1}}
	var boundTo *anim.Skeleton
	p := &Part{Asset: Asset{Files: []string{"w.ans"}, Family: FamilySWG}, ClipBinders: []ClipBinder{binder{"w", &boundTo}}, StandIn: stand}
	for round := 0; round < 2; round++ {
		s, err := Merge([]*Part{p})
		if err != nil {
			t.Fatal(err)
		}
		if s.Skeleton != stand || len(s.Diagnostics) != 2 || !strings.Contains(s.Diagnostics[0].Message, "stand-in") {
			t.Errorf("round %d: scene skeleton %p (want the stand-in %p), diagnostics %v", round, s.Skeleton, stand, s.Diagnostics)
		}
		if p.Skeleton != nil || len(p.Diagnostics) != 0 {
			t.Errorf("round %d: the part changed: skeleton %v, diagnostics %v", round, p.Skeleton, p.Diagnostics)
		}
	}
}

// TestCheckScene: a merged scene is checked once, in Merge; an Asset put together
// by hand is checked on CheckScene.
func TestCheckScene(t *testing.T) {
	tests := []struct {
		name    string
		a       *Asset
		wantErr string
	}{
		{"no skeleton", &Asset{Files: []string{"x"}}, "x: the scene has no skeleton"},
		{"parent after child", &Asset{Files: []string{"y"}, Skeleton: &anim.Skeleton{Names: []string{"a", "b"}, Parents: []int32{1, -1}}}, "y: "},
		{"valid", &Asset{Skeleton: &anim.Skeleton{Names: []string{"a"}, Parents: []int32{-1}}}, ""},
	}
	for _, tc := range tests {
		err := tc.a.CheckScene()
		if (err == nil) != (tc.wantErr == "") || (err != nil && !strings.HasPrefix(err.Error(), tc.wantErr)) {
			t.Errorf("%s: CheckScene = %v, want %q", tc.name, err, tc.wantErr)
		}
	}
	s, err := Merge([]*Part{{Asset: Asset{Files: []string{"m"}, Skeleton: &anim.Skeleton{Names: []string{"r"}, Parents: []int32{-1}}}}})
	if err != nil || !s.checked || s.CheckScene() != nil {
		t.Errorf("merged scene: err %v, checked %v", err, s.checked)
	}
}
