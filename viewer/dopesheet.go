package viewer

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"animscope/anim"
)

// dopeMaxCols bounds the frame cells the dope sheet samples per clip (branch
// colours and channel key spans); a longer clip shows its first dopeMaxCols frames
// with cells and the rest with key ticks only.
const dopeMaxCols = 4096

// dopeMaxKeyTimes bounds the key ticks the dope sheet keeps for one node.
const dopeMaxKeyTimes = 4096

// DopeRow is one line of the dope sheet: a node (Chan = −1) or one of an expanded
// node's channels.
type DopeRow struct {
	Node, Depth int32
	Chan        int32
}

// dopeChannel is one channel of an expanded node over the clip's frame cells:
// which keys it used at each frame (from the sampler's probes).
type dopeChannel struct {
	Name   string
	K0, K1 []int32 // per frame cell; −2 where the channel did not report
}

// dopeMarker is a marker the user placed on a clip (M, or the dope sheet's
// "+ marker" button). They belong to the scene's files and a clip name, so they
// survive a reload and switching clips, and go with a new scene.
type dopeMarker struct {
	Clip string
	Time float64
}

// DopeSheet is the dope sheet's model: the visible time span, the name filter, the
// rows in tree order, and per clip the key times of every node, the branch of every
// node at every frame (families with a fallback branch) and the key spans of the
// expanded nodes' channels. Everything per clip is computed once (Sync) when the
// scene, the clip or the set of expanded nodes changes, never per frame.
type DopeSheet struct {
	// ViewLo, ViewHi is the visible time span in the clip's unit (zoom and pan).
	ViewLo, ViewHi float64
	// Filter keeps the nodes whose name contains it (case-insensitive).
	Filter string
	// Rows are the lines to draw (Sync).
	Rows []DopeRow
	// ScrollTo is the row to bring into view (−1: none); the panel clears it.
	ScrollTo int
	// UserMarkers are the markers the user placed (all clips of the scene).
	UserMarkers []dopeMarker

	// Cols is the number of frame cells (frame k at k·Step).
	Cols int
	Step float64
	// HasBranch says whether the cells carry a branch (Scene.HasBranch).
	HasBranch bool

	gen          Revision
	clip         int
	sceneName    string
	filter       string
	lastSel      int
	expanded     []bool
	nExpanded    int
	order        []DopeRow // every node in tree order with its depth
	keyOff       []int32   // node i's key times are keyTimes[keyOff[i]:keyOff[i+1]]
	keyTimes     []float64
	fallback     []uint64 // bit node*Cols+col: the node took the fallback branch
	chans        [][]dopeChannel
	sweptExpand  int // expansion generation the channel spans were sampled for
	expandGen    int
	dirtyRows    bool
	fitRequested bool
}

// NewDopeSheet is an empty dope sheet.
func NewDopeSheet() *DopeSheet { return &DopeSheet{ScrollTo: -1, lastSel: -2} }

// Sync follows the scene, the clip and the selection: it rebuilds the per-clip
// data when the scene or clip changed, samples the expanded nodes' channels when
// the expansion changed, refilters the rows when the filter changed, and asks to
// scroll to a new selection. It allocates only when something changed. A clip
// whose sampler panics leaves the cells it reached, and Sync returns the failure
// (for the caller to report) on the call that met it.
func (d *DopeSheet) Sync(sc *Scene, clip, sel int) error {
	if sc == nil {
		d.Rows = d.Rows[:0]
		return nil
	}
	var failed error
	n := sc.Skel.Len()
	if d.gen != sc.Gen || d.clip != clip {
		newScene := d.gen != sc.Gen
		d.gen, d.clip = sc.Gen, clip
		if name := sc.Name(); name != d.sceneName {
			d.sceneName = name
			d.UserMarkers = d.UserMarkers[:0]
		}
		if newScene || len(d.expanded) != n {
			d.expanded = make([]bool, n)
			d.nExpanded = 0
			d.buildOrder(sc)
		}
		failed = d.buildClip(sc, clip)
		d.expandGen++
		d.dirtyRows = true
		d.Fit(sc.Infos[clip])
	}
	if d.expandGen != d.sweptExpand {
		d.sweptExpand = d.expandGen
		if err := d.sweep(sc, clip); failed == nil {
			failed = err
		}
	}
	if d.Filter != d.filter {
		d.filter = d.Filter
		d.dirtyRows = true
	}
	if d.dirtyRows {
		d.buildRows(sc)
		d.lastSel = -2
	}
	if sel != d.lastSel {
		d.lastSel = sel
		d.ScrollTo = d.RowOf(sel)
	}
	if failed != nil {
		return fmt.Errorf("%s: clip %q: dope sheet: %w", sc.Name(), sc.Infos[clip].Name, failed)
	}
	return nil
}

