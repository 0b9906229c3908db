package gltf

import (
	"errors"
	"fmt"
	"math"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"

	"animscope/anim"
	"animscope/formats"

	"github.com/qmuntal/gltf"
)

// ExportOptions choose what Export writes.
type ExportOptions struct {
	// Clips are the indices of the scene's clips to export; nil exports every clip.
	Clips []int
	// BindPose exports no animation at all (the bind pose only).
	BindPose bool
	// FPS is the resampling rate in samples per second; 0 uses each clip's own frame
	// rate (UnitsPerSecond / Step).
	FPS float64
	// Scale multiplies every length; 0 means 1 (one file unit is one glTF metre).
	Scale float64
	// Hidden also exports the meshes that are hidden by default.
	Hidden bool
	// MaxSamples caps the samples of one clip; 0 means DefaultMaxSamples.
	MaxSamples int
	// MaxNodeSamples caps the samples of all clips together times the animated
	// transforms (skeleton nodes, and the root motion); 0 means
	// DefaultMaxNodeSamples.
	MaxNodeSamples int
	// Name names the armature root node; "" means "animscope".
	Name string
	// Warn receives warnings; nil drops them.
	Warn func(string)
}

// DefaultMaxSamples is the default cap on the samples of one clip.
const DefaultMaxSamples = 200000

// DefaultMaxNodeSamples is the default cap on every clip's samples times the
// animated transforms: what the export's time and its output grow with (up to
// 56 bytes of keys each, a microsecond or two of sampling). MaxSamples alone
// bounds one clip, not a file of a thousand bones, or of a thousand clips, each
// as long as that allows: a 2.5 KB M2 of 20 bones and one 110-minute sequence
// made a 48 MB .glb in 7 s, and that grows with the bones and the sequences (a
// small file, gigabytes and hours). A real character (140 bones, 154 clips at
// their own rate) samples 2.4 million, at --fps 120 5.2 million.
const DefaultMaxNodeSamples = 1 << 23

// maxKeyTimesPer is how many key times (anim.KeyTimesClip, all clips together)
// an export lists for each of its MaxNodeSamples: a real character lists one
// for every ten node samples (233,643 for 2.4 million).
const maxKeyTimesPer = 4

// InfiniteClipSeconds is how much of a clip without an end is exported when its
// keys do not tell (a VoxelCore clip without @configure that only has func lines).
const InfiniteClipSeconds = 10

// Export writes a scene as a glTF 2.0 document (one buffer, to be written as .glb):
//
//   - nodes: an armature root ("Name", the identity), a "root motion" node under it
//     when a clip places the scene root (anim.ClipInfo.PlacesRoot), then one joint node per
//     skeleton node mirroring the parents, named after the node, placed at the
//     node's joint (model · pivot), plus a helper and a scale helper above a joint
//     whose local matrix is not glTF TRS at some sample (see decompose.go);
//   - one skin over the joint nodes, with inverse bind matrices;
//   - one mesh per visible Asset mesh, skinned (rigid parts are single-joint skins);
//   - one animation per exported clip, every node resampled (see sampleTimes).
//
// Everything is converted to glTF space (right-handed, Y up, see conversionFor).
func Export(a *formats.Asset, opts ExportOptions) (*gltf.Document, error) {
	if a == nil {
		return nil, errors.New("gltf export: no scene")
	}
	a.LoadMeshes() // a scene opened with Options.DeferMeshes
	e := &exporter{a: a, sk: a.Skeleton, opts: opts}
	if a.Skeleton == nil {
		return nil, e.errorf("the scene has no skeleton")
	}
	if err := a.CheckScene(); err != nil { // free for a scene from formats.Open
		return nil, e.errorf("%v", errors.Unwrap(err))
	}
	if math.IsNaN(opts.Scale) || math.IsInf(opts.Scale, 0) || opts.Scale < 0 {
		return nil, e.errorf("scale %v: want a positive finite number", opts.Scale)
	}
	if math.IsNaN(opts.FPS) || math.IsInf(opts.FPS, 0) || opts.FPS < 0 {
		return nil, e.errorf("fps %v: want a positive finite number", opts.FPS)
	}
	e.conv = conversionFor(a, opts.Scale)
	if e.opts.MaxSamples <= 0 {
		e.opts.MaxSamples = DefaultMaxSamples
	}
	if e.opts.MaxNodeSamples <= 0 {
		e.opts.MaxNodeSamples = DefaultMaxNodeSamples
	}
	if e.opts.Name == "" {
		e.opts.Name = "animscope"
	}
	if err := e.pickClips(); err != nil {
		return nil, err
	}
	for _, w := range formats.SlotWarnings(a) { // in the wording of render and the viewer
		e.warn("%s", w)
	}
	if err := e.bind(); err != nil {
		return nil, err
	}
	if err := e.sampleClips(); err != nil {
		return nil, err
	}
	e.doc = gltf.NewDocument()
	e.doc.Asset.Generator = "animscope"
	e.doc.Buffers = []*gltf.Buffer{{}}
	e.layoutNodes()
	if err := e.writeMeshes(); err != nil {
		return nil, err
	}
	e.writeSkin()
	e.writeAnimations()
	return e.doc, nil
}

