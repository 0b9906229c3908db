package viewer

import (
	"fmt"
	"math"
	"slices"

	"animscope/anim"
	"animscope/formats"

	"github.com/go-gl/mathgl/mgl32"
)

// GraphChannel is one kind of curve in the graph editor.
type GraphChannel int

// The graph editor's channels: translation, the rotation quaternion, the rotation
// as Euler angles in degrees, scale.
const (
	GraphTX GraphChannel = iota
	graphTY
	graphTZ
	GraphQW
	GraphQX
	graphQY
	GraphQZ
	GraphRX
	graphRY
	GraphRZ
	GraphSX
	graphSY
	graphSZ
	NumGraphChannels
)

// GraphChannelNames are the channels' legend names, in GraphChannel order.
var GraphChannelNames = [NumGraphChannels]string{
	"t.x", "t.y", "t.z", "q.w", "q.x", "q.y", "q.z", "rot.x", "rot.y", "rot.z", "s.x", "s.y", "s.z",
}

// Lane is one of the graph's stacked plots; channels of one lane share a value
// axis and its unit.
type Lane int

// The graph's lanes.
const (
	LaneTranslation Lane = iota
	LaneRotation
	laneScale
	NumLanes
)

// LaneOf is the lane a channel is drawn in.
func LaneOf(c GraphChannel) Lane {
	switch {
	case c <= graphTZ:
		return LaneTranslation
	case c <= GraphRZ:
		return LaneRotation
	}
	return laneScale
}

// LaneUnit is the value axis's title: what the lane shows and in which unit.
// Translation is in the file's own length unit, which the formats do not name.
func LaneUnit(l Lane, r graphRotation) string {
	switch l {
	case LaneTranslation:
		return "translation (file units)"
	case LaneRotation:
		if r == RotationEuler {
			return "rotation (degrees)"
		}
		return "rotation (quaternion)"
	}
	return "scale (factor)"
}

// graphRotation is how the graph shows rotation.
type graphRotation int

const (
	// RotationQuat plots the quaternion's w, x, y, z as the clip gives them.
	RotationQuat graphRotation = iota
	// RotationEuler plots Euler angles in degrees (eulerXYZ), unwrapped along
	// the curve so that they do not jump by 360°.
	RotationEuler
)

// GraphSide says where a curve's pose comes from.
type GraphSide int

const (
	// SideA is the scene's current clip.
	SideA GraphSide = iota
	// SideB is compare mode's scene B (the matched node, the same clip index).
	SideB
	// SideBlend is the blend's clip B, on the scene, at the time the blend gives
	// it for each time of clip A.
	SideBlend
)

// SideSuffix is the legend's mark for a side.
var SideSuffix = [3]string{"", " (B)", " (blend B)"}

// maxGraphNodes is how many nodes the graph plots at once.
const maxGraphNodes = 8

// graphCurve is one sampled channel of one node on one side.
type graphCurve struct {
	Node    int // the node in scene A (a B curve belongs to A's node it matches)
	Side    GraphSide
	Channel GraphChannel
	Name    string    // the node's name (scene A's for every side)
	Label   string    // the full name: "Bone0 t.x (B)"
	V       []float32 // one value per Graph.X
	// KeyX, KeyV are the node's keys on this curve: the key times (in clip A's
	// time) and the curve's value at each.
	KeyX []float64
	KeyV []float32
}

type graphKey struct {
	genA, genB       Revision
	optsA, optsB     string
	clip             int
	blend            bool
	clipB            int
	nodes            [maxGraphNodes]int
	nNodes           int
	conjA, conjB     bool
	durA, durB       float64
	matched          [maxGraphNodes]int
	hasScene, hasSeB bool
}

// Graph is the graph editor's model: the curves of the chosen nodes over clip A,
// sampled once per (scenes, clip, nodes, reading) into arrays the
// window draws every frame without allocating, and the view's zoom and pan.
type Graph struct {
	// Rotation is the rotation's form; Show turns channels on and off.
	Rotation graphRotation
	Show     [NumGraphChannels]bool
	// Also are nodes plotted besides the selection (ctrl-click in the tree).
	Also []int

	// Nodes are the plotted nodes (the selection first), Info clip A's
	// description, X the sample times (clip A's unit), Curves every channel of
	// every node on every side.
	Nodes  []int
	Info   anim.ClipInfo
	X      []float64
	Curves []graphCurve
	// Gen counts resamplings, so that views caching on the curves know.
	Gen int

	View graphView
	key  graphKey
	// scene is the scene the extra nodes were picked in: another file's
	// scene drops them (a reload of the same files keeps them).
	scene *Scene
}

