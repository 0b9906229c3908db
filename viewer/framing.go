package viewer

import (
	"math"
	"slices"

	"animscope/anim"

	"github.com/go-gl/mathgl/mgl32"
)

// Framing is the box a camera frames, in the scene's own space (before the view's
// up-axis and mirror placement): the joints and mesh vertices of a pose, or of a
// clip's whole motion, without outliers.
type Framing struct {
	Lo, Hi mgl32.Vec3
	// Points is how many points the box was made from, Outliers how many of them
	// were left out.
	Points, Outliers int
}

// Empty reports whether the framing holds no point.
func (f Framing) Empty() bool { return f.Points-f.Outliers <= 0 }

// outlierFactor: a point farther from the points' median than this many times
// their median distance from it is an outlier (an attachment or helper joint
// parked far from the model, a stray vertex) and is not framed. A body's own
// joints and vertices lie within about twice the median distance.
const outlierFactor = 4

// maxFramingPoints caps the mesh vertices a framing reads (every nth vertex), so
// that framing a scene of millions of vertices over a whole clip stays quick.
const maxFramingPoints = 200_000

// bindFraming frames the scene at rest (the bind pose, or clip 0's first frame for
// a family whose nodes only the clip places), the same way whatever route opened
// it: opening frames this, never the pose of the moment.
func (sc *Scene) bindFraming() Framing {
	p := anim.NewPose(sc.Skel.Len())
	p.Evaluate(sc.Skel, &anim.PoseRequest{A: sc.Clips[0], Rest: true})
	stride := (sc.vertexCount() + maxFramingPoints - 1) / maxFramingPoints
	return robustFraming(sc.PosePoints(p, nil, stride))
}

// framingSamples is how many times motionFraming poses a clip at most.
const framingSamples = 48

// motionFraming frames clip's whole motion: the union of its poses at up to 48
// times over the clip (every frame of a short clip; the first 10 seconds of an
// endless one), under the root policy, less outliers, so that the box does not
// change with the moment and holds every pose of the clip.
func (sc *Scene) motionFraming(clip int, root anim.RootPolicy) Framing {
	if clip < 0 || clip >= len(sc.Clips) {
		clip = 0
	}
	times := framingTimes(sc.Infos[clip])
	stride := 1
	if v := sc.vertexCount() * len(times); v > maxFramingPoints {
		stride = (v + maxFramingPoints - 1) / maxFramingPoints
	}
	p := anim.NewPose(sc.Skel.Len())
	var pts []mgl32.Vec3
	for _, t := range times {
		p.Evaluate(sc.Skel, &anim.PoseRequest{A: sc.Clips[clip], TA: t, Root: root})
		pts = sc.PosePoints(p, pts, stride)
	}
	return robustFraming(pts)
}

func (sc *Scene) vertexCount() int {
	n := 0
	for _, me := range sc.Meshes {
		if !me.Hidden {
			n += len(me.Positions)
		}
	}
	return n
}

// PosePoints appends the joints of pose p and every stride-th vertex of the
// visible meshes, skinned by p (the vertex rule the renderer draws with).
func (sc *Scene) PosePoints(p *anim.Pose, pts []mgl32.Vec3, stride int) []mgl32.Vec3 {
	if stride < 1 {
		stride = 1
	}
	for i := 0; i < sc.Skel.Len(); i++ {
		pts = append(pts, sc.Skel.JointPosition(i, p.Model))
	}
	skin := sc.meshSkin(p)
	n := len(skin)
	for _, me := range sc.Meshes {
		if me.Hidden {
			continue
		}
		for v := 0; v < len(me.Positions); v += stride {
			pos := me.Positions[v]
			var q mgl32.Vec3
			switch {
			case me.Joints != nil && v < len(me.Joints) && v < len(me.Weights):
				for k := 0; k < 8; k++ {
					var j int
					var w float32
					if k < 4 {
						j, w = int(me.Joints[v][k]), me.Weights[v][k]
					} else if v < len(me.Joints2) && v < len(me.Weights2) {
						j, w = int(me.Joints2[v][k-4]), me.Weights2[v][k-4]
					}
					if w != 0 && j < n {
						q = q.Add(skin[j].TransformPoint(pos).Mul(w))
					}
				}
			case me.Node >= 0 && me.Node < n:
				q = skin[me.Node].TransformPoint(pos)
			default:
				q = pos
			}
			pts = append(pts, q)
		}
	}
	return pts
}

// robustFraming is the box of pts less their outliers: points farther from the
// per-axis median than outlierFactor times the median distance to it. When most
// points coincide (the median distance is 0) every finite point counts.
func robustFraming(pts []mgl32.Vec3) Framing {
	finite := pts[:0:0]
	for _, p := range pts {
		if isFinite3(p) {
			finite = append(finite, p)
		}
	}
	f := Framing{Points: len(finite)}
	if len(finite) == 0 {
		return f
	}
	var med mgl32.Vec3
	vals := make([]float32, len(finite))
	for a := 0; a < 3; a++ {
		for i, p := range finite {
			vals[i] = p[a]
		}
		med[a] = median(vals)
	}
	for i, p := range finite {
		vals[i] = p.Sub(med).Len()
	}
	lim := float32(math.Inf(1))
	if m := median(vals); m > 0 {
		lim = outlierFactor * m
	}
	inf := float32(math.Inf(1))
	f.Lo, f.Hi = mgl32.Vec3{inf, inf, inf}, mgl32.Vec3{-inf, -inf, -inf}
	for _, p := range finite {
		if p.Sub(med).Len() > lim {
			f.Outliers++
			continue
		}
		for a := 0; a < 3; a++ {
			f.Lo[a] = min(f.Lo[a], p[a])
			f.Hi[a] = max(f.Hi[a], p[a])
		}
	}
	return f
}

