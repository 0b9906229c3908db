package viewer

import "testing"

// TestRevisions: a scene's revision is its own (another scene of the same
// asset, or a reload, never shares it), each change gives a new one, and the
// zero Revision is no scene's, so caches keyed by revisions see every reload
// and every change of the meshes without a counter shared between viewers.
func TestRevisions(t *testing.T) {
	a, b := syntheticScene(t, 3), syntheticScene(t, 3)
	if a.Gen == b.Gen {
		t.Errorf("two scenes share revision %v", a.Gen)
	}
	if a.Gen == (Revision{}) || b.Gen == (Revision{}) {
		t.Errorf("a new scene has the zero revision: %v, %v", a.Gen, b.Gen)
	}
	first := a.Gen
	a.nextRevision()
	if a.Gen == first || a.Gen == b.Gen {
		t.Errorf("after a change: %v (was %v, other scene %v); want a new revision of its own", a.Gen, first, b.Gen)
	}
	second := a.Gen
	b.nextRevision()
	if a.Gen != second {
		t.Errorf("another scene's change moved this one's revision: %v, want %v", a.Gen, second)
	}
	if b.Gen == second {
		t.Errorf("the other scene's change gave revision %v, this scene's", b.Gen)
	}
}
