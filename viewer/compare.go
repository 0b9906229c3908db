package viewer

import (
	"strconv"
	"strings"

	"animscope/anim"
	"animscope/formats"
)

// Match pairs the nodes of two scenes (formats.MatchNodes, the rule `diff` uses).
type Match = formats.NodeMatch

// MatchNodes matches the nodes of a and b.
func MatchNodes(a, b *Scene) *Match { return formats.MatchNodes(a.Asset, b.Asset) }

// ProbesDiffer reports whether two probes differ in frame, branch or keys, as
// `diff` counts it (anim.CompareProbes).
func ProbesDiffer(a, b *anim.Probe) bool { return anim.CompareProbes(a, b) != 0 }

// KeyDiffs compares two probes as anim.CompareProbes does and also says which key
// records differ: bit i of chans is set when record i (a channel: "t", "r", "s",
// or a VCA line's) differs in channel, k0 or k1, or is on one side only.
func KeyDiffs(a, b *anim.Probe) (d anim.ProbeDiff, chans uint16) {
	d = anim.CompareProbes(a, b)
	if d&anim.DiffKey == 0 {
		return d, 0
	}
	ka, kb := a.Used(), b.Used()
	for i := range max(len(ka), len(kb)) {
		if i >= len(ka) || i >= len(kb) || ka[i].Channel != kb[i].Channel || ka[i].K0 != kb[i].K0 || ka[i].K1 != kb[i].K1 {
			chans |= 1 << i
		}
	}
	return d, chans
}

// DiffWords says what differs, for the compare views: "frame, branch, keys r t".
// branch is false for a family without a fallback branch (Scene.HasBranch): the
// word never appears for it. name(i) names key record i.
func DiffWords(d anim.ProbeDiff, chans uint16, branch bool, name func(i int) string) string {
	var b []byte
	add := func(w string) {
		if len(b) > 0 {
			b = append(b, ", "...)
		}
		b = append(b, w...)
	}
	if d&anim.DiffFrame != 0 {
		add("frame")
	}
	if branch && d&anim.DiffBranch != 0 {
		add("branch")
	}
	if d&anim.DiffKey != 0 {
		add("keys")
		for i := range anim.MaxProbeKeys {
			if chans&(1<<i) != 0 {
				b = append(b, ' ')
				n := name(i)
				if n == "" {
					n = "#" + strconv.Itoa(i)
				}
				b = append(b, n...)
			}
		}
	}
	return string(b)
}

// probeChannel names key record i of p ("" past its records).
func probeChannel(p *anim.Probe, i int) string {
	if i < int(p.NKeys) {
		return p.Keys[i].Channel
	}
	return ""
}

// ProbeDiffWords is DiffWords for one pair of probes.
func ProbeDiffWords(a, b *anim.Probe, branch bool) string {
	d, chans := KeyDiffs(a, b)
	return DiffWords(d, chans, branch, func(i int) string {
		if n := probeChannel(a, i); n != "" {
			return n
		}
		return probeChannel(b, i)
	})
}

// SideLabel names one side of compare mode for its viewport: "A: demo (rounding
// engine)", "B: walk.ans (rounding floor)". The readings named are the
// comparable ones (formats.Reading.Compare) on which the sides differ; none when
// they read alike.
func (s *State) SideLabel(b bool) string {
	if s.Scene == nil || s.SceneB == nil {
		return ""
	}
	sc, side, other := s.Scene, "A: ", s.SceneB
	if b {
		sc, side, other = s.SceneB, "B: ", s.Scene
	}
	var parts []string
	for _, r := range formats.ReadingsFor(sc.Asset.Family) {
		if r.Compare && sc.Opts.Value(r.Name) != other.Opts.Value(r.Name) {
			parts = append(parts, r.Name+" "+sc.Opts.Value(r.Name))
		}
	}
	label := side + sc.ShortName()
	if len(parts) > 0 {
		label += " (" + strings.Join(parts, ", ") + ")"
	}
	return label
}
