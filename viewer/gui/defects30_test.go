package gui

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"animscope/anim"
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

// TestMapGrowthIsNotSaved (issue 30, defect 5): the fallback map grows the
// bottom area while it is in front, but the layout saved (layout.json) keeps
// the user's height, and the area returns to it when another tab comes to the
// front; a height the user drags is theirs and stays.
func TestMapGrowthIsNotSaved(t *testing.T) {
	defer newUIContext(t)()
	s, u := demoFloorUI(t)
	u.Layout.Path = filepath.Join(t.TempDir(), "layout.json")
	user := u.Layout.Bottom
	frames := func(n int) {
		for range n {
			s.Evaluate()
			uiFrame(u)
		}
	}
	frames(4)
	if u.Layout.Tab != viewer.PanelFallbackMap || !(u.Layout.Bottom > user) {
		t.Fatalf("tab %q, bottom %v from %v; want the map in front, the area grown", u.Layout.Tab, u.Layout.Bottom, user)
	}
	saved := viewer.LoadLayout(u.Layout.Path)
	near := func(a, b float64) bool { return a > b-1e-6 && a < b+1e-6 } // Fit rounds through float32 points
	if !near(saved.Bottom, user) {
		t.Errorf("layout.json's bottom %v while the map is in front, want the user's %v", saved.Bottom, user)
	}
	u.ShowPanel(viewer.PanelDopeSheet)
	frames(2)
	if !near(u.Layout.Bottom, user) {
		t.Errorf("bottom %v with the dope sheet in front, want the user's %v back", u.Layout.Bottom, user)
	}
	// The map again, then the user's own height by the splitter: kept.
	u.ShowPanel(viewer.PanelFallbackMap)
	frames(2)
	grown := u.Layout.Bottom
	u.Layout.Bottom = grown + 0.05 // what a drag of the splitter leaves
	u.userSizedBottom()
	frames(2)
	u.ShowPanel(viewer.PanelDopeSheet)
	frames(2)
	if got, want := u.Layout.Bottom, grown+0.05; got < want-1e-3 || got > want+1e-3 {
		t.Errorf("bottom %v after the user sized it to %v and changed tabs, want it kept", got, want)
	}
	if saved := viewer.LoadLayout(u.Layout.Path); saved.Bottom < grown {
		t.Errorf("layout.json's bottom %v, want the user's %v", saved.Bottom, u.Layout.Bottom)
	}
}

// TestNamelessNodeAndClip (issue 30, defect 6): a node without a name (a
// VoxelCore skeleton's root) shows as "(unnamed)", not a blank row, while
// lookups keep its name; a scene without clips offers "0 (bind pose)" in the
// blend combos, not a bare "0".
func TestNamelessNodeAndClip(t *testing.T) {
	a := &formats.Asset{Family: formats.FamilyVCA, Files: []string{"block.json"},
		Skeleton: &anim.Skeleton{Names: []string{"", "lid"}, Parents: []int32{-1, 0}}}
	sc, err := viewer.NewScene(a, a.Files, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := []string{sc.NodeLabel(0), sc.NodeLabel(1)}; !slices.Equal(got, []string{"(unnamed)", "lid"}) {
		t.Errorf("node labels %q, want [(unnamed) lid]", got)
	}
	if sc.Skel.Names[0] != "" {
		t.Errorf("the skeleton's name became %q, want it kept empty", sc.Skel.Names[0])
	}
	if got, want := clipChoices(sc.Infos), []string{"0 (bind pose)"}; !slices.Equal(got, want) {
		t.Errorf("clip choices %q, want %q", got, want)
	}
	if got, want := clipChoices([]anim.ClipInfo{{Name: "Stand"}, {Name: "Walk"}}), []string{"0 Stand", "1 Walk"}; !slices.Equal(got, want) {
		t.Errorf("clip choices %q, want %q", got, want)
	}
}
