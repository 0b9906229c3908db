package viewer

import (
	"animscope/anim"
	"animscope/formats"
)

// plotSamples is how many points a channel plot has.
const plotSamples = 64

// Channel names of the plot, in plot.Ch order.
var plotChannels = [10]string{"t.x", "t.y", "t.z", "q.w", "q.x", "q.y", "q.z", "s.x", "s.y", "s.z"}

type plotKey struct {
	gen        Revision
	clip, node int
	opts       string
}

// plot is the selected node's sampled channels over the clip, and its key times.
type plot struct {
	key      plotKey
	valid    bool
	Node     int
	Duration float64
	Ch       [10][]float32
	KeyTimes []float64
	Markers  []anim.Marker
}

// plot returns the selected node's channel plot, sampling the clip only when the
// scene, clip, node or options changed since the last call.
func (s *State) Plot() *plot {
	if s.Scene == nil || s.Selected < 0 || s.Selected >= s.Scene.Skel.Len() {
		return nil
	}
	sc := s.Scene
	k := plotKey{sc.Gen, s.Clip, s.Selected, sc.optsKey}
	if s.plot.valid && s.plot.key == k {
		return &s.plot
	}
	p := plot{key: k, valid: true, Node: s.Selected}
	clip := sc.Clips[s.Clip]
	info := sc.Infos[s.Clip]
	d := info.Duration
	if d <= 0 || d != d || d > 1e12 {
		d = 0
	}
	p.Duration = d
	// The pipeline's sampling stage, on a pose of its own (the scene's stays as drawn).
	pose := &anim.Pose{Local: make([]anim.Transform, sc.Skel.Len())}
	req := anim.PoseRequest{A: clip}
	local := pose.Local
	for c := range p.Ch {
		p.Ch[c] = make([]float32, plotSamples)
	}
	if p := guarded(func() {
		for i := 0; i < plotSamples; i++ {
			t := d * float64(i) / float64(plotSamples-1)
			req.TA = t
			pose.Sample(sc.Skel, &req)
			x := local[s.Selected]
			if sc.Asset.ConjugatedRotation {
				x.Q = anim.Conjugate(x.Q)
			}
			v := [10]float32{x.T[0], x.T[1], x.T[2], x.Q.W, x.Q.V[0], x.Q.V[1], x.Q.V[2], x.S[0], x.S[1], x.S[2]}
			for c := range v {
				p.Ch[c][i] = v[c]
			}
		}
		if kt, ok := clip.(anim.KeyTimesClip); ok {
			p.KeyTimes = kt.KeyTimes(s.Selected, nil)
		}
	}); p != nil { // the curves keep the samples they reached
		s.AddDiag(formats.Error, "%s: plot of node %d: sampling failed: %v", sc.Name(), s.Selected, p)
	}
	if mc, ok := clip.(anim.MarkerClip); ok {
		p.Markers = mc.Markers()
	}
	s.plot = p
	return &s.plot
}

// Markers are the current clip's timeline markers.
func (s *State) Markers() []anim.Marker {
	if s.Scene == nil {
		return nil
	}
	if mc, ok := s.Scene.Clips[s.Clip].(anim.MarkerClip); ok {
		return mc.Markers()
	}
	return nil
}
