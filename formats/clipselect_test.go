package formats

import (
	"strings"
	"testing"

	"animscope/anim"
)

type aliasedClip struct {
	namedClip
	aliases []string
}

func (c aliasedClip) Aliases() []string { return c.aliases }

// TestClipSelection: --clip takes an index, a name, a name in any case or an
// alias; the first rule that matches must match one clip, or the error says the
// name is ambiguous and lists the clips.
func TestClipSelection(t *testing.T) {
	a := &Asset{Clips: []anim.Clip{
		namedClip{"Walk"}, namedClip{"walk"}, namedClip{"Run"}, namedClip{"Idle"}, namedClip{"IDLE"},
		aliasedClip{namedClip{"Stand"}, []string{"0.0"}}, aliasedClip{namedClip{"Stand.1"}, []string{"0.0"}},
	}}
	for _, tc := range []struct {
		sel     string
		want    int
		wantErr string
	}{
		{"", 0, ""}, {"2", 2, ""}, {"Walk", 0, ""}, {"walk", 1, ""}, {"RUN", 2, ""},
		{"Idle", 3, ""}, {"idle", 0, `clip name "idle" is ambiguous: it names clips 3 (Idle), 4 (IDLE); give the index`},
		{"stand", 5, ""},
		{"0.0", 0, `clip name "0.0" is ambiguous: it names clips 5 (Stand), 6 (Stand.1)`},
		{"7", 0, "out of range"}, {"Jump", 0, `no clip named "Jump"`},
	} {
		_, idx, err := a.Clip(tc.sel)
		if tc.wantErr == "" {
			if err != nil || idx != tc.want {
				t.Errorf("Clip(%q) = %d, %v; want %d", tc.sel, idx, err, tc.want)
			}
		} else if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
			t.Errorf("Clip(%q) = %d, %v; want an error with %q", tc.sel, idx, err, tc.wantErr)
		}
	}
}

type renamableClip struct{ namedClip }

func (c renamableClip) Renamed(name string) anim.Clip { return renamableClip{namedClip{name}} }

type renamableBinder struct{ name string }

func (b renamableBinder) Name() string { return b.name }
func (b renamableBinder) Bind(*anim.Skeleton) (anim.Clip, []Diagnostic) {
	return renamableClip{namedClip{b.name}}, nil
}

// TestMergeUniqueNames: a bound clip whose name (in any case) an earlier clip has
// gets the next free NAME.N; a clip that cannot be renamed keeps its name.
func TestMergeUniqueNames(t *testing.T) {
	skel := &anim.Skeleton{Names: []string{"root"}, Parents: []int32{-1}}
	model := &Part{Asset: Asset{Files: []string{"m.skt"}, Family: FamilySWG, Skeleton: skel,
		Clips: []anim.Clip{namedClip{"walk"}, namedClip{"walk.1"}}}}
	file := func(name string) *Part {
		return &Part{Asset: Asset{Files: []string{name + ".ans"}, Family: FamilySWG}, ClipBinders: []ClipBinder{renamableBinder{name}}}
	}
	plain := &Part{Asset: Asset{Files: []string{"run.ans"}, Family: FamilySWG}, ClipBinders: []ClipBinder{binder{"run", new(*anim.Skeleton)}}}
	got, err := Merge([]*Part{model, file("walk"), file("WALK"), file("run"), plain, file("idle")})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, c := range got.Clips {
		names = append(names, c.Info().Name)
	}
	want := "walk,walk.1,walk.2,WALK.3,run,run,idle"
	if strings.Join(names, ",") != want {
		t.Errorf("clips %v, want %s", names, want)
	}
	if _, _, err := got.Clip("run"); err == nil || !strings.Contains(err.Error(), "ambiguous") {
		t.Errorf("Clip(run) with two clips named run: %v, want ambiguous", err)
	}
}
