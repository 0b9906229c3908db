package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"animscope/formats/msh"
	"animscope/formats/msh/mshtest"

	"github.com/go-gl/mathgl/mgl32"
)

// Synthetic MSH pairs for `diff` (issue 7), written by the project's MSH writer.

func writeModel(t *testing.T, dir, name string, m *msh.Model) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := m.WriteFile(p); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return p
}

func turnKey(time, x, angle float32) msh.ModelKey {
	return msh.ModelKey{Time: time, Pos: mgl32.Vec3{x, 0, 0}, Rot: mgl32.QuatRotate(angle, mgl32.Vec3{0, 0, 1})}
}

// threeNodes: a static root, node "a" with keys at aTimes, node "b" with keys at
// bTimes (so F = the largest last time + 1).
func threeNodes(aTimes, bTimes []float32, names ...string) *msh.Model {
	if len(names) == 0 {
		names = []string{"root", "a", "b"}
	}
	track := func(times []float32) []msh.ModelKey {
		var ks []msh.ModelKey
		for i, tm := range times {
			ks = append(ks, turnKey(tm, float32(i), float32(i)*0.3))
		}
		return ks
	}
	m := &msh.Model{Nodes: []msh.ModelNode{{Name: names[0], Parent: -1, Keys: []msh.ModelKey{msh.StaticKey(mgl32.Vec3{})}}}}
	for i, times := range [][]float32{aTimes, bTimes} {
		m.Nodes = append(m.Nodes, msh.ModelNode{Name: names[i+1], Parent: 0, Keys: track(times)})
	}
	return m
}

func diffJSON(t *testing.T, args ...string) (int, diffOut, string) {
	t.Helper()
	code, out, stderr := runCLI(append([]string{"diff", "--json"}, args...)...)
	var got diffOut
	if code != exitUsage {
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatalf("diff %v: not JSON (%v): %s %s", args, err, out, stderr)
		}
	}
	return code, got, out
}

// nodeDiff returns the differing times and kinds of one node, by name.
func nodeDiff(d diffOut, name string) (times []float64, kinds []string) {
	for _, n := range d.Nodes {
		if n.Name == name {
			for _, f := range n.Frames {
				times = append(times, float64(f.T))
				kinds = append(kinds, strings.Join(f.What, ","))
			}
		}
	}
	return
}

