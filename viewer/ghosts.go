package viewer

import (
	"math"
	"slices"

	"animscope/anim"
	"animscope/formats"

	"github.com/go-gl/mathgl/mgl32"
)

// Limits of the onion skin and the motion trails.
const (
	// MaxGhosts is the most ghost poses on each side of now.
	MaxGhosts = 16
	// DefaultGhostFrames is the default ghost step in frame steps of the clip
	// (anim.ClipInfo.FrameStep): one frame apart the poses of a 30 fps clip
	// barely differ, four apart they read as motion.
	DefaultGhostFrames = 4
	// MaxTrails is the most joints with a trail at once.
	MaxTrails = 8
	// trailMaxPoints bounds the samples of a trail: a longer span is sampled
	// more coarsely than one frame step.
	trailMaxPoints = 256
	// trailMaxKeys bounds the key marks of one trail.
	trailMaxKeys = 256
)

// Ghost tints: before now and after now; the nearest ghost has ghostAlpha,
// farther ones fade linearly.
var (
	ghostBeforeColor = [3]float32{1.00, 0.38, 0.32}
	ghostAfterColor  = [3]float32{0.32, 0.90, 0.52}
)

const ghostAlpha = 0.8

// MotionSettings say what the onion skin, the trails and the joint overlays
// show (the View menu; `render` and `shot` --ghosts, --ghost-step, --trail).
type MotionSettings struct {
	// Ghosts is the number of ghost poses on each side of now (0: none).
	Ghosts int
	// GhostStep is the time between ghosts in the clip's unit (0 or less:
	// DefaultGhostStep).
	GhostStep float64
	// GhostMesh draws the ghosts' meshes (tinted, translucent) besides their
	// skeletons.
	GhostMesh bool
	// Trails are the nodes whose joint draws its path.
	Trails []int
	// TrailSelected draws the selected node's path too.
	TrailSelected bool
	// TrailWindow, when above 0, limits the trails to now ± this many units of
	// the clip; 0 draws them over the whole play range.
	TrailWindow float64
	// Labels writes every joint's name beside it; JointAxes draws each joint's
	// X, Y and Z axes.
	Labels, JointAxes bool
}

// DefaultGhostStep is the ghost step of a clip when none is asked for:
// DefaultGhostFrames frame steps.
func DefaultGhostStep(info anim.ClipInfo) float64 {
	return DefaultGhostFrames * info.FrameStep()
}

// motion is the onion skin and the trails of the scene as the state shows it
// this frame: the ghost poses and the trail points, in buffers it owns and
// reuses, evaluated through the pose pipeline on a pose of its own (the
// scene's pose, its sampling contexts and cursors stay as the main pose left
// them). Update fills them; a steady frame allocates nothing.
type motion struct {
	MotionSettings

	// GhostModel and GhostSkin hold the ghosts' model matrices and skin palettes,
	// one ghost after the other (ghost g's at g·nodes); GhostTints their colours
	// (RGB and alpha); GhostTimes their times.
	GhostModel, GhostSkin []anim.Affine
	GhostTints            [][4]float32
	GhostTimes            []float64

	// TrailNodes are the nodes with a trail; TrailTimes the sample times shared by
	// every trail, and TrailPos trail j's joint positions (scene space) at them:
	// TrailPos[j·len(TrailTimes)+i].
	TrailNodes []int
	TrailTimes []float64
	TrailPos   []mgl32.Vec3
	// KeyPos are the key marks: trail j's are KeyPos[KeyOff[j]:KeyOff[j+1]],
	// each where its joint is at a key time of one of the node's channels.
	KeyPos []mgl32.Vec3
	KeyOff []int

	pose     *anim.Pose
	keyTimes []float64
	trailKey trailKey
	// failed is the scene whose clip panicked under the ghosts or trails: they
	// stay off for it (a panic a frame would cost more than the frame).
	failed *Scene
}

// trailKey is what the trails were sampled for: they are sampled again only
// when it changes (over the whole clip they do not move with time).
type trailKey struct {
	scene          *Scene
	gen            Revision
	clip           int
	rest, blend    bool
	clipB          int
	weight         float32
	tb             float64 // B's time when it does not follow A
	root           bool
	lo, hi, window float64
	t              float64 // now, for a window
	nodes          [MaxTrails]int
	nNodes         int
}

// Active says whether anything of the onion skin or the trails is to be drawn.
func (m *motion) Active() bool {
	return m.Ghosts > 0 || len(m.Trails) > 0 || m.TrailSelected
}