// RowOf is the row of node i's line, or −1 when it is filtered out.
func (d *DopeSheet) RowOf(node int) int {
	for r, row := range d.Rows {
		if int(row.Node) == node && row.Chan < 0 {
			return r
		}
	}
	return -1
}

// Expanded says whether node i shows its channels.
func (d *DopeSheet) Expanded(i int) bool { return i >= 0 && i < len(d.expanded) && d.expanded[i] }

// ToggleExpand shows or hides node i's channel rows (sampled at the next Sync).
func (d *DopeSheet) ToggleExpand(i int) {
	if i < 0 || i >= len(d.expanded) {
		return
	}
	d.expanded[i] = !d.expanded[i]
	if d.expanded[i] {
		d.nExpanded++
	} else {
		d.nExpanded--
	}
	d.expandGen++
	d.dirtyRows = true
}

// Fit shows the whole clip (an infinite or empty clip: its first 100 units).
func (d *DopeSheet) Fit(info anim.ClipInfo) {
	lo, hi := 0.0, info.Duration
	if !(hi > 0) || math.IsInf(hi, 1) {
		hi = 100 * info.FrameStep()
	}
	d.ViewLo, d.ViewHi = lo, hi
}

// Zoom scales the visible span by f (< 1 zooms in) around time at, keeping at
// least a few frames and at most a hundred clips in view.
func (d *DopeSheet) Zoom(f, at float64, info anim.ClipInfo) {
	span := (d.ViewHi - d.ViewLo) * f
	st := info.FrameStep()
	full := info.Duration
	if !(full > 0) || math.IsInf(full, 1) {
		full = 100 * st
	}
	span = math.Max(span, 2*st)
	span = math.Min(span, 100*full)
	if !(span > 0) || math.IsNaN(at) {
		return
	}
	k := (at - d.ViewLo) / (d.ViewHi - d.ViewLo)
	if math.IsNaN(k) || math.IsInf(k, 0) {
		k = 0.5
	}
	d.ViewLo = at - k*span
	d.ViewHi = d.ViewLo + span
}

// Pan moves the visible span by dt.
func (d *DopeSheet) Pan(dt float64) {
	if math.IsNaN(dt) || math.IsInf(dt, 0) {
		return
	}
	d.ViewLo += dt
	d.ViewHi += dt
}

// KeyTimes are node i's key times (the clip's anim.KeyTimesClip; none without).
func (d *DopeSheet) KeyTimes(i int) []float64 {
	if i < 0 || i+1 >= len(d.keyOff) {
		return nil
	}
	return d.keyTimes[d.keyOff[i]:d.keyOff[i+1]]
}

// Fallback says whether node i took the fallback branch at frame cell c.
func (d *DopeSheet) Fallback(i, c int) bool {
	if !d.HasBranch || c < 0 || c >= d.Cols || i < 0 {
		return false
	}
	b := i*d.Cols + c
	if b/64 >= len(d.fallback) {
		return false
	}
	return d.fallback[b/64]&(1<<(b%64)) != 0
}

// Channels are expanded node i's channels (nil when it is not expanded).
func (d *DopeSheet) Channels(i int) []dopeChannel {
	if i < 0 || i >= len(d.chans) {
		return nil
	}
	return d.chans[i]
}

// CellOf is the frame cell at time t (clamped to the cells), or −1 without cells.
func (d *DopeSheet) CellOf(t float64) int {
	if d.Cols == 0 || !(d.Step > 0) || math.IsNaN(t) {
		return -1
	}
	c := int(math.Floor(t/d.Step + 1e-9))
	return max(0, min(c, d.Cols-1))
}

