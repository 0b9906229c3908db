package m2

import (
	"fmt"
	"slices"
	"testing"

	"animscope/anim"
	"animscope/formats/m2/m2test"
)

// TestTrackKeyTimes: a track kind lists its own track's keys, and the three
// kinds together are KeyTimes.
func TestTrackKeyTimes(t *testing.T) {
	for _, v := range versions {
		a, _ := openTest(t, m2test.NewModel(v))
		clip := a.Clips[0].(*Clip)
		// node 2 (file bone 0): translation 0, 500, 1000; scale 0, 1000.
		if got := fmt.Sprint(clip.TrackKeyTimes(2, anim.TrackT, nil)); got != "[0 500 1000]" {
			t.Errorf("version %d: node 2 translation keys %s, want [0 500 1000]", v, got)
		}
		if got := fmt.Sprint(clip.TrackKeyTimes(2, anim.TrackS, nil)); got != "[0 1000]" {
			t.Errorf("version %d: node 2 scale keys %s, want [0 1000]", v, got)
		}
		for node := 0; node < a.Skeleton.Len(); node++ {
			var union []float64
			for k := anim.TrackT; k <= anim.TrackS; k++ {
				union = clip.TrackKeyTimes(node, k, union)
			}
			slices.Sort(union)
			union = slices.Compact(union)
			if want := clip.KeyTimes(node, nil); !slices.Equal(union, want) {
				t.Errorf("version %d node %d: the kinds' keys together %v, KeyTimes %v", v, node, union, want)
			}
		}
	}
}
