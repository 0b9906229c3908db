package swg_test

import (
	"testing"

	"animscope/anim"
	"animscope/formats/swg"
)

const benchJoints = 60

func benchClip(tb testing.TB, kind, version string) (*anim.Skeleton, *swg.Clip) {
	sk := chainSkeleton(benchJoints)
	s, _ := swg.BuildSkeleton([]swg.Segment{{T: sk}})
	a, err := swg.DecodeAnimation("bench.ans", mustEncodeAnim(tb, synthAnimation(kind, version, sk.Names, 120)))
	if err != nil {
		tb.Fatal(err)
	}
	c, _ := a.Bind(s, swg.FidelityFile)
	return s, c
}

// Sampling allocates nothing.
func TestSampleAllocatesNothing(t *testing.T) {
	for _, kv := range animKinds {
		s, c := benchClip(t, kv[0], kv[1])
		local := make([]anim.Transform, s.Len())
		probes := make([]anim.Probe, s.Len())
		model := make([]anim.Affine, s.Len())
		f := 0.0
		allocs := testing.AllocsPerRun(200, func() {
			f += 0.37
			c.Sample(nil, f, local, probes)
			anim.LocalToModel(s, local, nil, model)
		})
		if allocs != 0 {
			t.Errorf("%v: %g allocations per sample", kv, allocs)
		}
	}
}

func benchSample(b *testing.B, kind, version string, withProbes bool) {
	s, c := benchClip(b, kind, version)
	local := make([]anim.Transform, s.Len())
	var probes []anim.Probe
	if withProbes {
		probes = make([]anim.Probe, s.Len())
	}
	model := make([]anim.Affine, s.Len())
	b.ReportAllocs()
	b.ResetTimer()
	f := 0.0
	for i := 0; i < b.N; i++ {
		f += 0.37
		if f > 120 {
			f -= 120
		}
		c.Sample(nil, f, local, probes)
		anim.LocalToModel(s, local, nil, model)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/benchJoints, "ns/joint")
}

// 60 joints: sample the clip, then local-to-model.
func BenchmarkSampleLocalToModelKFAT(b *testing.B)       { benchSample(b, "KFAT", "0003", false) }
func BenchmarkSampleLocalToModelCKAT(b *testing.B)       { benchSample(b, "CKAT", "0001", false) }
func BenchmarkSampleLocalToModelKFATProbes(b *testing.B) { benchSample(b, "KFAT", "0003", true) }

// Two samples, a blend and local-to-model.
func BenchmarkBlendLocalToModel(b *testing.B) {
	s, c := benchClip(b, "KFAT", "0003")
	_, c2 := benchClip(b, "CKAT", "0001")
	pose := anim.NewPose(s.Len())
	b.ReportAllocs()
	b.ResetTimer()
	f := 0.0
	for i := 0; i < b.N; i++ {
		f += 0.37
		if f > 120 {
			f -= 120
		}
		pose.Blender.Sample(c, f, c2, 120-f, 0.3, pose.Local, nil, nil)
		anim.LocalToModel(s, pose.Local, nil, pose.Model)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/benchJoints, "ns/joint")
}