// Update fills the ghost and trail buffers for the state's scene as it is
// posed now. In the crowd view, without a scene or at rest there are no ghosts
// and no trails. A clip that panics leaves them empty.
func (m *motion) Update(s *State) {
	m.GhostTints = m.GhostTints[:0]
	m.GhostTimes = m.GhostTimes[:0]
	sc := s.Scene
	if sc == nil || s.CrowdShown() || s.View.Rest || !m.Active() || sc == m.failed {
		m.clearTrails()
		return
	}
	n := sc.Skel.Len()
	if m.pose == nil || len(m.pose.Local) != n {
		m.pose = anim.NewPose(n)
	}
	if p := guarded(func() {
		m.updateGhosts(s, sc, n)
		m.updateTrails(s, sc, n)
	}); p != nil {
		m.GhostTints, m.GhostTimes = m.GhostTints[:0], m.GhostTimes[:0]
		m.clearTrails()
		m.failed = sc
		s.AddDiag(formats.Error, "%s: ghosts and trails: sampling failed: %v", sc.Name(), p)
	}
}

func (m *motion) clearTrails() {
	m.TrailNodes, m.TrailTimes, m.TrailPos = m.TrailNodes[:0], m.TrailTimes[:0], m.TrailPos[:0]
	m.KeyPos, m.KeyOff = m.KeyPos[:0], m.KeyOff[:0]
	m.trailKey = trailKey{}
}

// ghostTime is the time of a ghost d from t: inside the play range [lo, hi],
// wrapped into it when wrap (the transport loops, not ping-pong), and not
// there (false) outside it otherwise.
func ghostTime(t, d, lo, hi float64, wrap bool) (float64, bool) {
	u := t + d
	span := hi - lo
	if wrap && span > 0 && !math.IsInf(hi, 1) {
		u = lo + math.Mod(u-lo, span)
		if u < lo {
			u += span
		}
		return u, true
	}
	return u, u >= lo && u <= hi
}

// ghostFade is the alpha of the k-th ghost (1 the nearest) of n on a side.
func ghostFade(k, n int) float32 {
	if n <= 0 {
		return 0
	}
	return ghostAlpha * float32(n+1-k) / float32(n)
}

func (m *motion) updateGhosts(s *State, sc *Scene, n int) {
	g := min(max(m.Ghosts, 0), MaxGhosts)
	if g == 0 {
		return
	}
	info := s.Info()
	step := m.GhostStep
	if !(step > 0) || math.IsInf(step, 0) {
		step = DefaultGhostStep(info)
	}
	if need := 2 * g * n; len(m.GhostModel) < need {
		m.GhostModel = make([]anim.Affine, need)
		m.GhostSkin = make([]anim.Affine, need)
	}
	lo, hi := s.Tr.Range(info)
	wrap := s.Tr.Loop && !s.Tr.PingPong
	req := s.Request(sc)
	req.Probes = false
	now := s.Tr.T
	for k := 1; k <= g; k++ {
		for _, side := range [2]float64{-1, 1} {
			t, ok := ghostTime(now, side*float64(k)*step, lo, hi, wrap)
			if !ok {
				continue
			}
			c := len(m.GhostTints)
			m.pose.Evaluate(sc.Skel, m.requestAt(s, &req, t))
			copy(m.GhostModel[c*n:(c+1)*n], m.pose.Model)
			copy(m.GhostSkin[c*n:(c+1)*n], m.pose.Skin)
			col := ghostAfterColor
			if side < 0 {
				col = ghostBeforeColor
			}
			m.GhostTints = append(m.GhostTints, [4]float32{col[0], col[1], col[2], ghostFade(k, g)})
			m.GhostTimes = append(m.GhostTimes, t)
		}
	}
}

// requestAt is the state's request moved to time t of clip A: blend clip B
// follows A when the blend is synchronised, and stays at its time otherwise.
func (m *motion) requestAt(s *State, req *anim.PoseRequest, t float64) *anim.PoseRequest {
	req.TA = t
	if req.B != nil && s.Blend.Sync {
		a, b := s.Info().Duration, s.InfoB().Duration
		req.TB = t
		if a > 0 && b > 0 && !math.IsInf(a, 1) && !math.IsInf(b, 1) {
			req.TB = t / a * b
		}
	}
	return req
}

// GhostCount is the number of ghosts Update posed.
func (m *motion) GhostCount() int { return len(m.GhostTints) }

