package viewer

import (
	"math"

	"animscope/anim"
)

// transport is the playback state of one timeline: the time in the clip's native
// unit, play/pause, loop or ping-pong, the speed and the play range.
type transport struct {
	T        float64
	Playing  bool
	Loop     bool
	PingPong bool
	Speed    float64 // −4..4; negative plays backwards
	// RangeOn limits playback to [RangeLo, RangeHi]; otherwise the whole clip.
	RangeOn          bool
	RangeLo, RangeHi float64
	dir              float64 // ping-pong direction, ±1
}

// newTransport is paused at 0, looping, at speed 1.
func newTransport() transport { return transport{Loop: true, Speed: 1, dir: 1} }

// MaxSpeed bounds Speed.
const MaxSpeed = 4

// Range returns the playable interval for a clip: the play range when set (within
// the clip), otherwise [0, duration]. An infinite clip gives [0, +Inf).
func (tr *transport) Range(info anim.ClipInfo) (lo, hi float64) {
	lo, hi = 0, info.Duration
	if math.IsNaN(hi) || hi < 0 {
		hi = 0
	}
	if tr.RangeOn && tr.RangeHi > tr.RangeLo {
		lo = math.Max(lo, tr.RangeLo)
		hi = math.Min(hi, tr.RangeHi)
		if hi < lo {
			hi = lo
		}
	}
	return lo, hi
}

// Advance moves time by dt seconds of wall clock when playing: looping wraps,
// ping-pong reflects at the ends, and otherwise playback stops at the end.
func (tr *transport) Advance(dt float64, info anim.ClipInfo) {
	if !tr.Playing || dt <= 0 {
		return
	}
	if tr.dir == 0 {
		tr.dir = 1
	}
	ups := info.UnitsPerSecond
	if ups <= 0 || math.IsInf(ups, 0) || math.IsNaN(ups) {
		ups = 1
	}
	speed := math.Max(-MaxSpeed, math.Min(MaxSpeed, tr.Speed))
	lo, hi := tr.Range(info)
	t := tr.T + dt*speed*ups*tr.dir
	span := hi - lo
	switch {
	case math.IsInf(hi, 1):
		if t < lo {
			t = lo
		}
	case span <= 0:
		t = lo
	case tr.PingPong:
		// Reflect at the ends; at most a couple of passes unless dt is huge.
		for i := 0; i < 64 && (t > hi || t < lo); i++ {
			if t > hi {
				t = 2*hi - t
			} else {
				t = 2*lo - t
			}
			tr.dir = -tr.dir
		}
		t = math.Max(lo, math.Min(hi, t))
	case tr.Loop:
		t = lo + math.Mod(t-lo, span)
		if t < lo {
			t += span
		}
	default:
		if t >= hi || t <= lo {
			tr.Playing = false
		}
		t = math.Max(lo, math.Min(hi, t))
	}
	tr.T = t
}

// Toggle plays or pauses; playing from the end of a non-looping clip restarts it.
func (tr *transport) Toggle(info anim.ClipInfo) {
	tr.Playing = !tr.Playing
	if tr.Playing && !tr.Loop && !tr.PingPong {
		lo, hi := tr.Range(info)
		if tr.Speed >= 0 && tr.T >= hi {
			tr.T = lo
		} else if tr.Speed < 0 && tr.T <= lo {
			tr.T = hi
		}
	}
}

// Step pauses and moves n frames (negative: back) on the clip's frame grid
// (multiples of ClipInfo.FrameStep), clamped to the play range. From a time
// between two frames, one step forward lands on the next frame and one step back
// on the previous one: from 35.8, +1 gives 36 and −1 gives 35.
func (tr *transport) Step(n int, info anim.ClipInfo) {
	tr.Playing = false
	lo, hi := tr.Range(info)
	st := info.FrameStep()
	tr.T = clamp(stepOnGrid(tr.T, n, st), lo, hi)
}

// stepOnGrid moves n steps of size st along the grid k·st from t. A time within a
// rounding error of a grid point counts as on it, so repeated steps never drift.
func stepOnGrid(t float64, n int, st float64) float64 {
	if n == 0 || !(st > 0) || math.IsInf(t, 0) || math.IsNaN(t) {
		return t
	}
	x := t / st
	k := math.Round(x)
	if math.Abs(x-k) > 1e-9*math.Max(1, math.Abs(x)) {
		// Between two frames: the first step only reaches the neighbour frame.
		if n > 0 {
			k = math.Floor(x)
		} else {
			k = math.Ceil(x)
		}
	}
	return (k + float64(n)) * st
}

// First pauses at the start of the range; Last at its end.
func (tr *transport) First(info anim.ClipInfo) {
	tr.Playing = false
	tr.T, _ = tr.Range(info)
}

// Last pauses at the end of the range (its start for an infinite clip).
func (tr *transport) Last(info anim.ClipInfo) {
	tr.Playing = false
	lo, hi := tr.Range(info)
	if math.IsInf(hi, 1) {
		hi = lo
	}
	tr.T = hi
}

// Scrub sets the time from the timeline and pauses.
func (tr *transport) Scrub(t float64, info anim.ClipInfo) {
	tr.Playing = false
	lo, hi := 0.0, info.Duration
	if math.IsInf(hi, 1) || math.IsNaN(hi) {
		hi = math.Max(t, lo)
	}
	tr.T = clamp(t, lo, hi)
}

func clamp(v, lo, hi float64) float64 {
	if v < lo {
		return lo
	}
	if v > hi {
		return hi
	}
	return v
}