// AddMarker places a user marker on clip at t (not twice at the same time).
func (d *DopeSheet) AddMarker(clip string, t float64) {
	for _, m := range d.UserMarkers {
		if m.Clip == clip && m.Time == t {
			return
		}
	}
	d.UserMarkers = append(d.UserMarkers, dopeMarker{Clip: clip, Time: t})
	slices.SortStableFunc(d.UserMarkers, func(a, b dopeMarker) int {
		if a.Clip != b.Clip {
			return strings.Compare(a.Clip, b.Clip)
		}
		switch {
		case a.Time < b.Time:
			return -1
		case a.Time > b.Time:
			return 1
		}
		return 0
	})
}

// RemoveMarker removes the user marker of clip at t.
func (d *DopeSheet) RemoveMarker(clip string, t float64) {
	d.UserMarkers = slices.DeleteFunc(d.UserMarkers, func(m dopeMarker) bool { return m.Clip == clip && m.Time == t })
}

// NextMarker is the first marker time (user or the clip's own) after t (dir > 0)
// or before it (dir < 0); ok is false when there is none.
func (d *DopeSheet) NextMarker(clip string, own []anim.Marker, t float64, dir int) (float64, bool) {
	best, ok := 0.0, false
	consider := func(m float64) {
		if (dir > 0 && m > t+1e-9 && (!ok || m < best)) || (dir < 0 && m < t-1e-9 && (!ok || m > best)) {
			best, ok = m, true
		}
	}
	for _, m := range d.UserMarkers {
		if m.Clip == clip {
			consider(m.Time)
		}
	}
	for _, m := range own {
		consider(m.Time)
	}
	return best, ok
}

// buildOrder lists every node in tree order (depth first, children in file order).
func (d *DopeSheet) buildOrder(sc *Scene) {
	d.order = d.order[:0]
	var st []DopeRow
	for k := len(sc.Roots) - 1; k >= 0; k-- {
		st = append(st, DopeRow{Node: sc.Roots[k], Chan: -1})
	}
	for len(st) > 0 {
		r := st[len(st)-1]
		st = st[:len(st)-1]
		d.order = append(d.order, r)
		ch := sc.Children[r.Node]
		for k := len(ch) - 1; k >= 0; k-- {
			st = append(st, DopeRow{Node: ch[k], Depth: r.Depth + 1, Chan: -1})
		}
	}
}

func (d *DopeSheet) buildRows(sc *Scene) {
	d.dirtyRows = false
	d.Rows = d.Rows[:0]
	f := strings.ToLower(strings.TrimSpace(d.filter))
	for _, r := range d.order {
		if f != "" && !containsFold(sc.Skel.Names[r.Node], f) {
			continue
		}
		d.Rows = append(d.Rows, r)
		for c := range d.Channels(int(r.Node)) {
			d.Rows = append(d.Rows, DopeRow{Node: r.Node, Depth: r.Depth, Chan: int32(c)})
		}
	}
}

// containsFold says whether s contains the lower-case substring low, ignoring case.
func containsFold(s, low string) bool {
	if len(low) > len(s) {
		return false
	}
	for i := 0; i+len(low) <= len(s); i++ {
		if strings.EqualFold(s[i:i+len(low)], low) {
			return true
		}
	}
	return false
}

// buildClip collects every node's key times and, for a family with a fallback
// branch, samples the branch of every node at every frame cell.
func (d *DopeSheet) buildClip(sc *Scene, clip int) (failed error) {
	n := sc.Skel.Len()
	info := sc.Infos[clip]
	d.HasBranch = sc.HasBranch()
	d.Step = info.FrameStep()
	d.Cols = 0
	if du := info.Duration; du >= 0 && !math.IsInf(du, 1) && d.Step > 0 {
		d.Cols = min(int(math.Floor(du/d.Step+1e-9))+1, dopeMaxCols)
	}
	d.keyOff = append(d.keyOff[:0], 0)
	d.keyTimes = d.keyTimes[:0]
	kt, ok := sc.Clips[clip].(anim.KeyTimesClip)
	for i := 0; i < n; i++ {
		if ok {
			start := len(d.keyTimes)
			if p := guarded(func() { d.keyTimes = kt.KeyTimes(i, d.keyTimes) }); p != nil {
				d.keyTimes = d.keyTimes[:start] // the node lists no keys
				if failed == nil {
					failed = fmt.Errorf("key times of node %d: %v", i, p)
				}
			}
			if len(d.keyTimes)-start > dopeMaxKeyTimes {
				d.keyTimes = d.keyTimes[:start+dopeMaxKeyTimes]
			}
			slices.Sort(d.keyTimes[start:])
		}
		d.keyOff = append(d.keyOff, int32(len(d.keyTimes)))
	}
	d.fallback = d.fallback[:0]
	if d.HasBranch {
		d.fallback = make([]uint64, (n*d.Cols+63)/64)
	}
	d.chans = make([][]dopeChannel, n)
	// The branch bits are sampled with the channel spans (sweep), in one pass.
	return failed
}

