package viewer

import (
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"time"

	"animscope/anim"
	"animscope/anim/crowd"
	"animscope/formats"

	"github.com/go-gl/mathgl/mgl32"
)

// Limits of the crowd view.
const (
	// MaxCrowd is the most instances the crowd view shows.
	MaxCrowd = 1000
	// MaxCrowdNodes caps instances × nodes, so that a crowd of a large skeleton
	// stays within a few tens of megabytes of poses.
	MaxCrowdNodes = 1 << 18
	// DefaultCrowd is the number of instances the crowd view starts with.
	DefaultCrowd = 100
	// crowdMargin is the gap between neighbours, as a fraction of the cell.
	crowdMargin = 1.25
)

// Crowd is the crowd view: N instances of the open scene on a square grid, each
// playing the state's clip (and blend) at its own phase, drawn random from Seed,
// posed on all cores by anim/crowd. Its buffers are built when the scene, the
// clip, N or the seed change (Update), so that a steady frame allocates nothing.
// The instances record no probes.
type Crowd struct {
	On bool
	// N is the number of instances (0: DefaultCrowd), clamped to 1..CrowdLimit.
	N    int
	Seed uint64
	// Cores is how many goroutines pose the crowd (0: GOMAXPROCS), read when
	// the pose job starts.
	Cores int

	// Phases are the instances' phases, each a fraction of the clip's duration in
	// [0, 1).
	Phases []float64
	// Offsets are the instances' places in the world (Y up): a square grid in the
	// XZ plane around the origin, Spacing apart.
	Offsets []mgl32.Vec3
	Spacing float32
	// Model and Skin hold every instance's model matrices and skin palette, one
	// instance after the other (instance i's at i·nodes): the renderer uploads each
	// as one buffer.
	Model, Skin []anim.Affine
	// bindSkin, for a scene whose meshes stay in bind pose
	// (formats.Asset.MeshesInBindPose), is every instance's bind palette, one
	// after the other: what DrawnSkin gives the renderer instead of Skin.
	bindSkin []anim.Affine
	// Layout changes whenever Offsets change, so that the view can reframe.
	Layout int
	// EvalUS is an exponential average of a frame's crowd posing, µs.
	EvalUS float64

	job   *crowd.Job
	chars []crowd.Character
	// what the buffers were built for
	scene      *Scene
	clip, n    int
	seed       uint64
	root       anim.RootPolicy
	evalFailed bool
}

// CrowdShown says whether the view shows the crowd: it is on, and there is one
// scene (compare mode shows its two scenes instead).
func (s *State) CrowdShown() bool { return s.Crowd.On && s.Scene != nil && s.SceneB == nil }

// CrowdLimit is the most instances of a skeleton of nodes nodes the view shows.
func CrowdLimit(nodes int) int {
	return max(1, min(MaxCrowd, MaxCrowdNodes/max(nodes, 1)))
}

// GridPlace is the place of instance i of n on a square grid, spacing apart, in
// the XZ plane and centred on the origin: ceil(√n) columns along X, rows along Z,
// filled row by row.
func GridPlace(i, n int, spacing float32) mgl32.Vec3 {
	cols := int(math.Ceil(math.Sqrt(float64(n))))
	if cols < 1 {
		return mgl32.Vec3{}
	}
	rows := (n + cols - 1) / cols
	col, row := i%cols, i/cols
	return mgl32.Vec3{
		(float32(col) - float32(cols-1)/2) * spacing,
		0,
		(float32(row) - float32(rows-1)/2) * spacing,
	}
}

// CrowdPhases appends n phases in [0, 1) to dst, drawn from a PCG generator
// seeded with seed: the same seed gives the same phases.
func CrowdPhases(dst []float64, seed uint64, n int) []float64 {
	r := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	for range n {
		dst = append(dst, r.Float64())
	}
	return dst
}

// phaseTime is time t moved on by phase (a fraction of duration d) and wrapped
// into [0, d); an empty or endless clip keeps t.
func phaseTime(t, phase, d float64) float64 {
	if !(d > 0) || math.IsInf(d, 1) {
		return t
	}
	t = math.Mod(t+phase*d, d)
	if t < 0 {
		t += d
	}
	return t
}

// Update makes the crowd's buffers fit the state's scene, clip, N and seed, and
// poses every instance for this frame. It does nothing while the view is off
// or without a scene. A sampler's panic is reported once; the crowd then shows
// the rest pose.
func (c *Crowd) Update(s *State) {
	sc := s.Scene
	if !c.On || sc == nil {
		return
	}
	req := s.Request(sc)
	c.build(sc, s.Clip, req.Root)
	req.Probes = false
	infoA := sc.Infos[min(s.Clip, len(sc.Infos)-1)]
	var infoB anim.ClipInfo
	if req.B != nil {
		infoB = s.InfoB()
	}
	for i := range c.chars {
		ch := &c.chars[i]
		ch.Req = req
		if req.Rest {
			continue
		}
		ph := c.Phases[i]
		ch.Req.TA = phaseTime(req.TA, ph, infoA.Duration)
		if req.B == nil {
			continue
		}
		a, b := infoA.Duration, infoB.Duration
		if s.Blend.Sync && a > 0 && b > 0 && !math.IsInf(a, 1) && !math.IsInf(b, 1) {
			ch.Req.TB = ch.Req.TA / a * b // B follows A, as State.TimeB has it
		} else {
			ch.Req.TB = phaseTime(req.TB, ph, b)
		}
	}
	start := time.Now()
	c.evaluate(s)
	us := float64(time.Since(start).Nanoseconds()) / 1e3
	if c.EvalUS == 0 {
		c.EvalUS = us
	} else {
		c.EvalUS += (us - c.EvalUS) * 0.05
	}
}

