package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"animscope/formats/msh"
	"animscope/formats/msh/mshtest"
	"animscope/formats/nres"

	"github.com/go-gl/mathgl/mgl32"
)

// TestDiffListsBoundedDifferences: two readings that differ at every node and
// frame of a large scene once held two probes per difference (10,000 nodes ×
// 1,000 frames: 1.4 GB and a minute). A diff lists at most maxDiffListed
// differences in the order it walks them; the counts stay exact and the
// unlisted ones are counted per node and in all, as text and as JSON, in blocks
// and in whole frames alike.
func TestDiffListsBoundedDifferences(t *testing.T) {
	dir := t.TempDir()
	chain := writeModel(t, dir, "chain.msh", mshtest.NewChain(12, 20))
	args := []string{"diff", "--json", "--half", "--rounding-b", "floor", chain, chain}
	_, full, _ := runCLI(args...)
	var all diffOut
	if err := json.Unmarshal([]byte(full), &all); err != nil {
		t.Fatal(err)
	}
	if all.Differences < 50 || all.Unlisted != 0 {
		t.Fatalf("unbounded: %d differences, %d unlisted; want at least 50, none unlisted", all.Differences, all.Unlisted)
	}
	defer func(l, b int) { maxDiffListed, diffBlock = l, b }(maxDiffListed, diffBlock)
	maxDiffListed = 7
	for _, block := range []int{0, 5, 256} {
		diffBlock = block
		code, got, stderr := runCLI(args...)
		if code != exitInvalid {
			t.Fatalf("block %d: exit %d, want 1: %s", block, code, stderr)
		}
		var out diffOut
		if err := json.Unmarshal([]byte(got), &out); err != nil {
			t.Fatal(err)
		}
		listed, unlisted := 0, 0
		for i, n := range out.Nodes {
			if n.Count != all.Nodes[i].Count || n.First != all.Nodes[i].First || len(n.Frames)+n.Unlisted != n.Count {
				t.Errorf("block %d node %s: count %d first %v, %d listed + %d unlisted; want count %d first %v, listed + unlisted = count",
					block, n.Name, n.Count, n.First, len(n.Frames), n.Unlisted, all.Nodes[i].Count, all.Nodes[i].First)
			}
			listed += len(n.Frames)
			unlisted += n.Unlisted
		}
		if out.Differences != all.Differences || listed != 7 || unlisted != out.Unlisted || out.Unlisted != all.Differences-7 {
			t.Errorf("block %d: %d differences, %d listed, %d unlisted (%d in all); want %d, 7, %d",
				block, out.Differences, listed, unlisted, out.Unlisted, all.Differences, all.Differences-7)
		}
		// The listed ones are the first walked: time by time, node by node.
		if f := out.Nodes[0].Frames; len(f) == 0 || f[0].T != all.Nodes[0].Frames[0].T || strings.Join(f[0].What, ",") != strings.Join(all.Nodes[0].Frames[0].What, ",") {
			t.Errorf("block %d: node 0's first listed frame is not the unbounded diff's", block)
		}
		_, text, _ := runCLI("diff", "--half", "--rounding-b", "floor", chain, chain)
		if !strings.Contains(text, "are listed; ") || !strings.Contains(text, "not listed") {
			t.Errorf("block %d: the text does not say that differences are not listed:\n%s", block, text)
		}
	}
}

// TestDiffRefusesAnOverlongWalk: an MSH frame count is a u32 that static
// nodes need no map word for, so a small file can name a walk of a million
// times over hundreds of nodes (2·10⁸ node samples here, minutes; 65,535 nodes
// make it hours). diff refuses a walk past maxDiffWork at once with exit 1 and
// a message naming both files; the same scene at its own frame count diffs.
func TestDiffRefusesAnOverlongWalk(t *testing.T) {
	m := &msh.Model{Nodes: make([]msh.ModelNode, 200)}
	for i := range m.Nodes {
		m.Nodes[i] = msh.ModelNode{Parent: i - 1, Keys: []msh.ModelKey{msh.StaticKey(mgl32.Vec3{0, 0, 0.1})}}
	}
	data, err := m.Encode()
	if err != nil {
		t.Fatal(err)
	}
	a, err := nres.Decode("m.msh", data)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for i := range a.Entries {
		if e := &a.Entries[i]; e.Type == msh.ResFrameMap {
			e.Attr2, found = 0xFFFFFFFF, true
		}
	}
	if !found {
		t.Fatal("the model has no Res19")
	}
	dir := t.TempDir()
	long := filepath.Join(dir, "long.msh")
	if err := os.WriteFile(long, a.Encode(), 0o644); err != nil {
		t.Fatal(err)
	}
	short := writeModel(t, dir, "short.msh", m)
	if code, _, stderr := runCLI("validate", long); code != exitOK {
		t.Fatalf("validate %s: exit %d, want 0 (a long timeline is valid): %s", long, code, stderr)
	}
	code, stdout, stderr := runCLI("diff", long, long)
	if code != exitInvalid || stdout != "" || !strings.Contains(stderr, long) || !strings.Contains(stderr, "more than the 100000000 a diff walks") {
		t.Errorf("diff of a 4,294,967,295-frame timeline of 200 nodes: exit %d, stdout %q, stderr %q; want exit 1 and a message naming the file and the bound",
			code, stdout, stderr)
	}
	if code, stdout, stderr := runCLI("diff", short, short); code != exitOK || !strings.Contains(stdout, "identical") {
		t.Errorf("diff of the model at its own frame count: exit %d: %s%s", code, stdout, stderr)
	}
}