type exporter struct {
	a    *formats.Asset
	sk   *anim.Skeleton
	opts ExportOptions
	conv conversion
	doc  *gltf.Document

	clips []*clipTrack
	// slots are the animated transforms: slots[i] is skeleton node i; the root-motion
	// slot, when present, is the last one.
	slots    []*slot
	rootSlot *slot

	// bind-pose matrices in file space, float64.
	modelBind []affine // model[i]
	skinBind  []affine // model[i]·inverseBind[i]
	// jointBind is each joint node's bind world matrix in glTF space.
	jointBind []affine
	// rawIBM: the inverse bind matrices are C·T(−pivot)·inverseBind·C⁻¹ and vertices
	// C·v as stored (used when the bind pose cannot be baked into the vertices).
	rawIBM bool

	armature      int // glTF node of the armature root
	identityJoint bool
	skin          int
	mats          *materialWriter // material.go
	// firstMat is each asset mesh's first material (an index into matList, the
	// scene's materials), built on first use (material.go).
	firstMat map[*formats.Mesh]int
	matList  []formats.Material

	// For skeletons with Inherit (inherit.go): the sampled pose's model and
	// joint-local matrices, file space.
	inhModel []anim.Affine64
	inhJoint []affine
	// inhJoints, inhInv and inhInvOK are poseSampled's buffers: each joint's
	// composed matrix and, for a parent (inhParent), its inverse (whether it has
	// one); inhScratch holds the core's local and parent matrices of one node.
	inhJoints, inhInv   []affine
	inhInvOK, inhParent []bool
	inhScratch          [2]anim.Affine64
	// inhLocal is each node's transform at the last poseSampled, inhChanged
	// whether its matrices changed then, inhValid whether there was one.
	inhLocal   []anim.Transform
	inhChanged []bool
	inhValid   bool

	// scratch, when set, lends sampleTimes its buffers: the times it returns
	// are only good until its next call.
	scratch *timesScratch
}

// timesScratch holds sampleTimes' buffers from one clip to the next (the
// upfront count's: it keeps no clip's times).
type timesScratch struct {
	keys, ts []float64
	ends     []int
}

// slot is one animated glTF transform: a joint node and, when its local matrix is
// not TRS at some sample, the helper and the scale helper above it (decompose.go).
type slot struct {
	name   string
	node   int // skeleton node, −1 for the root motion
	bind   decomposition
	helper bool
	hNode  int // helper glTF node: translation and polar rotation (−1 without)
	kNode  int // scale helper glTF node: rotation V and scale (−1 without)
	jNode  int // joint glTF node
}

// clipTrack holds the resampled channels of one clip: per slot and sample, the
// translation, the polar rotation U·Vᵀ (U for a single node), the scale S and Vᵀ.
type clipTrack struct {
	index int
	clip  anim.Clip
	name  string
	// keyTimes is how many key times the clip listed for sampleTimes.
	keyTimes int
	times    []float64 // native unit
	secs     []float32
	tr       [][][3]float32
	rot      [][][4]float32
	scl      [][][3]float32
	vrot     [][][4]float32
	// helper[s]: slot s needed helpers at some sample of this clip (merged into
	// the slots once every clip is sampled).
	helper []bool
	// passes counts the sampling passes run (two for a clip settled from its
	// dense pass, four when both passes had to run in full).
	passes int
	// warnings and err are what sampling the clip said, given out in clip order.
	warnings []string
	err      error
}

// errorf returns an export error that names the scene's files and, through the
// message, the node, mesh, clip or time it is about.
func (e *exporter) errorf(format string, args ...any) error {
	files := "the scene"
	if len(e.a.Files) > 0 {
		files = strings.Join(e.a.Files, ", ")
	}
	return fmt.Errorf("gltf export: %s: %s", files, fmt.Sprintf(format, args...))
}

// slotName names a slot as errors do: the skeleton node's file index and name.
func (e *exporter) slotName(sl *slot) string {
	if sl.node < 0 {
		return sl.name
	}
	return fmt.Sprintf("node %d (%q)", e.sk.FileIndexOf(sl.node), sl.name)
}

func (e *exporter) warn(format string, args ...any) {
	if e.opts.Warn != nil {
		e.opts.Warn(fmt.Sprintf(format, args...))
	}
}

func (e *exporter) pickClips() error {
	if e.opts.BindPose {
		return nil
	}
	idx := e.opts.Clips
	if idx == nil {
		for i := range e.a.Clips {
			idx = append(idx, i)
		}
	}
	seen := map[int]bool{}
	for _, i := range idx {
		if i < 0 || i >= len(e.a.Clips) {
			return e.errorf("clip %d is out of range (the scene has %d clips)", i, len(e.a.Clips))
		}
		if seen[i] || e.a.Clips[i] == nil {
			continue
		}
		seen[i] = true
		c := e.a.Clips[i]
		name := c.Info().Name
		if name == "" {
			name = fmt.Sprintf("clip %d", i)
		}
		e.clips = append(e.clips, &clipTrack{index: i, clip: c, name: name})
	}
	for _, c := range e.clips {
		if c.clip.Info().PlacesRoot {
			e.rootSlot = &slot{name: "root motion", node: -1}
		}
	}
	return nil
}

func (e *exporter) pivot(i int) vec3 {
	if i < 0 || e.sk.Pivot == nil {
		return vec3{}
	}
	return vec3Of(e.sk.Pivot[i])
}

// jointLocal is the local matrix of node i's joint node (placed at model · pivot)
// relative to its parent's joint node, in glTF space: the pipeline's formula in
// float64 (anim.Skeleton.JointLocalMatrix64) for the pose's sampled transform.
func (e *exporter) jointLocal(i int, pose *anim.Pose) affine {
	var r affine
	e.jointLocalInto(&r, i, pose)
	return r
}

// jointLocalInto is jointLocal writing into r.
func (e *exporter) jointLocalInto(r *affine, i int, pose *anim.Pose) {
	if e.sk.Inherit != nil {
		e.conv.affineInto(r, &e.inhJoint[i])
		return
	}
	var m anim.Affine64
	e.sk.JointLocalMatrix64(i, &pose.Local[i], &m)
	e.conv.affine64Into(r, &m)
}

