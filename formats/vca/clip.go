package vca

import (
	"fmt"
	"math"
	"strings"

	"animscope/anim"
	"animscope/formats"

	"github.com/go-gl/mathgl/mgl32"
)

// MaxValue bounds what one line may feed a channel. A line whose value is not
// finite or larger in magnitude is skipped for that frame, so poses stay finite in
// float32 (the engine would draw NaN or infinite matrices).
const MaxValue = 1e9

// Binder binds a parsed track to a skeleton by bone name (formats.ClipBinder).
type Binder struct {
	Track *Track
	Opts  formats.Options
}

// Name is the clip's name: the file name without its extension.
func (b *Binder) Name() string { return b.Track.Name }

// Clip is a track bound to one skeleton. It implements anim.Clip (placing the
// scene root: the object lineset "") and anim.KeyTimesClip. It holds no sampling
// state: each player keeps the context NewContext makes (the evaluation scratch),
// and Sample allocates nothing when given it, so players share one Clip, from any
// number of goroutines.
type Clip struct {
	tr   *Track
	skel *anim.Skeleton
	// Intensity weights func lines (§3.11); 1 by default. Keyframe lines are not
	// weighted.
	Intensity float64
	// EngineChannels reproduces the reference commit for non-transform channels:
	// @texture has no effect, @zoom only through a camera-typed object lineset,
	// and @color tints the whole skeleton with RGB only.
	EngineChannels bool

	rename string // the scene's name for the clip when not the track's (Renamed)
	// plan identifies the evaluation plan this clip and its renamed copies share:
	// a context is this clip's when it was made for it (scratchOf), as its
	// values outside the slots the plan resets are the defaults.
	planID *planID

	lsNode     []int32  // per lineset: the bound bone, or −1
	tgt        []target // per line
	texSlot    []int    // per line: index into TextureSlots, or −1
	slots      []string
	nodeLines  [][]int32 // per node: lines that target it, file order
	boneLS     []int32   // bone linesets bound to a node, in creation order
	shares     []bool    // per lineset: an earlier bone lineset drives the same node
	rotHas     [][3]bool // per lineset: axes with a rotate line
	hasT, hasS []bool    // per lineset
	objectLS   int       // the object lineset, or −1
	cameraLS   bool      // the object lineset is camera-typed (engine zoom)
	absolute   bool      // the "handles" reading is "absolute"

	// plan is what evaluate runs: the lines that drive something, in file order.
	plan []linePlan
	// probeGroups are the runs' probe groups (linePlan.probes).
	probeGroups []probeGroup
	// runDst is per plan entry where a run writes the line's value: its
	// lineset and slot (a run reads these and the values, not the plan).
	runDst []runDst
	// resetZero and resetOne are the offsets in scratch.trs that evaluate
	// resets to 0 and to 1 every frame: the slots some line writes whose first
	// writer in the plan is not a run's line (that one writes the default when
	// its value is skipped). The other slots keep their defaults from
	// newScratch: no line writes them.
	resetZero, resetOne []int32
	// groups hold the values of the numeric linear and step lines, a group per
	// frames slice they share.
	groups []keyGroup
	// undriven are the nodes no bone lineset drives: Sample writes them the
	// identity (every other node's transform is written whole by its first
	// lineset).
	undriven []int32
	// rotSlots are the rotate angles Sample reads, bone lineset by bone lineset
	// (boneLS order), each lineset's axes in the track's rotation order. Sample
	// gathers every angle of a frame, takes their sines and cosines in one
	// batch, then writes the bone linesets: first the simple ones (writeSimple:
	// one rotated axis at most, the first lineset of their node), then the
	// others in boneLS order (several axes; a lineset composed onto an earlier
	// one's node).
	rotSlots []rotSlot
	simple   []simpleBone
	bones    []bone
}

// bone is a bone lineset that is not simple: its node, lineset, its first
// angle in rotSlots and how many, and boneHasT, boneHasS, boneShares.
type bone struct {
	node, ls, k int32
	nrot        uint8
	flags       uint8
}

// simpleBone is a bone lineset with at most one rotated axis that no earlier
// lineset shares a node with: its node, its values' offset in scratch.trs
// (lineset·9), its angle in rotSlots (−1: none) and axis, and boneHasT,
// boneHasS. writeSimple4 (writebones_amd64.s) reads it: 16 bytes, node at 0,
// off at 4, k at 8, ax at 12, flags at 13.
type simpleBone struct {
	node, off, k int32
	ax           int8
	flags        uint8
	_            [2]uint8
}

const (
	boneHasT   = 1 << iota // the lineset has a move line
	boneHasS               // a scale line
	boneShares             // an earlier bone lineset drives the same node: compose
)

// rotSlot is one rotate angle: scratch.trs[off], a lineset's rotate slot
// for axis ax.
type rotSlot struct {
	off int32
	ax  int8
}

// keyGroup is the numeric linear and step lines that share their keys' frames:
// their values key by key, values[k·width + col] for the line in column col
// (columns in evaluation order). At one time every line of the group reads the
// same two keys, so a run of lines reads two runs of neighbouring values (a Key
// is 96 bytes, and a line's own keys lie far from the next line's: reading them
// missed the cache at every line of a large skeleton).
type keyGroup struct {
	frames []float64
	values []float64
	width  int
}

// planKind is how evaluate reads a line.
type planKind uint8

const (
	planFunc   planKind = iota // a func line
	planLinear                 // numeric keys, linear
	planStep                   // numeric keys, step (const)
	planKeys                   // any other keyframe line (bezier, custom curve, names, switches)
)

// Slots of lsVals.trs: move x..z, rotate x..z, scale x..z.
const (
	slotMove   = 0
	slotRotate = 3
	slotScale  = 6
	slotApply  = -1 // apply decides where the value goes
	slotNone   = -2 // a transform line without an axis: evaluated, feeds nothing
)

