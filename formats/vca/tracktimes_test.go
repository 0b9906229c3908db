package vca

import (
	"fmt"
	"testing"

	"animscope/anim"
	"animscope/formats"
)

const wKinds = `@configure fps 10 frames 20
@move bone body by y curve linear {
    @key frame 0 value 0
    @key frame 10 value 1
}
@rotate bone body by x curve linear {
    @key frame 5 value 0
    @key frame 15 value 90
}
@scale bone body by z curve linear {
    @key frame 20 value 2
}
`

// TestTrackKeyTimes: each kind lists only its own lines' keys (seconds).
func TestTrackKeyTimes(t *testing.T) {
	c, s, _ := mustClip(t, wKinds, formats.Options{}, "body")
	body := s.Find("body")
	for _, tc := range []struct {
		kind anim.TrackKind
		want string
	}{{anim.TrackT, "[0 1]"}, {anim.TrackR, "[0.5 1.5]"}, {anim.TrackS, "[2]"}, {anim.TrackAny, "[0 1 0.5 1.5 2]"}} {
		if got := fmt.Sprint(c.TrackKeyTimes(body, tc.kind, nil)); got != tc.want {
			t.Errorf("%s: %s, want %s", anim.TrackKindNames[tc.kind], got, tc.want)
		}
	}
	if got := fmt.Sprint(c.KeyTimes(body, nil)); got != "[0 1 0.5 1.5 2]" {
		t.Errorf("KeyTimes %s, want every line's", got)
	}
}