func (e *exporter) bind() error {
	n := e.sk.Len()
	// The bind pose is every sampled transform the identity (the pose pipeline's
	// sampling stage with the bind-pose clip).
	pose := &anim.Pose{Local: make([]anim.Transform, n)}
	pose.Sample(e.sk, &anim.PoseRequest{A: anim.BindPose{}})
	e.poseSampled(pose)
	e.slots = make([]*slot, n)
	e.modelBind = make([]affine, n)
	e.skinBind = make([]affine, n)
	e.jointBind = make([]affine, n)
	for i := 0; i < n; i++ {
		name := e.sk.Names[i]
		if name == "" {
			name = fmt.Sprintf("node %d", e.sk.FileIndexOf(i))
		}
		jl := e.jointLocal(i, pose)
		if !jl.finite() {
			return e.errorf("node %d (%q): the bind pose is not finite", e.sk.FileIndexOf(i), name)
		}
		s := &slot{name: name, node: i, bind: decompose(jl, nil), hNode: -1, kNode: -1}
		s.helper = s.bind.needsHelper()
		e.slots[i] = s
		gb := jl
		if p := e.sk.Parents[i]; p >= 0 {
			gb = e.jointBind[p].mul(jl)
		}
		// Model and skin in float64: the formula's local matrix
		// (anim.Skeleton.LocalMatrix64) composed down the parents.
		var lm anim.Affine64
		e.sk.LocalMatrix64(i, &pose.Local[i], &lm)
		m := affine64Of(&lm)
		if p := e.sk.Parents[i]; p >= 0 {
			m = e.modelBind[p].mul(m)
		}
		e.modelBind[i] = m
		e.jointBind[i] = gb
		ib := identAffine
		if e.sk.InverseBind != nil {
			ib = affineOf(&e.sk.InverseBind[i])
		}
		e.skinBind[i] = m.mul(ib)
	}
	if e.rootSlot != nil {
		e.rootSlot.bind = decompose(identAffine, nil)
		e.rootSlot.hNode, e.rootSlot.kNode = -1, -1
		e.slots = append(e.slots, e.rootSlot)
	}
	return nil
}

// sampleTimes lists the clip's sample times in its native unit: every step of the
// resampling rate from 0 to the duration, the duration itself, and every key time
// the clip lists (anim.KeyTimesClip) inside that span. Sampling the composed matrices
// there makes the export exact at every frame and, for tracks that glTF LINEAR can
// follow, between them too.
func (e *exporter) sampleTimes(c *clipTrack) ([]float64, float64, error) {
	info := c.clip.Info()
	ups := info.UnitsPerSecond
	if !(ups > 0) || math.IsInf(ups, 0) {
		ups = 30
	}
	rate := e.opts.FPS
	if rate == 0 {
		rate = info.FrameRate()
	}
	step := ups / rate
	var keys []float64
	var ends []int // where each node's key times end in keys
	if e.scratch != nil {
		keys, ends = e.scratch.keys[:0], e.scratch.ends[:0]
		defer func() { e.scratch.keys, e.scratch.ends = keys, ends }()
	}
	if kc, ok := c.clip.(anim.KeyTimesClip); ok {
		for i := 0; i < e.sk.Len(); i++ {
			keys = kc.KeyTimes(i, keys)
			ends = append(ends, len(keys))
			if len(keys) > 4*e.opts.MaxSamples {
				break
			}
		}
	}
	c.keyTimes = len(keys)
	dur := info.Duration
	if math.IsNaN(dur) || dur < 0 {
		dur = 0
	}
	if math.IsInf(dur, 1) {
		dur = 0
		for _, k := range keys {
			if finite(k) && k > dur {
				dur = k
			}
		}
		if dur == 0 {
			dur = InfiniteClipSeconds * ups
		}
		e.warn("clip %q has no end: exported from 0 to %g %s", c.name, dur, info.Unit)
	}
	if dur/step > float64(e.opts.MaxSamples) {
		return nil, 0, e.errorf("clip %q: %g %s at %g samples per second is more than %d samples; lower --fps",
			c.name, dur, info.Unit, rate, e.opts.MaxSamples)
	}
	nsteps := int(math.Floor(dur/step + 1e-9))
	// Most nodes of a skeleton list the same key times as the node before them:
	// those are left out of the sort (the times are a set: the loop below keeps
	// one of equal values). That leaves the sorted times as they were unless
	// they hold a −0, which sorts as equal to +0 in an order that depends on
	// the input: then every node's times are sorted, as before.
	build := func(dedupe bool) []float64 {
		var ts []float64
		if e.scratch != nil {
			ts = e.scratch.ts[:0]
			defer func() { e.scratch.ts = ts }()
		}
		for k := 0; k <= nsteps; k++ {
			ts = append(ts, float64(k)*step)
		}
		ts = append(ts, dur)
		start := func(i int) int {
			if i == 0 {
				return 0
			}
			return ends[i-1]
		}
		for i, end := range ends {
			if dedupe && i > 0 && sameBits(keys[start(i):end], keys[start(i-1):start(i)]) {
				continue
			}
			for _, k := range keys[start(i):end] {
				if finite(k) && k >= 0 && k <= dur {
					ts = append(ts, k)
				}
			}
		}
		sort.Float64s(ts)
		return ts
	}
	ts := build(true)
	for _, t := range ts {
		if t == 0 && math.Signbit(t) {
			ts = build(false)
			break
		}
	}
	// glTF times are float32 seconds and must increase strictly.
	out := ts[:0]
	last := float32(-1)
	for _, t := range ts {
		s := float32(t / ups)
		if s <= last {
			continue
		}
		out = append(out, t)
		last = s
	}
	if len(out) > e.opts.MaxSamples {
		return nil, 0, e.errorf("clip %q has %d sample times, more than %d", c.name, len(out), e.opts.MaxSamples)
	}
	return out, ups, nil
}

