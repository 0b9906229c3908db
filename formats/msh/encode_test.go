package msh_test

import (
	"bytes"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"animscope/formats"
	"animscope/formats/msh"
	"animscope/formats/msh/mshtest"
	"animscope/formats/nres"

	"github.com/go-gl/mathgl/mgl32"
)

// TestPreSaveRules: each pre-save rule rejects a model that breaks it, and nothing
// is written.
func TestPreSaveRules(t *testing.T) {
	nan := float32(math.NaN())
	cases := []struct {
		name  string
		edit  func(m *msh.Model)
		error string
	}{
		{"no nodes", func(m *msh.Model) { m.Nodes = nil }, "no nodes"},
		{"model name", func(m *msh.Model) { m.Name = strings.Repeat("n", 36) }, "at most 35 Latin-1"},
		{"model name not latin-1", func(m *msh.Model) { m.Name = "модель" }, "at most 35 Latin-1"},
		{"vertex too far", func(m *msh.Model) { m.Nodes[1].Parts[0].Positions[0][2] = 2e12 }, "beyond"},
		{"quat order", func(m *msh.Model) { m.QuatOrder = "zyxw" }, "quaternion order"},
		{"parent after", func(m *msh.Model) { m.Nodes[0].Parent = 1 }, "parent 1"},
		{"parent self", func(m *msh.Model) { m.Nodes[1].Parent = 1 }, "parent 1"},
		{"parent negative", func(m *msh.Model) { m.Nodes[1].Parent = -2 }, "parent -2"},
		{"name too long", func(m *msh.Model) { m.Nodes[0].Name = strings.Repeat("x", 32) }, "name is not"},
		{"name not latin-1", func(m *msh.Model) { m.Nodes[0].Name = "узел" }, "name is not"},
		{"label NUL", func(m *msh.Model) { m.Nodes[0].Label = "a\x00b" }, "label"},
		{"no keys", func(m *msh.Model) { m.Nodes[0].Keys = nil }, "no keys"},
		{"first time", func(m *msh.Model) { m.Nodes[1].Keys[0].Time = 1 }, "first key's time"},
		{"static time", func(m *msh.Model) { m.Nodes[0].Keys[0].Time = 2 }, "first key's time"},
		{"times increase", func(m *msh.Model) { m.Nodes[1].Keys[2].Time = 1 }, "does not increase"},
		{"whole times", func(m *msh.Model) { m.Nodes[1].Keys[1].Time = 0.5 }, "whole frame number"},
		{"time NaN", func(m *msh.Model) { m.Nodes[1].Keys[1].Time = nan }, "whole frame number"},
		{"time too large", func(m *msh.Model) { m.Nodes[1].Keys[2].Time = 70000 }, "whole frame number"},
		{"position NaN", func(m *msh.Model) { m.Nodes[1].Keys[1].Pos[1] = nan }, "not finite"},
		{"rotation Inf", func(m *msh.Model) { m.Nodes[1].Keys[1].Rot.W = float32(math.Inf(1)) }, "not finite"},
		{"part empty", func(m *msh.Model) { m.Nodes[1].Parts[0].Indices = nil }, "empty part"},
		{"part not triangles", func(m *msh.Model) { p := m.Nodes[1].Parts[0]; p.Indices = p.Indices[:4] }, "not a triangle list"},
		{"part index range", func(m *msh.Model) { m.Nodes[1].Parts[0].Indices[5] = 24 }, "index 24 is out of range"},
		{"part normals", func(m *msh.Model) { p := m.Nodes[1].Parts[0]; p.Normals = p.Normals[:3] }, "normals"},
		{"part UVs", func(m *msh.Model) { p := m.Nodes[1].Parts[0]; p.UVs = p.UVs[:3] }, "UVs"},
		{"part vertex NaN", func(m *msh.Model) { m.Nodes[1].Parts[0].Positions[2][0] = nan }, "vertex 2 is not finite"},
		{"too many keys", func(m *msh.Model) {
			keys := make([]msh.ModelKey, 0x10000)
			for i := range keys {
				keys[i] = msh.ModelKey{Time: float32(i % 0xFFFE), Rot: mgl32.QuatIdent()}
			}
			// Keep times valid: one node per chunk of 0xFFFE keys.
			m.Nodes = append(m.Nodes, msh.ModelNode{Parent: -1, Keys: keys[:0xFFFE]}, msh.ModelNode{Parent: -1, Keys: keys[:10]})
		}, "keys, at most 65535"},
		{"map starts past 0xFFFE", func(m *msh.Model) {
			for i := 0; i < 20; i++ {
				m.Nodes = append(m.Nodes, msh.ModelNode{Parent: -1, Keys: []msh.ModelKey{{Rot: mgl32.QuatIdent()}, {Time: 5000, Rot: mgl32.QuatIdent()}}})
			}
		}, "map block would start past 0xFFFE"},
		{"too many triangles", func(m *msh.Model) {
			big := &msh.Part{Positions: make([]mgl32.Vec3, 3), Indices: make([]uint16, 3*20000)}
			for s := 0; s < 4; s++ {
				m.Nodes[1].Parts[s+1] = big
			}
		}, "triangles, at most 65535"},
	}
	dir := t.TempDir()
	for _, c := range cases {
		m := mshtest.WorkedExample()
		c.edit(m)
		if err := m.Check(); err == nil || !strings.Contains(err.Error(), c.error) {
			t.Errorf("%s: Check = %v, want an error containing %q", c.name, err, c.error)
			continue
		}
		if data, err := m.Encode(); err == nil || data != nil {
			t.Errorf("%s: Encode wrote %d bytes (err %v)", c.name, len(data), err)
		}
		p := filepath.Join(dir, "x.msh")
		if err := m.WriteFile(p); err == nil {
			t.Errorf("%s: WriteFile succeeded", c.name)
		}
		if _, err := os.Stat(p); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s: a file was written", c.name)
		}
	}
}

