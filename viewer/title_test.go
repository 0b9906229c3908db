package viewer

import (
	"strings"
	"testing"
	"time"

	"animscope/formats"
	"animscope/viewer/viewertest"
)

func TestWindowTitle(t *testing.T) {
	s := NewState(viewertest.FakeLoader, formats.Options{})
	if got := s.Title(); got != "animscope" {
		t.Errorf("no scene: %q", got)
	}
	tests := []struct {
		files []string
		want  string
	}{
		{nil, "animscope — demo"},
		{[]string{"models/creature/Frog.m2"}, "animscope — Frog.m2"},
		{[]string{"/data/body.sat", "anims/walk.ans"}, "animscope — body.sat + walk.ans"},
	}
	for _, tc := range tests {
		if !s.Open(tc.files) {
			t.Fatal(s.LastError())
		}
		if got := s.Title(); got != tc.want {
			t.Errorf("Open(%v): title %q, want %q", tc.files, got, tc.want)
		}
	}
	if !s.OpenCompare([]string{"a/Rabbit.m2"}, []string{"b/Rabbit2.m2"}) {
		t.Fatal(s.LastError())
	}
	if got, want := s.Title(), "animscope — Rabbit.m2 | Rabbit2.m2"; got != want {
		t.Errorf("compare: title %q, want %q", got, want)
	}
}

// TestStatsLineShowsRenderTime: the statistics line gives the time to build and
// draw a frame as "render X.X ms" (not the swap-bound frame time), with counts in
// the right number.
func TestStatsLineShowsRenderTime(t *testing.T) {
	s := NewState(viewertest.FakeLoader, formats.Options{})
	s.Open([]string{"good"})
	s.Evaluate()
	s.FrameTime(80 * time.Millisecond) // vsync and a slow swap: not the render time
	s.RenderTime(4100 * time.Microsecond)
	line := s.StatsLine()
	if !strings.HasPrefix(line, "render 4.1 ms  sampling ") || strings.Contains(line, "80") || strings.Contains(line, "frame") {
		t.Errorf("stats line %q, want it to start with \"render 4.1 ms  sampling\" and not show the frame time", line)
	}
	if !strings.Contains(line, "  12 nodes  12 keys") {
		t.Errorf("stats line %q, want \"12 nodes  12 keys\"", line)
	}
	s.Stats.Nodes, s.Stats.Keys = 1, 1
	if line := s.StatsLine(); !strings.HasSuffix(line, "  1 node  1 key") {
		t.Errorf("stats line %q, want the singular", line)
	}
}

func TestF1TogglesShortcuts(t *testing.T) {
	s := NewState(viewertest.FakeLoader, formats.Options{})
	s.Open(nil)
	if !s.HandleKey(KeyF1, false) || !s.ShowShortcuts {
		t.Fatal("F1 did not show the shortcuts")
	}
	if !s.HandleKey(KeyF1, false) || s.ShowShortcuts {
		t.Error("a second F1 did not hide them")
	}
	for _, want := range []string{"Space", "F", "F1", "Ctrl+O"} {
		found := false
		for _, sc := range Shortcuts {
			found = found || sc.Keys == want
		}
		if !found {
			t.Errorf("Shortcuts lacks %q", want)
		}
	}
}