// sameBits reports whether a and b hold the same values bit for bit.
func sameBits(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Float64bits(a[i]) != math.Float64bits(b[i]) {
			return false
		}
	}
	return true
}

// maxSampleWorkers caps the clips sampled at once (each holds its raw channels
// until it is done).
const maxSampleWorkers = 8

// sampleClips samples every clip, several at once: a clip is immutable and its
// samples depend on nothing but the clip and the skeleton, so the channels are
// those of one-by-one sampling. Warnings and the first error come out in clip
// order, as if the clips were sampled one after the other: the warnings of the
// clips before the first that fails, then its own and its error.
func (e *exporter) sampleClips() error {
	// Every clip's sample times are counted first, in clip order, so that the
	// whole work is bounded before any of it is done (and found again by the
	// clip's worker: holding them all would be up to 8 bytes a node sample, a
	// refused export's memory; finding them is a small part of sampling them).
	work, keyTimes := uint64(0), uint64(0)
	counter := *e
	counter.opts.Warn = nil // the worker gives the clip's warnings
	counter.scratch = &timesScratch{}
	for _, c := range e.clips {
		times, _, err := counter.sampleTimes(c)
		if err == nil {
			work += uint64(len(times)) * uint64(len(e.slots))
		}
		keyTimes += uint64(c.keyTimes)
		if work > uint64(e.opts.MaxNodeSamples) {
			return e.errorf("clip %q: the samples of the clips up to it times the animated nodes (%d) are %d, more than %d; lower --fps, export fewer clips (--clip) or raise --max-samples",
				c.name, len(e.slots), work, e.opts.MaxNodeSamples)
		}
		// The key times are gathered even where few fall inside a clip: a
		// thousand clips of no length, each listing its nodes' thousands of
		// keys, is minutes of sorting for one sample each.
		if keyTimes > maxKeyTimesPer*uint64(e.opts.MaxNodeSamples) {
			return e.errorf("clip %q: the clips up to it list %d key times, more than %d; export fewer clips (--clip) or raise --max-samples",
				c.name, keyTimes, maxKeyTimesPer*uint64(e.opts.MaxNodeSamples))
		}
	}
	workers := min(runtime.GOMAXPROCS(0), maxSampleWorkers, len(e.clips))
	next := make(chan *clipTrack)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for c := range next {
				c.err = e.forClip(c).sampleClip(c)
			}
		}()
	}
	// The longest clips first, so that no worker is left with a long one at the
	// end while the others idle (the order changes nothing in the results).
	order := make([]*clipTrack, len(e.clips))
	copy(order, e.clips)
	sort.SliceStable(order, func(i, j int) bool { return e.clipWork(order[i]) > e.clipWork(order[j]) })
	for _, c := range order {
		next <- c
	}
	close(next)
	wg.Wait()
	for _, c := range e.clips {
		for _, w := range c.warnings {
			e.warn("%s", w)
		}
		if c.err != nil {
			return c.err
		}
		for s, h := range c.helper {
			if h {
				e.slots[s].helper = true
			}
		}
	}
	return nil
}

// forClip is a copy of e for sampling clip c: its warnings go to the clip, and
// it has pose buffers of its own (inherit.go).
func (e *exporter) forClip(c *clipTrack) *exporter {
	je := *e
	je.inhModel, je.inhJoint = nil, nil
	je.inhJoints, je.inhInv, je.inhInvOK, je.inhParent = nil, nil, nil, nil
	je.inhLocal, je.inhChanged, je.inhValid = nil, nil, false
	je.opts.Warn = func(w string) { c.warnings = append(c.warnings, w) }
	return &je
}

// clipWork estimates a clip's samples (its duration times the resampling rate;
// 0 when that is not a finite number), to hand out the longest clips first.
func (e *exporter) clipWork(c *clipTrack) float64 {
	info := c.clip.Info()
	rate := e.opts.FPS
	if rate == 0 {
		rate = info.FrameRate()
	}
	w := info.Duration / info.UnitsPerSecond * rate
	if !finite(w) || w < 0 {
		return 0
	}
	return w
}

func (e *exporter) sampleClip(c *clipTrack) error {
	c.helper = make([]bool, len(e.slots))
	times, ups, err := e.sampleTimes(c)
	if err != nil {
		return err
	}
	// A node that needs helpers has a matrix that is not TRS, mostly from a non-unit
	// quaternion, whose scale across the rotation axis the engine's slerp does not
	// change linearly between keys (it bulges by up to half of 1−|q|²). glTF lerps
	// the scale: halving the sample spacing quarters that error.
	dense := denser(times, ups)
	if len(dense) > e.opts.MaxSamples {
		_, err := e.sampleAt(c, times, ups, false)
		return err
	}
	// The clip is sampled at the denser times as soon as a node needs helpers at
	// one of its own times: the rest of that pass would be thrown away. What it
	// would still have said is which other nodes need helpers (the helpers of a
	// clip are those of both passes), and the dense pass tells that where it can:
	// a node that needs helpers there has them anyway, and a node whose every
	// decomposition in the dense pass had the previous V = I bit for bit and a
	// diagonal AᵀA (decomposeInto's fast case) has V = I bit for bit at every one
	// of the clip's own times too (those are a subset, each continuing from V = I),
	// so it needs none. For any other node, or when the dense pass fails (the
	// clip's own times fail first, or not at all), both passes are run in full.
	st, err := e.sampleAt(c, times, ups, true)
	if err != nil || !st.helpers {
		return err
	}
	// c.helper keeps the helpers found before the abort; the dense pass adds its own.
	st, err = e.sampleAt(c, dense, ups, false)
	settled := err == nil
	for s := range e.slots {
		if !c.helper[s] && !st.fast[s] {
			settled = false
		}
	}
	if settled {
		return nil
	}
	for s := range c.helper {
		c.helper[s] = false
	}
	if st, err = e.sampleAt(c, times, ups, false); err != nil || !st.helpers {
		return err // not reached for a dense pass that failed (a helper was found)
	}
	_, err = e.sampleAt(c, dense, ups, false)
	return err
}