// median sorts vals and returns the middle value (the mean of the two middle
// ones for an even count).
func median(vals []float32) float32 {
	slices.Sort(vals)
	n := len(vals)
	if n%2 == 1 {
		return vals[n/2]
	}
	return (vals[n/2-1] + vals[n/2]) / 2
}

func isFinite3(p mgl32.Vec3) bool {
	for _, c := range p {
		if math.IsNaN(float64(c)) || math.IsInf(float64(c), 0) {
			return false
		}
	}
	return true
}

// TakeFraming answers a pending frame request and clears it: on open, the bind
// framing of the scene (and scene B); on "frame all" (Requests.FrameAll), the
// framing of the current clip's whole motion; on F with a node selected
// (Requests.FrameSelection), the selection's motion (in B, its matched node's).
// ok is false when nothing was asked. The boxes are in each scene's own space:
// the GUI places them with the scene matrix.
func (s *State) TakeFraming() (a, b Framing, ok bool) {
	if s.Scene == nil || !(s.Req.FrameOpen || s.Req.FrameAll || s.Req.FrameSelection) {
		return a, b, false
	}
	open, all := s.Req.FrameOpen, s.Req.FrameAll
	s.Req.FrameOpen, s.Req.FrameAll, s.Req.FrameSelection = false, false, false
	sel := s.Selected
	if sel < 0 || sel >= s.Scene.Skel.Len() {
		all = true
	}
	root := anim.RootOwn
	if s.View.RootMotion {
		root = anim.RootLocomotion
	}
	frame := func(sc *Scene, node int) Framing {
		clip := min(s.Clip, len(sc.Clips)-1)
		switch {
		case open:
			return sc.bindFraming()
		case all:
			return sc.motionFraming(clip, root)
		case node < 0:
			return Framing{}
		}
		return sc.selectionFraming(clip, root, node)
	}
	a = frame(s.Scene, sel)
	if s.SceneB != nil {
		b = frame(s.SceneB, s.MatchedB(sel))
	}
	return a, b, true
}

// selectionFraming frames node's part of clip's motion: the node's joint and
// its children's joints, and the vertices of meshes bound to the node alone,
// at the times motionFraming poses. A box smaller than a tenth of the scene's
// bind framing grows to that size about its centre, so that a lone joint is
// seen with its surroundings rather than filling the view.
func (sc *Scene) selectionFraming(clip int, root anim.RootPolicy, node int) Framing {
	if node < 0 || node >= sc.Skel.Len() {
		return Framing{}
	}
	if clip < 0 || clip >= len(sc.Clips) {
		clip = 0
	}
	times := framingTimes(sc.Infos[clip])
	p := anim.NewPose(sc.Skel.Len())
	inf := float32(math.Inf(1))
	f := Framing{Lo: mgl32.Vec3{inf, inf, inf}, Hi: mgl32.Vec3{-inf, -inf, -inf}}
	add := func(q mgl32.Vec3) {
		if !isFinite3(q) {
			return
		}
		f.Points++
		for a := 0; a < 3; a++ {
			f.Lo[a] = min(f.Lo[a], q[a])
			f.Hi[a] = max(f.Hi[a], q[a])
		}
	}
	for _, t := range times {
		p.Evaluate(sc.Skel, &anim.PoseRequest{A: sc.Clips[clip], TA: t, Root: root})
		add(sc.Skel.JointPosition(node, p.Model))
		for _, c := range sc.Children[node] {
			add(sc.Skel.JointPosition(int(c), p.Model))
		}
		if skin := sc.meshSkin(p); node < len(skin) {
			for _, me := range sc.Meshes {
				if me.Hidden || me.Joints != nil || me.Node != node {
					continue
				}
				for _, v := range me.Positions {
					add(skin[node].TransformPoint(v))
				}
			}
		}
	}
	if f.Empty() {
		return f
	}
	bind := sc.bindFraming()
	if bind.Empty() {
		return f
	}
	minR := bind.Hi.Sub(bind.Lo).Len() / 2 * 0.1
	if r := f.Hi.Sub(f.Lo).Len() / 2; r < minR {
		c := f.Lo.Add(f.Hi).Mul(0.5)
		h := mgl32.Vec3{1, 1, 1}.Mul(minR / float32(math.Sqrt(3)))
		f.Lo, f.Hi = c.Sub(h), c.Add(h)
	}
	return f
}

// framingTimes are the times motionFraming poses clip at: up to 48 over the
// clip (every frame of a short clip; the first 10 seconds of an endless one).
func framingTimes(info anim.ClipInfo) []float64 {
	d := info.Duration
	if math.IsInf(d, 1) || math.IsNaN(d) || d < 0 {
		ups := info.UnitsPerSecond
		if !(ups > 0) || math.IsInf(ups, 0) {
			ups = 1
		}
		d = 10 * ups
	}
	n := framingSamples
	if st := info.FrameStep(); st > 0 && d/st+1 < float64(n) {
		n = int(d/st) + 1
	}
	if d == 0 {
		n = 1
	}
	ts := make([]float64, n)
	for i := range ts {
		if n > 1 {
			ts[i] = d * float64(i) / float64(n-1)
		}
	}
	return ts
}
