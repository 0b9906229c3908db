package swg_test

import (
	"fmt"
	"slices"
	"testing"

	"animscope/anim"
	"animscope/formats/swg"
)

// TestTrackKeyTimes: rotation and translation list their own channels' keys,
// which together are KeyTimes; an SWG animation keys no scale.
func TestTrackKeyTimes(t *testing.T) {
	// Joint b: rotation keyed every 2 frames, translation y every 4 (synthAnimation).
	b, err := swg.DecodeAnimation("kinds.ans", mustEncodeAnim(t, synthAnimation("KFAT", "0003", []string{"a", "b"}, 20)))
	if err != nil {
		t.Fatal(err)
	}
	clip, _ := b.Bind(&anim.Skeleton{Names: []string{"a", "b"}, Parents: []int32{-1, 0}}, swg.FidelityFile)
	var c anim.TrackKeyTimesClip = clip
	for _, tc := range []struct {
		kind anim.TrackKind
		want string
	}{{anim.TrackR, "[0 2 4 6 8 10 12 14 16 18 20]"}, {anim.TrackT, "[0 4 8 12 16 20]"}, {anim.TrackS, "[]"}} {
		if got := fmt.Sprint(c.TrackKeyTimes(1, tc.kind, nil)); got != tc.want {
			t.Errorf("joint b %s: %s, want %s", anim.TrackKindNames[tc.kind], got, tc.want)
		}
	}
	for node := 0; node < 2; node++ {
		union := c.TrackKeyTimes(node, anim.TrackR, nil)
		union = c.TrackKeyTimes(node, anim.TrackT, union)
		slices.Sort(union)
		union = slices.Compact(union)
		if want := clip.KeyTimes(node, nil); !slices.Equal(union, want) {
			t.Errorf("joint %d: rotation and translation keys together %v, KeyTimes %v", node, union, want)
		}
	}
}
