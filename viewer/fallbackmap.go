package viewer

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"sort"

	"animscope/anim"
)

// FallbackMap is, per matched node (row) and frame (column), what the two
// scenes' samplers did: whether A and B took the fallback branch, and how their
// probes differ (anim.CompareProbes, with the key records that differ). It is
// built once per pair of scenes and clip (their generations change with every
// load and reading), never per frame.
type FallbackMap struct {
	Rows, Cols int
	A, B       []bool // Rows×Cols, row-major: the fallback branch taken
	Step       float64
	// Diffs is, per cell, how the probes differ; Chans whose channels' keys
	// differ (bits of Channels). A map made by hand without them differs where
	// the branches do.
	Diffs []anim.ProbeDiff
	Chans []uint16
	// Branch says that both scenes' families sample with a fallback branch
	// (Scene.HasBranch): only then do the map's colours and words speak of it.
	Branch bool
	// AllRows and AllCols are the matched nodes and the clip's frames before the
	// limits (MapMaxRows, the maxCols asked for): larger than Rows, Cols when cut.
	AllRows, AllCols int
	// Pairs are the matched nodes of the rows (A's index, B's index); Labels
	// their names as "file index name" (A's node).
	Pairs  [][2]int32
	Labels []string
	// Unit is the clip's time unit ("frame", "ms", "s"); ClipA and ClipB name
	// the clips sampled.
	Unit         string
	ClipA, ClipB string
	// DiffCells are the indices of the differing cells, in row-major order (the
	// list of differences and next/previous walk it).
	DiffCells []int32
	Channels  ChannelNames
	probe     mapProbe
}

// mapProbe samples one cell again for the hover tooltip, on poses of its own.
type mapProbe struct {
	a, b       *Scene
	clip       int
	poseA      *anim.Pose
	poseB      *anim.Pose
	reqA, reqB anim.PoseRequest
}

// Map limits: the map holds at most MapMaxRows nodes and mapMaxCols frames.
const (
	MapMaxRows = 2048
	mapMaxCols = 1024
)

// buildFallbackMap samples both scenes' clip at every frame of A's clip (at most
// maxCols columns and MapMaxRows rows: the first matched nodes). A scene with
// fewer clips plays its first, as the viewports do (State.Request).
func buildFallbackMap(a, b *Scene, m *match, clip int, maxCols int) *FallbackMap {
	pick := func(sc *Scene) anim.Clip {
		if clip < 0 || clip >= len(sc.Clips) {
			return sc.Clips[0]
		}
		return sc.Clips[clip]
	}
	ca, cb := pick(a), pick(b)
	info := ca.Info()
	step := info.FrameStep()
	cols := 1
	if d := info.Duration; d > 0 && !math.IsInf(d, 1) && step > 0 {
		cols = int(min(math.Floor(d/step), 1<<30)) + 1
	}
	fm := &FallbackMap{AllRows: len(m.Pairs), AllCols: cols, Step: step, Unit: info.Unit,
		Branch: a.HasBranch() && b.HasBranch(), ClipA: info.Name, ClipB: cb.Info().Name}
	cols = max(1, min(cols, maxCols))
	fm.Rows, fm.Cols = min(len(m.Pairs), MapMaxRows), cols
	n := fm.Rows * cols
	fm.A, fm.B = make([]bool, n), make([]bool, n)
	fm.Diffs, fm.Chans = make([]anim.ProbeDiff, n), make([]uint16, n)
	fm.Pairs = m.Pairs[:fm.Rows]
	fm.Labels = make([]string, fm.Rows)
	for r, pr := range fm.Pairs {
		fm.Labels[r] = fmt.Sprintf("%d %s", a.Skel.FileIndexOf(int(pr[0])), a.NodeLabel(int(pr[0])))
	}
	// The map reads probes only: the pipeline's sampling stage, on poses of its own
	// so that the scenes' poses stay as drawn.
	p := &fm.probe
	*p = mapProbe{a: a, b: b, clip: clip,
		poseA: &anim.Pose{Local: make([]anim.Transform, a.Skel.Len()), Probes: make([]anim.Probe, a.Skel.Len())},
		poseB: &anim.Pose{Local: make([]anim.Transform, b.Skel.Len()), Probes: make([]anim.Probe, b.Skel.Len())},
		reqA:  anim.PoseRequest{A: ca, Probes: true}, reqB: anim.PoseRequest{A: cb, Probes: true}}
	pa, pb := p.poseA.Probes, p.poseB.Probes
	for c := 0; c < cols; c++ {
		p.sample(float64(c) * step)
		for r, pr := range fm.Pairs {
			i := r*cols + c
			x, y := &pa[pr[0]], &pb[pr[1]]
			fm.A[i], fm.B[i] = x.Fallback, y.Fallback
			d, ch := KeyDiffs(x, y, &fm.Channels)
			if !fm.Branch {
				d &^= anim.DiffBranch
			}
			fm.Diffs[i], fm.Chans[i] = d, ch
		}
	}
	for i := range n {
		if fm.Diffs[i] != 0 {
			fm.DiffCells = append(fm.DiffCells, int32(i))
		}
	}
	return fm
}

func (p *mapProbe) sample(t float64) {
	p.reqA.TA, p.reqB.TA = t, t
	p.poseA.Sample(p.a.Skel, &p.reqA)
	p.poseB.Sample(p.b.Skel, &p.reqB)
}

