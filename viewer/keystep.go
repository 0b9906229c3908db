package viewer

import (
	"fmt"
	"math"
	"slices"
	"sort"

	"animscope/anim"
	"animscope/formats"
)

// Key-to-key stepping: the transport jumps to the previous or next key of the
// selected nodes (of every channel, or of one kind of track chosen in the graph
// editor), of all nodes, or to the previous or next marker. The key times are
// the clip's own (anim.KeyTimesClip, anim.TrackKeyTimesClip), gathered once per
// scene and clip.

// keyScope says whose keys a step goes to.
type keyScope int

const (
	// ScopeSelected is the selected node and the nodes plotted beside it
	// (keySteps.Also), of keySteps.Channel; with nothing selected, all nodes.
	ScopeSelected keyScope = iota
	// ScopeAll is every node, every channel.
	ScopeAll
)

// keySteps is key-to-key stepping's settings and its key times.
type keySteps struct {
	// Channel narrows the selected nodes' keys to one kind of track (the
	// graph editor's "keys of"); anim.TrackAny: every channel.
	Channel anim.TrackKind
	// Also are nodes whose keys count with the selection's: the nodes the
	// graph plots beside it (ctrl-click in the tree).
	Also []int

	valid bool
	gen   Revision
	clip  int
	// off[k] and times[k] hold every node's sorted key times of kind k: node
	// i's are times[k][off[k][i]:off[k][i+1]]; all is every node's, any kind.
	off   [anim.NumTrackKinds][]int32
	times [anim.NumTrackKinds][]float64
	all   []float64
	// merged is the scratch of a step over several nodes.
	merged []float64
}

// nextKey is the key time a step in direction dir (> 0: next, < 0: previous)
// from time t goes to among the sorted key times kt that lie in [lo, hi]: the
// nearest key after t (before it), a time within a rounding error of a key
// counting as on it; keys at one time are one stop. Past the last key (before
// the first) it wraps to the first key (the last) when loop, and otherwise
// there is nowhere to go (ok false), as there is when the only stop is t.
func nextKey(kt []float64, t float64, dir int, lo, hi float64, loop bool) (float64, bool) {
	if dir == 0 || math.IsNaN(t) {
		return 0, false
	}
	eps := 1e-9 * math.Max(1, math.Abs(t))
	i0 := sort.SearchFloat64s(kt, lo-1e-9*math.Max(1, math.Abs(lo)))
	i1 := sort.SearchFloat64s(kt, hi+1e-9*math.Max(1, math.Abs(hi))) // keys kt[i0:i1] lie in the range
	if i0 >= i1 {
		return 0, false
	}
	in := kt[i0:i1]
	var k float64
	if dir > 0 {
		j := sort.SearchFloat64s(in, t+eps) // the first key past t
		for j < len(in) && in[j] <= t+eps {
			j++
		}
		switch {
		case j < len(in):
			k = in[j]
		case loop:
			k = in[0]
		default:
			return 0, false
		}
	} else {
		j := sort.SearchFloat64s(in, t-eps) - 1 // the last key before t
		switch {
		case j >= 0:
			k = in[j]
		case loop:
			k = in[len(in)-1]
		default:
			return 0, false
		}
	}
	if math.Abs(k-t) <= eps {
		return 0, false
	}
	return k, true
}

// sync gathers the key times of the scene's clip when the scene or the clip
// changed since the last step.
func (ks *keySteps) sync(s *State, sc *Scene, clip int) {
	if ks.valid && ks.gen == sc.Gen && ks.clip == clip {
		return
	}
	ks.valid, ks.gen, ks.clip = true, sc.Gen, clip
	var err error
	defer func() {
		if err != nil {
			s.AddDiag(formats.Error, "%s: clip %q: key times failed: %v", sc.Name(), sc.Infos[clip].Name, err)
		}
	}()
	n := sc.Skel.Len()
	kt, _ := sc.Clips[clip].(anim.KeyTimesClip)
	tk, _ := sc.Clips[clip].(anim.TrackKeyTimesClip)
	for k := range ks.off {
		ks.off[k] = append(ks.off[k][:0], 0)
		ks.times[k] = ks.times[k][:0]
		for i := 0; i < n; i++ {
			start := len(ks.times[k])
			p := guarded(func() {
				switch {
				case k != int(anim.TrackAny) && tk != nil:
					ks.times[k] = tk.TrackKeyTimes(i, anim.TrackKind(k), ks.times[k])
				case kt != nil:
					ks.times[k] = kt.KeyTimes(i, ks.times[k])
				}
			})
			if p != nil { // a clip that fails here lists no keys for the node
				ks.times[k] = ks.times[k][:start]
				if err == nil {
					err = fmt.Errorf("node %d: %v", i, p)
				}
			}
			ks.times[k] = append(ks.times[k][:start], sortedUnique(ks.times[k][start:])...)
			ks.off[k] = append(ks.off[k], int32(len(ks.times[k])))
		}
	}
	ks.all = append(ks.all[:0], ks.times[anim.TrackAny]...)
	ks.all = sortedUnique(ks.all)
}

// sortedUnique sorts ts in place and drops repeats (and NaNs).
func sortedUnique(ts []float64) []float64 {
	ts = slices.DeleteFunc(ts, func(v float64) bool { return math.IsNaN(v) })
	slices.Sort(ts)
	return slices.Compact(ts)
}

// nodeTimes are node i's sorted key times of kind k.
func (ks *keySteps) nodeTimes(k anim.TrackKind, i int) []float64 {
	off := ks.off[k]
	if i < 0 || i+1 >= len(off) {
		return nil
	}
	return ks.times[k][off[i]:off[i+1]]
}

// keyTimes are the sorted key times a step of scope goes to in the current
// clip: every node's, or the selected nodes' of the chosen kind.
func (s *State) keyTimes(scope keyScope) []float64 {
	if s.Scene == nil {
		return nil
	}
	ks := &s.Steps
	ks.sync(s, s.Scene, s.Clip)
	n := s.Scene.Skel.Len()
	if scope == ScopeAll || s.Selected < 0 || s.Selected >= n {
		return ks.all
	}
	ks.merged = append(ks.merged[:0], ks.nodeTimes(ks.Channel, s.Selected)...)
	for _, i := range ks.Also {
		if i >= 0 && i < n && i != s.Selected {
			ks.merged = append(ks.merged, ks.nodeTimes(ks.Channel, i)...)
		}
	}
	ks.merged = sortedUnique(ks.merged)
	return ks.merged
}

// StepKey pauses and moves the time to the previous (dir < 0) or next key of
// scope within the play range, wrapping around when the transport loops; it
// reports whether the time moved.
func (s *State) StepKey(dir int, scope keyScope) bool {
	info := s.Info()
	lo, hi := s.Tr.Range(info)
	t, ok := nextKey(s.keyTimes(scope), s.Tr.T, dir, lo, hi, s.Tr.Loop && !s.Tr.PingPong)
	s.Tr.Playing = false
	if ok {
		s.Tr.T = t
	}
	return ok
}

// KeyAt is the index of time t among the sorted key times kt when t lies on a
// key (within a rounding error), or −1.
func KeyAt(kt []float64, t float64) int {
	eps := 1e-9 * math.Max(1, math.Abs(t))
	j := sort.SearchFloat64s(kt, t-eps)
	if j < len(kt) && math.Abs(kt[j]-t) <= eps {
		return j
	}
	return -1
}
