package viewer

import (
	"math"
)

// graphView is the graph's visible window: a time span the lanes share and a
// value span per lane.
type graphView struct {
	T0, T1 float64
	V      [NumLanes][2]float64
	// Fit asks for FitView before the next drawing (new curves, the fit button).
	Fit bool
}

// fitMargin is the share of a lane's value span left free above and below the
// curves.
const fitMargin = 0.08

// FitView shows the whole clip, and in each lane the value range of its visible
// curves (keys included) with a margin. A flat lane (one value v) spans
// v ± max(|v|·0.1, 0.5), so that its line sits in the middle.
func (g *Graph) FitView() {
	v := &g.View
	v.Fit = false
	v.T0, v.T1 = 0, 1
	if n := len(g.X); n > 0 && g.X[n-1] > 0 {
		v.T1 = g.X[n-1]
	}
	for l := Lane(0); l < NumLanes; l++ {
		g.FitLane(l)
	}
}

// FitLane fits lane l's value span to its visible curves, as FitView does,
// leaving the time span and the other lanes as they are (a rotation form or a
// channel switched on or off).
func (g *Graph) FitLane(l Lane) {
	v := &g.View
	lo, hi := math.Inf(1), math.Inf(-1)
	for i := range g.Curves {
		c := &g.Curves[i]
		if LaneOf(c.Channel) != l || !g.Visible(c.Channel) {
			continue
		}
		for _, x := range c.V {
			if f := float64(x); !math.IsNaN(f) && !math.IsInf(f, 0) {
				lo, hi = min(lo, f), max(hi, f)
			}
		}
	}
	switch {
	case math.IsInf(lo, 1):
		lo, hi = -1, 1
	case hi-lo <= 1e-9*max(1, math.Abs(lo)):
		m := max(math.Abs(lo)*0.1, 0.5)
		lo, hi = lo-m, hi+m
	default:
		m := (hi - lo) * fitMargin
		lo, hi = lo-m, hi+m
	}
	v.V[l] = [2]float64{lo, hi}
}

// minSpan keeps zooming from collapsing a span to nothing.
const minSpan = 1e-6

// ZoomTime scales the time span by f (below 1: closer) about time at.
func (v *graphView) ZoomTime(f, at float64) {
	v.T0, v.T1 = zoomSpan(v.T0, v.T1, f, at)
}

// ZoomValue scales lane l's value span by f about value at.
func (v *graphView) ZoomValue(l Lane, f, at float64) {
	v.V[l][0], v.V[l][1] = zoomSpan(v.V[l][0], v.V[l][1], f, at)
}

// PanTime moves the time span by dt; PanValue moves lane l's span by dv.
func (v *graphView) PanTime(dt float64) { v.T0, v.T1 = v.T0+dt, v.T1+dt }

// PanValue moves lane l's value span by dv.
func (v *graphView) PanValue(l Lane, dv float64) { v.V[l][0], v.V[l][1] = v.V[l][0]+dv, v.V[l][1]+dv }

func zoomSpan(lo, hi, f, at float64) (float64, float64) {
	if !(f > 0) || math.IsInf(f, 0) {
		return lo, hi
	}
	nlo, nhi := at+(lo-at)*f, at+(hi-at)*f
	if nhi-nlo < minSpan*max(1, math.Abs(at)) || math.IsInf(nhi-nlo, 0) {
		return lo, hi
	}
	return nlo, nhi
}

// niceStep is the tick step for a span shown with at most maxTicks ticks: the
// smallest of 1, 2 and 5 times a power of ten that fits.
func niceStep(span float64, maxTicks int) float64 {
	if !(span > 0) || math.IsInf(span, 0) || maxTicks < 1 {
		return 1
	}
	raw := span / float64(maxTicks)
	p := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= raw*(1-1e-9) {
			return m * p
		}
	}
	return 10 * p
}

// firstTick is the first multiple of step at or after lo.
func firstTick(lo, step float64) float64 {
	return math.Ceil(lo/step-1e-9) * step
}

// TickDecimals is how many decimals a tick label of step needs (0 for steps of
// 1 and more; 2 for 0.05).
func TickDecimals(step float64) int {
	if !(step > 0) || step >= 1 {
		return 0
	}
	return int(math.Ceil(-math.Log10(step) - 1e-9))
}

// TimeToX places time t in r under the view.
func (v *graphView) TimeToX(t float64, r Rect) float32 {
	return r.X + float32((t-v.T0)/(v.T1-v.T0))*r.W
}

// XToTime is TimeToX's inverse.
func (v *graphView) XToTime(x float32, r Rect) float64 {
	return v.T0 + float64((x-r.X)/r.W)*(v.T1-v.T0)
}

// ValueToY places value val of lane l in r (larger values higher up).
func (v *graphView) ValueToY(l Lane, val float64, r Rect) float32 {
	lo, hi := v.V[l][0], v.V[l][1]
	return r.Y + r.H - float32((val-lo)/(hi-lo))*r.H
}

// YToValue is ValueToY's inverse.
func (v *graphView) YToValue(l Lane, y float32, r Rect) float64 {
	lo, hi := v.V[l][0], v.V[l][1]
	return lo + float64((r.Y+r.H-y)/r.H)*(hi-lo)
}

// KeyAt is the time of the drawn key point of lane l nearest to (x, y) within
// radius pixels, the lane drawn in r; ok is false when none is that close.
func (g *Graph) KeyAt(l Lane, x, y float32, r Rect, radius float32) (t float64, ok bool) {
	ci, k, ok := g.KeyMarkAt(l, x, y, r, radius)
	if !ok {
		return 0, false
	}
	return g.Curves[ci].KeyX[k], true
}

// KeyMarkAt is KeyAt's key as curve ci's key k.
func (g *Graph) KeyMarkAt(l Lane, x, y float32, r Rect, radius float32) (ci, k int, ok bool) {
	best := radius * radius
	for i := range g.Curves {
		c := &g.Curves[i]
		if LaneOf(c.Channel) != l || !g.Visible(c.Channel) {
			continue
		}
		for j, kx := range c.KeyX {
			dx := g.View.TimeToX(kx, r) - x
			dy := g.View.ValueToY(l, float64(c.KeyV[j]), r) - y
			if d := dx*dx + dy*dy; d <= best {
				best, ci, k, ok = d, i, j, true
			}
		}
	}
	return ci, k, ok
}

// AxisTicks are the ticks of an axis showing lo..hi with room for about
// maxTicks labels: n ticks from first by step (niceStep's), and at least two
// when a finer nice step (the next lower of 1, 2, 5 × 10^k) gives them.
func AxisTicks(lo, hi float64, maxTicks int) (first, step float64, n int) {
	if !(hi > lo) || math.IsInf(hi-lo, 0) {
		return lo, 1, 0
	}
	step = niceStep(hi-lo, maxTicks)
	count := func(st float64) (float64, int) {
		f := firstTick(lo, st)
		return f, max(0, int(math.Floor((hi-f)/st+1e-9))+1)
	}
	first, n = count(step)
	for k := 0; n < 2 && k < 3; k++ {
		m := step / math.Pow(10, math.Floor(math.Log10(step)+1e-9))
		switch {
		case m > 4.5: // 5 → 2
			step = step / 5 * 2
		default: // 2 → 1, 1 → 0.5
			step /= 2
		}
		first, n = count(step)
	}
	return first, step, min(n, 1000)
}