// linePlan is one line as evaluate reads it: what Line and Clip say about it,
// gathered in 40 bytes (evaluate reads a plan entry per line, every frame).
type linePlan struct {
	frame *Expr // keyframe lines: the (shared) frame expression
	index int32 // the line's index in Track.Lines
	group int32 // planLinear, planStep: the line's keyGroup
	col   int32 // planLinear, planStep: the line's column in its group
	node  int32 // the bone whose probe records the line, or −1
	ls    int32 // the line's lineset
	probe anim.Channel
	slot  int8 // where the value goes in lsVals.trs, or slotApply, slotNone
	kind  planKind
	tg    target
	// run is, on the first line of a run, how many lines it has: lines of one
	// kind (planLinear or planStep) in a row that share their frame expression
	// (drawing no random numbers) and their keyGroup, in neighbouring columns,
	// and write a slot of lsVals.trs or nothing. They read the same keys at the
	// same fraction, so evaluate finds both once for the run.
	run int32
	// probes is, on the first line of a run, the run's probeGroups in
	// Clip.probeGroups: from probes[0], probes[1] of them.
	probes [2]int32
}

// planID is a plan's identity (Clip.planID).
type planID struct{ _ byte }

// runDst is where a run's line writes: scratch.trs[off]; a line that feeds
// nothing (slotNone) writes the sink past the linesets' values, which nothing
// reads. A line whose value is skipped (|v| > MaxValue) writes nothing, unless
// it is the first line of the plan that writes its slot (mode runFirst0,
// runFirst1): then it writes the slot's default, 0 or 1, which evaluate did
// not reset (see Clip.resetZero). runlerp_amd64.s reads it: 8 bytes, off at
// 0, mode at 4.
type runDst struct{ off, mode int32 }

const (
	runKeep   = iota // a skipped value leaves the slot as it is
	runFirst0        // the slot's first writer: a skipped value writes 0
	runFirst1        // the slot's first writer: a skipped value writes 1 (scale)
)

// probeGroup is a run's lines in a row that record into one bone's probe: the
// bone and the lines' channels (past MaxProbeKeys records are dropped).
type probeGroup struct {
	node  int32
	n     int32
	chans [anim.MaxProbeKeys]anim.Channel
}

// lsVals is what a lineset's lines set besides its transform.
type lsVals struct {
	color    [4]float64
	colorSet bool
	show     int8 // −1 unset
	model    string
	modelSet bool
}

// scratch is a player's sampling context: what one evaluation of every line writes.
type scratch struct {
	// trs is per lineset nine values from lineset·9 (lsTrs): move, rotate,
	// scale (slotMove, slotRotate, slotScale); then one sink (runDst).
	trs []float64
	ls  []lsVals
	// lsSet says a line has set some lsVals since they were last reset (most
	// clips drive transforms only: their lsVals stay at the defaults).
	lsSet  bool
	tex    []string
	texSet []bool
	zoom   float64
	e, ce  env
	rng    tw223
	// half, sin and cos are per Clip.rotSlots: the half angle in radians and its
	// sine and cosine; their length is a multiple of 4 (the batch's lanes), the
	// padding zeros.
	half, sin, cos []float64
	// owner is the plan the context was made for (Clip.planID).
	owner *planID
}

func (c *Clip) newScratch() *scratch {
	n := len(c.tr.Linesets)
	sc := &scratch{owner: c.planID, trs: make([]float64, 9*n+1), ls: make([]lsVals, n), lsSet: true, tex: make([]string, len(c.slots)), texSet: make([]bool, len(c.slots))}
	for i := 0; i+9 <= len(sc.trs); i += 9 {
		*(*[9]float64)(sc.trs[i:]) = [9]float64{0, 0, 0, 0, 0, 0, 1, 1, 1}
	}
	m := (len(c.rotSlots) + 3) &^ 3
	sc.half, sc.sin, sc.cos = make([]float64, m), make([]float64, m), make([]float64, m)
	sc.resetLs()
	return sc
}

// lsTrs is lineset i's move, rotate and scale values.
func (sc *scratch) lsTrs(i int) *[9]float64 { return (*[9]float64)(sc.trs[9*i:]) }

// resetLs sets every lineset's lsVals to the defaults.
func (sc *scratch) resetLs() {
	for i := range sc.ls {
		v := &sc.ls[i]
		v.color = [4]float64{1, 1, 1, 1}
		v.colorSet = false
		v.show = -1
		v.model, v.modelSet = "", false
	}
	sc.lsSet = false
}

// NewContext returns a player's evaluation scratch for this clip.
func (c *Clip) NewContext() anim.Context { return c.newScratch() }

// scratchOf is ctx when it is a context made for this clip (or a renamed copy:
// the same plan), otherwise a new one (nil, or another clip's: the caller pays an
// allocation).
func (c *Clip) scratchOf(ctx anim.Context) *scratch {
	if sc, ok := ctx.(*scratch); ok && sc != nil && sc.owner == c.planID {
		return sc
	}
	return c.newScratch()
}

// Bind binds the track to s. Unknown bone names are warnings and their lines are
// ignored, or (the "unknown-bone" reading "root") drive bone 0 as in the engine.
func (b *Binder) Bind(s *anim.Skeleton) (anim.Clip, []formats.Diagnostic) {
	return b.BindClip(s)
}

