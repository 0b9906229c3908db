package viewer

import (
	"testing"

	"animscope/anim"
	"animscope/formats"
	"animscope/viewer/viewertest"
)

func TestNextKey(t *testing.T) {
	kt := []float64{0, 4, 4, 10, 12.5, 20} // 4 twice: two channels keyed at one time
	tests := []struct {
		name   string
		kt     []float64
		t      float64
		dir    int
		lo, hi float64
		loop   bool
		want   float64
		ok     bool
	}{
		{"next from between keys", kt, 5, 1, 0, 20, false, 10, true},
		{"previous from between keys", kt, 5, -1, 0, 20, false, 4, true},
		{"next from on a key skips it", kt, 10, 1, 0, 20, false, 12.5, true},
		{"previous from on a key skips it", kt, 10, -1, 0, 20, false, 4, true},
		{"a time a rounding error off a key is on it", kt, 10 + 1e-12, 1, 0, 20, false, 12.5, true},
		{"a time a rounding error before a key is on it", kt, 10 - 1e-12, -1, 0, 20, false, 4, true},
		{"keys at one time are one stop", kt, 0, 1, 0, 20, false, 4, true},
		{"from the tie onwards", kt, 4, 1, 0, 20, false, 10, true},
		{"past the last key: nowhere", kt, 20, 1, 0, 20, false, 0, false},
		{"before the first key: nowhere", kt, 0, -1, 0, 20, false, 0, false},
		{"past the last key, looping: the first", kt, 20, 1, 0, 20, true, 0, true},
		{"before the first key, looping: the last", kt, 0, -1, 0, 20, true, 20, true},
		{"a key at the clip's end counts", kt, 13, 1, 0, 20, false, 20, true},
		{"keys past the range's end are not stops", kt, 11, 1, 0, 12, false, 0, false},
		{"past the range's end, looping: the range's first", kt, 11, 1, 3, 12, true, 4, true},
		{"keys before the range's start are not stops", kt, 5, -1, 4.5, 20, false, 0, false},
		{"from before the range: its first key", kt, -3, 1, 0, 20, false, 0, true},
		{"from past the clip: its last key", kt, 25, -1, 0, 20, false, 20, true},
		{"one key, on it, looping: nowhere", []float64{7}, 7, 1, 0, 20, true, 0, false},
		{"one key, off it, looping: to it", []float64{7}, 9, 1, 0, 20, true, 7, true},
		{"no keys", nil, 3, 1, 0, 20, true, 0, false},
		{"no direction", kt, 3, 0, 0, 20, true, 0, false},
		{"M2 milliseconds", []float64{0, 333, 667, 1000}, 333.0000000001, 1, 0, 1000, false, 667, true},
	}
	for _, tc := range tests {
		got, ok := nextKey(tc.kt, tc.t, tc.dir, tc.lo, tc.hi, tc.loop)
		if ok != tc.ok || (ok && got != tc.want) {
			t.Errorf("%s: NextKey(%v, %v, %d, [%v, %v], loop %v) = %v, %v; want %v, %v",
				tc.name, tc.kt, tc.t, tc.dir, tc.lo, tc.hi, tc.loop, got, ok, tc.want, tc.ok)
		}
	}
}

func TestKeyAt(t *testing.T) {
	kt := []float64{0, 4, 10}
	for _, tc := range []struct {
		t    float64
		want int
	}{{0, 0}, {4, 1}, {4 + 1e-12, 1}, {10 - 1e-12, 2}, {5, -1}, {-1, -1}, {11, -1}} {
		if got := KeyAt(kt, tc.t); got != tc.want {
			t.Errorf("KeyAt(%v, %v) = %d, want %d", kt, tc.t, got, tc.want)
		}
	}
}

// stepClip keys node i's translation at tKeys[i] and its rotation at rKeys[i]
// over 30 frames.
type stepClip struct{ tKeys, rKeys [][]float64 }

func (c *stepClip) Info() anim.ClipInfo {
	return anim.ClipInfo{Name: "steps", Unit: "frame", Duration: 30, UnitsPerSecond: 30, Frames: 31, Step: 1}
}
func (c *stepClip) NewContext() anim.Context { return nil }
func (c *stepClip) Sample(_ anim.Context, _ float64, out []anim.Transform, _ []anim.Probe) (anim.Affine, bool) {
	for i := range out {
		out[i] = anim.IdentityTransform
	}
	return anim.IdentityAffine, false
}
func (c *stepClip) KeyTimes(node int, dst []float64) []float64 {
	dst = append(dst, c.tKeys[node]...)
	return append(dst, c.rKeys[node]...)
}
func (c *stepClip) TrackKeyTimes(node int, kind anim.TrackKind, dst []float64) []float64 {
	switch kind {
	case anim.TrackT:
		return append(dst, c.tKeys[node]...)
	case anim.TrackR:
		return append(dst, c.rKeys[node]...)
	case anim.TrackAny:
		return c.KeyTimes(node, dst)
	}
	return dst
}