// sweep samples the clip at every frame cell on a pose of its own (the scene's
// stays as drawn): the branch of every node (families with a fallback branch) and
// the keys of every channel of the expanded nodes.
func (d *DopeSheet) sweep(sc *Scene, clip int) error {
	n := sc.Skel.Len()
	for i := range d.chans {
		d.chans[i] = nil
	}
	needBranch := d.HasBranch && len(d.fallback) > 0
	if d.Cols == 0 || (!needBranch && d.nExpanded == 0) {
		return nil
	}
	for i := range d.fallback {
		d.fallback[i] = 0
	}
	pose := &anim.Pose{Local: make([]anim.Transform, n), Probes: make([]anim.Probe, n)}
	req := anim.PoseRequest{A: sc.Clips[clip], Probes: true}
	if err := pose.ValidateSample(sc.Skel, &req); err != nil {
		return err
	}
	p := guarded(func() {
		d.sweepCells(sc, pose, &req, needBranch)
	})
	if p != nil { // the clip leaves the cells it reached
		return fmt.Errorf("sampling failed: %v", p)
	}
	return nil
}

// sweepCells samples req at every frame cell into the branch bits and the
// expanded nodes' channels.
func (d *DopeSheet) sweepCells(sc *Scene, pose *anim.Pose, req *anim.PoseRequest, needBranch bool) {
	n := sc.Skel.Len()
	for c := 0; c < d.Cols; c++ {
		req.TA = float64(c) * d.Step
		pose.Sample(sc.Skel, req)
		for i := 0; i < n; i++ {
			p := &pose.Probes[i]
			if needBranch && p.Fallback {
				b := i*d.Cols + c
				d.fallback[b/64] |= 1 << (b % 64)
			}
			if !d.expanded[i] {
				continue
			}
			for _, k := range p.All() {
				ch := d.channel(i, k.Channel.String())
				ch.K0[c], ch.K1[c] = k.K0, k.K1
			}
		}
	}
}

// channel finds or adds expanded node i's channel name.
func (d *DopeSheet) channel(i int, name string) *dopeChannel {
	cs := d.chans[i]
	for k := range cs {
		if cs[k].Name == name {
			return &cs[k]
		}
	}
	ch := dopeChannel{Name: name, K0: make([]int32, d.Cols), K1: make([]int32, d.Cols)}
	for c := range ch.K0 {
		ch.K0[c], ch.K1[c] = -2, -2
	}
	d.chans[i] = append(cs, ch)
	return &d.chans[i][len(d.chans[i])-1]
}

// SampleTimes appends the times, in the clip's unit, at which a node's channels
// were sampled, from its probe: the transport time t, or for a channel the family
// samples at its own frame (VCA's period wraps each line: KeyUse.HasFrame, Probe.KeyFrame) that
// frame times step; each time once.
func SampleTimes(p *anim.Probe, t, step float64, dst []float64) []float64 {
	n0 := len(dst)
	add := func(v float64) {
		for _, w := range dst[n0:] {
			if w == v {
				return
			}
		}
		dst = append(dst, v)
	}
	plain := p.Len() == 0
	for i := range p.Len() {
		if f, own := p.KeyFrame(i); own {
			add(f * step)
		} else {
			plain = true
		}
	}
	if plain {
		add(t)
	}
	return dst
}

// KeysInUse appends the indices into the sorted key times kt of the keys in use at
// each time of at: the last key at or before the time and, when the time lies
// between two keys, the next one too (before the first key: the first key).
func KeysInUse(kt, at []float64, dst []int32) []int32 {
	for _, t := range at {
		next := sort.SearchFloat64s(kt, t+1e-9)
		switch {
		case len(kt) == 0:
		case next == 0:
			dst = append(dst, 0)
		case kt[next-1] < t && next < len(kt):
			dst = append(dst, int32(next-1), int32(next))
		default:
			dst = append(dst, int32(next-1))
		}
	}
	return dst
}