// BindClip is Bind with the concrete type.
func (b *Binder) BindClip(s *anim.Skeleton) (*Clip, []formats.Diagnostic) {
	tr := b.Track
	opt := parseOptions(b.Opts)
	c := &Clip{tr: tr, skel: s, Intensity: 1, objectLS: -1, absolute: opt.absoluteHandles}
	var diags []formats.Diagnostic
	n := s.Len()
	c.lsNode = make([]int32, len(tr.Linesets))
	c.rotHas = make([][3]bool, len(tr.Linesets))
	c.hasT = make([]bool, len(tr.Linesets))
	c.hasS = make([]bool, len(tr.Linesets))
	c.nodeLines = make([][]int32, n)
	first := make(map[string]int, n)
	for j := n - 1; j >= 0; j-- {
		first[s.Names[j]] = j
	}
	for i, ls := range tr.Linesets {
		c.lsNode[i] = -1
		if ls.Type == "" && ls.Key == "" {
			c.objectLS = i
		}
		if ls.Type == "camera" && ls.Key == "" {
			c.cameraLS = true
		}
		if ls.Type != "bone" {
			continue
		}
		node := -1
		if j, ok := first[ls.Key]; ok {
			node = j
		}
		if node < 0 {
			hint := ""
			if k := s.Find(ls.Key); k >= 0 {
				hint = fmt.Sprintf(" (bone names are case-sensitive; the skeleton has %q)", s.Names[k])
			}
			for _, li := range ls.Lines {
				l := tr.Lines[li]
				if l.ignored {
					continue
				}
				what := "the line is ignored (--unknown-bone root drives bone 0, as the engine does)"
				if opt.unknownToRoot {
					what = "it drives bone 0, as in the engine"
				}
				diags = append(diags, formats.Diagnostic{Severity: formats.Warning, File: tr.File, Offset: -1, Line: l.Line, Col: l.Col,
					Message: fmt.Sprintf("@%s: unknown bone %q%s: %s", l.Tag, ls.Key, hint, what)})
			}
			if opt.unknownToRoot && n > 0 {
				node = 0
			}
		}
		c.lsNode[i] = int32(node)
	}
	slotIdx := map[string]int{}
	c.tgt = make([]target, len(tr.Lines))
	c.texSlot = make([]int, len(tr.Lines))
	for i, l := range tr.Lines {
		ls := tr.Linesets[l.Lineset]
		c.tgt[i] = lineTarget(ls, l)
		c.texSlot[i] = -1
		if l.ignored {
			c.tgt[i] = tgtNone
			continue
		}
		switch c.tgt[i] {
		case tgtBone:
			node := c.lsNode[l.Lineset]
			if node < 0 {
				c.tgt[i] = tgtNone
				continue
			}
			c.nodeLines[node] = append(c.nodeLines[node], int32(i))
		case tgtTexture:
			k, ok := slotIdx[ls.Key]
			if !ok {
				k = len(c.slots)
				slotIdx[ls.Key] = k
				c.slots = append(c.slots, ls.Key)
			}
			c.texSlot[i] = k
		}
		if c.tgt[i] == tgtBone || c.tgt[i] == tgtObject {
			switch l.Channel {
			case ChMove:
				c.hasT[l.Lineset] = true
			case ChScale:
				c.hasS[l.Lineset] = true
			case ChRotate:
				if l.Axis >= 1 && l.Axis <= 3 {
					c.rotHas[l.Lineset][l.Axis-1] = true
				}
			}
		}
	}
	c.shares = make([]bool, len(tr.Linesets))
	driven := make(map[int32]bool)
	for i, ls := range tr.Linesets {
		if ls.Type == "bone" && c.lsNode[i] >= 0 {
			c.boneLS = append(c.boneLS, int32(i))
			c.shares[i] = driven[c.lsNode[i]]
			driven[c.lsNode[i]] = true
		}
	}
	for j := 0; j < n; j++ {
		if !driven[int32(j)] {
			c.undriven = append(c.undriven, int32(j))
		}
	}
	for _, li := range c.boneLS {
		b := bone{node: c.lsNode[li], ls: li, k: int32(len(c.rotSlots))}
		for _, ax := range tr.rotAxes {
			if c.rotHas[li][ax] {
				c.rotSlots = append(c.rotSlots, rotSlot{off: li*9 + slotRotate + int32(ax), ax: int8(ax)})
				b.nrot++
			}
		}
		if c.hasT[li] {
			b.flags |= boneHasT
		}
		if c.hasS[li] {
			b.flags |= boneHasS
		}
		if c.shares[li] {
			b.flags |= boneShares
		}
		if b.nrot <= 1 && !c.shares[li] {
			sb := simpleBone{node: b.node, off: 9 * li, k: -1, flags: b.flags}
			if b.nrot == 1 {
				sb.k, sb.ax = b.k, c.rotSlots[b.k].ax
			}
			c.simple = append(c.simple, sb)
			continue
		}
		c.bones = append(c.bones, b)
	}
	c.buildPlan()
	return c, diags
}

// numericKeys: every key of l is a number (lines with a key that is not are
// dropped at load, except names and switches).
func numericKeys(l *Line) bool {
	if l.boolKeys || l.strKeys {
		return false
	}
	for i := range l.Keys {
		if !l.Keys[i].isNumber {
			return false
		}
	}
	return true
}

// buildPlan gathers, for every line that drives something, what evaluate needs.
func (c *Clip) buildPlan() {
	tr := c.tr
	groupOf := map[*float64]int32{}
	for i, l := range tr.Lines {
		tg := c.tgt[i]
		if tg == tgtNone {
			continue
		}
		p := linePlan{index: int32(i), node: -1, ls: int32(l.Lineset), slot: slotApply, tg: tg, probe: l.probe}
		if tg == tgtBone {
			p.node = c.lsNode[l.Lineset]
		}
		if l.Channel.transform() && tg != tgtZoom && tg != tgtTexture {
			p.slot = slotNone
			if ax := l.Axis - 1; ax >= 0 && ax < 3 {
				switch l.Channel {
				case ChMove:
					p.slot = int8(slotMove + ax)
				case ChRotate:
					p.slot = int8(slotRotate + ax)
				case ChScale:
					p.slot = int8(slotScale + ax)
				}
			}
		}
		switch {
		case l.Func != nil:
			p.kind = planFunc
		case l.frame == nil || len(l.frames) == 0 || len(l.frames) != len(l.Keys):
			continue // never bound: such a line is ignored at load
		default:
			p.frame, p.kind = l.frame, planKeys
			if numericKeys(l) && (l.Interp == InterpLinear || l.Interp == InterpStep) {
				p.kind = planLinear
				if l.Interp == InterpStep {
					p.kind = planStep
				}
				g, ok := groupOf[&l.frames[0]]
				if !ok || len(c.groups[g].frames) != len(l.frames) {
					g = int32(len(c.groups))
					groupOf[&l.frames[0]] = g
					c.groups = append(c.groups, keyGroup{frames: l.frames})
				}
				p.group, p.col = g, int32(c.groups[g].width)
				c.groups[g].width++
			}
		}
		c.plan = append(c.plan, p)
	}
	runnable := func(p *linePlan) bool {
		return (p.kind == planLinear || p.kind == planStep) && !p.frame.UsesRand && p.slot != slotApply
	}
	for i := 0; i < len(c.plan); {
		p, j := &c.plan[i], i+1
		if runnable(p) {
			for j < len(c.plan) && runnable(&c.plan[j]) && c.plan[j].kind == p.kind && c.plan[j].group == p.group && c.plan[j].frame == p.frame && c.plan[j].col == p.col+int32(j-i) {
				j++
			}
		}
		p.run = int32(j - i)
		if p.run > 1 {
			p.probes[0] = int32(len(c.probeGroups))
			c.probeGroups = appendProbeGroups(c.probeGroups, c.plan[i:j])
			p.probes[1] = int32(len(c.probeGroups)) - p.probes[0]
		}
		i = j
	}
	c.planID = &planID{}
	c.runDst = make([]runDst, len(c.plan))
	written := map[int32]bool{}
	for i := 0; i < len(c.plan); {
		p := &c.plan[i]
		end := i + 1
		if p.run > 1 {
			end = i + int(p.run)
		}
		for j := i; j < end; j++ {
			q := &c.plan[j]
			c.runDst[j] = runDst{off: int32(9 * len(c.tr.Linesets))} // the sink
			if q.slot < 0 {
				continue
			}
			off := q.ls*9 + int32(q.slot)
			c.runDst[j].off = off
			if written[off] {
				continue
			}
			written[off] = true
			switch {
			case p.run > 1 && q.slot >= slotScale:
				c.runDst[j].mode = runFirst1
			case p.run > 1:
				c.runDst[j].mode = runFirst0
			case q.slot >= slotScale:
				c.resetOne = append(c.resetOne, off)
			default:
				c.resetZero = append(c.resetZero, off)
			}
		}
		i = end
	}
	for g := range c.groups {
		kg := &c.groups[g]
		kg.values = make([]float64, len(kg.frames)*kg.width)
	}
	for _, p := range c.plan {
		if p.kind == planLinear || p.kind == planStep {
			kg := &c.groups[p.group]
			for k, key := range tr.Lines[p.index].Keys {
				kg.values[k*kg.width+int(p.col)] = key.Value
			}
		}
	}
}