func TestWriteFileReplaces(t *testing.T) {
	p := filepath.Join(t.TempDir(), "m.msh")
	if err := os.WriteFile(p, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	m := mshtest.WorkedExample()
	if err := m.WriteFile(p); err != nil {
		t.Fatal(err)
	}
	want, _ := m.Encode()
	if got, _ := os.ReadFile(p); !bytes.Equal(got, want) {
		t.Errorf("file holds %d bytes, want the %d encoded bytes", len(got), len(want))
	}
	a, err := formats.OpenFile(p, formats.Options{})
	if err != nil || a.Clips[0].Info().Name != "m" {
		t.Errorf("OpenFile: %v, clip %q, want m", err, a.Clips[0].Info().Name)
	}
}

// randomModel makes a valid model with random structure.
func randomModel(r *rand.Rand) *msh.Model {
	n := 1 + r.IntN(12)
	m := &msh.Model{Nodes: make([]msh.ModelNode, n)}
	if r.IntN(2) == 0 {
		m.QuatOrder = "wxyz"
	}
	if r.IntN(3) == 0 {
		m.Name = "rnd"
	}
	rf := func(s float32) float32 { return (r.Float32()*2 - 1) * s }
	for i := range m.Nodes {
		nd := &m.Nodes[i]
		nd.Parent = r.IntN(i+1) - 1
		if r.IntN(3) > 0 {
			nd.Name = string(rune('a'+i)) + "é"
		}
		if r.IntN(3) == 0 {
			nd.Label = "central"
			nd.Flags = 0x800
		}
		nk := 1
		if r.IntN(4) > 0 {
			nk = 2 + r.IntN(6)
		}
		tm := float32(0)
		for k := 0; k < nk; k++ {
			q := mgl32.Quat{W: rf(1), V: mgl32.Vec3{rf(1), rf(1), rf(1)}}
			nd.Keys = append(nd.Keys, msh.ModelKey{Time: tm, Pos: mgl32.Vec3{rf(3), rf(3), rf(3)}, Rot: q})
			tm += float32(1 + r.IntN(5))
		}
		for s := 0; s < msh.SlotsPerNode; s++ {
			if r.IntN(4) != 0 {
				continue
			}
			nv := 3 + r.IntN(10)
			p := &msh.Part{Material: uint16(r.IntN(300)), Flags: uint16(r.IntN(4))}
			for v := 0; v < nv; v++ {
				p.Positions = append(p.Positions, mgl32.Vec3{rf(1), rf(1), rf(1)})
				p.Normals = append(p.Normals, mgl32.Vec3{rf(1), rf(1), rf(1)})
				p.UVs = append(p.UVs, mgl32.Vec2{rf(4), rf(4)})
			}
			for k, ni := 0, 3*(1+r.IntN(8)); k < ni; k++ {
				p.Indices = append(p.Indices, uint16(r.IntN(nv)))
			}
			nd.Parts[s] = p
		}
	}
	return m
}

// quantised is m as the file stores it.
func quantised(m *msh.Model) *msh.Model {
	q := &msh.Model{Name: m.Name, QuatOrder: m.QuatOrder, Nodes: make([]msh.ModelNode, len(m.Nodes))}
	qq := func(v float32) float32 { return float32(msh.QuantQuat(v)) / 32767 }
	for i, nd := range m.Nodes {
		c := nd
		c.Keys = make([]msh.ModelKey, len(nd.Keys))
		for k, key := range nd.Keys {
			c.Keys[k] = msh.ModelKey{Time: key.Time, Pos: key.Pos, Rot: mgl32.Quat{W: qq(key.Rot.W), V: mgl32.Vec3{qq(key.Rot.V[0]), qq(key.Rot.V[1]), qq(key.Rot.V[2])}}}
		}
		for s, p := range nd.Parts {
			if p == nil {
				continue
			}
			cp := *p
			cp.Normals = make([]mgl32.Vec3, len(p.Positions))
			cp.UVs = make([]mgl32.Vec2, len(p.Positions))
			for v := range p.Positions {
				if p.Normals != nil {
					n := p.Normals[v]
					cp.Normals[v] = mgl32.Vec3{msh.DecodeNormal(msh.QuantNormal(n[0])), msh.DecodeNormal(msh.QuantNormal(n[1])), msh.DecodeNormal(msh.QuantNormal(n[2]))}
				}
				if p.UVs != nil {
					u := p.UVs[v]
					cp.UVs[v] = mgl32.Vec2{msh.DecodeUV(uint16(msh.QuantUV(u[0]))), msh.DecodeUV(uint16(msh.QuantUV(u[1])))}
				}
			}
			c.Parts[s] = &cp
		}
		q.Nodes[i] = c
	}
	return q
}

func equalModels(a, b *msh.Model) string {
	if a.Name != b.Name || a.QuatOrder != b.QuatOrder || len(a.Nodes) != len(b.Nodes) {
		return "model header or node count"
	}
	for i := range a.Nodes {
		x, y := &a.Nodes[i], &b.Nodes[i]
		if x.Name != y.Name || x.Label != y.Label || x.Flags != y.Flags || x.Parent != y.Parent || len(x.Keys) != len(y.Keys) {
			return "node " + x.Name
		}
		for k := range x.Keys {
			if x.Keys[k] != y.Keys[k] {
				return "key of " + x.Name
			}
		}
		for s := range x.Parts {
			p, q := x.Parts[s], y.Parts[s]
			if (p == nil) != (q == nil) {
				return "slot presence"
			}
			if p == nil {
				continue
			}
			if p.Material != q.Material || p.Flags != q.Flags || len(p.Positions) != len(q.Positions) || len(p.Indices) != len(q.Indices) {
				return "part shape"
			}
			for v := range p.Positions {
				if p.Positions[v] != q.Positions[v] || p.Normals[v] != q.Normals[v] || p.UVs[v] != q.UVs[v] {
					return "vertex"
				}
			}
			for j := range p.Indices {
				if p.Indices[j] != q.Indices[j] {
					return "index"
				}
			}
		}
	}
	return ""
}

// TestRoundTripProperty: random valid models → encode → decode → equal (as
// quantised), encode again byte-identical, and the NRes layer round-trips too.
func TestRoundTripProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 300; i++ {
		m := randomModel(r)
		data, err := m.Encode()
		if err != nil {
			t.Fatalf("model %d: %v", i, err)
		}
		f, err := msh.Parse("r.msh", data)
		if err != nil {
			t.Fatalf("model %d: %v", i, err)
		}
		order := m.QuatOrder
		if order == "" {
			order = "xyzw"
		}
		back, err := f.Model(order)
		if err != nil {
			t.Fatalf("model %d: %v", i, err)
		}
		want := quantised(m)
		if want.QuatOrder == "" {
			want.QuatOrder = "xyzw"
		}
		if diff := equalModels(back, want); diff != "" {
			t.Fatalf("model %d: decoded model differs (%s)", i, diff)
		}
		again, err := back.Encode()
		if err != nil || !bytes.Equal(again, data) {
			t.Fatalf("model %d: re-encode differs (%v)", i, err)
		}
		a, err := nres.Decode("r.msh", data)
		if err != nil || !bytes.Equal(a.Encode(), data) {
			t.Fatalf("model %d: NRes round trip differs (%v)", i, err)
		}
	}
}