// denser returns times with the midpoint of every two consecutive times added
// (where it is a distinct float32 second).
func denser(times []float64, ups float64) []float64 {
	out := make([]float64, 0, 2*len(times))
	for k, t := range times {
		if k > 0 {
			mid := (times[k-1] + t) / 2
			if s := float32(mid / ups); s > float32(times[k-1]/ups) && s < float32(t/ups) {
				out = append(out, mid)
			}
		}
		out = append(out, t)
	}
	return out
}

// passState is what one sampling pass over a clip's times found.
type passState struct {
	// helpers: some node needed helpers at some sample (with abort, the pass
	// stopped at the first: its channels are incomplete).
	helpers bool
	// fast[s]: every decomposition of slot s in the pass was decomposeInto's fast
	// case (V = I before and after, bit for bit).
	fast []bool
}

// channel3 and channel4 hold one slot's channel of a clip while it is sampled:
// while every value is bit for bit the first (and equal to itself: not NaN),
// only the first is kept, since most channels of a character never move in a
// clip; the first other value writes out the run before it.
type channel3 struct {
	first [3]float32
	vals  [][3]float32
}

type channel4 struct {
	first [4]float32
	vals  [][4]float32
}

func (ch *channel3) set(k, n int, v [3]float32) {
	if ch.vals == nil {
		if k == 0 || v == ch.first && same3(&v, &ch.first) {
			ch.first = v
			return
		}
		ch.vals = make([][3]float32, n)
		for i := 0; i < k; i++ {
			ch.vals[i] = ch.first
		}
	}
	ch.vals[k] = v
}

func (ch *channel4) set(k, n int, v [4]float32) {
	if ch.vals == nil {
		if k == 0 || v == ch.first && same4(&v, &ch.first) {
			ch.first = v
			return
		}
		ch.vals = make([][4]float32, n)
		for i := 0; i < k; i++ {
			ch.vals[i] = ch.first
		}
	}
	ch.vals[k] = v
}

// at is the value at sample k.
func (ch *channel4) at(k int) [4]float32 {
	if ch.vals == nil {
		return ch.first
	}
	return ch.vals[k]
}

// repeat sets sample k to sample k−1's value.
func (ch *channel3) repeat(k int) {
	if ch.vals != nil {
		ch.vals[k] = ch.vals[k-1]
	}
}

func (ch *channel4) repeat(k int) {
	if ch.vals != nil {
		ch.vals[k] = ch.vals[k-1]
	}
}

// keys returns the channel as writeAnimations reads it: a channel that never
// moves as its first keys values (what constant3 gives for it), any other in
// full. A constant channel's keys are cut from block, which holds keys values
// for every channel of a pass (one allocation instead of one a channel).
func (ch *channel3) keys(keys int, block *[][3]float32) [][3]float32 {
	if ch.vals == nil {
		out := cut(block, keys)
		for i := range out {
			out[i] = ch.first
		}
		return out
	}
	if w, ok := constant3(ch.vals, keys); ok { // a copy of its first keys values
		return append(cut(block, keys)[:0], w...)
	}
	return ch.vals
}

func (ch *channel4) keys(keys int, block *[][4]float32) [][4]float32 {
	if ch.vals == nil {
		out := cut(block, keys)
		for i := range out {
			out[i] = ch.first
		}
		return out
	}
	if w, ok := constant4(ch.vals, keys); ok {
		return append(cut(block, keys)[:0], w...)
	}
	return ch.vals
}

// cut returns the first n values of *block (capacity n) and moves *block past
// them, allocating a block of its own when *block has fewer.
func cut[T any](block *[]T, n int) []T {
	if len(*block) < n {
		return make([]T, n)
	}
	out := (*block)[:n:n]
	*block = (*block)[n:]
	return out
}

func same3(a, b *[3]float32) bool {
	return math.Float32bits(a[0]) == math.Float32bits(b[0]) && math.Float32bits(a[1]) == math.Float32bits(b[1]) &&
		math.Float32bits(a[2]) == math.Float32bits(b[2])
}

func same4(a, b *[4]float32) bool {
	return math.Float32bits(a[0]) == math.Float32bits(b[0]) && math.Float32bits(a[1]) == math.Float32bits(b[1]) &&
		math.Float32bits(a[2]) == math.Float32bits(b[2]) && math.Float32bits(a[3]) == math.Float32bits(b[3])
}

// slotChannels are one slot's four channels while a clip is sampled.
type slotChannels struct {
	tr, scl   channel3
	rot, vrot channel4
}