// Track returns the parsed track.
func (c *Clip) Track() *Track { return c.tr }

// Info describes the clip: unit seconds, the duration of §3.4 (+Inf without one).
func (c *Clip) Info() anim.ClipInfo {
	info := trackInfo(c.tr)
	info.PlacesRoot = true
	if c.rename != "" {
		info.Name = c.rename
	}
	return info
}

// Renamed is the clip under another name (formats.ClipRenamer: a scene with two
// tracks of one name).
func (c *Clip) Renamed(name string) anim.Clip {
	r := *c
	r.rename = name
	return &r
}

func trackInfo(tr *Track) anim.ClipInfo {
	info := anim.ClipInfo{Name: tr.Name, Unit: "s", Duration: tr.Duration, UnitsPerSecond: 1}
	if tr.FPS > 0 && !math.IsInf(tr.FPS, 0) {
		info.Step = 1 / tr.FPS
		if !math.IsInf(tr.Duration, 0) {
			f := math.Floor(float64(tr.Duration*tr.FPS)+1e-9) + 1
			if f > 1e7 {
				f = 1e7
			}
			info.Frames = int(f)
		}
	}
	return info
}

// probeFrame is ⌊t·fps⌋ as an int32 (clamped).
func probeFrame(t, fps float64) int32 {
	f := math.Floor(t * fps)
	switch {
	case f != f:
		return 0
	case f > math.MaxInt32:
		return math.MaxInt32
	case f < math.MinInt32:
		return math.MinInt32
	}
	return int32(f)
}