// NewGraph shows translation and rotation; scale, most often 1 throughout, is
// a click away.
func NewGraph() *Graph {
	g := &Graph{}
	for c := GraphTX; c <= GraphRZ; c++ {
		g.Show[c] = true
	}
	g.View.Fit = true
	return g
}

// Visible says whether curve c is drawn: its channel is on and belongs to the
// rotation form chosen.
func (g *Graph) Visible(c GraphChannel) bool {
	if !g.Show[c] {
		return false
	}
	switch {
	case c >= GraphQW && c <= GraphQZ:
		return g.Rotation == RotationQuat
	case c >= GraphRX && c <= GraphRZ:
		return g.Rotation == RotationEuler
	}
	return true
}

// ToggleAlso adds node i to the plotted nodes, or removes it.
func (g *Graph) ToggleAlso(i int) {
	for k, n := range g.Also {
		if n == i {
			g.Also = append(g.Also[:k], g.Also[k+1:]...)
			return
		}
	}
	if len(g.Also) < maxGraphNodes-1 {
		g.Also = append(g.Also, i)
	}
}

// Has says whether node i is among the extra plotted nodes.
func (g *Graph) Has(i int) bool {
	for _, n := range g.Also {
		if n == i {
			return true
		}
	}
	return false
}

// graphSamples is how many times a curve is sampled: twice per frame of the
// clip, at least 257 and at most 1025 (about one per pixel of a wide graph).
func graphSamples(info anim.ClipInfo, d float64) int {
	if !(d > 0) {
		return 1
	}
	n := 257
	if st := info.FrameStep(); st > 0 {
		if f := 2*d/st + 1; f > float64(n) {
			n = int(min(f, 1025))
		}
	}
	return n
}

// graphDuration is the span a graph covers: clip A's duration, or its first 10
// seconds when it is endless.
func graphDuration(info anim.ClipInfo) float64 {
	d := info.Duration
	if math.IsInf(d, 1) {
		ups := info.UnitsPerSecond
		if !(ups > 0) || math.IsInf(ups, 0) {
			ups = 1
		}
		d = 10 * ups
	}
	if !(d >= 0) || d > 1e12 {
		d = 0
	}
	return d
}

// Update resamples the curves when what they show changed since the last call
// (the scenes, the clip, the blend, the nodes, the reading) and reports whether
// it did; both rotation forms are sampled, so switching between them is a
// matter of showing. Otherwise it costs building and comparing that
// key, without allocating.
func (g *Graph) Update(s *State) bool {
	if s.Scene != g.scene {
		if g.scene != nil && (s.Scene == nil || !slices.Equal(g.scene.Files, s.Scene.Files)) {
			g.Also = g.Also[:0]
		}
		g.scene = s.Scene
	}
	k := g.keyFor(s)
	if k == g.key && g.Gen > 0 {
		return false
	}
	g.key = k
	g.Gen++
	g.Nodes, g.X = g.Nodes[:0], nil
	g.Curves = nil
	if !k.hasScene {
		return true
	}
	g.Nodes = append(g.Nodes, k.nodes[:k.nNodes]...)
	sc := s.Scene
	g.Info = sc.Infos[s.Clip]
	d := graphDuration(g.Info)
	n := graphSamples(g.Info, d)
	g.X = make([]float64, n)
	for i := range g.X {
		if n > 1 {
			g.X[i] = d * float64(i) / float64(n-1)
		}
	}
	pairs := make([]nodePair, 0, len(g.Nodes))
	for _, node := range g.Nodes {
		pairs = append(pairs, nodePair{node, node})
	}
	g.report(s, sc, g.addSide(sc, sc.Clips[s.Clip], pairs, SideA, identityTime))
	if k.hasSeB {
		sb := s.SceneB
		var pb []nodePair
		for i, node := range g.Nodes {
			if m := k.matched[i]; m >= 0 {
				pb = append(pb, nodePair{node, m})
			}
		}
		g.report(s, sb, g.addSide(sb, sb.Clips[min(s.Clip, len(sb.Clips)-1)], pb, SideB, identityTime))
	}
	if k.blend {
		clipB := sc.Clips[k.clipB]
		da, db := k.durA, k.durB
		// Clip B's whole span lies over A's (State.TimeB's rule when synced; a
		// B running on its own is shown the same way, its cursor at its own time).
		mapT := identityTime
		if da > 0 && db > 0 && !math.IsInf(da, 1) && !math.IsInf(db, 1) {
			mapT = timeMap{scale: db / da}
		}
		g.report(s, sc, g.addSide(sc, clipB, pairs, SideBlend, mapT))
	}
	g.View.Fit = true
	return true
}