// sampleAt samples the clip at times (in its unit) into c. With abort it stops at
// the first node that needs helpers (sampleClip then samples denser times).
func (e *exporter) sampleAt(c *clipTrack, times []float64, ups float64, abort bool) (passState, error) {
	c.passes++
	st := passState{fast: make([]bool, len(e.slots))}
	for s := range st.fast {
		st.fast[s] = true
	}
	c.times = times
	n := e.sk.Len()
	ns := len(e.slots)
	nt := len(times)
	ch := make([]slotChannels, ns)
	prev := make([]decomposition, ns)
	for s := range e.slots {
		prev[s] = e.slots[s].bind
	}
	// The pipeline's sampling stage gives the local transforms and the root; the
	// pose holds only the buffer that stage writes without probes (a full
	// anim.NewPose would add about 1 KB a node of probes and matrices export never
	// reads).
	pose := &anim.Pose{Local: make([]anim.Transform, n)}
	req := anim.PoseRequest{A: c.clip}
	c.secs = make([]float32, nt)
	// A node's channels at a sample are a pure function of its sampled transform
	// and the decomposition decompose continues from (the previous sample's). When
	// both are bit for bit those of the previous sample, the result is too, and the
	// previous sample's values are copied: most of a character's nodes hold still
	// for long stretches of a clip, and decompose is most of the export's time.
	memo := make([]sampleMemo, ns)
	// With inheritance flags a joint's local matrix depends on its ancestors'
	// transforms too (inherit.go), not on its own alone: no memo then.
	memoOK := e.sk.Inherit == nil
	// finish is the rest of slot s's sample k once its matrix is decomposed into
	// d (fast: decomposeInto's report); it reports whether the pass stops there
	// (abort, at a helper).
	finish := func(s, k int, d *decomposition, fast bool, pq *quat) (stop bool) {
		sl, sc := e.slots[s], &ch[s]
		if !fast {
			st.fast[s] = false
		}
		if sl.node >= 0 {
			memo[s].fixed = sameDecomposition(d, &prev[s])
		}
		prev[s] = *d
		var r, vr quat
		if fast { // V is the identity bit for bit: no helper, Vᵀ = identVT
			if pq != nil {
				r = *pq
			} else {
				r = d.pIdent()
			}
			vr = identVT
		} else {
			if d.needsHelper() {
				c.helper[s], st.helpers = true, true
				if abort {
					return true
				}
			}
			r, vr = d.P(), identVT
			if !isIdent3(&d.V) {
				vr = d.VT()
			}
		}
		// keepVT: the Vᵀ channel has held identVT at every sample so far and
		// this one is identVT too; the hemisphere test would keep it, so the
		// channel stays as it is (most nodes of a character, most samples).
		keepVT := fast && k > 0 && sc.vrot.vals == nil && same4(&sc.vrot.first, &identVT32)
		if k > 0 {
			// Hemisphere-continuous keys, so that every reader's slerp takes the
			// same (short) way.
			if r.dot(quat64(sc.rot.at(k-1))) < 0 {
				r = r.neg()
			}
			if !keepVT && vr.dot(quat64(sc.vrot.at(k-1))) < 0 {
				vr = vr.neg()
			}
		}
		sc.tr.set(k, nt, d.T.f32())
		sc.rot.set(k, nt, quat32(r))
		sc.scl.set(k, nt, d.S.f32())
		if !keepVT {
			sc.vrot.set(k, nt, quat32(vr))
		}
		return false
	}
	// A slot whose previous V is the identity waits (pend, its matrix pm) for a
	// second such slot of the same sample, and the two are decomposed together
	// (decomposeIdent2: their latencies overlap). Slots are independent within a
	// sample, so only the order of what can end the pass matters: a waiting slot
	// is finished before any later slot's error or abort, and at the sample's end.
	pend := -1
	var pm affine
	var dA, dB decomposition
	flush := func(k int) (stop bool) {
		if pend < 0 {
			return false
		}
		s := pend
		pend = -1
		return finish(s, k, &dA, decomposeInto(&dA, &pm, &prev[s]), nil)
	}
	var m affine
	var d decomposition
	for k, t := range times {
		c.secs[k] = float32(t / ups)
		req.TA = t
		pose.Sample(e.sk, &req)
		e.poseSampled(pose)
		for s, sl := range e.slots {
			sc := &ch[s]
			if sl.node >= 0 && memoOK {
				mo := &memo[s]
				x := &pose.Local[sl.node]
				if k > 0 && mo.fixed && sameTransform(x, &mo.local) {
					sc.tr.repeat(k)
					sc.rot.repeat(k)
					sc.scl.repeat(k)
					sc.vrot.repeat(k)
					continue
				}
				mo.local = *x
			}
			switch {
			case sl.node >= 0:
				e.jointLocalInto(&m, sl.node, pose)
			case pose.HasRoot:
				m = e.conv.affine(affineOf(&pose.Root))
			default:
				m = identAffine
			}
			if !m.finitePtr() {
				if flush(k) {
					return st, nil
				}
				return st, e.errorf("clip %q at %.6g %s: %s is not finite", c.name, t, c.clip.Info().Unit, e.slotName(sl))
			}
			inheritMemo := sl.node >= 0 && !memoOK
			if inheritMemo {
				// The same by the matrix itself: decompose is a function of it and prev.
				mo := &memo[s]
				if k > 0 && mo.fixed && sameAffine(&m, &mo.m) {
					sc.tr.repeat(k)
					sc.rot.repeat(k)
					sc.scl.repeat(k)
					sc.vrot.repeat(k)
					continue
				}
				mo.m = m
			}
			if isIdent3(&prev[s].V) {
				if pend < 0 {
					pend, pm = s, m
					continue
				}
				sA := pend
				pend = -1
				okA, okB := decomposeIdent2(&dA, &pm, &dB, &m)
				var pqA, pqB *quat
				if okA && okB { // both V = I: U·Vᵀ's quaternions side by side too
					qA, qB := pIdent2(&dA, &dB)
					pqA, pqB = &qA, &qB
				}
				if !okA {
					okA = decomposeInto(&dA, &pm, &prev[sA])
				}
				if finish(sA, k, &dA, okA, pqA) {
					return st, nil
				}
				if !okB {
					okB = decomposeInto(&dB, &m, &prev[s])
				}
				if finish(s, k, &dB, okB, pqB) {
					return st, nil
				}
				continue
			}
			if flush(k) {
				return st, nil
			}
			if finish(s, k, &d, decomposeInto(&d, &m, &prev[s]), nil) {
				return st, nil
			}
		}
		if flush(k) {
			return st, nil
		}
	}
	// A channel that never moves is written as its first keys (constant3): keep
	// only those, so that a clip's untouched channels do not stay in memory until
	// the document is written.
	keys := 1
	if len(c.secs) > 1 && c.secs[len(c.secs)-1] > c.secs[0] {
		keys = 2
	}
	c.tr = make([][][3]float32, ns)
	c.rot = make([][][4]float32, ns)
	c.scl = make([][][3]float32, ns)
	c.vrot = make([][][4]float32, ns)
	block3 := make([][3]float32, 2*keys*ns)
	block4 := make([][4]float32, 2*keys*ns)
	for s := range e.slots {
		c.tr[s] = ch[s].tr.keys(keys, &block3)
		c.rot[s] = ch[s].rot.keys(keys, &block4)
		c.scl[s] = ch[s].scl.keys(keys, &block3)
		c.vrot[s] = ch[s].vrot.keys(keys, &block4)
	}
	return st, nil
}