// evaluate runs every line at time t into sc, and records key uses in probes.
//
// Lines that share a frame expression share its value, and lines that share
// their keys' frames share the key search, while the time (and so each frame)
// stays the same; expressions that draw random numbers are evaluated every
// time, in file order, as they consume the generator.
func (c *Clip) evaluate(t float64, sc *scratch, probes []anim.Probe) {
	tr := c.tr
	for _, o := range c.resetZero {
		sc.trs[o] = 0
	}
	for _, o := range c.resetOne {
		sc.trs[o] = 1
	}
	if sc.lsSet {
		sc.resetLs()
	}
	for i := range sc.tex {
		sc.tex[i], sc.texSet[i] = "", false
	}
	sc.zoom = 1
	if probes != nil {
		pf := probeFrame(t, tr.FPS)
		for i := range probes {
			probes[i].Reset(pf, false)
		}
	}
	e := &sc.e
	*e = env{t: t, m: 1, intensity: c.Intensity}
	if tr.UsesRand {
		sc.rng.init(t)
		e.rng = &sc.rng
	}
	// The last frame expression evaluated without random draws, and its value.
	var lastX *Expr
	var lastF float64
	var lastOK bool
	// The last key search (runs of lines on equal frames share it).
	var search keySearch
	for pi := 0; pi < len(c.plan); pi++ {
		p := &c.plan[pi]
		if p.run > 1 {
			// A run: as below for each line, with the frame, the keys and the
			// fraction found once.
			end := pi + int(p.run)
			f, ok := lastF, lastOK
			if p.frame != lastX {
				e.t = t
				f, ok = p.frame.eval(e)
				lastX, lastF, lastOK = p.frame, f, ok
			}
			if !ok {
				// The run writes nothing: its first writers' defaults.
				for _, d := range c.runDst[pi:end] {
					if d.mode != runKeep {
						sc.trs[d.off] = float64(d.mode - runFirst0)
					}
				}
				pi = end - 1
				continue
			}
			kg := &c.groups[p.group]
			fr := kg.frames
			lo, hi, u := search.at(fr, f)
			vals, w := kg.values, kg.width
			var i0, i1 int
			k0, k1, alpha, interp := int32(0), int32(-1), float32(0), false
			switch {
			case lo == hi:
				i0, k0 = (lo-1)*w, int32(lo-1)
			case lo == 0: // before the first key: the first value
			case p.kind == planStep:
				i0, k0 = (lo-1)*w, int32(lo-1)
			default:
				i0, i1, k0, k1, alpha, interp = (lo-1)*w, (hi-1)*w, int32(lo-1), int32(hi-1), float32(u), true
			}
			// Non-finite numbers are left out of the probe, as below.
			if alpha-alpha != 0 {
				alpha = 0
			}
			hasFrame := f-f == 0
			// The run's columns follow each other (buildPlan): its lines read
			// two runs of neighbouring values, and write where runDst says.
			var row1 []float64
			if interp {
				row1 = vals[i1+int(p.col):]
			}
			runValues(vals[i0+int(p.col):], row1, c.runDst[pi:end], u, interp, sc.trs)
			if probes != nil {
				probeRun(probes, c.probeGroups[p.probes[0]:][:p.probes[1]], k0, k1, alpha, f, hasFrame)
			}
			pi = end - 1
			continue
		}
		var v float64
		var str string
		ok := true
		f := 0.0
		keys := keyPair{k0: -1, k1: -1} // a func line has no keys
		if p.kind == planFunc {
			l := tr.Lines[p.index]
			e.t = t
			v, ok = l.Func.eval(e)
			if l.mul {
				v = float64(v*c.Intensity) + (1.0 - c.Intensity)
			} else {
				v = v * c.Intensity
			}
		} else {
			if p.frame == lastX {
				f, ok = lastF, lastOK
			} else {
				e.t = t
				f, ok = p.frame.eval(e)
				if !p.frame.UsesRand {
					lastX, lastF, lastOK = p.frame, f, ok
				}
			}
			if !ok {
				continue
			}
			var fr []float64
			var kg *keyGroup
			if p.kind == planKeys {
				fr = tr.Lines[p.index].frames
			} else {
				kg = &c.groups[p.group]
				fr = kg.frames
			}
			lo, hi, u := search.at(fr, f)
			if kg != nil {
				vals, w, col := kg.values, kg.width, int(p.col)
				switch {
				case lo == hi:
					v, keys.k0 = vals[(lo-1)*w+col], int32(lo-1)
				case lo == 0: // before the first key: the first value
					v, keys.k0 = vals[col], 0
				case p.kind == planStep:
					v, keys.k0 = vals[(lo-1)*w+col], int32(lo-1)
				default:
					keys.k0, keys.k1, keys.alpha = int32(lo-1), int32(hi-1), float32(u)
					v = float64(vals[(lo-1)*w+col]*(1.0-u)) + float64(vals[(hi-1)*w+col]*u)
				}
			} else {
				v, str, keys, ok = c.lookupAt(tr.Lines[p.index], f, lo, hi, sc)
			}
		}
		if p.node >= 0 && probes != nil {
			if node := int(p.node); node < len(probes) {
				// Non-finite numbers (t = ±Inf, period 0, unsorted duplicate
				// frames) are left out of the probe so that printers never meet
				// NaN. (x−x is 0 exactly when x is finite.)
				// A func line has no keys and no frame.
				alpha, hasFrame := float32(0), false
				if p.kind != planFunc {
					if keys.alpha-keys.alpha == 0 {
						alpha = keys.alpha
					}
					hasFrame = f-f == 0
				}
				if pr := &probes[node]; !pr.TryAddKey(p.probe, keys.k0, keys.k1, alpha) {
					pr.AddRecord(p.probe, keys.k0, keys.k1, alpha, f, hasFrame)
				} else if hasFrame {
					pr.PutFrame(pr.Len()-1, f)
				}
			}
		}
		switch {
		case p.kind == planLinear || p.kind == planStep:
			if !(math.Abs(v) <= MaxValue) {
				continue
			}
		case !ok:
			continue
		case !tr.Lines[p.index].strKeys && !tr.Lines[p.index].boolKeys && !(math.Abs(v) <= MaxValue):
			continue
		}
		if p.slot >= 0 {
			sc.lsTrs(int(p.ls))[p.slot] = v
		} else if p.slot == slotApply {
			c.apply(sc, int(p.index), tr.Lines[p.index], p.tg, v, str)
		}
	}
}

// appendProbeGroups appends a run's probe groups to gs: its lines in a row
// that drive one bone, each group with their channels.
func appendProbeGroups(gs []probeGroup, run []linePlan) []probeGroup {
	for g := 0; g < len(run); {
		node := run[g].node
		h := g + 1
		for h < len(run) && run[h].node == node {
			h++
		}
		if node >= 0 {
			pg := probeGroup{node: node, n: int32(min(h-g, anim.MaxProbeKeys))}
			for k := range pg.n {
				pg.chans[k] = run[g+int(k)].probe
			}
			gs = append(gs, pg)
		}
		g = h
	}
	return gs
}

// probeRun records a run's lines in their bones' probes, in plan order: each
// line's channel with the run's keys, alpha and frame. When a bone's lines in
// the run are its first records they are written at once, as one key set with
// a channel per line (Probe.SetUniform), else line by line.
func probeRun(probes []anim.Probe, groups []probeGroup, k0, k1 int32, alpha float32, f float64, hasFrame bool) {
	for gi := range groups {
		g := &groups[gi]
		if int(g.node) >= len(probes) {
			continue
		}
		if pr := &probes[g.node]; pr.Len() == 0 {
			pr.SetUniform(int(g.n), k0, k1, alpha, f, hasFrame)
			pr.PutChannels(&g.chans)
		} else {
			for _, ch := range g.chans[:g.n] {
				pr.AddRecord(ch, k0, k1, alpha, f, hasFrame)
			}
		}
	}
}

// apply stores one line's value where its target reads it.
func (c *Clip) apply(sc *scratch, i int, l *Line, tg target, v float64, str string) {
	switch tg {
	case tgtZoom:
		if !c.EngineChannels || (c.cameraLS && c.tr.Linesets[l.Lineset].Key == "" && c.tr.Linesets[l.Lineset].Type == "camera") {
			sc.zoom = v
		}
		return
	case tgtTexture:
		if !c.EngineChannels {
			sc.tex[c.texSlot[i]], sc.texSet[c.texSlot[i]] = str, true
		}
		return
	}
	ls, trs := &sc.ls[l.Lineset], sc.lsTrs(l.Lineset)
	ax := l.Axis - 1
	switch l.Channel {
	case ChMove:
		if ax >= 0 && ax < 3 {
			trs[slotMove+ax] = v
		}
		return
	case ChRotate:
		if ax >= 0 && ax < 3 {
			trs[slotRotate+ax] = v
		}
		return
	case ChScale:
		if ax >= 0 && ax < 3 {
			trs[slotScale+ax] = v
		}
		return
	}
	sc.lsSet = true
	switch l.Channel {
	case ChColor:
		if ax >= 0 && ax < 4 {
			ls.color[ax] = v
			ls.colorSet = true
		}
	case ChShow:
		if l.boolKeys {
			ls.show = 0
			if v != 0 {
				ls.show = 1
			}
		} else {
			ls.show = 1 // a number is truthy in Lua
		}
	case ChModel:
		ls.model, ls.modelSet = str, true
	}
}

