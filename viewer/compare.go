package viewer

import (
	"image"
	"image/color"
	"math"

	"animscope/anim"
	"animscope/formats"
)

// Match pairs the nodes of two scenes (formats.MatchNodes, the rule `diff` uses).
type Match = formats.NodeMatch

// MatchNodes matches the nodes of a and b.
func MatchNodes(a, b *Scene) *Match { return formats.MatchNodes(a.Asset, b.Asset) }

// ProbesDiffer reports whether two probes differ in frame, branch or keys, as
// `diff` counts it (anim.CompareProbes).
func ProbesDiffer(a, b *anim.Probe) bool { return anim.CompareProbes(a, b) != 0 }

// FallbackMap is, per matched node (row) and frame (column), whether A and B took
// the fallback branch.
type FallbackMap struct {
	Rows, Cols int
	A, B       []bool // Rows×Cols, row-major
	Step       float64
}

// Map limits: the image holds at most MapMaxRows nodes and MapMaxCols frames.
const (
	MapMaxRows = 2048
	MapMaxCols = 1024
)

// BuildFallbackMap samples both scenes' clip at every frame of A's clip (at most
// maxCols columns and MapMaxRows rows: the first matched nodes).
func BuildFallbackMap(a, b *Scene, m *Match, clip int, maxCols int) *FallbackMap {
	ca := a.Clips[min(clip, len(a.Clips)-1)]
	cb := b.Clips[min(clip, len(b.Clips)-1)]
	info := ca.Info()
	step := info.FrameStep()
	cols := 1
	if d := info.Duration; d > 0 && !math.IsInf(d, 1) {
		cols = int(math.Floor(d/step)) + 1
	}
	cols = max(1, min(cols, maxCols))
	fm := &FallbackMap{Rows: min(len(m.Pairs), MapMaxRows), Cols: cols, Step: step}
	fm.A = make([]bool, fm.Rows*cols)
	fm.B = make([]bool, fm.Rows*cols)
	// The map reads probes only: the pipeline's sampling stage, on poses of its own
	// so that the scenes' poses stay as drawn.
	poseA := &anim.Pose{Local: make([]anim.Transform, a.Skel.Len()), Probes: make([]anim.Probe, a.Skel.Len())}
	poseB := &anim.Pose{Local: make([]anim.Transform, b.Skel.Len()), Probes: make([]anim.Probe, b.Skel.Len())}
	reqA, reqB := anim.PoseRequest{A: ca, Probes: true}, anim.PoseRequest{A: cb, Probes: true}
	pa, pb := poseA.Probes, poseB.Probes
	for c := 0; c < cols; c++ {
		t := float64(c) * step
		reqA.TA, reqB.TA = t, t
		poseA.Sample(a.Skel, &reqA)
		poseB.Sample(b.Skel, &reqB)
		for r, pr := range m.Pairs[:fm.Rows] {
			fm.A[r*cols+c] = pa[pr[0]].Fallback
			fm.B[r*cols+c] = pb[pr[1]].Fallback
		}
	}
	return fm
}

// Differs says whether row r differs at column c.
func (fm *FallbackMap) Differs(r, c int) bool { i := r*fm.Cols + c; return fm.A[i] != fm.B[i] }

// NextDiff finds the next (dir > 0) or previous differing cell after (r, c) in
// row-major order, wrapping around; ok is false when no cell differs.
func (fm *FallbackMap) NextDiff(r, c, dir int) (int, int, bool) {
	n := fm.Rows * fm.Cols
	if n == 0 {
		return r, c, false
	}
	start := r*fm.Cols + c
	if start < 0 || start >= n {
		start = -1
		if dir < 0 {
			start = n
		}
	}
	for k := 1; k <= n; k++ {
		i := ((start+dir*k)%n + n) % n
		if fm.A[i] != fm.B[i] {
			return i / fm.Cols, i % fm.Cols, true
		}
	}
	return r, c, false
}

// Colours of the fallback map.
var (
	mapMapped   = color.RGBA{60, 120, 200, 255}
	mapFallback = color.RGBA{230, 150, 40, 255}
	mapSame     = color.RGBA{40, 40, 44, 255}
	mapDiff     = color.RGBA{235, 50, 50, 255}
	mapGap      = color.RGBA{0, 0, 0, 0}
)

// MapGap is the number of blank columns between the three panels of the image.
const MapGap = 2

// Image draws the map as three panels side by side: A, B and their difference,
// one pixel per cell.
func (fm *FallbackMap) Image() *image.RGBA {
	w := fm.Cols*3 + MapGap*2
	img := image.NewRGBA(image.Rect(0, 0, max(w, 1), max(fm.Rows, 1)))
	for r := 0; r < fm.Rows; r++ {
		for c := 0; c < fm.Cols; c++ {
			i := r*fm.Cols + c
			pick := func(fb bool) color.RGBA {
				if fb {
					return mapFallback
				}
				return mapMapped
			}
			img.SetRGBA(c, r, pick(fm.A[i]))
			img.SetRGBA(fm.Cols+MapGap+c, r, pick(fm.B[i]))
			d := mapSame
			if fm.A[i] != fm.B[i] {
				d = mapDiff
			}
			img.SetRGBA(2*(fm.Cols+MapGap)+c, r, d)
		}
		for g := 0; g < MapGap; g++ {
			img.SetRGBA(fm.Cols+g, r, mapGap)
			img.SetRGBA(2*fm.Cols+MapGap+g, r, mapGap)
		}
	}
	return img
}

// CellAt maps an image pixel column and row back to a cell; ok is false in a gap.
func (fm *FallbackMap) CellAt(x, y int) (r, c int, ok bool) {
	if y < 0 || y >= fm.Rows || x < 0 {
		return 0, 0, false
	}
	panel := fm.Cols + MapGap
	c = x % panel
	if x/panel > 2 || c >= fm.Cols {
		return 0, 0, false
	}
	return y, c, true
}