// sampleMemo is what one slot's channels at the last computed sample came from:
// the sampled transform, and whether decompose gave back the decomposition it
// continued from (then the same transform gives the same channels again).
type sampleMemo struct {
	local anim.Transform
	m     affine // the joint's local matrix, for skeletons with inheritance flags
	fixed bool
}

// sameAffine compares bit for bit.
func sameAffine(a, b *affine) bool {
	for i := 0; i < 3; i++ {
		if math.Float64bits(a.b[i]) != math.Float64bits(b.b[i]) {
			return false
		}
		for j := 0; j < 3; j++ {
			if math.Float64bits(a.A[i][j]) != math.Float64bits(b.A[i][j]) {
				return false
			}
		}
	}
	return true
}

// sameTransform compares bit for bit (−0 and 0 differ, as they may in the result).
func sameTransform(a, b *anim.Transform) bool {
	for i := 0; i < 3; i++ {
		if math.Float32bits(a.T[i]) != math.Float32bits(b.T[i]) || math.Float32bits(a.S[i]) != math.Float32bits(b.S[i]) ||
			math.Float32bits(a.Q.V[i]) != math.Float32bits(b.Q.V[i]) {
			return false
		}
	}
	return math.Float32bits(a.Q.W) == math.Float32bits(b.Q.W)
}

// sameDecomposition compares bit for bit.
func sameDecomposition(a, b *decomposition) bool {
	for i := 0; i < 3; i++ {
		if math.Float64bits(a.T[i]) != math.Float64bits(b.T[i]) || math.Float64bits(a.S[i]) != math.Float64bits(b.S[i]) {
			return false
		}
		for j := 0; j < 3; j++ {
			if math.Float64bits(a.U[i][j]) != math.Float64bits(b.U[i][j]) || math.Float64bits(a.V[i][j]) != math.Float64bits(b.V[i][j]) {
				return false
			}
		}
	}
	return true
}

func quat32(q quat) [4]float32 {
	return [4]float32{float32(q[0]), float32(q[1]), float32(q[2]), float32(q[3])}
}

func quat64(q [4]float32) quat {
	return quat{float64(q[0]), float64(q[1]), float64(q[2]), float64(q[3])}
}

// layoutNodes writes the node hierarchy: the armature root, the root-motion node,
// then per skeleton node its helper (when needed) and its joint node.
func (e *exporter) layoutNodes() {
	doc := e.doc
	doc.Nodes = append(doc.Nodes, &gltf.Node{Name: e.opts.Name, Rotation: [4]float64{0, 0, 0, 1}, Scale: [3]float64{1, 1, 1}})
	e.armature = 0
	doc.Scenes[0].Nodes = []int{0}
	doc.Scenes[0].Name = e.opts.Name
	top := e.armature
	addChild := func(parent int, nd *gltf.Node) int {
		doc.Nodes = append(doc.Nodes, nd)
		idx := len(doc.Nodes) - 1
		doc.Nodes[parent].Children = append(doc.Nodes[parent].Children, idx)
		return idx
	}
	place := func(sl *slot, parent int) {
		d := &sl.bind
		if sl.helper {
			sl.hNode = addChild(parent, &gltf.Node{Name: sl.name + " (helper)",
				Translation: d.T, Rotation: d.P(), Scale: [3]float64{1, 1, 1}})
			sl.kNode = addChild(sl.hNode, &gltf.Node{Name: sl.name + " (scale helper)",
				Rotation: conjugate(d.VT()), Scale: d.S})
			sl.jNode = addChild(sl.kNode, &gltf.Node{Name: sl.name, Rotation: d.VT(), Scale: [3]float64{1, 1, 1}})
			return
		}
		sl.jNode = addChild(parent, &gltf.Node{Name: sl.name, Translation: d.T, Rotation: d.P(), Scale: d.S})
	}
	if e.rootSlot != nil {
		place(e.rootSlot, top)
		top = e.rootSlot.jNode
	}
	for i := 0; i < e.sk.Len(); i++ {
		parent := top
		if p := e.sk.Parents[i]; p >= 0 {
			parent = e.slots[p].jNode
		}
		place(e.slots[i], parent)
	}
}

