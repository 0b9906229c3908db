package gltf

import (
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"

	"animscope/anim"
)

// keyTimesClip is a clip that only lists key times (sampleTimes reads no more).
type keyTimesClip struct {
	info  anim.ClipInfo
	times [][]float64 // per node
}

func (c *keyTimesClip) Info() anim.ClipInfo      { return c.info }
func (c *keyTimesClip) NewContext() anim.Context { return nil }
func (c *keyTimesClip) Sample(anim.Context, float64, []anim.Transform, []anim.Probe) (anim.Affine, bool) {
	return anim.IdentityAffine, false
}
func (c *keyTimesClip) KeyTimes(node int, dst []float64) []float64 {
	return append(dst, c.times[node]...)
}

// refSampleTimes is sampleTimes's list as it was first written: every node's
// key times in one sort.
func refSampleTimes(e *exporter, c *clipTrack, dur, step, ups float64) []float64 {
	var keys []float64
	for i := 0; i < e.sk.Len(); i++ {
		keys = c.clip.(anim.KeyTimesClip).KeyTimes(i, keys)
	}
	var ts []float64
	nsteps := int(math.Floor(dur/step + 1e-9))
	for k := 0; k <= nsteps; k++ {
		ts = append(ts, float64(k)*step)
	}
	ts = append(ts, dur)
	for _, k := range keys {
		if finite(k) && k >= 0 && k <= dur {
			ts = append(ts, k)
		}
	}
	sort.Float64s(ts)
	out := ts[:0]
	last := float32(-1)
	for _, t := range ts {
		s := float32(t / ups)
		if s <= last {
			continue
		}
		out = append(out, t)
		last = s
	}
	return out
}

// TestSampleTimesIsOneSort: sampleTimes, which leaves out a node's key times
// when they are the node before's, lists the times one sort of them all gives,
// bit for bit, also with −0 among the keys.
func TestSampleTimesIsOneSort(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	negZero := math.Copysign(0, -1)
	for n := 0; n < 300; n++ {
		nodes := 1 + r.IntN(12)
		dur := float64(r.IntN(3000))
		c := &keyTimesClip{info: anim.ClipInfo{Unit: "ms", Duration: dur, UnitsPerSecond: 1000, Step: float64(1 + r.IntN(60))}}
		shared := []float64{0, 33, dur / 3, dur}
		for i := 0; i < nodes; i++ {
			var ts []float64
			switch r.IntN(4) {
			case 0, 1: // the node before's times (or the shared ones)
				if i > 0 {
					ts = slices.Clone(c.times[i-1])
				} else {
					ts = slices.Clone(shared)
				}
			case 2:
				for k := r.IntN(20); k > 0; k-- {
					ts = append(ts, float64(r.IntN(int(dur)+2))+float64(r.IntN(4))/4)
				}
			default:
				ts = slices.Clone(shared)
			}
			if n%10 == 0 && r.IntN(3) == 0 {
				ts = append(ts, negZero, math.NaN(), -5)
			}
			c.times = append(c.times, ts)
		}
		e := &exporter{sk: &anim.Skeleton{Parents: make([]int32, nodes)}, opts: ExportOptions{MaxSamples: DefaultMaxSamples}}
		ct := &clipTrack{clip: c, name: "clip"}
		got, ups, err := e.sampleTimes(ct)
		if err != nil {
			t.Fatal(err)
		}
		want := refSampleTimes(e, ct, dur, ups/c.info.FrameRate(), ups)
		if !sameBits(got, want) {
			t.Fatalf("case %d: sampleTimes gave %d times, one sort %d: %v, want %v", n, len(got), len(want), got, want)
		}
	}
}
