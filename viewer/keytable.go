package viewer

import (
	"strings"

	"animscope/anim"
	"animscope/formats"
)

// KeyDiff says which cells of a key table row differ between side A and side B.
type KeyDiff uint8

// The cells of a key table row that can differ.
const (
	KeyDiffFrame   KeyDiff = 1 << iota // the frame (the node's, or the channel's own)
	KeyDiffBranch                      // mapped versus fallback
	KeyDiffChannel                     // the channel's name, or a channel one side lacks
	KeyDiffK0
	KeyDiffK1
)

// keyRow is one line of the key table: channel Chan of node Node (side A) and of
// NodeB (side B, −1 without one). Chan indexes the probe's key records; a probe
// without any gets one row with Chan 0 and nothing to show. First marks the
// first row shown for a node, where its name goes.
type keyRow struct {
	Node, NodeB int32
	Chan        int16
	First       bool
	Diff        KeyDiff
}

// KeySides is what the key table shows this frame: side A's probes and names
// and, when blending or comparing, side B's probes and how the nodes pair up.
type KeySides struct {
	// Gen is scene A's revision (Scene.Gen), GenB scene B's in compare mode
	// (the zero Revision otherwise): the rows' name filter is worked out again
	// when either changes.
	Gen, GenB Revision
	Names     []string
	A         []anim.Probe
	// B is nil without a second side. Pairs lists (node of A, node of B); nil
	// pairs every node with itself (a blend's clip B).
	B     []anim.Probe
	Pairs [][2]int32
	// HasBranch says whether "mapped" and "fallback" mean anything (Scene.HasBranch).
	HasBranch bool
	// Blend says that B is the blend's clip B of the same scene: another clip
	// (or time), whose keys differ from A's as a matter of course, so no row
	// is marked as differing and "only differing" does not apply. Differences
	// are a finding only when comparing two scenes.
	Blend bool
}

// KeyTable is the key table's model: one row per node and channel, filtered by
// name, by branch (only fallback; families with a branch only) and by difference
// between the sides (only differing; only when comparing two scenes). Update rebuilds the
// rows in place every frame from the probes, allocating nothing once its buffers
// have grown.
type KeyTable struct {
	Filter       string
	OnlyFallback bool
	OnlyDiff     bool
	Rows         []keyRow

	// matched is what match was worked out for.
	matched keyMatchKey
	match   []bool // per node of A: the name passes the filter
}

// keyMatchKey is what the key table's name filter was applied to: the scenes'
// revisions and the filter text.
type keyMatchKey struct {
	a, b   Revision
	filter string
}

// Update rebuilds the rows for this frame's probes.
func (kt *KeyTable) Update(in *KeySides) {
	kt.Rows = kt.Rows[:0]
	n := len(in.A)
	if key := (keyMatchKey{in.Gen, in.GenB, kt.Filter}); kt.matched != key || len(kt.match) != n {
		kt.matched = key
		if cap(kt.match) < n {
			kt.match = make([]bool, n)
		}
		kt.match = kt.match[:n]
		f := strings.TrimSpace(kt.Filter)
		for i := range kt.match {
			kt.match[i] = f == "" || (i < len(in.Names) && containsFold(in.Names[i], f))
		}
	}
	onlyFB := kt.OnlyFallback && in.HasBranch
	compared := in.B != nil && !in.Blend
	onlyDiff := kt.OnlyDiff && compared
	count := n
	if in.B != nil && in.Pairs != nil {
		count = len(in.Pairs)
	}
	for r := 0; r < count; r++ {
		a, b := int32(r), int32(-1)
		if in.B != nil {
			b = a
			if in.Pairs != nil {
				a, b = in.Pairs[r][0], in.Pairs[r][1]
			}
			if int(b) >= len(in.B) {
				b = -1
			}
		}
		if int(a) >= n || !kt.match[a] {
			continue
		}
		pa := &in.A[a]
		var pb *anim.Probe
		if b >= 0 {
			pb = &in.B[b]
		}
		if onlyFB && !pa.Fallback && (pb == nil || !pb.Fallback) {
			continue
		}
		rows := max(pa.Len(), 1)
		if pb != nil {
			rows = max(rows, pb.Len())
		}
		first := true
		for c := 0; c < rows; c++ {
			var diff KeyDiff
			if pb != nil && compared {
				diff = channelDiff(pa, pb, c, in.HasBranch)
			}
			if onlyDiff && diff == 0 {
				continue
			}
			kt.Rows = append(kt.Rows, keyRow{Node: a, NodeB: b, Chan: int16(c), First: first, Diff: diff})
			first = false
		}
	}
}

// FrameColumn is the label of the key and compare tables' column that shows a
// probe's frame (anim.Probe.Frame): "ms" for M2, whose probe frame is the
// sampled time in whole milliseconds, "frame" for the families that record a
// frame index.
func (sc *Scene) FrameColumn() string {
	if sc != nil && sc.Asset.Family == formats.FamilyM2 {
		return "ms"
	}
	return "frame"
}

// FrameColumnHelp is the tooltip of a FrameColumn label.
func FrameColumnHelp(label string) string {
	if label == "ms" {
		return "the sampled time in whole milliseconds (M2 probes record the time, not a frame index)"
	}
	return "the frame index the sampler computed (VCA: the channel's own frame)"
}

// KeyFrame is the frame shown for channel c of p: the channel's own frame where
// the family samples each channel at its own (VCA; own is true), the node's
// otherwise.
func KeyFrame(p *anim.Probe, c int) (frame float64, own bool) {
	if f, own := p.KeyFrame(c); own {
		return f, true
	}
	return float64(p.Frame), false
}

// channelDiff compares channel c of two probes, with the node's frame and branch
// (as anim.CompareProbes does, channel by channel; alpha follows from the time and
// is not compared). The branch counts only where the family has one.
func channelDiff(a, b *anim.Probe, c int, hasBranch bool) KeyDiff {
	var d KeyDiff
	fa, _ := KeyFrame(a, c)
	fb, _ := KeyFrame(b, c)
	if fa != fb {
		d |= KeyDiffFrame
	}
	if hasBranch && a.Fallback != b.Fallback {
		d |= KeyDiffBranch
	}
	inA, inB := c < a.Len(), c < b.Len()
	switch {
	case inA && inB:
		ka, kb := a.Key(c), b.Key(c)
		if ka.Channel != kb.Channel {
			d |= KeyDiffChannel
		}
		if ka.K0 != kb.K0 {
			d |= KeyDiffK0
		}
		if ka.K1 != kb.K1 {
			d |= KeyDiffK1
		}
	case inA != inB:
		d |= KeyDiffChannel | KeyDiffK0 | KeyDiffK1
	}
	return d
}