// Probes samples cell (r, c) again and returns both probes (for the tooltip);
// they stay valid until the next call. ok is false for a map made by hand or a
// cell outside it.
func (fm *FallbackMap) Probes(r, c int) (a, b *anim.Probe, ok bool) {
	p := &fm.probe
	if p.a == nil || r < 0 || r >= fm.Rows || c < 0 || c >= fm.Cols {
		return nil, nil, false
	}
	p.sample(fm.Time(c))
	pr := fm.Pairs[r]
	return &p.poseA.Probes[pr[0]], &p.poseB.Probes[pr[1]], true
}

// Time is column c's time in the clip's unit.
func (fm *FallbackMap) Time(c int) float64 { return float64(c) * fm.Step }

// RowsCut and ColsCut say that the limits left nodes or frames out.
func (fm *FallbackMap) RowsCut() bool { return fm.AllRows > fm.Rows }
func (fm *FallbackMap) ColsCut() bool { return fm.AllCols > fm.Cols }

// Diff is how cell (r, c) differs (zero: it does not).
func (fm *FallbackMap) Diff(r, c int) anim.ProbeDiff {
	i := r*fm.Cols + c
	if fm.Diffs != nil {
		return fm.Diffs[i]
	}
	if fm.A[i] != fm.B[i] {
		return anim.DiffBranch
	}
	return 0
}

// DiffText says what differs at cell (r, c): "frame, branch, keys r".
func (fm *FallbackMap) DiffText(r, c int) string {
	i := r*fm.Cols + c
	var chans uint16
	if fm.Chans != nil {
		chans = fm.Chans[i]
	}
	return DiffWords(fm.Diff(r, c), chans, fm.Branch || fm.Diffs == nil, &fm.Channels)
}

// differs says whether the branch of row r differs at column c (the image's
// difference panel).
func (fm *FallbackMap) differs(r, c int) bool { i := r*fm.Cols + c; return fm.A[i] != fm.B[i] }

// NextDiff finds the next (dir > 0) or previous differing cell (Diff) after
// (r, c) in row-major order, wrapping around; ok is false when no cell differs.
// A cell outside the map starts before the first (dir > 0) or after the last.
func (fm *FallbackMap) NextDiff(r, c, dir int) (int, int, bool) {
	n := fm.Rows * fm.Cols
	if n == 0 {
		return r, c, false
	}
	start := r*fm.Cols + c
	if r < 0 || c < 0 || c >= fm.Cols || start >= n {
		start = -1
		if dir < 0 {
			start = n
		}
	}
	if fm.Diffs != nil {
		// The differing cells are sorted: a binary search, then wrap.
		d := fm.DiffCells
		if len(d) == 0 {
			return r, c, false
		}
		var k int
		if dir > 0 {
			k = sort.Search(len(d), func(j int) bool { return int(d[j]) > start })
			if k == len(d) {
				k = 0
			}
		} else {
			k = sort.Search(len(d), func(j int) bool { return int(d[j]) >= start }) - 1
			if k < 0 {
				k = len(d) - 1
			}
		}
		return int(d[k]) / fm.Cols, int(d[k]) % fm.Cols, true
	}
	for k := 1; k <= n; k++ {
		i := ((start+dir*k)%n + n) % n
		if fm.A[i] != fm.B[i] {
			return i / fm.Cols, i % fm.Cols, true
		}
	}
	return r, c, false
}

// DiffIndex is the position of cell (r, c) in DiffCells, or −1.
func (fm *FallbackMap) DiffIndex(r, c int) int {
	i := int32(r*fm.Cols + c)
	k := sort.Search(len(fm.DiffCells), func(j int) bool { return fm.DiffCells[j] >= i })
	if k < len(fm.DiffCells) && fm.DiffCells[k] == i {
		return k
	}
	return -1
}

// Colours of the fallback map image.
var (
	mapMapped   = color.RGBA{60, 120, 200, 255}
	mapFallback = color.RGBA{230, 150, 40, 255}
	mapSame     = color.RGBA{40, 40, 44, 255}
	mapDiff     = color.RGBA{235, 50, 50, 255}
	mapGap      = color.RGBA{0, 0, 0, 0}
)

// mapGapCols is the number of blank columns between the three panels of the image.
const mapGapCols = 2

// image draws the branches as three panels side by side: A, B and where they
// differ, one pixel per cell.
func (fm *FallbackMap) image() *image.RGBA {
	w := fm.Cols*3 + mapGapCols*2
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
			img.SetRGBA(fm.Cols+mapGapCols+c, r, pick(fm.B[i]))
			d := mapSame
			if fm.A[i] != fm.B[i] {
				d = mapDiff
			}
			img.SetRGBA(2*(fm.Cols+mapGapCols)+c, r, d)
		}
		for g := 0; g < mapGapCols; g++ {
			img.SetRGBA(fm.Cols+g, r, mapGap)
			img.SetRGBA(2*fm.Cols+mapGapCols+g, r, mapGap)
		}
	}
	return img
}

// cellAt maps an image pixel column and row back to a cell; ok is false in a gap.
func (fm *FallbackMap) cellAt(x, y int) (r, c int, ok bool) {
	if y < 0 || y >= fm.Rows || x < 0 {
		return 0, 0, false
	}
	panel := fm.Cols + mapGapCols
	c = x % panel
	if x/panel > 2 || c >= fm.Cols {
		return 0, 0, false
	}
	return y, c, true
}
