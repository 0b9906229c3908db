package gui

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"animscope/formats"
	"animscope/formats/m2/m2test"
	"animscope/viewer"
)

// frogState is the viewer on the project's synthetic frog-like M2.
func frogState(t *testing.T) *viewer.State {
	t.Helper()
	m2, _ := m2test.Frog().Encode()
	p := filepath.Join(t.TempDir(), "Frog.m2")
	if err := os.WriteFile(p, m2, 0o644); err != nil {
		t.Fatal(err)
	}
	s := viewer.NewState(viewer.DefaultLoader, formats.Options{})
	if !s.Open([]string{p}) {
		t.Fatalf("open: %s", s.LastError())
	}
	s.DismissBanner()
	return s
}

// TestFrameColumnsSayMilliseconds (issue 30, defect 2): the key and compare
// tables label an M2 probe's frame column "ms" (it holds the time in whole
// milliseconds), and keep "frame" for the families that record frames.
func TestFrameColumnsSayMilliseconds(t *testing.T) {
	defer newUIContext(t)()
	tests := []struct {
		name  string
		state func(t *testing.T) *viewer.State
		blend bool
		want  []string
	}{
		{"M2", frogState, false, []string{"node", "ch", "ms", "k0", "k1", "alpha"}},
		{"M2 blended", frogState, true, []string{"node", "ch", "A ms", "A k0", "A k1", "A alpha", "B ms", "B k0", "B k1", "B alpha"}},
		{"MSH", func(t *testing.T) *viewer.State { s := demoState(t); s.DismissBanner(); return s }, false,
			[]string{"node", "ch", "frame", "branch", "k0", "k1", "alpha"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := tc.state(t)
			s.Blend.On = tc.blend
			u := &UI{S: s, Scale: 1}
			u.ShowPanel(viewer.PanelKeys)
			for i := 0; i < 3; i++ {
				s.Evaluate()
				uiFrame(u)
			}
			if got := u.keyTab.labels; !slices.Equal(got, tc.want) {
				t.Errorf("key table columns %q, want %q", got, tc.want)
			}
			frame := "A " + s.Scene.FrameColumn()
			if got := sideFrameColumn("A ", s.Scene); got != frame {
				t.Errorf("compare table column %q, want %q", got, frame)
			}
		})
	}
	if got := sideFrameColumn("B ", frogState(t).Scene); got != "B ms" {
		t.Errorf("compare table's B column for M2 %q, want \"B ms\"", got)
	}
}
