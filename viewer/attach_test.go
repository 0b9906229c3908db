package viewer

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"animscope/formats"
	"animscope/formats/m2/m2test"
)

// TestStateAttach: the viewer attaches an item at a point of the scene (the
// Attach… section), keeps it across a reload, and detaches it; an unknown point
// leaves the scene as it was.
func TestStateAttach(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, m *m2test.Model) string {
		data, skin := m.Encode()
		p := filepath.Join(dir, name+".m2")
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name+"00.skin"), skin, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	ch := m2test.NewModel(264)
	ch.Attachments = []m2test.Attachment{{ID: 1, Bone: 0}, {ID: 11, Bone: 2}}
	character, item := write("Character", ch), write("Sword", m2test.NewModel(264))
	s := NewState(DefaultLoader, formats.Options{})
	if !s.Open([]string{character}) {
		t.Fatalf("open: %v", s.Diags)
	}
	if got := s.AttachmentPoints(); !slices.Equal(got, []string{"HandRight", "Helm"}) {
		t.Errorf("points %v, want [HandRight Helm]", got)
	}
	nodes := s.Scene.Skel.Len()
	if !s.Attach("HandRight", item) {
		t.Fatalf("attach: %v", s.Diags)
	}
	if got := s.Scene.Skel.Len(); got != nodes+1+3 || s.Scene.Skel.Find("Attach_HandRight") < 0 {
		t.Errorf("%d nodes after attaching, want %d with Attach_HandRight", got, nodes+4)
	}
	if !s.Reload() || s.Scene.Skel.Len() != nodes+4 {
		t.Errorf("reload: %d nodes, want the item kept (%d)", s.Scene.Skel.Len(), nodes+4)
	}
	if s.Attach("Back", item) || s.Scene.Skel.Len() != nodes+4 || len(s.Opts.Attach) != 1 {
		t.Errorf("attach at a missing point: %d nodes, %d attachments; want the scene unchanged", s.Scene.Skel.Len(), len(s.Opts.Attach))
	}
	if !s.Detach(0) || s.Scene.Skel.Len() != nodes || len(s.Opts.Attach) != 0 {
		t.Errorf("detach: %d nodes, %d attachments; want %d, 0", s.Scene.Skel.Len(), len(s.Opts.Attach), nodes)
	}
}
