package msh_test

import (
	"fmt"
	"testing"

	"animscope/anim"
	"animscope/formats"
	"animscope/formats/msh/mshtest"
)

// BenchmarkSampleMostlyStatic samples, with probes, every frame of a
// 10,000-node, 1,000-frame clip whose nodes past the first 60 are static (the
// files of cmd/animscope's BenchmarkDiff10kNodes1kFrames): too long a timeline
// for the clip's frame-major rows, so each static node falls back to its one
// key. ns/op is one frame.
func BenchmarkSampleMostlyStatic(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) { sampleMostlyStatic(b, n) })
	}
}

func sampleMostlyStatic(b *testing.B, nodes int) {
	m := mshtest.MostlyStatic(nodes, 0)
	data, err := m.Encode()
	if err != nil {
		b.Fatal(err)
	}
	a, err := formats.OpenData("static.msh", data, formats.Options{})
	if err != nil {
		b.Fatal(err)
	}
	clip := a.Clips[0]
	n := a.Skeleton.Len()
	local, probes := make([]anim.Transform, n), make([]anim.Probe, n)
	t := 0.0
	b.ReportAllocs()
	for b.Loop() {
		clip.Sample(nil, t, local, probes)
		if t++; t > 1000 {
			t = 0
		}
	}
	perNode(b, n)
}
