package viewer

import (
	"strings"
	"testing"

	"animscope/anim"
	"animscope/formats"
	"animscope/viewer/viewertest"
)

func TestGuarded(t *testing.T) {
	t.Setenv("ANIMSCOPE_DEBUG", "")
	ran := false
	if err := guarded(func() { ran = true }); err != nil || !ran {
		t.Errorf("got %v (ran %v), want nil after running f", err, ran)
	}
	if err := guarded(func() { panic("index out of range") }); err == nil || err.Error() != "index out of range" {
		t.Errorf("got %v, want the panic as the error", err)
	}
	n := 0
	if got := testing.AllocsPerRun(100, func() { _ = guarded(func() { n++ }) }); got != 0 {
		t.Errorf("guarded allocates %v per call, want 0", got)
	}
}

// keyPanicClip samples fine only at rest and panics in KeyTimes and at any other
// time: every view that samples or lists keys on its own must report it.
type keyPanicClip struct{ panicClip }

func (keyPanicClip) KeyTimes(node int, dst []float64) []float64 { panic("key bug") }

func panicState(t *testing.T, c anim.Clip) *State {
	t.Helper()
	s := NewState(func([]string, formats.Options) (*formats.Asset, error) {
		a := viewertest.SyntheticAsset(4)
		a.Clips = []anim.Clip{c}
		return a, nil
	}, formats.Options{})
	if !s.Open(nil) {
		t.Fatal(s.LastError())
	}
	s.Selected = 1
	return s
}

// The views that sample on their own report a panic instead of swallowing it.
func TestViewsReportPanics(t *testing.T) {
	tests := []struct {
		name string
		run  func(s *State)
		want string
	}{
		{"plot", func(s *State) { s.Plot() }, "plot of node 1: sampling failed: sampler bug"},
		{"key steps", func(s *State) { s.keyTimes(ScopeAll) }, "key times failed: node 0: key bug"},
		{"dope sheet", func(s *State) {
			d := NewDopeSheet()
			if err := d.Sync(s.Scene, 0, 1); err != nil {
				s.AddDiag(formats.Error, "%v", err)
			}
		}, "dope sheet: key times of node 0: key bug"},
		{"graph", func(s *State) { NewGraph().Update(s) }, "graph: sampling at 0 failed: sampler bug"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := panicState(t, keyPanicClip{})
			tt.run(s)
			if got := s.LastError(); !strings.Contains(got, tt.want) {
				t.Errorf("last error %q, want it to contain %q", got, tt.want)
			}
		})
	}
}

// A pose that does not fit the skeleton is named by Pose.Validate before Evaluate
// and the scene falls back to the rest pose when that fits.
func TestEvaluateMisSizedPoseIsReported(t *testing.T) {
	s := panicState(t, anim.BindPose{})
	s.Scene.Pose.Skin = s.Scene.Pose.Skin[:2]
	s.Evaluate()
	if got, want := s.LastError(), "2 skin entries for 4 skeleton nodes"; !strings.Contains(got, want) {
		t.Errorf("last error %q, want it to contain %q", got, want)
	}
	if !s.View.Rest {
		t.Error("the view did not fall back to the rest pose")
	}
}
