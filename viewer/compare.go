package viewer

import (
	"strings"

	"animscope/anim"
	"animscope/formats"
)

// match pairs the nodes of two scenes (formats.MatchNodes, the rule `diff` uses).
type match = formats.NodeMatch

// matchNodes matches the nodes of a and b.
func matchNodes(a, b *Scene) *match { return formats.MatchNodes(a.Asset, b.Asset) }

// ProbesDiffer reports whether two probes differ in frame, branch or keys, as
// `diff` counts it (anim.CompareProbes).
func ProbesDiffer(a, b *anim.Probe) bool { return anim.CompareProbes(a, b) != 0 }

// ChannelNames numbers the channel names a compare meets ("t", "r", "s", a
// VCA line's), so that a set of channels is a uint16 of bits. Past 16 names the
// last bit stands for the rest ("…").
type ChannelNames struct {
	n     int
	names [16]string
}

// bit is name's bit (added on first use).
func (cn *ChannelNames) bit(name string) uint16 {
	for i := range cn.n {
		if cn.names[i] == name {
			return 1 << i
		}
	}
	if cn.n == len(cn.names) {
		cn.names[cn.n-1] = "…"
		return 1 << (cn.n - 1)
	}
	cn.names[cn.n] = name
	cn.n++
	return 1 << (cn.n - 1)
}

// Has says whether set holds name.
func (cn *ChannelNames) Has(set uint16, name string) bool {
	for i := range cn.n {
		if cn.names[i] == name {
			return set&(1<<i) != 0
		}
	}
	return false
}

// KeyDiffs compares two probes as anim.CompareProbes does and also says which
// channels' keys differ: a channel (matched by name, the k-th record of a name
// with the k-th of the same name on the other side) whose k0 or k1 differ, or
// which one side lacks. The set's bits are cn's.
func KeyDiffs(a, b *anim.Probe, cn *ChannelNames) (d anim.ProbeDiff, chans uint16) {
	d = anim.CompareProbes(a, b)
	if d&anim.DiffKey == 0 {
		return d, 0
	}
	var bufA, bufB [anim.MaxProbeKeys]anim.KeyUse
	ka, kb := a.AppendKeys(bufA[:0]), b.AppendKeys(bufB[:0])
	for i := range ka {
		if j := nthRecord(kb, ka[i].Channel, occurrence(ka, i)); j < 0 || ka[i].K0 != kb[j].K0 || ka[i].K1 != kb[j].K1 {
			chans |= cn.bit(ka[i].Channel.String())
		}
	}
	for j := range kb {
		if nthRecord(ka, kb[j].Channel, occurrence(kb, j)) < 0 {
			chans |= cn.bit(kb[j].Channel.String())
		}
	}
	return d, chans
}

// occurrence is how many records before k[i] have its channel name.
func occurrence(k []anim.KeyUse, i int) int {
	n := 0
	for _, r := range k[:i] {
		if r.Channel == k[i].Channel {
			n++
		}
	}
	return n
}

// nthRecord is the index of the n-th record named ch, or −1.
func nthRecord(k []anim.KeyUse, ch anim.Channel, n int) int {
	for j, r := range k {
		if r.Channel == ch {
			if n == 0 {
				return j
			}
			n--
		}
	}
	return -1
}

// DiffWords says what differs, for the compare views: "frame, branch, keys r t".
// branch is false for a family without a fallback branch (Scene.HasBranch): the
// word never appears for it.
func DiffWords(d anim.ProbeDiff, chans uint16, branch bool, cn *ChannelNames) string {
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
		for i := range cn.n {
			if chans&(1<<i) != 0 {
				b = append(b, ' ')
				b = append(b, cn.names[i]...)
			}
		}
	}
	return string(b)
}

// probeDiffWords is DiffWords for one pair of probes.
func probeDiffWords(a, b *anim.Probe, branch bool) string {
	var cn ChannelNames
	d, chans := KeyDiffs(a, b, &cn)
	return DiffWords(d, chans, branch, &cn)
}

// SideLabel names one side of compare mode for its viewport: "A: demo (rounding
// engine)", "B: walk.ans (rounding floor)". The readings named are those of
// the side's family on which the sides differ; none when they read alike.
func (s *State) SideLabel(b bool) string {
	side, name, readings := s.SideParts(b)
	if side == "" {
		return ""
	}
	label := side + ": " + name
	if readings != "" {
		label += " (" + readings + ")"
	}
	return label
}

// SideParts are SideLabel's parts: "A", the scene's files by base name, and
// the readings on which the sides differ ("rounding floor"; "" when none), so
// that a view short of room can shorten the name and keep the rest.
func (s *State) SideParts(b bool) (side, name, readings string) {
	if s.Scene == nil || s.SceneB == nil {
		return "", "", ""
	}
	sc, side, other := s.Scene, "A", s.SceneB
	if b {
		sc, side, other = s.SceneB, "B", s.Scene
	}
	var parts []string
	for _, r := range formats.ReadingsFor(sc.Asset.Family) {
		if sc.Opts.Value(r.Name) != other.Opts.Value(r.Name) {
			parts = append(parts, r.Name+" "+sc.Opts.Value(r.Name))
		}
	}
	return side, sc.ShortName(), strings.Join(parts, ", ")
}

// Len is the number of names; Name(i) is bit i's.
func (cn *ChannelNames) Len() int { return cn.n }

// Name is bit i's name.
func (cn *ChannelNames) Name(i int) string { return cn.names[i] }
