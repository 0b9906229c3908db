package viewer

import (
	"slices"
	"testing"

	"animscope/formats"
	"animscope/viewer/viewertest"
)

// TestCompareWholeScenes: each side of compare mode is a scene of several files
// (an SWG mesh and its clips), from the command line (OpenCompare) and from
// File > Open as B with several files picked (OpenB); the loader gets every file
// of a side at once, B's with B's reading.
func TestCompareWholeScenes(t *testing.T) {
	var calls [][]string
	var rounding []string
	load := func(files []string, opts formats.Options) (*formats.Asset, error) {
		calls = append(calls, slices.Clone(files))
		rounding = append(rounding, opts.Value("rounding"))
		return viewertest.FakeLoader(files, opts)
	}
	s := NewState(load, formats.Options{})
	s.OptsB = formats.Options{Readings: map[string]string{"rounding": "floor"}}
	a, b := []string{"body.sat", "walk.ans"}, []string{"body2.sat", "walk.ans", "run.ans"}
	if !s.OpenCompare(a, b) {
		t.Fatal(s.LastError())
	}
	if !slices.Equal(s.Scene.Files, a) || !slices.Equal(s.SceneB.Files, b) {
		t.Errorf("scenes %q | %q, want %q | %q", s.Scene.Files, s.SceneB.Files, a, b)
	}
	if len(calls) != 2 || !slices.Equal(calls[0], a) || !slices.Equal(calls[1], b) || rounding[1] != "floor" {
		t.Errorf("loader calls %q (roundings %q), want A's files then B's under floor", calls, rounding)
	}
	// The fake family has no comparable reading: the label names none.
	if got := s.SideLabel(true); got != "B: body2.sat + walk.ans + run.ans" {
		t.Errorf("B's label %q", got)
	}
	if s.FallbackMap() == nil {
		t.Errorf("no fallback map for whole scenes")
	}
	// Open as B with several picked files replaces B with all of them.
	picked := []string{"mesh.sat", "idle.ans"}
	if !s.OpenB(picked) || !slices.Equal(s.SceneB.Files, picked) || !slices.Equal(s.Scene.Files, a) {
		t.Errorf("OpenB(%q): A %q, B %q", picked, s.Scene.Files, s.SceneB.Files)
	}
}

// TestCompareDemoTwice: no files on either side is the demo on both (the
// command line's `--compare --rounding-b floor`).
func TestCompareDemoTwice(t *testing.T) {
	s := NewState(DefaultLoader, formats.Options{})
	s.OptsB = formats.Options{Readings: map[string]string{"rounding": "floor"}}
	if !s.OpenCompare(nil, nil) {
		t.Fatal(s.LastError())
	}
	if fm := s.FallbackMap(); fm == nil || fm.Rows != 17 || fm.Cols != 41 {
		t.Fatalf("demo twice: map %v, want 17 × 41", fm)
	}
	if a, b := s.SideLabel(false), s.SideLabel(true); a != "A: demo (rounding engine)" || b != "B: demo (rounding floor)" {
		t.Errorf("labels %q, %q", a, b)
	}
}