// evaluate runs the pose job, turning a sampler's panic into the rest pose.
func (c *Crowd) evaluate(s *State) {
	if c.evalFailed {
		for i := range c.chars {
			c.chars[i].Req.Rest = true
		}
	}
	if p := guarded(func() { c.job.Evaluate(c.chars) }); p != nil {
		if !c.evalFailed {
			c.evalFailed = true
			s.AddDiag(formats.Error, "crowd: sampling failed: %v (showing the rest pose)", p)
		}
		for i := range c.chars {
			c.chars[i].Req.Rest = true
		}
		c.job.Evaluate(c.chars)
	}
}

// DrawnSkin is the palette the renderer skins the crowd's meshes with: Skin, or
// the bind palettes of a scene whose meshes stay in bind pose.
func (c *Crowd) DrawnSkin() []anim.Affine {
	if c.bindSkin != nil {
		return c.bindSkin
	}
	return c.Skin
}

// build (re)makes the buffers when what they were built for changed.
func (c *Crowd) build(sc *Scene, clip int, root anim.RootPolicy) {
	nodes := sc.Skel.Len()
	if c.N <= 0 {
		c.N = DefaultCrowd
	}
	n := min(c.N, CrowdLimit(nodes))
	c.N = n
	if c.scene == sc && c.clip == clip && c.n == n && c.seed == c.Seed && c.root == root && c.chars != nil {
		return
	}
	if c.scene != sc {
		c.evalFailed = false
	}
	if c.scene != sc || c.clip != clip || c.root != root || c.Spacing == 0 {
		c.Spacing = crowdSpacing(sc.motionFraming(clip, root))
	}
	c.scene, c.clip, c.n, c.seed, c.root = sc, clip, n, c.Seed, root
	if c.job == nil {
		w := c.Cores
		if w <= 0 {
			w = runtime.GOMAXPROCS(0)
		}
		c.job = crowd.New(w)
	}
	c.Phases = CrowdPhases(c.Phases[:0], c.Seed, n)
	c.Offsets = c.Offsets[:0]
	for i := range n {
		c.Offsets = append(c.Offsets, GridPlace(i, n, c.Spacing))
	}
	c.Model = make([]anim.Affine, n*nodes)
	c.Skin = make([]anim.Affine, n*nodes)
	c.bindSkin = nil
	if bs := sc.bindSkin; bs != nil {
		c.bindSkin = make([]anim.Affine, 0, n*nodes)
		for range n {
			c.bindSkin = append(c.bindSkin, bs...)
		}
	}
	c.chars = make([]crowd.Character, n)
	for i := range c.chars {
		p := anim.NewPose(nodes)
		// The instance's matrices live in the crowd's shared buffers.
		p.Model = c.Model[i*nodes : (i+1)*nodes : (i+1)*nodes]
		p.Skin = c.Skin[i*nodes : (i+1)*nodes : (i+1)*nodes]
		p.Probes, p.ProbesB = nil, nil // never asked for
		c.chars[i] = crowd.Character{Skel: sc.Skel, Pose: p}
	}
	c.Layout++
}

// crowdSpacing is the grid's cell for a scene framed by f: its largest extent
// and a margin (1 without a framing).
func crowdSpacing(f Framing) float32 {
	if f.Empty() {
		return 1
	}
	d := f.Hi.Sub(f.Lo)
	e := max(d[0], d[1], d[2])
	if !(e > 0) || math.IsInf(float64(e), 0) {
		return 1
	}
	return e * crowdMargin
}

// Characters is the number of instances posed (N once Update has run).
func (c *Crowd) Characters() int { return len(c.chars) }

// Nodes is the skeleton's size the buffers were built for.
func (c *Crowd) Nodes() int {
	if c.scene == nil {
		return 0
	}
	return c.scene.Skel.Len()
}

// workers is the number of goroutines that pose the crowd (0 before the first
// Update).
func (c *Crowd) workers() int {
	if c.job == nil {
		return 0
	}
	return c.job.Workers()
}

// Summary is the crowd's one-line description for its panel.
func (c *Crowd) Summary() string {
	return fmt.Sprintf("%d instances × %d nodes, posed on %d cores in %.0f µs", c.Characters(), c.Nodes(), c.workers(), c.EvalUS)
}

// Close stops the pose job's workers.
func (c *Crowd) Close() {
	if c.job != nil {
		c.job.Close()
		c.job = nil
	}
	c.chars, c.scene = nil, nil
}
