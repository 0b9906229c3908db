package anim

import "math"

// ClipInfo describes a clip. Duration is in Unit; +Inf when infinite.
type ClipInfo struct {
	Name     string
	Unit     string  // "frame", "ms" or "s"
	Duration float64 // in Unit
	// UnitsPerSecond converts the native unit to seconds for playback (frames per
	// second for "frame", 1000 for "ms", 1 for "s").
	UnitsPerSecond float64
	// Frames is the number of distinct frames a user can step through (0 when the
	// clip has no natural frame grid).
	Frames int
	// Step is the size of one frame step in Unit; 0 leaves it to FrameStep's rule.
	Step float64
	// PlacesRoot says that Sample places the scene root (VoxelCore's object
	// lineset): its root result is the parent of every root node.
	PlacesRoot bool
}

// FrameStep is the size of one frame step in Unit, the one rule behind the viewer's
// frame keys and compare map, `diff`'s time grid and glTF export's sampling rate:
// Step when the clip gives one; one frame for a clip timed in frames (its unit is
// the frame); otherwise one 30th of a second (UnitsPerSecond/30), or 1 when the
// clip has no usable rate.
func (c ClipInfo) FrameStep() float64 {
	step, _ := c.frameStep()
	return step
}

// FrameRate is how many frame steps play in one second (UnitsPerSecond/FrameStep,
// with 30 units per second standing in for a clip without a usable rate); exactly
// 30 for a clip stepped by 30ths of a second.
func (c ClipInfo) FrameRate() float64 {
	_, rate := c.frameStep()
	return rate
}

func (c ClipInfo) frameStep() (step, rate float64) {
	ups := c.UnitsPerSecond
	valid := ups > 0 && !math.IsInf(ups, 0)
	if !valid {
		ups = 30
	}
	switch {
	case c.Step > 0 && !math.IsInf(c.Step, 0):
		return c.Step, ups / c.Step
	case c.Unit == "frame":
		return 1, ups
	case valid:
		return ups / 30, 30
	}
	return 1, 30
}

// Seconds is the duration in seconds, or +Inf.
func (c ClipInfo) Seconds() float64 {
	if math.IsInf(c.Duration, 1) || c.UnitsPerSecond <= 0 {
		return math.Inf(1)
	}
	return c.Duration / c.UnitsPerSecond
}

// Context is one player's sampling state for a clip (ozz-animation's
// SamplingJob::Context): key cursors, evaluation scratch. A clip is immutable and
// may be shared by any number of players and goroutines; each player keeps the
// context its clip's NewContext made and passes it to every Sample call. A context
// is not safe for concurrent use. nil is always accepted: the clip then samples
// without one, with the same results, at the cost of searching every key (and, for
// clips that need scratch space, an allocation per call).
type Context any

// Clip samples every node of the skeleton it is bound to. Its dynamic type must be
// comparable (a pointer, or a value type without slices or maps): a player knows
// by comparison whether its context still belongs to the clip it samples.
type Clip interface {
	Info() ClipInfo
	// NewContext makes the sampling state for one player of this clip; nil when
	// the clip keeps none.
	NewContext() Context
	// Sample evaluates every node at time t, in the clip's native unit, exactly: it
	// never clamps, wraps or loops. ctx is from this clip's NewContext (or nil).
	// out has one entry per skeleton node; probes is either nil or has one entry
	// per node. When the clip also places the scene root (ClipInfo.PlacesRoot), it
	// returns that placement, the parent of every root node, and moved = true.
	// Sample allocates nothing when given its context.
	Sample(ctx Context, t float64, out []Transform, probes []Probe) (root Affine, moved bool)
}

// BoundClip is implemented by clips bound to a skeleton of a known size (M2's
// bones, MSH's nodes, a character with an item attached): their Sample needs an
// out, and probes, of at least BoundNodes entries, and a skeleton of any other
// size is not the one they were made for. Pose.Validate refuses a request that
// pairs such a clip with another skeleton. BoundNodes ≤ 0 says the size is not
// known.
type BoundClip interface {
	BoundNodes() int
}

// AliasClip is implemented by clips that answer to other names besides
// Info().Name (M2: "id.variation" as well as the sequence name); a clip selection
// by name tries them last.
type AliasClip interface {
	Aliases() []string
}

// StandClip is implemented by clips that can say they are the model's idle
// stance (M2: animation id 0, "Stand"): the viewer opens a scene on its first
// such clip, where the game shows a model standing, rather than on clip 0.
type StandClip interface {
	Stand() bool
}

// Marker is a named time on a clip's timeline (SWG messages, M2 events).
type Marker struct {
	Name string
	Time float64 // in the clip's unit
}

// MarkerClip is implemented by clips that carry timeline markers.
type MarkerClip interface {
	Markers() []Marker
}

// KeyTimesClip is implemented by clips that can list, for one node, the times of the
// keys it may use (the viewer's timeline ticks). It appends to dst and returns it.
type KeyTimesClip interface {
	KeyTimes(node int, dst []float64) []float64
}

// BindPose is the clip of a scene without one: every node at t = 0, q = identity,
// s = 1, and every probe {frame 0, fallback, no keys}.
type BindPose struct{}

// Info describes the bind pose as a one-frame clip without a name.
func (BindPose) Info() ClipInfo {
	return ClipInfo{Name: "", Unit: "frame", Duration: 0, UnitsPerSecond: 30, Frames: 1}
}

// NewContext returns nil: the bind pose keeps no state.
func (BindPose) NewContext() Context { return nil }

// Sample writes the identity transform for every node.
func (BindPose) Sample(_ Context, t float64, out []Transform, probes []Probe) (Affine, bool) {
	for i := range out {
		out[i] = IdentityTransform
	}
	for i := range probes {
		probes[i].Reset(0, true)
	}
	return IdentityAffine, false
}
