package animout

import (
	"math"
	"slices"
	"testing"

	"animscope/anim"
)

var m2Walk = anim.ClipInfo{Name: "Walk", Unit: "ms", Duration: 1000, UnitsPerSecond: 1000}

func sum(v []int) int {
	s := 0
	for _, x := range v {
		s += x
	}
	return s
}

func TestNewPlan(t *testing.T) {
	tests := []struct {
		name       string
		req        Request
		wantTimes  []float64 // nil: not checked
		wantN      int
		wantDelays []int // nil: not checked
		wantSum    int
		wantRate   float64
	}{
		// 1000 ms at 30 fps: starts 0, 3.33, 6.67, 10 … cs rounded to 0, 3, 7, 10:
		// delays 3, 4, 3, repeating, adding up to the clip's 100 cs.
		{"whole clip at its rate", Request{Info: m2Walk}, nil, 30,
			[]int{3, 4, 3, 3, 4, 3, 3, 4, 3, 3, 4, 3, 3, 4, 3, 3, 4, 3, 3, 4, 3, 3, 4, 3, 3, 4, 3, 3, 4, 3}, 100, 30},
		{"--fps 24", Request{Info: m2Walk, FPS: 24}, nil, 24, nil, 100, 24},
		// 1001 ms at 30 fps: 31 frames, the last one starts at 1000 ms and
		// shows for 1 ms, which rounds to no centisecond.
		{"a last frame within half a centisecond", Request{Info: anim.ClipInfo{Unit: "ms", Duration: 1001, UnitsPerSecond: 1000}},
			nil, 31, nil, 100, 30},
		{"a STEP plays in real time", Request{Info: m2Walk, HasRange: true, Range: Range{0, 500, 100}},
			[]float64{0, 100, 200, 300, 400}, 5, []int{10, 10, 10, 10, 10}, 50, 10},
		{"a STEP and an --fps: 1/FPS s a frame", Request{Info: m2Walk, HasRange: true, Range: Range{0, 500, 100}, FPS: 2},
			[]float64{0, 100, 200, 300, 400}, 5, []int{50, 50, 50, 50, 50}, 250, 2},
		// 250 ms every 100: frames at 0, 100, 200; the last shows 50 ms.
		{"a STEP that does not divide the range", Request{Info: m2Walk, HasRange: true, Range: Range{0, 250, 100}},
			[]float64{0, 100, 200}, 3, []int{10, 10, 5}, 25, 10},
		// MSH clips are timed in frames at 30 a second.
		{"frames", Request{Info: anim.ClipInfo{Unit: "frame", Duration: 45, UnitsPerSecond: 30, Frames: 45, Step: 1}},
			nil, 45, nil, 150, 30},
		{"a range from 200", Request{Info: m2Walk, HasRange: true, Range: Range{200, 400, 0}, FPS: 10},
			[]float64{200, 300}, 2, []int{10, 10}, 20, 10},
		{"a GIF's default rate is at most 50", Request{Info: anim.ClipInfo{Unit: "s", Duration: 1, UnitsPerSecond: 1, Step: 0.01}, MaxFPS: GIFMaxFPS},
			nil, 50, nil, 100, 50},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := NewPlan(tc.req)
			if err != nil {
				t.Fatal(err)
			}
			if len(p.Times) != tc.wantN || len(p.Delays) != tc.wantN || len(p.Turns) != tc.wantN {
				t.Fatalf("got %d frames (%d delays), want %d", len(p.Times), len(p.Delays), tc.wantN)
			}
			if tc.wantTimes != nil && !slices.Equal(p.Times, tc.wantTimes) {
				t.Errorf("times %v, want %v", p.Times, tc.wantTimes)
			}
			if tc.wantDelays != nil && !slices.Equal(p.Delays, tc.wantDelays) {
				t.Errorf("delays %v, want %v", p.Delays, tc.wantDelays)
			}
			if s := sum(p.Delays); s != tc.wantSum {
				t.Errorf("delays add up to %d cs, want %d", s, tc.wantSum)
			}
			if tc.wantRate != 0 && math.Abs(p.Rate-tc.wantRate) > 1e-9 {
				t.Errorf("rate %v, want %v", p.Rate, tc.wantRate)
			}
		})
	}
}

func TestPlanOrbit(t *testing.T) {
	p, err := NewPlan(Request{Info: m2Walk, HasRange: true, Range: Range{0, 400, 100}, OrbitDeg: 360})
	if err != nil {
		t.Fatal(err)
	}
	want := []float32{0, math.Pi / 2, math.Pi, 3 * math.Pi / 2} // 360° over 4 frames: the 5th would repeat the 1st
	for k := range want {
		if math.Abs(float64(p.Turns[k]-want[k])) > 1e-6 {
			t.Errorf("turn %d = %v, want %v", k, p.Turns[k], want[k])
		}
	}
}

func TestPlanErrors(t *testing.T) {
	tests := []struct {
		name string
		req  Request
	}{
		{"a bind pose without --frames", Request{Info: anim.ClipInfo{Unit: "s", UnitsPerSecond: 1}}},
		{"too many frames", Request{Info: m2Walk, HasRange: true, Range: Range{0, 1e9, 1}}},
		{"a GIF faster than 50 fps", Request{Info: m2Walk, HasRange: true, Range: Range{0, 1000, 10}, MaxFPS: GIFMaxFPS}},
		{"--fps 60 for a GIF", Request{Info: m2Walk, FPS: 60, MaxFPS: GIFMaxFPS}},
	}
	for _, tc := range tests {
		if _, err := NewPlan(tc.req); err == nil {
			t.Errorf("%s: no error", tc.name)
		}
	}
}

func TestParseRange(t *testing.T) {
	good := map[string]Range{"0:1000": {0, 1000, 0}, "100:200:25": {100, 200, 25}, "-5:5:0.5": {-5, 5, 0.5}}
	for s, want := range good {
		if got, err := ParseRange(s); err != nil || got != want {
			t.Errorf("ParseRange(%q) = %v, %v; want %v", s, got, err, want)
		}
	}
	for _, s := range []string{"", "5", "1:0", "0:0", "0:10:0", "0:10:-1", "a:b", "0:NaN", "0:Inf", "0:1:2:3"} {
		if _, err := ParseRange(s); err == nil {
			t.Errorf("ParseRange(%q): no error", s)
		}
	}
}
