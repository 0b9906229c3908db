package viewer_test

import (
	"math"
	"os"
	"path/filepath"
	"testing"

	"animscope/anim"
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

// TestClipRow (issue 30, defect 15): the clip list's rows are short enough for
// the scene panel (the duration once, in the clip's unit); the full label is
// the tooltip.
func TestClipRow(t *testing.T) {
	tests := []struct {
		i    int
		info anim.ClipInfo
		want string
	}{
		{0, anim.ClipInfo{Name: "demo", Unit: "frame", Duration: 40, UnitsPerSecond: 15, Frames: 40}, "0  demo  40 frames"},
		{1, anim.ClipInfo{Name: "Stand", Unit: "ms", Duration: 1333, UnitsPerSecond: 1000}, "1  Stand  1333 ms"},
		{2, anim.ClipInfo{Name: "wave", Unit: "s", Duration: 2.5, UnitsPerSecond: 1}, "2  wave  2.5 s"},
		{3, anim.ClipInfo{Name: "", Unit: "frame", Duration: 1}, "3  (bind pose)  1 frame"},
		{4, anim.ClipInfo{Name: "idle", Unit: "s", Duration: math.Inf(1)}, "4  idle  infinite"},
	}
	for _, tc := range tests {
		if got := viewer.ClipRow(tc.i, tc.info); got != tc.want {
			t.Errorf("ClipRow(%d, %+v) = %q, want %q", tc.i, tc.info, got, tc.want)
		}
	}
	long := viewer.ClipLabel(0, tests[0].info)
	if want := "0  demo  [40.00 frame (2.667 s), 40 frames]"; long != want {
		t.Errorf("ClipLabel (the tooltip) = %q, want %q", long, want)
	}
}

// TestOtherClip: blend B starts on the first clip that is not A's.
func TestOtherClip(t *testing.T) {
	for _, tc := range []struct{ a, n, want int }{{0, 4, 1}, {2, 4, 0}, {0, 1, 0}, {0, 0, 0}} {
		if got := viewer.OtherClip(tc.a, tc.n); got != tc.want {
			t.Errorf("OtherClip(%d, %d) = %d, want %d", tc.a, tc.n, got, tc.want)
		}
	}
}
