package msh_test

import (
	"fmt"
	"testing"

	"animscope/anim"
	"animscope/assets"
	"animscope/formats"
	"animscope/formats/msh"
	"animscope/formats/msh/mshtest"
	"animscope/formats/nres"

	"github.com/go-gl/mathgl/mgl32"
)

// benchAsset opens the demo (kind 0), a 10,000-node chain (kind 1) or a
// 10,000-node tree of fan-out 4 (kind 2), 8 frames, two thirds animated.
func benchAsset(b *testing.B, kind int) *formats.Asset {
	b.Helper()
	if kind == 0 {
		a, err := formats.OpenData(assets.DemoName, assets.DemoMSH, formats.Options{})
		if err != nil {
			b.Fatal(err)
		}
		return a
	}
	m := mshtest.NewChain(10000, 8)
	if kind == 2 {
		for i := 1; i < len(m.Nodes); i++ {
			m.Nodes[i].Parent = (i - 1) / 4
		}
	}
	data, err := m.Encode()
	if err != nil {
		b.Fatal(err)
	}
	a, err := formats.OpenData("big.msh", data, formats.Options{})
	if err != nil {
		b.Fatal(err)
	}
	return a
}

func perNode(b *testing.B, n int) {
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/node")
}

// BenchmarkSample measures Clip.Sample + anim.LocalToModel, with probes, and the
// same with a blend of two times through anim.Blender.
func BenchmarkSample(b *testing.B) {
	for kind, name := range []string{"demo", "10k-chain", "10k-tree"} {
		a := benchAsset(b, kind)
		n := a.Skeleton.Len()
		clip := a.Clips[0]
		frames := float64(clip.Info().Frames)
		b.Run(name, func(b *testing.B) {
			pose := anim.NewPose(n)
			t := 0.0
			b.ReportAllocs()
			for b.Loop() {
				clip.Sample(nil, t, pose.Local, pose.Probes)
				anim.LocalToModel(a.Skeleton, pose.Local, nil, pose.Model)
				if t += 0.37; t >= frames {
					t -= frames
				}
			}
			perNode(b, n)
		})
		b.Run(name+"-blend", func(b *testing.B) {
			pose := anim.NewPose(n)
			t := 0.0
			b.ReportAllocs()
			for b.Loop() {
				pose.Blender.Sample(clip, t, clip, frames-1-t, 0.3, pose.Local, pose.Probes, pose.ProbesB)
				anim.LocalToModel(a.Skeleton, pose.Local, nil, pose.Model)
				if t += 0.37; t >= frames-1 {
					t -= frames - 1
				}
			}
			perNode(b, n)
		})
		b.Run(name+"-sample-only", func(b *testing.B) {
			pose := anim.NewPose(n)
			t := 0.0
			b.ReportAllocs()
			for b.Loop() {
				clip.Sample(nil, t, pose.Local, nil)
				if t += 0.37; t >= frames {
					t -= frames
				}
			}
			perNode(b, n)
		})
	}
}

// bigMember is a model of about 3.3 MB: 200 nodes, each with a 300-vertex,
// 300-triangle part and a 40-key track over 100 frames.
func bigMember(b *testing.B) []byte {
	m := &msh.Model{}
	for i := 0; i < 200; i++ {
		nd := msh.ModelNode{Name: fmt.Sprintf("part%d", i), Parent: i/2 - 1}
		if i == 0 {
			nd.Parent = -1
		}
		for k := 0; k < 40; k++ {
			tm := float32(k * 99 / 39)
			nd.Keys = append(nd.Keys, msh.ModelKey{Time: tm, Pos: mgl32.Vec3{float32(k), 0, 1},
				Rot: mgl32.QuatRotate(float32(k)*0.1, mgl32.Vec3{0, 0, 1})})
		}
		p := &msh.Part{}
		for v := 0; v < 300; v++ {
			p.Positions = append(p.Positions, mgl32.Vec3{float32(v % 17), float32(v / 17), float32(i)})
			p.Normals = append(p.Normals, mgl32.Vec3{0, 0, 1})
			p.UVs = append(p.UVs, mgl32.Vec2{float32(v%17) / 16, float32(v/17) / 17})
		}
		for tri := 0; tri < 300; tri++ {
			p.Indices = append(p.Indices, uint16(tri), uint16((tri+1)%300), uint16((tri+17)%300))
		}
		nd.Parts[0] = p
		m.Nodes = append(m.Nodes, nd)
	}
	data, err := m.Encode()
	if err != nil {
		b.Fatal(err)
	}
	return data
}

// BenchmarkOpen100MB opens every model member of a 100 MB outer archive (30
// members of 3.3 MB): the outer directory, then each member's full decode (streams,
// skeleton, clip with its keys and solved slerp arcs). Nothing is deferred but the
// slot (0,0) meshes, a formats.MeshSource built when drawn or exported (as
// before); Res7's triangles are a view of the archive's bytes, like the other
// streams, not a copy. SetBytes is the archive.
func BenchmarkOpen100MB(b *testing.B) {
	model := bigMember(b)
	var es []nres.Entry
	for size := 0; size < 100<<20; size += len(model) {
		e := nres.Entry{Data: append([]byte(nil), model...)}
		e.SetName(fmt.Sprintf("M%03d.MSH", len(es)))
		es = append(es, e)
	}
	data := nres.Encode(0, es)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		for i := range es {
			src := &formats.Source{Name: "big.rlb", Path: "big.rlb", Member: es[i].NameString(), Data: data}
			if _, err := msh.Decode(src); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkOpenModel opens one 3.3 MB model.
func BenchmarkOpenModel(b *testing.B) {
	data := bigMember(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := formats.OpenData("m.msh", data, formats.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkValidate runs the deep checks on the 3.3 MB model.
func BenchmarkValidate(b *testing.B) {
	data := bigMember(b)
	f, err := msh.Parse("m.msh", data)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		f.Validate()
	}
}
