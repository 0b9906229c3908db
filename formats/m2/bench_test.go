package m2

import (
	"animscope/formats/m2/m2test"
	"fmt"
	"math"
	"path/filepath"
	"testing"

	"animscope/anim"
	"animscope/formats"
	"animscope/formats/samples"
)

// benchModel has nBones bones in a binary tree, each with linear translation,
// rotation and scale tracks of 31 keys (every 33 ms) in each of two 1000 ms
// sequences.
func benchModel(version uint32, nBones int) *m2test.Model {
	m := m2test.NewModel(version)
	m.Verts, m.Lookup, m.Indices, m.Subs, m.Batches = nil, nil, nil, nil, nil
	m.Bones = make([]m2test.Bone, nBones)
	for i := range m.Bones {
		b := &m.Bones[i]
		b.KeyBone = -1
		b.Parent = int16((i+1)/2 - 1)
		b.Pivot = [3]float32{float32(i) * 0.1, 0, 1}
		var tk, rk, sk [][]m2test.Key
		for s := 0; s < 2; s++ {
			var ts, rs, ss []m2test.Key
			for k := 0; k <= 30; k++ {
				at := uint32(k * 33)
				x := float64(i*31 + k + s)
				ts = append(ts, m2test.Key{T: at, V: m2test.V3(float32(math.Sin(x)), float32(math.Cos(x)), 0.1)})
				rs = append(rs, m2test.Key{T: at, V: m2test.QuatZ(math.Mod(x*17, 360))})
				ss = append(ss, m2test.Key{T: at, V: m2test.V3(1, 1+0.01*float32(k), 1)})
			}
			tk, rk, sk = append(tk, ts), append(rk, rs), append(sk, ss)
		}
		b.T = m2test.MakeTrack(m, InterpLinear, -1, tk, -1)
		b.R = m2test.MakeTrack(m, InterpLinear, -1, rk, -1)
		b.S = m2test.MakeTrack(m, InterpLinear, -1, sk, -1)
	}
	return m
}

func benchAsset(b *testing.B, version uint32, nBones int) *formats.Asset {
	data, skin := benchModel(version, nBones).Encode()
	a, err := decodeMem("bench.m2", data, skin)
	if err != nil {
		b.Fatal(err)
	}
	return &a.Asset
}

// BenchmarkSample100 samples a 100-bone clip and composes local-to-model: the
// target is ≤ 150 ns per bone per frame and 0 allocations. "sample" is Clip.Sample
// as the viewer calls it (with the player's context, a cursor); "search" passes no
// cursor,
// so every track bisects its keys; "noprobes" asks for no probes.
func BenchmarkSample100(b *testing.B) {
	const nBones = 100
	for _, v := range versions {
		a := benchAsset(b, v, nBones)
		clip := a.Clips[0].(*Clip)
		ctx := clip.NewContext()
		pose := anim.NewPose(nBones)
		for _, c := range []struct {
			name      string
			probes    []anim.Probe
			withModel bool
			search    bool
		}{
			{"sample", pose.Probes, false, false},
			{"sample+model", pose.Probes, true, false},
			{"sample-noprobes+model", nil, true, false},
			{"search/sample+model", pose.Probes, true, true},
		} {
			name, withModel, probes, search := fmt.Sprintf("v%d/%s", v, c.name), c.withModel, c.probes, c.search
			b.Run(name, func(b *testing.B) {
				b.ReportAllocs()
				t := 0.0
				cpu0 := cpuNanos()
				for i := 0; i < b.N; i++ {
					if search {
						clip.SampleWith(nil, t, t, pose.Local, probes)
					} else {
						clip.Sample(ctx, t, pose.Local, probes)
					}
					if withModel {
						anim.LocalToModel(a.Skeleton, pose.Local, nil, pose.Model)
					}
					t += 16.7
					if t >= 1000 {
						t -= 1000
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/nBones, "ns/bone")
				if cpu := cpuNanos() - cpu0; cpu > 0 {
					b.ReportMetric(float64(cpu)/float64(b.N)/nBones, "cpu-ns/bone")
				}
			})
		}
	}
}

// BenchmarkModelOnly100 is the anim.LocalToModel share of BenchmarkSample100, for
// reading its figures.
func BenchmarkModelOnly100(b *testing.B) {
	a := benchAsset(b, 264, 100)
	pose := anim.NewPose(100)
	a.Clips[0].Sample(nil, 100, pose.Local, nil)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		anim.LocalToModel(a.Skeleton, pose.Local, nil, pose.Model)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/100, "ns/bone")
}

// TestSampleAllocs checks that sampling allocates nothing.
func TestSampleAllocs(t *testing.T) {
	for _, v := range versions {
		a, _ := openTest(t, m2test.NewModel(v))
		n := a.Skeleton.Len()
		pose := anim.NewPose(n)
		clip := a.Clips[0].(*Clip)
		cur := clip.NewCursor()
		allocs := testing.AllocsPerRun(100, func() {
			clip.Sample(cur, 250, pose.Local, pose.Probes)
			clip.Sample(nil, 250, pose.Local, pose.Probes)
			clip.SampleWith(nil, 250, 1e6, pose.Local, nil)
			clip.SampleWith(cur, 260, 260, pose.Local, pose.Probes)
			clip.MeshAlpha(1, 250, 250)
		})
		if allocs != 0 {
			t.Errorf("version %d: %v allocations per sample, want 0", v, allocs)
		}
	}
}

// BenchmarkSamples samples sequence 0 of each animated model in
// ../shared/samples/m2 (skipped without them) with LocalToModel and probes, as the
// viewer does every frame: the real-file counterpart of BenchmarkSample100.
func BenchmarkSamples(b *testing.B) {
	dir := samples.Dir(b, "m2")
	for _, f := range sampleFacts {
		a, err := formats.Open([]string{filepath.Join(dir, f.file)}, formats.Options{})
		if err != nil {
			b.Fatalf("Open(%s): %v", f.file, err)
		}
		n := a.Skeleton.Len()
		if n < 8 || len(a.Clips) == 0 || a.Clips[0].Info().Duration <= 0 {
			continue
		}
		clip, dur := a.Clips[0], a.Clips[0].Info().Duration
		ctx := clip.NewContext()
		pose := anim.NewPose(n)
		b.Run(fmt.Sprintf("%s/%dbones", f.file, n), func(b *testing.B) {
			b.ReportAllocs()
			t := 0.0
			for b.Loop() {
				clip.Sample(ctx, t, pose.Local, pose.Probes)
				anim.LocalToModel(a.Skeleton, pose.Local, nil, pose.Model)
				if t += 16.7; t >= dur {
					t -= dur
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/bone")
		})
	}
}
