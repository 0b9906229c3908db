package msh_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"animscope/anim"
	"animscope/formats"
	"animscope/formats/msh"
	"animscope/formats/msh/mshtest"
	"animscope/formats/nres"
)

// transformBits is a transform's ten floats by their bits.
func transformBits(x anim.Transform) [10]uint32 {
	return [10]uint32{math.Float32bits(x.T[0]), math.Float32bits(x.T[1]), math.Float32bits(x.T[2]), math.Float32bits(x.Q.W),
		math.Float32bits(x.Q.V[0]), math.Float32bits(x.Q.V[1]), math.Float32bits(x.Q.V[2]), math.Float32bits(x.S[0]), math.Float32bits(x.S[1]), math.Float32bits(x.S[2])}
}

// TestSampleNodesMatchesSample: a block of nodes sampled alone (SampleNodes,
// node lo+i into out[i]) is bit for bit what Sample gives those nodes, probes
// included, for random models with and without the frame-major rows, a model
// with a node sampled as identity, every rounding, integer, half and other
// times inside and outside the timeline, and blocks of every size, cut short
// by the clip's nodes or the buffers.
func TestSampleNodesMatchesSample(t *testing.T) {
	r := rand.New(rand.NewPCG(32, 5))
	var files [][]byte
	for range 30 {
		data, err := randomModel(r).Encode()
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, data)
	}
	bad, _ := mshtest.WorkedExample().Encode()
	arc, _ := nres.Decode("bad.msh", bad)
	set16(arc, 1, node+6, 0xFFFF) // node 1's fallback key out of range: identity
	files = append(files, arc.Encode())
	for _, rows := range []bool{true, false} {
		t.Run(fmt.Sprintf("rows=%v", rows), func(t *testing.T) {
			if !rows {
				defer msh.SetMaxRowEntries(0)()
			}
			for fi, data := range files {
				for _, rounding := range roundings {
					a, err := formats.OpenData("r.msh", data, formats.Options{Readings: map[string]string{"rounding": rounding}})
					if err != nil {
						t.Fatal(err)
					}
					c := a.Clips[0].(*msh.Clip)
					if msh.HasRows(c) != rows {
						t.Fatalf("file %d: rows %v, want %v", fi, msh.HasRows(c), rows)
					}
					sampleNodesMatches(t, fmt.Sprintf("file %d %s", fi, rounding), c, r)
				}
			}
		})
	}
}

func sampleNodesMatches(t *testing.T, name string, c *msh.Clip, r *rand.Rand) {
	n := c.BoundNodes()
	out, probes := make([]anim.Transform, n), make([]anim.Probe, n)
	F := float64(c.FrameCount())
	for j := range 12 {
		tm := r.Float64()*(F+2) - 1
		if j%3 == 0 {
			tm = math.Round(tm*2) / 2
		}
		c.Sample(nil, tm, out, probes)
		for _, size := range []int{1, 2, 3, 5, n, n + 4} {
			bout, bprobes := make([]anim.Transform, size), make([]anim.Probe, size)
			for lo := -1; lo < n; lo += size {
				for i := range bout {
					bout[i] = anim.Transform{T: [3]float32{9, 9, 9}}
					bprobes[i].ResetWith(77, false, 1)
					bprobes[i].PutKey(0, anim.ChannelT, 5, 6, 0.5)
				}
				c.SampleNodes(tm, lo, lo+size, bout, bprobes)
				first := max(lo, 0)
				for i := range min(lo+size, n) - first {
					nd := first + i
					if transformBits(bout[i]) != transformBits(out[nd]) || !bprobes[i].Identical(&probes[nd]) {
						t.Fatalf("%s t=%v block [%d, %d) node %d: %+v %+v, Sample %+v %+v", name, tm, lo, lo+size, nd,
							bout[i], bprobes[i].AppendKeys(nil), out[nd], probes[nd].AppendKeys(nil))
					}
				}
			}
		}
		// Buffers shorter than the block bound it; without probes the poses alone.
		if n > 1 {
			short := make([]anim.Transform, 2)
			short[1] = anim.Transform{T: [3]float32{9, 9, 9}}
			c.SampleNodes(tm, n-1, n+5, short[:1], nil)
			if transformBits(short[0]) != transformBits(out[n-1]) || short[1].T[0] != 9 {
				t.Fatalf("%s t=%v: last node alone %+v (next %+v), Sample %+v", name, tm, short[0], short[1], out[n-1])
			}
		}
	}
}

// TestSampleNodesAllocs: SampleNodes allocates nothing.
func TestSampleNodesAllocs(t *testing.T) {
	a := openModel(t, "c.msh", mshtest.NewChain(50, 30), formats.Options{})
	c := a.Clips[0].(*msh.Clip)
	out := make([]anim.Transform, 8)
	probes := make([]anim.Probe, 8)
	tm := 0.0
	if n := testing.AllocsPerRun(100, func() { c.SampleNodes(tm, 16, 24, out, probes); tm += 0.3 }); n != 0 {
		t.Errorf("SampleNodes allocates %v times per call, want 0", n)
	}
}
