// Package mshtest builds MSH models for tests, benchmarks and fuzz seeds: the
// worked example of the format notes and chains of any length. The writer itself
// (msh.Encode, msh.Box, msh.StaticKey, msh.Slot00) stays in package msh because
// the built-in demo is made with it.
package mshtest

import (
	"fmt"

	"animscope/formats/msh"

	"github.com/go-gl/mathgl/mgl32"
)

// WorkedExample returns the model of the FORMAT.md §14: node 0 static (key 0 at the
// origin, identity), node 1 animated with keys 1..3 at times 0, 1, 4 — positions
// (0,0,0), (1,0,0), (1,2,0) and engine quaternions identity, +90° about Z (raw
// 0,0,23170,23170) and [0,0,0,1] — so F = 5 and node 1's map is [1, 2, 2, 2, 3].
// Node 1 has a unit box in slot (0,0).
func WorkedExample() *msh.Model {
	s := float32(0.70710678)
	return &msh.Model{Nodes: []msh.ModelNode{
		{Name: "static", Parent: -1, Keys: []msh.ModelKey{msh.StaticKey(mgl32.Vec3{})}},
		{Name: "animated", Parent: 0, Keys: []msh.ModelKey{
			{Time: 0, Rot: mgl32.QuatIdent()},
			{Time: 1, Pos: mgl32.Vec3{1, 0, 0}, Rot: mgl32.Quat{W: s, V: mgl32.Vec3{0, 0, s}}},
			{Time: 4, Pos: mgl32.Vec3{1, 2, 0}, Rot: mgl32.Quat{W: 0, V: mgl32.Vec3{0, 0, 1}}},
		}, Parts: msh.Slot00(msh.Box(mgl32.Vec3{0, 0, 0}, mgl32.Vec3{1, 1, 1}))},
	}}
}

// NewChain returns a test model of n nodes in a chain (node i's parent is i − 1),
// each with a small box in slot (0,0) (a single triangle when n > 5461, to fit
// Res7's u16 links). Node i turns about Z and moves along X over
// keys at times 0, step, 2·step, … up to frames − 1 (at least 2 keys); every third
// node is static (one key). It is the shape the benchmarks and command-line tests
// use; edit the returned model to make variants (one node's map, a fallback key,
// frame-count parity).
func NewChain(n, frames int) *msh.Model {
	if frames < 2 {
		frames = 2
	}
	m := &msh.Model{Nodes: make([]msh.ModelNode, n)}
	box := msh.Box(mgl32.Vec3{-0.05, -0.05, 0}, mgl32.Vec3{0.05, 0.05, 0.2})
	if n*12 > 0xFFFF { // Res7 holds at most 65535 triangles: one triangle per node
		box = &msh.Part{Positions: []mgl32.Vec3{{0, 0, 0}, {0.05, 0, 0.2}, {0, 0.05, 0.2}}, Indices: []uint16{0, 1, 2}}
	}
	for i := range m.Nodes {
		nd := &m.Nodes[i]
		nd.Name = fmt.Sprintf("n%d", i)
		nd.Parent = i - 1
		nd.Parts = msh.Slot00(box)
		if i%3 == 2 {
			nd.Keys = []msh.ModelKey{msh.StaticKey(mgl32.Vec3{0, 0, 0.2})}
			continue
		}
		step := 1 + i%4
		for t := 0; ; t += step {
			if t > frames-1 {
				t = frames - 1
			}
			ang := float32(t+i) * 0.1
			nd.Keys = append(nd.Keys, msh.ModelKey{Time: float32(t), Pos: mgl32.Vec3{0.01 * float32(t%7), 0, 0.2},
				Rot: mgl32.QuatRotate(ang, mgl32.Vec3{0, 0, 1})})
			if t == frames-1 {
				break
			}
		}
	}
	return m
}

// MostlyStatic is a chain of nodes (node i's parent is i−1) on a 1,000-frame
// timeline: the first 60 nodes have keys every 100 frames (Res1's map start is
// a u16, so at most 65 nodes can own a 1,000-word map block), the rest one
// static key each. shift moves node 30's key at frame 500 by that many frames,
// so that two models of different shifts differ in one node's track (the diff
// benchmarks' pair).
func MostlyStatic(nodes, shift int) *msh.Model {
	m := &msh.Model{Nodes: make([]msh.ModelNode, nodes)}
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
				tm += shift
			}
			nd.Keys = append(nd.Keys, msh.ModelKey{Time: float32(tm), Pos: mgl32.Vec3{0.01, 0, 0.1},
				Rot: mgl32.QuatRotate(float32(t)*0.001, mgl32.Vec3{0, 0, 1})})
		}
		nd.Keys = append(nd.Keys, msh.ModelKey{Time: 999, Rot: mgl32.QuatIdent()})
	}
	return m
}
