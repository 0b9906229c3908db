package main

import (
	"testing"

	"animscope/formats/msh"
	"animscope/formats/msh/mshtest"

	"github.com/go-gl/mathgl/mgl32"
)

// An MSH clip samples a block of nodes alone, so a diff of two MSH scenes
// whose nodes pair up in order walks them a block at a time.
var _ nodeBlockClip = (*msh.Clip)(nil)

// mostlyStatic is a chain of n nodes over frames frames whose first three
// nodes are animated (keys every 10 frames, node 1's shifted by shift) and the
// rest static: 600 map words, too few for the clip's frame-major rows of
// n × frames words (at most four times the map's, plus 4,096).
func mostlyStatic(n, frames, shift int) *msh.Model {
	m := &msh.Model{Nodes: make([]msh.ModelNode, n)}
	for i := range m.Nodes {
		nd := &m.Nodes[i]
		nd.Parent = i - 1
		if i >= 3 {
			nd.Keys = []msh.ModelKey{msh.StaticKey(mgl32.Vec3{0, 0, float32(i) * 0.01})}
			continue
		}
		for t := 0; t < frames-1; t += 10 {
			tm := t
			if i == 1 && t == 20 {
				tm += shift
			}
			nd.Keys = append(nd.Keys, turnKey(float32(tm), float32(t)*0.1, float32(t)*0.01))
		}
		nd.Keys = append(nd.Keys, turnKey(float32(frames-1), 0, 0))
	}
	return m
}

// TestDiffBlocksMatchWholeFrames: a diff walked a block of nodes at a time
// prints, as text and as JSON, byte for byte what the walk of whole frames
// through the pose pipeline prints (diffBlock 0), for blocks of one node, of a
// few (so that blocks end inside the pairs and the clips' rows) and the
// default, on scenes with and without the clips' frame-major rows, of one size
// and of two.
func TestDiffBlocksMatchWholeFrames(t *testing.T) {
	dir := t.TempDir()
	chain := writeModel(t, dir, "chain.msh", mshtest.NewChain(40, 12))
	moved := mshtest.NewChain(40, 12)
	moved.Nodes[7].Keys[1].Time++
	movedPath := writeModel(t, dir, "moved.msh", moved)
	short := writeModel(t, dir, "short.msh", mshtest.NewChain(25, 12))
	staticA := writeModel(t, dir, "static_a.msh", mostlyStatic(300, 200, 0))
	staticB := writeModel(t, dir, "static_b.msh", mostlyStatic(300, 200, 3))
	cases := [][]string{
		{chain, movedPath},
		{"--half", "--rounding-b", "floor", chain, chain},
		{"--half", "--rounding-b", "half-away", "--quat-order-b", "wxyz", chain, movedPath},
		{chain, short},
		{short, chain},
		{staticA, staticB},
		{"--half", "--rounding-b", "floor", staticA, staticB},
	}
	defer func(b int) { diffBlock = b }(diffBlock)
	for _, args := range cases {
		for _, asJSON := range []bool{false, true} {
			full := args
			if asJSON {
				full = append([]string{"--json"}, args...)
			}
			diffBlock = 0
			wantCode, want, wantErr := runCLI(append([]string{"diff"}, full...)...)
			if wantCode != exitInvalid {
				t.Fatalf("diff %v: exit %d, want 1 (the scenes differ): %s", full, wantCode, wantErr)
			}
			for _, block := range []int{1, 7, 256} {
				diffBlock = block
				code, got, stderr := runCLI(append([]string{"diff"}, full...)...)
				if code != wantCode || got != want || stderr != wantErr {
					t.Errorf("diff %v in blocks of %d: exit %d, %d bytes, stderr %q; whole frames: exit %d, %d bytes, stderr %q",
						full, block, code, len(got), stderr, wantCode, len(want), wantErr)
				}
			}
		}
	}
}