func eqF(a, b []float64) bool {
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

func TestDiffMSHPairs(t *testing.T) {
	dir := t.TempDir()
	base := writeModel(t, dir, "base.msh", threeNodes([]float32{0, 1, 4}, []float32{0, 2, 6}))
	// One node's map: a's middle key moves from frame 1 to frame 2.
	oneMap := writeModel(t, dir, "map.msh", threeNodes([]float32{0, 2, 4}, []float32{0, 2, 6}))
	// One fallback key: a's track ends at 3 instead of 4, so a falls back from frame 3.
	oneFB := writeModel(t, dir, "fb.msh", threeNodes([]float32{0, 1, 3}, []float32{0, 2, 6}))
	// Frame-count parity: b ends at 7 instead of 6, so F is 8 (even) instead of 7 (odd).
	parity := writeModel(t, dir, "parity.msh", threeNodes([]float32{0, 1, 4}, []float32{0, 2, 7}))

	tests := []struct {
		name      string
		b         string
		wantTimes int
		node      string
		times     []float64
		kinds     []string
		others    bool // whether nodes other than `node` differ
	}{
		// Engine frames of t = 0..7 are 0,0,2,2,4,4,6,6. Base a: map [1,2,2,2,3(fb)...];
		// moved: [1,1,2,2,3...]. t=1: base returns key 2 exactly (k1 time 1), moved
		// interpolates 1→2; t=2: base 2→3 at frame 2, moved key 2 exactly; t=3: both 2→3.
		{"one node's map", oneMap, 8, "a", []float64{1, 2}, []string{"key", "key"}, false},
		// a falls back from frame 3 in B: t=3 (frame 2) still maps in both; t=4..5 (frame
		// 4) both fall back (A's map holds the fallback from time 4); so only the key
		// at t=2,3 differs: A interpolates 2→3 with k1 at time 4, B returns... 2→3 at
		// time 3, the same keys; the difference is the fallback key index itself.
		{"one fallback key", oneFB, 8, "a", nil, nil, false},
		// F = 7 vs 8, walked to t = 8. b's last key time 6 vs 7: at t = 6 (frame 6) A's b
		// falls back (time(end) = 6) while B's b still maps 2→7. At t = 7 (frame 6 again:
		// the tie goes to even) A falls back to key 6 and B returns its k1, key 6, exactly:
		// the same key by the other branch.
		{"frame count parity", parity, 9, "b", []float64{6, 7}, []string{"branch,key", "branch"}, false},
	}
	for _, tc := range tests {
		code, got, _ := diffJSON(t, base, tc.b)
		if got.Match != "index" || got.Times != tc.wantTimes {
			t.Errorf("%s: match %q, times %d; want index, %d", tc.name, got.Match, got.Times, tc.wantTimes)
		}
		times, kinds := nodeDiff(got, tc.node)
		if tc.times != nil && (!eqF(times, tc.times) || strings.Join(kinds, ";") != strings.Join(tc.kinds, ";")) {
			t.Errorf("%s: node %s differs at %v (%v), want %v (%v)", tc.name, tc.node, times, kinds, tc.times, tc.kinds)
		}
		if tc.times == nil && len(times) == 0 {
			t.Errorf("%s: node %s shows no difference", tc.name, tc.node)
		}
		for _, n := range got.Nodes {
			if n.Name != tc.node && !tc.others {
				t.Errorf("%s: node %s differs too (%d times)", tc.name, n.Name, n.Count)
			}
		}
		if code != exitInvalid || got.Identical {
			t.Errorf("%s: exit %d identical %v, want 1 and false", tc.name, code, got.Identical)
		}
	}
	if code, got, _ := diffJSON(t, base, base); code != exitOK || !got.Identical {
		t.Errorf("a file against itself: exit %d identical %v, want 0 and true", code, got.Identical)
	}
}

// TestDiffEngineVersusFloor compares one file under two readings: on canonical
// data the x87 rule and floor pick the same keys and differ only in the frame index
// at exact integer times whose floor is odd (the tie goes to the even neighbour).
func TestDiffEngineVersusFloor(t *testing.T) {
	dir := t.TempDir()
	f := writeModel(t, dir, "worked.msh", mshtest.WorkedExample())
	code, got, out := diffJSON(t, "--half", "--rounding-b", "floor", f, f)
	if code != exitInvalid {
		t.Fatalf("exit %d, want 1", code)
	}
	if got.Times != 11 { // 0, 0.5, …, 4.5, 5
		t.Errorf("times walked = %d, want 11", got.Times)
	}
	for _, n := range got.Nodes {
		for _, fr := range n.Frames {
			tt := float64(fr.T)
			odd := tt == float64(int(tt)) && int(tt)%2 == 1
			if !odd || strings.Join(fr.What, ",") != "frame" {
				t.Errorf("node %s differs at t=%v in %v; want only frame differences at odd integer times", n.Name, tt, fr.What)
			}
		}
	}
	times, _ := nodeDiff(got, "animated")
	if !eqF(times, []float64{1, 3, 5}) {
		t.Errorf("animated node differs at %v, want [1 3 5]", times)
	}
	checkGolden(t, "diff_worked_engine_floor.json", strings.ReplaceAll(out, dir+string(filepath.Separator), ""))
}

func TestDiffByNameWithOtherOrder(t *testing.T) {
	dir := t.TempDir()
	a := writeModel(t, dir, "a.msh", threeNodes([]float32{0, 1, 4}, []float32{0, 2, 6}))
	// B: the same tracks under swapped node order, plus one extra node, so the node
	// counts differ and nodes match by name (case-insensitive).
	m := threeNodes([]float32{0, 2, 6}, []float32{0, 1, 4}, "ROOT", "B", "A")
	// threeNodes gives a track i the turn i·0.3 and position i: same values per name.
	m.Nodes = append(m.Nodes, msh.ModelNode{Name: "extra", Parent: 0, Keys: []msh.ModelKey{msh.StaticKey(mgl32.Vec3{})}})
	b := writeModel(t, dir, "b.msh", m)
	code, got, out := diffJSON(t, a, b)
	// Matched by name, the tracks agree in frame and branch everywhere; the key
	// indices differ because each file numbers its key pool in its own node order.
	if got.Match != "name" || got.Matched != 3 || got.DifferingNodes != 2 {
		t.Errorf("match %q, matched %d, differing %d; want name, 3, 2 (a and b)\n%s", got.Match, got.Matched, got.DifferingNodes, out)
	}
	for _, n := range got.Nodes {
		if n.Name == "root" {
			t.Errorf("the static root differs: %+v", n)
		}
		for _, f := range n.Frames {
			if strings.Join(f.What, ",") != "key" {
				t.Errorf("node %s at t=%v differs in %v; want key indices only", n.Name, float64(f.T), f.What)
			}
		}
	}
	if len(got.UnmatchedB) != 1 || got.UnmatchedB[0] != "extra" || len(got.UnmatchedA) != 0 {
		t.Errorf("unmatched A %v, B %v; want [] and [extra]", got.UnmatchedA, got.UnmatchedB)
	}
	if code != exitInvalid {
		t.Errorf("exit %d, want 1 (an unmatched node is a difference)", code)
	}
	checkGolden(t, "diff_by_name.json", strings.ReplaceAll(out, dir+string(filepath.Separator), ""))
}