// report adds a side's sampling failure to the diagnostics (once per rebuild).
func (g *Graph) report(s *State, sc *Scene, err error) {
	if err != nil {
		s.AddDiag(formats.Error, "%s: graph: %v", sc.Name(), err)
	}
}

func (g *Graph) keyFor(s *State) graphKey {
	var k graphKey
	if s.Scene == nil {
		return k
	}
	sc := s.Scene
	k.hasScene = true
	k.genA, k.optsA, k.clip = sc.Gen, sc.optsKey, s.Clip
	k.conjA = sc.Asset.ConjugatedRotation
	add := func(i int) {
		if i < 0 || i >= sc.Skel.Len() || k.nNodes == maxGraphNodes {
			return
		}
		for _, n := range k.nodes[:k.nNodes] {
			if n == i {
				return
			}
		}
		k.nodes[k.nNodes] = i
		k.nNodes++
	}
	add(s.Selected)
	for _, i := range g.Also {
		add(i)
	}
	if s.SceneB != nil {
		k.hasSeB = true
		k.genB, k.optsB, k.conjB = s.SceneB.Gen, s.SceneB.optsKey, s.SceneB.Asset.ConjugatedRotation
		for i := range k.nodes[:k.nNodes] {
			k.matched[i] = s.MatchedB(k.nodes[i])
			if k.matched[i] >= s.SceneB.Skel.Len() {
				k.matched[i] = -1
			}
		}
	}
	if s.BlendOn() {
		k.blend, k.clipB = true, s.Blend.ClipB
		k.durA, k.durB = s.Info().Duration, s.InfoB().Duration
	}
	return k
}

// nodePair is a plotted node: as, the node in scene A the curves belong to, and
// node, the node sampled (B's match in compare mode).
type nodePair struct{ as, node int }

// addSide samples the nodes of scene sc under clip at each of the graph's times
// mapped by mapT, and appends one curve per node and channel. Each time is
// sampled once for all the nodes (a clip samples the whole skeleton), and each
// distinct key time once for the nodes keyed there.
func (g *Graph) addSide(sc *Scene, clip anim.Clip, pairs []nodePair, side GraphSide, mapT timeMap) (failed error) {
	n := len(g.X)
	base := len(g.Curves)
	for _, p := range pairs {
		name := sc.NodeLabel(int(p.node))
		if side != SideA {
			name = g.nameOfA(p.as, name)
		}
		for c := GraphChannel(0); c < NumGraphChannels; c++ {
			g.Curves = append(g.Curves, graphCurve{Node: p.as, Side: side, Channel: c, Name: name,
				Label: name + " " + GraphChannelNames[c] + SideSuffix[side], V: make([]float32, n)})
		}
	}
	curvesOf := func(k int) []graphCurve {
		at := base + k*int(NumGraphChannels)
		return g.Curves[at : at+int(NumGraphChannels)]
	}
	pose := &anim.Pose{Local: make([]anim.Transform, sc.Skel.Len())}
	req := anim.PoseRequest{A: clip}
	conj := sc.Asset.ConjugatedRotation
	if err := pose.ValidateSample(sc.Skel, &req); err != nil {
		return err
	}
	// sample poses the clip at A's time t; a sampler that panics leaves that
	// sample out (NaN on the curves) and the first such failure is returned.
	sample := func(t float64) bool {
		req.TA = mapT.of(t)
		p := guarded(func() { pose.Sample(sc.Skel, &req) })
		if p != nil && failed == nil {
			failed = fmt.Errorf("sampling at %g failed: %v", req.TA, p)
		}
		return p == nil
	}
	// values are node's channels in the pose just sampled, its Euler angles
	// unwrapped against prev (nil: the curve's first sample).
	values := func(node int, prev *[3]float64) [NumGraphChannels]float32 {
		x := pose.Local[node]
		if conj {
			x.Q = anim.Conjugate(x.Q)
		}
		e := eulerXYZ(x.Q)
		if prev != nil {
			for a := range e {
				e[a] = unwrap(e[a], prev[a])
			}
		}
		return [NumGraphChannels]float32{x.T[0], x.T[1], x.T[2], x.Q.W, x.Q.V[0], x.Q.V[1], x.Q.V[2],
			float32(e[0]), float32(e[1]), float32(e[2]), x.S[0], x.S[1], x.S[2]}
	}
	nan := float32(math.NaN())
	prev := make([][3]float64, len(pairs))
	for i, t := range g.X {
		ok := sample(t)
		for k, p := range pairs {
			curves := curvesOf(k)
			if !ok {
				for c := range curves {
					curves[c].V[i] = nan
				}
				continue
			}
			var pp *[3]float64
			if i > 0 {
				pp = &prev[k]
			}
			vals := values(p.node, pp)
			prev[k] = [3]float64{float64(vals[GraphRX]), float64(vals[graphRY]), float64(vals[GraphRZ])}
			for c := range curves {
				curves[c].V[i] = vals[c]
			}
		}
	}
	// The keys: the times the clip lists for each node, placed on A's time
	// axis and within the graph.
	kt, ok := clip.(anim.KeyTimesClip)
	if !ok {
		return failed
	}
	d := 0.0
	if n > 0 {
		d = g.X[n-1]
	}
	keyed := map[float64][]int{} // A's time → the pairs keyed there
	var buf []float64
	for k, p := range pairs {
		if e := guarded(func() { buf = kt.KeyTimes(p.node, buf[:0]) }); e != nil {
			buf = buf[:0] // the node lists no keys
			if failed == nil {
				failed = fmt.Errorf("key times of node %d: %v", p.node, e)
			}
		}
		for _, tk := range buf {
			if x, ok := mapT.keyToA(tk, d); ok && !slices.Contains(keyed[x], k) {
				keyed[x] = append(keyed[x], k)
			}
		}
	}
	xs := make([]float64, 0, len(keyed))
	for x := range keyed {
		xs = append(xs, x)
	}
	slices.Sort(xs)
	for _, x := range xs {
		if !sample(x) {
			continue
		}
		// The Euler value at a key continues its curve's unwrapping from the
		// nearest sample.
		j := nearestIndex(g.X, x)
		for _, k := range keyed[x] {
			curves := curvesOf(k)
			pp := &[3]float64{float64(curves[GraphRX].V[j]), float64(curves[graphRY].V[j]), float64(curves[GraphRZ].V[j])}
			vals := values(pairs[k].node, pp)
			for c := range curves {
				curves[c].KeyX = append(curves[c].KeyX, x)
				curves[c].KeyV = append(curves[c].KeyV, vals[c])
			}
		}
	}
	return failed
}

