package msh_test

import (
	"encoding/binary"
	"math/rand/v2"
	"slices"
	"testing"

	"animscope/formats/msh"
	"animscope/formats/msh/mshtest"
	"animscope/formats/nres"
)

// keyTimesByScan is KeyTimes as it was: the node's block scanned word by word.
func keyTimesByScan(f *msh.File, node int) []float64 {
	nd := &f.Nodes[node]
	if f.Bad(node) {
		return nil
	}
	lo := int(nd.Fallback)
	if nd.MapStart != msh.NoIndex {
		for fr := 0; fr < int(f.Frames); fr++ {
			lo = min(lo, int(f.MapWord(int(nd.MapStart)+fr)))
		}
	}
	var out []float64
	for k := lo; k <= int(nd.Fallback); k++ {
		out = append(out, float64(f.RawKey(k).Time))
	}
	return out
}

// TestKeyTimesOfOverlappingBlocks: KeyTimes is the block scan's result for the
// chain and the worked example, and for a model whose nodes' map blocks start
// at every word and overlap (the case a scan per node made slow).
func TestKeyTimesOfOverlappingBlocks(t *testing.T) {
	chain, _ := mshtest.NewChain(9, 13).Encode()
	worked, _ := mshtest.WorkedExample().Encode()
	a, err := nres.Decode("o.msh", chain)
	if err != nil {
		t.Fatal(err)
	}
	res1, res19 := &a.Entries[0], (*nres.Entry)(nil)
	for i := range a.Entries {
		if a.Entries[i].Type == msh.ResFrameMap {
			res19 = &a.Entries[i]
		}
	}
	// Node i's block starts at word i: every block overlaps the next.
	r := rand.New(rand.NewPCG(4, 40))
	for i := 0; i < len(res1.Data)/msh.NodeSize; i++ {
		binary.LittleEndian.PutUint16(res1.Data[i*msh.NodeSize+4:], uint16(i))
	}
	for w := 0; w+1 < len(res19.Data); w += 2 {
		binary.LittleEndian.PutUint16(res19.Data[w:], uint16(r.IntN(30)))
	}
	for name, data := range map[string][]byte{"chain": chain, "worked": worked, "overlapping": a.Encode()} {
		f, err := msh.Parse(name+".msh", data)
		if err != nil {
			t.Fatal(err)
		}
		c := msh.NewClip(f, name, msh.RoundEngine, "xyzw")
		mapped := 0
		for i := range f.Nodes {
			got, want := c.KeyTimes(i, nil), keyTimesByScan(f, i)
			if !slices.Equal(got, want) {
				t.Errorf("%s node %d: key times %v, want %v", name, i, got, want)
			}
			if f.Nodes[i].MapStart != msh.NoIndex && !f.Bad(i) {
				mapped++
			}
		}
		if mapped < 1 || (name == "overlapping" && mapped < 5) {
			t.Errorf("%s: %d mapped nodes, too few for the test", name, mapped)
		}
	}
}
