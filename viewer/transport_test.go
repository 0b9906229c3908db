package viewer

import (
	"math"
	"testing"

	"animscope/anim"
)

var info40 = anim.ClipInfo{Name: "c", Unit: "frame", Duration: 40, UnitsPerSecond: 20, Frames: 41, Step: 1}

func TestTransportAdvance(t *testing.T) {
	tests := []struct {
		name        string
		tr          transport
		dt          float64
		wantT       float64
		wantPlaying bool
		wantDir     float64
	}{
		{"plays at speed 1", transport{T: 10, Playing: true, Loop: true, Speed: 1, dir: 1}, 0.5, 20, true, 1},
		{"paused does not move", transport{T: 10, Playing: false, Loop: true, Speed: 1, dir: 1}, 0.5, 10, false, 1},
		{"loops past the end", transport{T: 35, Playing: true, Loop: true, Speed: 1, dir: 1}, 0.5, 5, true, 1},
		{"backwards loops past the start", transport{T: 5, Playing: true, Loop: true, Speed: -1, dir: 1}, 0.5, 35, true, 1},
		{"double speed", transport{T: 0, Playing: true, Loop: true, Speed: 2, dir: 1}, 0.5, 20, true, 1},
		{"speed is capped at 4", transport{T: 0, Playing: true, Loop: true, Speed: 9, dir: 1}, 0.25, 20, true, 1},
		{"ping-pong reflects at the end", transport{T: 35, Playing: true, PingPong: true, Speed: 1, dir: 1}, 0.5, 35, true, -1},
		{"ping-pong reflects at the start", transport{T: 5, Playing: true, PingPong: true, Speed: 1, dir: -1}, 0.5, 5, true, 1},
		{"no loop stops at the end", transport{T: 35, Playing: true, Speed: 1, dir: 1}, 0.5, 40, false, 1},
		{"play range loops inside it", transport{T: 19, Playing: true, Loop: true, Speed: 1, dir: 1, RangeOn: true, RangeLo: 10, RangeHi: 20}, 0.1, 11, true, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tr := tc.tr
			tr.Advance(tc.dt, info40)
			if math.Abs(tr.T-tc.wantT) > 1e-9 || tr.Playing != tc.wantPlaying || tr.dir != tc.wantDir {
				t.Errorf("got T=%v playing=%v dir=%v, want T=%v playing=%v dir=%v", tr.T, tr.Playing, tr.dir, tc.wantT, tc.wantPlaying, tc.wantDir)
			}
		})
	}
}

func TestTransportInfiniteClip(t *testing.T) {
	inf := anim.ClipInfo{Unit: "ms", Duration: math.Inf(1), UnitsPerSecond: 1000}
	tr := transport{T: 100, Playing: true, Loop: true, Speed: 1, dir: 1}
	tr.Advance(0.5, inf)
	if tr.T != 600 {
		t.Errorf("T = %v, want 600 (an infinite clip never wraps)", tr.T)
	}
}

func TestTransportStepFirstLastScrub(t *testing.T) {
	tests := []struct {
		name string
		op   func(tr *transport)
		from float64
		want float64
	}{
		{"step forward snaps to the grid", func(tr *transport) { tr.Step(1, info40) }, 10.4, 11},
		{"step back", func(tr *transport) { tr.Step(-1, info40) }, 10, 9},
		{"step back clamps at 0", func(tr *transport) { tr.Step(-1, info40) }, 0, 0},
		{"step forward clamps at the end", func(tr *transport) { tr.Step(1, info40) }, 40, 40},
		{"first", func(tr *transport) { tr.First(info40) }, 17, 0},
		{"last", func(tr *transport) { tr.Last(info40) }, 17, 40},
		{"scrub", func(tr *transport) { tr.Scrub(12.5, info40) }, 0, 12.5},
		{"scrub clamps", func(tr *transport) { tr.Scrub(99, info40) }, 0, 40},
		{"step in ms clips moves a 30th of a second", func(tr *transport) {
			tr.Step(1, anim.ClipInfo{Unit: "ms", Duration: 1000, UnitsPerSecond: 1000})
		}, 0, 1000.0 / 30},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tr := transport{T: tc.from, Playing: true, Speed: 1, dir: 1}
			tc.op(&tr)
			if math.Abs(tr.T-tc.want) > 1e-9 || tr.Playing {
				t.Errorf("got T=%v playing=%v, want T=%v paused", tr.T, tr.Playing, tc.want)
			}
		})
	}
}

// TestTransportStepFromFractionalTimes: a step from a time between frames lands
// on the neighbouring frame in the step's direction, and steps back and forth
// return where they started (the defect: 35.8 stepped to 37, then back to 36).
func TestTransportStepFromFractionalTimes(t *testing.T) {
	ms := anim.ClipInfo{Unit: "ms", Duration: 1000, UnitsPerSecond: 1000} // step 1000/30
	half := anim.ClipInfo{Unit: "s", Duration: 4, UnitsPerSecond: 1, Step: 0.5}
	tests := []struct {
		name  string
		info  anim.ClipInfo
		from  float64
		steps []int
		want  []float64
	}{
		{"forward then back from 35.8", info40, 35.8, []int{1, -1}, []float64{36, 35}},
		{"back then forward from 35.8", info40, 35.8, []int{-1, 1}, []float64{35, 36}},
		{"forward from 35.2", info40, 35.2, []int{1}, []float64{36}},
		{"back from 35.2", info40, 35.2, []int{-1}, []float64{35}},
		{"two forward from 0.5", info40, 0.5, []int{2}, []float64{2}},
		{"on the grid moves a whole frame", info40, 12, []int{1, 1, -1}, []float64{13, 14, 13}},
		{"a rounding error off the grid counts as on it", info40, 12 + 1e-12, []int{1}, []float64{13}},
		{"back from between the last two frames", info40, 39.5, []int{-1, 1, 1}, []float64{39, 40, 40}},
		{"ms clip from between frames", ms, 50, []int{1, -1, -1}, []float64{2000.0 / 30, 1000.0 / 30, 0}},
		{"ms clip after 29 steps from 0 lands on frame 29", ms, 0, []int{29}, []float64{29 * 1000.0 / 30}},
		{"declared step of half a second", half, 1.2, []int{1, -1, -1}, []float64{1.5, 1, 0.5}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tr := transport{T: tc.from, Speed: 1, dir: 1}
			for i, n := range tc.steps {
				tr.Step(n, tc.info)
				if math.Abs(tr.T-tc.want[i]) > 1e-9 {
					t.Fatalf("step %d (%+d): got T=%v, want %v", i, n, tr.T, tc.want[i])
				}
			}
		})
	}
}

func TestTransportToggleRestartsAtEnd(t *testing.T) {
	tr := transport{T: 40, Speed: 1, dir: 1}
	tr.Toggle(info40)
	if !tr.Playing || tr.T != 0 {
		t.Errorf("got playing=%v T=%v, want playing from 0", tr.Playing, tr.T)
	}
}
