package animout

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"animscope/anim"
)

// MaxFrames bounds a sequence's length (a range given in the wrong unit, say
// seconds for a clip in milliseconds the other way round, stops here).
const MaxFrames = 100000

// GIFMaxFPS is the fastest a GIF plays: browsers show delays under 2 cs as
// 10 cs, so a faster GIF would play slower.
const GIFMaxFPS = 50

// Range is a --frames FROM:TO[:STEP] in the clip's unit; Step 0 is none given.
type Range struct {
	From, To, Step float64
}

// ParseRange reads FROM:TO[:STEP]: finite numbers, TO above FROM, a STEP
// above 0.
func ParseRange(s string) (Range, error) {
	parts := strings.Split(s, ":")
	if len(parts) < 2 || len(parts) > 3 {
		return Range{}, fmt.Errorf("%q: want FROM:TO or FROM:TO:STEP in the clip's unit", s)
	}
	var v [3]float64
	for i, p := range parts {
		f, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
			return Range{}, fmt.Errorf("%q: %q is not a finite number", s, p)
		}
		v[i] = f
	}
	r := Range{From: v[0], To: v[1], Step: v[2]}
	if r.To <= r.From {
		return Range{}, fmt.Errorf("%q: TO must be above FROM (the range is FROM up to, not including, TO)", s)
	}
	if len(parts) == 3 && r.Step <= 0 {
		return Range{}, fmt.Errorf("%q: STEP must be above 0", s)
	}
	return r, nil
}

// Request says what to plan.
type Request struct {
	Info     anim.ClipInfo // the clip's unit, duration and rate (a scene without clips: seconds)
	Range    Range
	HasRange bool    // false: the whole clip, 0 up to its duration
	FPS      float64 // 0: the default (see the package doc)
	OrbitDeg float64 // the camera's turn over the whole range, degrees
	MaxFPS   float64 // the fastest the output may play (GIFMaxFPS); 0: no bound
}

// Plan is a sequence of frames.
type Plan struct {
	Times []float64 // each frame's clip time, in the clip's unit
	Turns []float32 // each frame's camera turn about the up axis, radians
	// Delays are the centiseconds each frame shows in a GIF; they add up to
	// Seconds rounded to the centisecond (a frame of delay 0 is not seen: a GIF
	// leaves it out).
	Delays  []int
	Rate    float64 // frames per second of a video
	Seconds float64 // how long the sequence plays
}

// NewPlan plans the frames of req; an error says what is wrong with the
// request in the user's words.
func NewPlan(req Request) (Plan, error) {
	info := req.Info
	ups := info.UnitsPerSecond
	if !(ups > 0) || math.IsInf(ups, 0) {
		ups = 1 // no usable rate: the unit is taken for seconds
	}
	r := req.Range
	if !req.HasRange {
		if !(info.Duration > 0) || math.IsInf(info.Duration, 0) {
			return Plan{}, fmt.Errorf("the clip has no length to animate: give --frames FROM:TO in %s", unitName(info.Unit))
		}
		r = Range{From: 0, To: info.Duration}
	}
	if req.FPS < 0 || math.IsNaN(req.FPS) || math.IsInf(req.FPS, 0) {
		return Plan{}, fmt.Errorf("--fps %v: want a number above 0", req.FPS)
	}
	span := r.To - r.From
	var step, rate, seconds float64
	switch {
	case r.Step > 0:
		step = r.Step
		rate, seconds = ups/step, span/ups // real time
		if req.FPS > 0 {
			rate = req.FPS
		}
	default:
		rate = req.FPS
		if rate == 0 {
			rate = info.FrameRate()
			if req.MaxFPS > 0 {
				rate = min(rate, req.MaxFPS)
			}
		}
		step, seconds = ups/rate, span/ups
	}
	if req.MaxFPS > 0 && rate > req.MaxFPS*(1+1e-9) {
		return Plan{}, fmt.Errorf("%.4g frames a second: a GIF plays at most %d (browsers slow shorter delays); choose a larger STEP or a lower --fps",
			rate, int(req.MaxFPS))
	}
	nf := math.Ceil(span/step - 1e-9)
	if !(nf >= 1) || nf > MaxFrames {
		return Plan{}, fmt.Errorf("%.0f frames (from %g to %g every %g %s): want 1 to %d", nf, r.From, r.To, step, unitName(info.Unit), MaxFrames)
	}
	n := int(nf)
	if r.Step > 0 && req.FPS > 0 {
		seconds = float64(n) / req.FPS // not real time: each frame 1/FPS s
	}
	p := Plan{Times: make([]float64, n), Turns: make([]float32, n), Delays: make([]int, n), Rate: rate, Seconds: seconds}
	turn := req.OrbitDeg * math.Pi / 180
	start := func(k int) float64 { // when frame k starts showing, seconds
		if k >= n {
			return seconds
		}
		return min(float64(k)/rate, seconds)
	}
	for k := 0; k < n; k++ {
		p.Times[k] = r.From + float64(k)*step
		p.Turns[k] = float32(turn * float64(k) / float64(n))
		p.Delays[k] = centis(start(k+1)) - centis(start(k))
	}
	return p, nil
}

func centis(s float64) int { return int(math.Round(s * 100)) }

func unitName(u string) string {
	switch u {
	case "frame":
		return "frames"
	case "ms":
		return "milliseconds"
	case "", "s":
		return "seconds"
	}
	return u
}