func stepState(t *testing.T) *State {
	t.Helper()
	clip := &stepClip{
		tKeys: [][]float64{{0, 30}, {5, 15}, {8}, {}},
		rKeys: [][]float64{{0, 30}, {10, 20}, {2, 25}, {}},
	}
	load := func([]string, formats.Options) (*formats.Asset, error) {
		a := viewertest.SyntheticAsset(4)
		a.Clips = []anim.Clip{clip}
		return a, nil
	}
	s := NewState(load, formats.Options{})
	if !s.Open([]string{"steps"}) {
		t.Fatal(s.LastError())
	}
	return s
}

// TestStepKey walks the keys of a selected node, of one kind of its tracks, of
// the selection with the graph's extra nodes, and of every node.
func TestStepKey(t *testing.T) {
	tests := []struct {
		name    string
		sel     int
		also    []int
		channel anim.TrackKind
		scope   keyScope
		loop    bool
		from    float64
		dir     int
		want    []float64 // the times of successive steps
	}{
		{"node 1, any channel, forward", 1, nil, anim.TrackAny, ScopeSelected, false, 0, 1, []float64{5, 10, 15, 20, 20}},
		{"node 1, any channel, back", 1, nil, anim.TrackAny, ScopeSelected, false, 30, -1, []float64{20, 15, 10, 5, 5}},
		{"node 1, rotation only", 1, nil, anim.TrackR, ScopeSelected, false, 0, 1, []float64{10, 20, 20}},
		{"node 1, translation only", 1, nil, anim.TrackT, ScopeSelected, false, 0, 1, []float64{5, 15, 15}},
		{"node 1, scale: no keys", 1, nil, anim.TrackS, ScopeSelected, false, 3, 1, []float64{3}},
		{"node 1, looping wraps", 1, nil, anim.TrackAny, ScopeSelected, true, 12, 1, []float64{15, 20, 5, 10}},
		{"node 1 with node 2 from the graph", 1, []int{2}, anim.TrackAny, ScopeSelected, false, 0, 1, []float64{2, 5, 8, 10, 15, 20, 25, 25}},
		{"nothing selected: every node", -1, nil, anim.TrackAny, ScopeSelected, false, 0, 1, []float64{2, 5, 8, 10, 15, 20, 25, 30, 30}},
		{"all nodes whatever the selection and channel", 3, nil, anim.TrackS, ScopeAll, false, 30, -1, []float64{25, 20, 15, 10, 8, 5, 2, 0, 0}},
		{"a node without keys stays", 3, nil, anim.TrackAny, ScopeSelected, true, 7, 1, []float64{7}},
	}
	for _, tc := range tests {
		s := stepState(t)
		s.Select(tc.sel)
		s.Steps.Also, s.Steps.Channel = tc.also, tc.channel
		s.Tr.Loop, s.Tr.T, s.Tr.Playing = tc.loop, tc.from, true
		var got []float64
		for range tc.want {
			s.StepKey(tc.dir, tc.scope)
			got = append(got, s.Tr.T)
		}
		if len(got) != len(tc.want) || !equalFloats(got, tc.want) {
			t.Errorf("%s: steps from %v went %v, want %v", tc.name, tc.from, got, tc.want)
		}
		if s.Tr.Playing {
			t.Errorf("%s: still playing after a step", tc.name)
		}
	}
}

// TestStepKeyInPlayRange: steps stay inside the play range.
func TestStepKeyInPlayRange(t *testing.T) {
	s := stepState(t)
	s.Select(1)
	s.Tr.Loop = false
	s.Tr.RangeOn, s.Tr.RangeLo, s.Tr.RangeHi = true, 6, 18
	s.Tr.T = 6
	var got []float64
	for i := 0; i < 3; i++ {
		s.StepKey(1, ScopeSelected)
		got = append(got, s.Tr.T)
	}
	if want := []float64{10, 15, 15}; !equalFloats(got, want) {
		t.Errorf("in the range 6..18: %v, want %v", got, want)
	}
}

// TestKeyShortcuts: , and . step the selection's keys, Shift every node's.
func TestKeyShortcuts(t *testing.T) {
	s := stepState(t)
	s.Select(2)
	s.Tr.Loop = false
	for _, tc := range []struct {
		k    Key
		want float64
	}{{KeyPeriod, 2}, {KeyPeriod, 8}, {KeyShiftPeriod, 10}, {KeyComma, 8}, {KeyShiftComma, 5}} {
		if !s.HandleKey(tc.k, false) || s.Tr.T != tc.want {
			t.Errorf("key %d: t %v, want %v", tc.k, s.Tr.T, tc.want)
		}
	}
}

// TestKeyStepsFollowTheClip: the key times are gathered again for another
// clip or scene.
func TestKeyStepsFollowTheClip(t *testing.T) {
	s := NewState(viewertest.FakeLoader, formats.Options{})
	s.Open([]string{"good"})
	s.Select(1)
	s.SetClip(0) // "wave": 40 frames keyed every 4
	if kt := s.keyTimes(ScopeSelected); len(kt) != 11 || kt[10] != 40 {
		t.Fatalf("wave: key times %v, want 0, 4, …, 40", kt)
	}
	s.SetClip(1) // "bend": 20 frames
	if kt := s.keyTimes(ScopeAll); len(kt) != 6 || kt[5] != 20 {
		t.Errorf("bend: key times %v, want 0, 4, …, 20", kt)
	}
}

func equalFloats(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