// timeMap maps a time of clip A to the time a curve's clip is sampled at: 1 for
// A and compare B; B's duration over A's for the blend's clip B.
type timeMap struct{ scale float64 }

var identityTime = timeMap{scale: 1}

func (m timeMap) of(t float64) float64 {
	return t * m.scale
}

// keyToA places a key at time tk of the sampled clip on clip A's time axis
// 0..d.
func (m timeMap) keyToA(tk, d float64) (float64, bool) {
	if !(m.scale > 0) {
		return 0, false
	}
	x := tk / m.scale
	if !(x >= 0 && x <= d) {
		return 0, false
	}
	return x, true
}

func nearestIndex(xs []float64, x float64) int {
	best, bd := 0, math.Inf(1)
	for i, v := range xs {
		if dd := math.Abs(v - x); dd < bd {
			best, bd = i, dd
		}
	}
	return best
}

// nameOfA is the legend name of a B-side curve: A's node name, as the curves
// of one node share it.
func (g *Graph) nameOfA(as int, fallback string) string {
	for _, c := range g.Curves {
		if c.Node == as && c.Side == SideA {
			return c.Name
		}
	}
	return fallback
}

// eulerXYZ is the rotation q as angles in degrees about X, Y and Z applied in
// that order (R = Rz·Ry·Rx): X and Z in (−180, 180], Y in [−90, 90]. q need not
// be unit length.
func eulerXYZ(q mgl32.Quat) [3]float64 {
	w, x, y, z := float64(q.W), float64(q.V[0]), float64(q.V[1]), float64(q.V[2])
	n := math.Sqrt(w*w + x*x + y*y + z*z)
	if !(n > 0) || math.IsInf(n, 0) {
		return [3]float64{}
	}
	w, x, y, z = w/n, x/n, y/n, z/n
	sy := 2 * (w*y - z*x)
	sy = max(-1, min(1, sy))
	deg := 180 / math.Pi
	return [3]float64{
		math.Atan2(2*(w*x+y*z), 1-2*(x*x+y*y)) * deg,
		math.Asin(sy) * deg,
		math.Atan2(2*(w*z+x*y), 1-2*(y*y+z*z)) * deg,
	}
}

// unwrap is angle a (degrees) moved by whole turns to lie within 180° of prev,
// so that a curve crossing ±180° continues instead of jumping.
func unwrap(a, prev float64) float64 {
	if math.IsNaN(a) || math.IsNaN(prev) || math.IsInf(prev, 0) {
		return a
	}
	return a - 360*math.Round((a-prev)/360)
}