// neighbors is key_neighbors of animation_codegen.lua (1-based, returns right,
// left; 0 means "before the first key"), on the keys' frames.
func neighbors(frames []float64, f float64) (int, int) {
	left, right := 1, len(frames)
	for left <= right {
		mid := (left + right) / 2
		k := frames[mid-1]
		if k < f {
			left = mid + 1
		} else if k > f {
			right = mid - 1
		} else {
			return mid, mid
		}
	}
	if left > len(frames) {
		left = len(frames)
	}
	return right, left
}

// keyPair is which keys a line used: K0, K1 and Alpha of its probe record,
// returned in registers (a whole KeyUse went through memory, and its fields
// were read back before its wide stores had landed).
type keyPair struct {
	k0, k1 int32
	alpha  float32
}

// lookupAt samples a keyframe line at frame f, between its keys lo and hi as
// neighbors found them.
func (c *Clip) lookupAt(l *Line, f float64, lo, hi int, sc *scratch) (v float64, str string, ku keyPair, ok bool) {
	keys := l.Keys
	ku.k1 = -1
	var k *Key
	switch {
	case lo == hi:
		k = &keys[lo-1]
		ku.k0 = int32(lo - 1)
	case lo == 0: // before the first key: the first value (the engine fails for step kinds)
		k = &keys[0]
		ku.k0 = 0
	case l.Interp == InterpStep:
		k = &keys[lo-1]
		ku.k0 = int32(lo - 1)
	}
	if k != nil {
		v, str, ok = keyValue(l, k)
		return v, str, ku, ok
	}
	a, b := &keys[lo-1], &keys[hi-1]
	u := (f - a.Frame) / (b.Frame - a.Frame)
	ku.k0, ku.k1, ku.alpha = int32(lo-1), int32(hi-1), float32(u)
	switch l.Interp {
	case InterpBezier:
		return bezierInterp(a, b, u, c.absoluteHandles()), "", ku, true
	case InterpCustom:
		if l.curve != nil {
			ce := &sc.ce
			*ce = env{t: u, kl: [2]float64{a.Frame, a.Value}, kr: [2]float64{b.Frame, b.Value}, rng: sc.e.rng}
			r, ok := l.curve.eval(ce)
			return r, "", ku, ok
		}
	}
	return float64(a.Value*(1.0-u)) + float64(b.Value*u), "", ku, true
}

func keyValue(l *Line, k *Key) (float64, string, bool) {
	switch {
	case l.boolKeys:
		if k.Str == "on" && k.hasValue {
			return 1, "", true
		}
		return 0, "", true
	case l.strKeys:
		return 0, k.Str, true
	}
	return k.Value, "", k.isNumber
}

func (c *Clip) absoluteHandles() bool { return c.absolute }

// bez and bezDeriv round each product explicitly (float64(a*b)) so that no target
// fuses them into an FMA; see .ci/fma-check.
func bez(a, b, c, d, u float64) float64 {
	s := 1 - u
	return float64(s*s*s*a) + float64(3*s*s*u*b) + float64(3*s*u*u*c) + float64(u*u*u*d)
}

func bezDeriv(a, b, c, d, u float64) float64 {
	s := 1 - u
	return float64(3*s*s*(b-a)) + float64(6*s*u*(c-b)) + float64(3*u*u*(d-c))
}

// bezierInterp is bezier_interpolation of animation.lua: exactly up to 8 clamped
// Newton steps, no convergence test, no fallback. Handles are offsets from their
// own key (reference commit), or absolute coordinates (older versions).
func bezierInterp(k0, k1 *Key, t float64, absolute bool) float64 {
	frame := k0.Frame + float64(t*(k1.Frame-k0.Frame))
	u := t
	p1x, p2x := k0.RX+k0.Frame, k1.LX+k1.Frame
	p1y, p2y := k0.RY+k0.Value, k1.LY+k1.Value
	if absolute {
		p1x, p2x, p1y, p2y = k0.RX, k1.LX, k0.RY, k1.LY
	}
	for i := 0; i < 8; i++ {
		x := bez(k0.Frame, p1x, p2x, k1.Frame, u)
		dx := bezDeriv(k0.Frame, p1x, p2x, k1.Frame, u)
		if math.Abs(dx) < 1e-8 {
			break
		}
		u = u - (x-frame)/dx
		if u < 0 {
			u = 0
		}
		if u > 1 {
			u = 1
		}
	}
	return bez(k0.Value, p1y, p2y, k1.Value, u)
}

// halfAngle is the half angle in radians of a rotate line's value in degrees,
// cast to float32 first as glm receives it.
func halfAngle(deg float64) float64 {
	return float64(float32(deg)) * (math.Pi / 180) / 2
}

// eulerQuatWXYZ is R_{o1}·R_{o2}·R_{o3} for the axes that have a rotate line,
// angles in degrees (cast to float32 first, as glm receives them), as four
// scalars returned in registers (a Quat, holding an array, comes back through
// memory, written narrow and read wide: a stalled store forward per bone). The sine and cosine are math.Sincos's
// algorithm unfused (anim.Sincos64: the standard library's bits on amd64, the
// same on every target); Sample computes the same values in batches.
func eulerQuatWXYZ(order []int, has *[3]bool, deg *[3]float64) (qw, qx, qy, qz float32) {
	w, x, y, z := 1.0, 0.0, 0.0, 0.0
	for _, ax := range order {
		if !has[ax] {
			continue
		}
		s, cs := anim.Sincos64(halfAngle(deg[ax]))
		w, x, y, z = axisProduct(w, x, y, z, ax, s, cs)
	}
	return float32(w), float32(x), float32(y), float32(z)
}

// axisProduct is q·b for the axis quaternion b = (cs, s on axis ax), in float64.
// Products are rounded explicitly (float64(a*b)) so no target fuses them into an
// FMA; see .ci/fma-check.
func axisProduct(w, x, y, z float64, ax int, s, cs float64) (float64, float64, float64, float64) {
	switch ax {
	case 0:
		return productX(w, x, y, z, s, cs)
	case 1:
		return productY(w, x, y, z, s, cs)
	}
	return productZ(w, x, y, z, s, cs)
}

