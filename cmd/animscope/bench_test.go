package main

import (
	"io"
	"path/filepath"
	"testing"

	"animscope/formats/msh"

	"github.com/go-gl/mathgl/mgl32"
)

// bigModel is a 10,000-node chain with a 1,000-frame timeline. Res1's map start is
// a u16, so at most 65 nodes can own a 1,000-word map block: the first 60 nodes are
// animated (keys every 100 frames), the rest static.
func bigModel(shift int) *msh.Model {
	m := &msh.Model{Nodes: make([]msh.ModelNode, 10000)}
	for i := range m.Nodes {
		nd := &m.Nodes[i]
		nd.Parent = i - 1
		if i >= 60 {
			nd.Keys = []msh.ModelKey{msh.StaticKey(mgl32.Vec3{0, 0, 0.01})}
			continue
		}
		for t := 0; t < 1000; t += 100 {
			tm := t
			if t == 500 && i == 30 {
				tm += shift // one node's map differs
			}
			nd.Keys = append(nd.Keys, msh.ModelKey{Time: float32(tm), Pos: mgl32.Vec3{0.01, 0, 0.1},
				Rot: mgl32.QuatRotate(float32(t)*0.001, mgl32.Vec3{0, 0, 1})})
		}
		nd.Keys = append(nd.Keys, msh.ModelKey{Time: 999, Rot: mgl32.QuatIdent()})
	}
	return m
}

// BenchmarkDiff10kNodes1kFrames times `animscope diff` (open both files, walk every
// frame, compare the probes, print the text report) on two 10,000-node,
// 1,000-frame MSH files that differ in one node's track. Target: under 0.3 s per op.
func BenchmarkDiff10kNodes1kFrames(b *testing.B) {
	dir := b.TempDir()
	ma := bigModel(0)
	pa := filepath.Join(dir, "a.msh")
	if err := ma.WriteFile(pa); err != nil {
		b.Fatal(err)
	}
	mb := bigModel(7)
	pb := filepath.Join(dir, "b.msh")
	if err := mb.WriteFile(pb); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if code := run([]string{"diff", pa, pb}, io.Discard, io.Discard); code != exitInvalid {
			b.Fatalf("exit %d, want 1 (the files differ)", code)
		}
	}
}
