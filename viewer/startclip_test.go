package viewer_test

import (
	"os"
	"path/filepath"
	"testing"

	"animscope/formats"
	"animscope/formats/m2/m2test"
	"animscope/formats/samples"
	"animscope/viewer"
)

// TestOpensOnStand (issue 30, defect 14): the viewer opens an M2 model on its
// Stand sequence (animation id 0) wherever it lies in the file, as WoW Model
// Viewer does, and on clip 0 when there is none; blend B starts on another clip.
func TestOpensOnStand(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, ids ...uint16) string {
		m := m2test.Frog() // four sequences
		for i, id := range ids {
			m.Seqs[i].ID = id
		}
		data, _ := m.Encode()
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	tests := []struct {
		name          string
		file          string
		clip, clipB   int
		wantClipNamed string
	}{
		{"Stand first", write("first.m2", 0, 4, 5, 16), 0, 1, "Stand"},
		{"HandsClosed first, Stand third", write("third.m2", 15, 4, 0, 16), 2, 0, "Stand"},
		{"two Stand variations", write("two.m2", 15, 0, 0, 16), 1, 0, "Stand"},
		{"no Stand", write("none.m2", 15, 4, 5, 16), 0, 1, "HandsClosed"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := viewer.NewState(viewer.DefaultLoader, formats.Options{})
			if !s.Open([]string{tc.file}) {
				t.Fatalf("open: %s", s.LastError())
			}
			if s.Clip != tc.clip || s.Blend.ClipB != tc.clipB || s.Scene.Infos[s.Clip].Name != tc.wantClipNamed {
				t.Errorf("clip %d %q, blend B %d; want clip %d %q, B %d", s.Clip, s.Scene.Infos[s.Clip].Name, s.Blend.ClipB, tc.clip, tc.wantClipNamed, tc.clipB)
			}
		})
	}
}

// TestMurlocOpensOnStand: the real Murloc2.m2, whose clip 0 is HandsClosed
// (166 ms), opens on Stand.
func TestMurlocOpensOnStand(t *testing.T) {
	p := filepath.Join(samples.Dir(t, "m2"), "Murloc2.m2")
	s := viewer.NewState(viewer.DefaultLoader, formats.Options{})
	if !s.Open([]string{p}) {
		t.Fatalf("open: %s", s.LastError())
	}
	if got := s.Scene.Infos[0].Name; got != "HandsClosed" {
		t.Fatalf("clip 0 is %q, want HandsClosed (the sample's facts)", got)
	}
	if got := s.Scene.Infos[s.Clip].Name; got != "Stand" {
		t.Errorf("opened on clip %d %q, want Stand", s.Clip, got)
	}
}