// firstAxis is axisProduct(1, 0, 0, 0, ax, s, cs) worked out: the identity's
// zeros make every other product a signed zero, so w is cs less 0·s (cs, but
// +0 when cs is −0 and s negative), the axis component is s plus +0 terms (s,
// but +0 for −0), and the other two are +0 (s and cs are finite).
func firstAxis(ax int, s, cs float64) (w, x, y, z float64) {
	w = cs
	if cs == 0 && math.Signbit(s) {
		w = 0
	}
	if s == 0 {
		s = 0
	}
	switch ax {
	case 0:
		x = s
	case 1:
		y = s
	default:
		z = s
	}
	return w, x, y, z
}

// productX, productY and productZ are axisProduct for one axis: the whole
// Hamilton product with b's zero components (their products with zero are
// signed zeros, which decide the sign of a zero result).
func productX(w, x, y, z, s, cs float64) (float64, float64, float64, float64) {
	const b2, b3 = 0.0, 0.0
	return float64(w*cs) - float64(x*s) - float64(y*b2) - float64(z*b3),
		float64(w*s) + float64(x*cs) + float64(y*b3) - float64(z*b2),
		float64(w*b2) - float64(x*b3) + float64(y*cs) + float64(z*s),
		float64(w*b3) + float64(x*b2) - float64(y*s) + float64(z*cs)
}

func productY(w, x, y, z, s, cs float64) (float64, float64, float64, float64) {
	const b1, b3 = 0.0, 0.0
	return float64(w*cs) - float64(x*b1) - float64(y*s) - float64(z*b3),
		float64(w*b1) + float64(x*cs) + float64(y*b3) - float64(z*s),
		float64(w*s) - float64(x*b3) + float64(y*cs) + float64(z*b1),
		float64(w*b3) + float64(x*s) - float64(y*b1) + float64(z*cs)
}

func productZ(w, x, y, z, s, cs float64) (float64, float64, float64, float64) {
	const b1, b2 = 0.0, 0.0
	return float64(w*cs) - float64(x*b1) - float64(y*b2) - float64(z*s),
		float64(w*b1) + float64(x*cs) + float64(y*s) - float64(z*b2),
		float64(w*b2) - float64(x*s) + float64(y*cs) + float64(z*b1),
		float64(w*s) + float64(x*b2) - float64(y*b1) + float64(z*cs)
}

func (c *Clip) lsTransform(i int, trs *[9]float64) anim.Transform {
	var x anim.Transform
	c.lsTransformTo(&x, i, trs)
	return x
}

// lsTransformTo writes lineset i's transform into dst field by field (see
// eulerQuatWXYZ): the identity's fields where it has no move or scale line.
// Sample writes its bones' transforms the same way, from batched sines.
func (c *Clip) lsTransformTo(dst *anim.Transform, i int, trs *[9]float64) {
	if c.hasT[i] {
		dst.T[0], dst.T[1], dst.T[2] = float32(trs[slotMove]), float32(trs[slotMove+1]), float32(trs[slotMove+2])
	} else {
		dst.T[0], dst.T[1], dst.T[2] = 0, 0, 0
	}
	dst.Q.W, dst.Q.V[0], dst.Q.V[1], dst.Q.V[2] = eulerQuatWXYZ(c.tr.rotAxes, &c.rotHas[i], (*[3]float64)(trs[slotRotate:]))
	if c.hasS[i] {
		dst.S[0], dst.S[1], dst.S[2] = float32(trs[slotScale]), float32(trs[slotScale+1]), float32(trs[slotScale+2])
	} else {
		dst.S[0], dst.S[1], dst.S[2] = 1, 1, 1
	}
}

// compose is a·b for two transforms (exact when a's scale is uniform or b has no
// rotation); only used when several linesets drive one bone (unknown bones under
// --unknown-bone root).
func compose(a, b anim.Transform) anim.Transform {
	var m anim.Affine
	anim.RotationColumns(&m, a.Q, a.S)
	m[9], m[10], m[11] = a.T[0], a.T[1], a.T[2]
	return anim.Transform{
		T: m.TransformPoint(b.T),
		Q: anim.QuatMul(a.Q, b.Q),
		S: mgl32.Vec3{a.S[0] * b.S[0], a.S[1] * b.S[1], a.S[2] * b.S[2]},
	}
}

// Sample evaluates every node at t seconds (never clamped, wrapped or looped; a
// line's own period wraps its frame) with the player's context ctx, and returns
// the entity root T(pos)·R·S of the object lineset "" (the identity without one):
// every clip places the root. It allocates nothing when given its context.
func (c *Clip) Sample(ctx anim.Context, t float64, out []anim.Transform, probes []anim.Probe) (anim.Affine, bool) {
	sc := c.scratchOf(ctx)
	c.evaluate(t, sc, probes)
	for _, j := range c.undriven {
		if int(j) < len(out) {
			out[j] = anim.IdentityTransform
		}
	}
	for i := len(c.nodeLines); i < len(out); i++ { // past the skeleton
		out[i] = anim.IdentityTransform
	}
	// Every rotate angle of the frame, their sines and cosines in one batch (a
	// call each, their latency bounded the loop), then each lineset's
	// quaternion: the values eulerQuatWXYZ computes.
	for k, r := range c.rotSlots {
		sc.half[k] = halfAngle(sc.trs[r.off])
	}
	anim.SincosBatch64(sc.half, sc.sin, sc.cos)
	rs := c.rotSlots
	sin, cos := sc.sin[:len(rs)], sc.cos[:len(rs)]
	writeSimple(c.simple, sin, cos, sc.trs, out)
	for _, b := range c.bones {
		k := int(b.k)
		w, x, y, z := 1.0, 0.0, 0.0, 0.0
		if b.nrot > 0 {
			w, x, y, z = firstAxis(int(rs[k].ax), sin[k], cos[k])
			k++
		}
		for range b.nrot - min(b.nrot, 1) {
			switch rs[k].ax {
			case 0:
				w, x, y, z = productX(w, x, y, z, sin[k], cos[k])
			case 1:
				w, x, y, z = productY(w, x, y, z, sin[k], cos[k])
			default:
				w, x, y, z = productZ(w, x, y, z, sin[k], cos[k])
			}
			k++
		}
		if int(b.node) >= len(out) {
			continue
		}
		trs := sc.lsTrs(int(b.ls))
		dst := &out[b.node]
		var composed anim.Transform
		if b.flags&boneShares != 0 {
			dst = &composed
		}
		boneTransformTo(dst, b.flags, trs[:], w, x, y, z)
		if b.flags&boneShares != 0 {
			out[b.node] = compose(out[b.node], composed)
		}
	}
	return c.root(sc), true
}