// writeAccessor adds an accessor for data in its own buffer view without a target
// (animation and inverse-bind data).
func writeData(doc *gltf.Document, data any) int {
	return modelerWrite(doc, gltf.TargetNone, data)
}

func (e *exporter) writeAnimations() {
	doc := e.doc
	slab := newDocSlab(e.reserveAnimations())
	writeData := func(doc *gltf.Document, data any) int {
		return writeAccessorFrom(doc, gltf.TargetNone, data, slab)
	}
	for _, c := range e.clips {
		an := &gltf.Animation{Name: c.name}
		// The sample times are written once, when a channel moves; a channel that
		// never moves gets two equal keys at the clip's first and last time (the
		// "ends"), so that a clip in which nothing moves keeps its duration.
		input, ends := -1, -1
		timesOf := func(constant bool) int {
			first, last := c.secs[0], c.secs[len(c.secs)-1]
			if constant {
				if ends < 0 {
					ts := []float32{first}
					if last > first {
						ts = append(ts, last)
					}
					ends = writeData(doc, ts)
					doc.Accessors[ends].Min = []float64{float64(first)}
					doc.Accessors[ends].Max = []float64{float64(last)}
				}
				return ends
			}
			if input < 0 {
				input = writeData(doc, c.secs)
				doc.Accessors[input].Min = []float64{float64(first)}
				doc.Accessors[input].Max = []float64{float64(last)}
			}
			return input
		}
		keys := 1
		if len(c.secs) > 1 && c.secs[len(c.secs)-1] > c.secs[0] {
			keys = 2
		}
		// The times (when first needed) are written before the keys.
		channel := func(node int, path gltf.TRSProperty, in, out int) {
			sa := slab.sampler()
			*sa = gltf.AnimationSampler{Input: in, Output: out, Interpolation: gltf.InterpolationLinear}
			an.Samplers = append(an.Samplers, sa)
			ch := slab.channel()
			*ch = gltf.AnimationChannel{Sampler: len(an.Samplers) - 1,
				Target: gltf.AnimationChannelTarget{Node: slab.index(node), Path: path}}
			an.Channels = append(an.Channels, ch)
		}
		channel3 := func(node int, path gltf.TRSProperty, data [][3]float32, constant bool) {
			in := timesOf(constant)
			channel(node, path, in, writeVecsFrom(doc, gltf.TargetNone, data, slab))
		}
		channel4 := func(node int, path gltf.TRSProperty, data [][4]float32, constant bool) {
			in := timesOf(constant)
			channel(node, path, in, writeVecsFrom(doc, gltf.TargetNone, data, slab))
		}
		for s, sl := range e.slots {
			trNode, sNode := sl.jNode, sl.jNode
			if sl.helper {
				trNode, sNode = sl.hNode, sl.kNode
			}
			tr, k := constant3(c.tr[s], keys)
			channel3(trNode, gltf.TRSTranslation, tr, k)
			rot, k := constant4(c.rot[s], keys)
			channel4(trNode, gltf.TRSRotation, rot, k)
			scl, k := constant3(c.scl[s], keys)
			channel3(sNode, gltf.TRSScale, scl, k)
			if sl.helper {
				vr, k := constant4(c.vrot[s], keys)
				channel4(sl.jNode, gltf.TRSRotation, vr, k)
				v := make([][4]float32, len(vr))
				for i, q := range vr {
					v[i] = [4]float32{-q[0], -q[1], -q[2], q[3]}
				}
				channel4(sl.kNode, gltf.TRSRotation, v, k)
			}
		}
		doc.Animations = append(doc.Animations, an)
	}
}

// reserveAnimations grows the buffer, the accessors and the buffer views by
// what writeAnimations adds at most (every channel of every clip in full, with
// the times and ends of every clip), so that they are allocated once rather
// than doubled again and again as the animations are written. It returns the
// most accessors and the channels writeAnimations adds.
func (e *exporter) reserveAnimations() (accessors, channels int) {
	doc := e.doc
	bytes := 0
	for _, c := range e.clips {
		bytes += 4*len(c.secs) + 8
		accessors += 2
		for s, sl := range e.slots {
			bytes += 12*len(c.tr[s]) + 16*len(c.rot[s]) + 12*len(c.scl[s])
			accessors, channels = accessors+3, channels+3
			if sl.helper {
				bytes += 2 * 16 * len(c.vrot[s])
				accessors, channels = accessors+2, channels+2
			}
		}
	}
	if len(doc.Buffers) == 0 {
		return accessors, channels
	}
	buf := doc.Buffers[len(doc.Buffers)-1]
	if need := bytes + 3; cap(buf.Data)-len(buf.Data) < need { // 3: the padding before the first
		// Exactly that (slices.Grow would round a large buffer up by a quarter).
		data := make([]byte, len(buf.Data), len(buf.Data)+need)
		copy(data, buf.Data)
		buf.Data = data
	}
	doc.Accessors = slices.Grow(doc.Accessors, accessors)
	doc.BufferViews = slices.Grow(doc.BufferViews, accessors)
	return accessors, channels
}

// constant3 returns a channel that never changes as keys (1 or 2) copies of its
// value, and true; or the channel itself and false.
func constant3(v [][3]float32, keys int) ([][3]float32, bool) {
	for _, x := range v[1:] {
		if x != v[0] {
			return v, false
		}
	}
	return v[:keys:keys], true
}

func constant4(v [][4]float32, keys int) ([][4]float32, bool) {
	for _, x := range v[1:] {
		if x != v[0] {
			return v, false
		}
	}
	return v[:keys:keys], true
}