func (m *motion) trailKeyFor(s *State, sc *Scene, lo, hi float64) trailKey {
	k := trailKey{scene: sc, gen: sc.Gen, clip: s.Clip, rest: s.View.Rest, blend: s.BlendOn(),
		root: s.View.RootMotion, lo: lo, hi: hi, window: m.TrailWindow}
	if k.blend {
		k.clipB, k.weight, k.tb = s.Blend.ClipB, s.Blend.Weight, s.TimeB()
		if s.Blend.Sync {
			k.tb = 0
		}
	}
	if m.TrailWindow > 0 {
		k.t = s.Tr.T
	}
	add := func(i int) {
		if i < 0 || i >= sc.Skel.Len() || k.nNodes == MaxTrails || slices.Contains(k.nodes[:k.nNodes], i) {
			return
		}
		k.nodes[k.nNodes] = i
		k.nNodes++
	}
	for _, i := range m.Trails {
		add(i)
	}
	if m.TrailSelected {
		add(s.Selected)
	}
	return k
}

func (m *motion) updateTrails(s *State, sc *Scene, n int) {
	info := s.Info()
	lo, hi := s.Tr.Range(info)
	if math.IsInf(hi, 1) {
		hi = lo + 10*math.Max(info.UnitsPerSecond, 1) // an endless clip: its first ten seconds
	}
	key := m.trailKeyFor(s, sc, lo, hi)
	if key == m.trailKey {
		return
	}
	m.clearTrails()
	m.trailKey = key
	a, b := lo, hi
	if w := m.TrailWindow; w > 0 {
		a, b = math.Max(lo, s.Tr.T-w), math.Min(hi, s.Tr.T+w)
	}
	for _, i := range key.nodes[:key.nNodes] {
		m.TrailNodes = append(m.TrailNodes, i)
	}
	if len(m.TrailNodes) == 0 || !(b > a) {
		return
	}
	step := info.FrameStep()
	count := int(math.Floor((b-a)/step+1e-9)) + 1
	if count > trailMaxPoints-1 {
		count = trailMaxPoints - 1
		step = (b - a) / float64(count-1)
	}
	for i := 0; i < count; i++ {
		m.TrailTimes = append(m.TrailTimes, a+float64(i)*step)
	}
	if last := m.TrailTimes[len(m.TrailTimes)-1]; last < b {
		m.TrailTimes = append(m.TrailTimes, b) // the span's end, off the step grid
	}
	nt := len(m.TrailTimes)
	m.TrailPos = slices.Grow(m.TrailPos[:0], len(m.TrailNodes)*nt)[:len(m.TrailNodes)*nt]
	req := s.Request(sc)
	req.Probes = false
	for i, t := range m.TrailTimes {
		m.pose.Evaluate(sc.Skel, m.requestAt(s, &req, t))
		for j, node := range m.TrailNodes {
			m.TrailPos[j*nt+i] = sc.Skel.JointPosition(node, m.pose.Model)
		}
	}
	kt, ok := sc.Clips[min(s.Clip, len(sc.Clips)-1)].(anim.KeyTimesClip)
	m.KeyOff = append(m.KeyOff, 0)
	for _, node := range m.TrailNodes {
		if ok {
			m.keyTimes = kt.KeyTimes(node, m.keyTimes[:0])
			slices.Sort(m.keyTimes)
			m.keyTimes = slices.Compact(m.keyTimes)
			marks := 0
			for _, t := range m.keyTimes {
				if t < a || t > b || marks == trailMaxKeys {
					continue
				}
				m.pose.Evaluate(sc.Skel, m.requestAt(s, &req, t))
				m.KeyPos = append(m.KeyPos, sc.Skel.JointPosition(node, m.pose.Model))
				marks++
			}
		}
		m.KeyOff = append(m.KeyOff, len(m.KeyPos))
	}
}

// Trail is trail j's joint positions at TrailTimes.
func (m *motion) Trail(j int) []mgl32.Vec3 {
	nt := len(m.TrailTimes)
	return m.TrailPos[j*nt : (j+1)*nt]
}

// Keys is trail j's key marks.
func (m *motion) Keys(j int) []mgl32.Vec3 { return m.KeyPos[m.KeyOff[j]:m.KeyOff[j+1]] }

// Ghost is ghost g's model matrices.
func (m *motion) Ghost(g, nodes int) []anim.Affine { return m.GhostModel[g*nodes : (g+1)*nodes] }