// root is the entity root T(pos)·R·S of the object lineset "" as evaluated in sc.
func (c *Clip) root(sc *scratch) anim.Affine {
	if c.objectLS < 0 {
		return anim.IdentityAffine
	}
	x := c.lsTransform(c.objectLS, sc.lsTrs(c.objectLS))
	var m anim.Affine
	anim.RotationColumns(&m, x.Q, x.S)
	m[9], m[10], m[11] = x.T[0], x.T[1], x.T[2]
	return m
}

// KeyTimes appends, for node, the times in seconds of the keys its lines use.
func (c *Clip) KeyTimes(node int, dst []float64) []float64 {
	return c.keyTimes(node, anim.TrackAny, dst)
}

// keyTimes is KeyTimes of the node's lines of one kind (move, rotate, scale;
// TrackAny: every line).
func (c *Clip) keyTimes(node int, kind anim.TrackKind, dst []float64) []float64 {
	if node < 0 || node >= len(c.nodeLines) || !(c.tr.FPS > 0) {
		return dst
	}
	for _, li := range c.nodeLines[node] {
		if !lineOfKind(c.tr.Lines[li].Channel, kind) {
			continue
		}
		for _, k := range c.tr.Lines[li].Keys {
			dst = append(dst, k.Frame/c.tr.FPS)
		}
	}
	return dst
}

// State is what a clip drives besides transforms (§3.10).
type State struct {
	Visible []bool       // per node (default true)
	Color   []mgl32.Vec4 // per node tint (default 1, 1, 1, 1)
	Model   []string     // per node model override ("" keeps the bone's own)
	// SkeletonVisible and SkeletonColor are the whole-skeleton switch and tint.
	SkeletonVisible bool
	SkeletonColor   mgl32.Vec4
	Zoom            float64 // camera zoom factor, 1 without a @zoom line
	// TextureSlots names the slots the clip switches; Textures holds each slot's
	// texture ("" while no key has set it).
	TextureSlots []string
	Textures     []string
}

// NewState allocates a State sized for the clip.
func (c *Clip) NewState() *State {
	n := c.skel.Len()
	return &State{Visible: make([]bool, n), Color: make([]mgl32.Vec4, n), Model: make([]string, n),
		TextureSlots: append([]string(nil), c.slots...), Textures: make([]string, len(c.slots))}
}

// SampleState evaluates the non-transform channels at t into st (from NewState),
// with the player's context ctx (nil: a fresh one).
func (c *Clip) SampleState(ctx anim.Context, t float64, st *State) {
	sc := c.scratchOf(ctx)
	c.evaluate(t, sc, nil)
	for i := range st.Visible {
		st.Visible[i], st.Color[i], st.Model[i] = true, mgl32.Vec4{1, 1, 1, 1}, ""
	}
	st.SkeletonVisible, st.SkeletonColor = true, mgl32.Vec4{1, 1, 1, 1}
	col := func(v *lsVals) mgl32.Vec4 {
		return mgl32.Vec4{float32(v.color[0]), float32(v.color[1]), float32(v.color[2]), float32(v.color[3])}
	}
	for _, li := range c.boneLS {
		v, node := &sc.ls[li], c.lsNode[li]
		if int(node) >= len(st.Visible) {
			continue
		}
		if v.show >= 0 {
			st.Visible[node] = v.show == 1
		}
		if v.modelSet {
			st.Model[node] = v.model
		}
		if v.colorSet {
			if c.EngineChannels {
				st.SkeletonColor = mgl32.Vec4{float32(v.color[0]), float32(v.color[1]), float32(v.color[2]), 1}
			} else {
				st.Color[node] = col(v)
			}
		}
	}
	if c.objectLS >= 0 {
		v := &sc.ls[c.objectLS]
		if v.show >= 0 {
			st.SkeletonVisible = v.show == 1
		}
		if v.colorSet {
			st.SkeletonColor = col(v)
			if c.EngineChannels {
				st.SkeletonColor[3] = 1
			}
		}
	}
	st.Zoom = sc.zoom
	for i := range st.Textures {
		if i < len(sc.tex) {
			st.Textures[i] = sc.tex[i]
		}
	}
}

// Describe lists the linesets for `inspect`.
func (tr *Track) Describe() map[string]any {
	var sets []string
	for _, ls := range tr.Linesets {
		sets = append(sets, fmt.Sprintf("%s %q: %d lines", typeLabel(ls.Type), ls.Key, len(ls.Lines)))
	}
	dur := any(tr.Duration)
	if math.IsInf(tr.Duration, 1) {
		dur = nil
	}
	return map[string]any{"fps": tr.FPS, "duration": dur, "rotation_order": tr.RotationOrder,
		"lines": len(tr.Lines), "linesets": strings.Join(sets, "; "), "curves": len(tr.Curves)}
}

// keySearch is one Sample call's last key search: the neighbours of frame at in
// frames and the fraction u between them. Runs of lines whose frames are equal
// (interned at load) at the same frame take it as it is.
type keySearch struct {
	frames   *float64
	frame, u float64
	lo, hi   int
}

// at returns neighbors(fr, f) and, between two keys, the fraction of f from the
// lower to the upper one (elsewhere u is left as it was: callers do not read
// it there), searching only when fr or f differ from the last call.
func (k *keySearch) at(fr []float64, f float64) (lo, hi int, u float64) {
	if &fr[0] != k.frames || f != k.frame {
		k.lo, k.hi = neighbors(fr, f)
		if k.lo > 0 && k.lo != k.hi {
			fa, fb := fr[k.lo-1], fr[k.hi-1]
			k.u = (f - fa) / (fb - fa)
		}
		k.frames, k.frame = &fr[0], f
	}
	return k.lo, k.hi, k.u
}
