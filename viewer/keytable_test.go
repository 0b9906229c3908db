package viewer

import (
	"slices"
	"testing"

	"animscope/anim"
)

// probe makes a probe with the given key records; a record with HasFrame gets
// frame 0 (withFrames sets others).
func probe(frame int32, fallback bool, keys ...anim.KeyUse) anim.Probe {
	var p anim.Probe
	p.Reset(frame, fallback)
	for _, k := range keys {
		if k.HasFrame {
			p.AddFrame(k, 0)
		} else {
			p.Add(k)
		}
	}
	return p
}

// withFrames sets the records' own frames (Probe.KeyFrame) in record order; they
// count where a record has HasFrame.
func withFrames(p anim.Probe, frames ...float64) anim.Probe {
	var q anim.Probe
	q.Reset(p.Frame, p.Fallback)
	for i, k := range p.All() {
		if k.HasFrame && i < len(frames) {
			q.AddFrame(k, frames[i])
		} else if k.HasFrame {
			q.AddFrame(k, 0)
		} else {
			q.Add(k)
		}
	}
	return q
}

type rowWant struct {
	node, nodeB int32
	ch          int16
	first       bool
	diff        KeyDiff
}

func rowsOf(kt *KeyTable) []rowWant {
	var out []rowWant
	for _, r := range kt.Rows {
		out = append(out, rowWant{r.Node, r.NodeB, r.Chan, r.First, r.Diff})
	}
	return out
}

func TestKeyTableRows(t *testing.T) {
	names := []string{"Bone0", "Bone1", "Head"}
	tk := func(k0, k1 int32) anim.KeyUse {
		return anim.KeyUse{Channel: anim.ChannelOf("t"), K0: k0, K1: k1, Alpha: 0.5}
	}
	rk := func(k0, k1 int32) anim.KeyUse {
		return anim.KeyUse{Channel: anim.ChannelOf("r"), K0: k0, K1: k1, Alpha: 0.5}
	}
	// Side A: three nodes with t and r (Head has no keys at all).
	a := []anim.Probe{probe(400, false, tk(1, 2), rk(3, 4)), probe(400, true, tk(0, -1), rk(0, -1)), probe(400, false)}
	// Side B: Bone0 differs in its rotation only (Rabbit.m2 against Rabbit2.m2),
	// Bone1 lacks its rotation channel.
	b := []anim.Probe{probe(400, false, tk(1, 2), rk(3, 5)), probe(400, true, tk(0, -1)), probe(400, false)}
	vcaA := []anim.Probe{withFrames(probe(0, false, anim.KeyUse{Channel: anim.ChannelOf("x"), K0: 1, K1: 2, HasFrame: true}), 2.5)}
	vcaB := []anim.Probe{withFrames(probe(0, false, anim.KeyUse{Channel: anim.ChannelOf("x"), K0: 1, K1: 2, HasFrame: true}), 3.5)}

	tests := []struct {
		name  string
		in    KeySides
		setup func(kt *KeyTable)
		want  []rowWant
	}{
		{"one side: a row per channel, one for a node without keys", KeySides{Names: names, A: a}, nil,
			[]rowWant{{0, -1, 0, true, 0}, {0, -1, 1, false, 0}, {1, -1, 0, true, 0}, {1, -1, 1, false, 0}, {2, -1, 0, true, 0}}},
		{"name filter, any case", KeySides{Names: names, A: a}, func(kt *KeyTable) { kt.Filter = "bone1" },
			[]rowWant{{1, -1, 0, true, 0}, {1, -1, 1, false, 0}}},
		{"only fallback where the family has a branch", KeySides{Names: names, A: a, HasBranch: true}, func(kt *KeyTable) { kt.OnlyFallback = true },
			[]rowWant{{1, -1, 0, true, 0}, {1, -1, 1, false, 0}}},
		{"only fallback means nothing without a branch", KeySides{Names: names, A: a}, func(kt *KeyTable) { kt.OnlyFallback = true },
			[]rowWant{{0, -1, 0, true, 0}, {0, -1, 1, false, 0}, {1, -1, 0, true, 0}, {1, -1, 1, false, 0}, {2, -1, 0, true, 0}}},
		{"two sides: the differing cells of each channel", KeySides{Names: names, A: a, B: b}, nil,
			[]rowWant{{0, 0, 0, true, 0}, {0, 0, 1, false, KeyDiffK1}, {1, 1, 0, true, 0},
				{1, 1, 1, false, KeyDiffChannel | KeyDiffK0 | KeyDiffK1}, {2, 2, 0, true, 0}}},
		{"only differing: the hidden rotation channel shows, named on its first row", KeySides{Names: names, A: a, B: b}, func(kt *KeyTable) { kt.OnlyDiff = true },
			[]rowWant{{0, 0, 1, true, KeyDiffK1}, {1, 1, 1, true, KeyDiffChannel | KeyDiffK0 | KeyDiffK1}}},
		{"only differing means nothing with one side", KeySides{Names: names, A: a}, func(kt *KeyTable) { kt.OnlyDiff = true },
			[]rowWant{{0, -1, 0, true, 0}, {0, -1, 1, false, 0}, {1, -1, 0, true, 0}, {1, -1, 1, false, 0}, {2, -1, 0, true, 0}}},
		{"compare pairs: B's node 1 against A's node 0", KeySides{Names: names, A: a, B: b, Pairs: [][2]int32{{0, 1}, {2, 2}}}, nil,
			[]rowWant{{0, 1, 0, true, KeyDiffK0 | KeyDiffK1}, {0, 1, 1, false, KeyDiffChannel | KeyDiffK0 | KeyDiffK1}, {2, 2, 0, true, 0}}},
		{"branch differs only where the family has one", KeySides{Names: names[:1], A: a[:1], B: []anim.Probe{probe(400, true, tk(1, 2), rk(3, 4))}, HasBranch: true}, nil,
			[]rowWant{{0, 0, 0, true, KeyDiffBranch}, {0, 0, 1, false, KeyDiffBranch}}},
		{"no branch, no branch difference", KeySides{Names: names[:1], A: a[:1], B: []anim.Probe{probe(400, true, tk(1, 2), rk(3, 4))}}, nil,
			[]rowWant{{0, 0, 0, true, 0}, {0, 0, 1, false, 0}}},
		// Issue 30, defect 1: a blend's clip B differs from A as a matter of
		// course, so nothing is marked and "only differing" does not filter.
		{"a blend's two clips: no cell marked", KeySides{Names: names, A: a, B: b, Blend: true}, nil,
			[]rowWant{{0, 0, 0, true, 0}, {0, 0, 1, false, 0}, {1, 1, 0, true, 0}, {1, 1, 1, false, 0}, {2, 2, 0, true, 0}}},
		{"a blend: only differing does not filter", KeySides{Names: names, A: a, B: b, Blend: true}, func(kt *KeyTable) { kt.OnlyDiff = true },
			[]rowWant{{0, 0, 0, true, 0}, {0, 0, 1, false, 0}, {1, 1, 0, true, 0}, {1, 1, 1, false, 0}, {2, 2, 0, true, 0}}},
		{"a channel's own frame (VCA)", KeySides{Names: []string{"arm"}, A: vcaA, B: vcaB}, nil,
			[]rowWant{{0, 0, 0, true, KeyDiffFrame}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var kt KeyTable
			if tc.setup != nil {
				tc.setup(&kt)
			}
			kt.Update(&tc.in)
			if got := rowsOf(&kt); !slices.Equal(got, tc.want) {
				t.Errorf("rows\n got %v\nwant %v", got, tc.want)
			}
		})
	}
}

func TestKeyFrame(t *testing.T) {
	p := withFrames(probe(7, false, anim.KeyUse{Channel: anim.ChannelOf("t")}, anim.KeyUse{Channel: anim.ChannelOf("x"), HasFrame: true}), 0, 2.25)
	for _, tc := range []struct {
		c     int
		frame float64
		own   bool
	}{{0, 7, false}, {1, 2.25, true}, {5, 7, false}} {
		if f, own := KeyFrame(&p, tc.c); f != tc.frame || own != tc.own {
			t.Errorf("KeyFrame(channel %d) = %v, %v; want %v, %v", tc.c, f, own, tc.frame, tc.own)
		}
	}
}

// Update runs every frame: it allocates nothing once its buffers have grown.
func TestKeyTableUpdateAllocatesNothing(t *testing.T) {
	sc := syntheticScene(t, 2000)
	sc.Evaluate(&anim.PoseRequest{A: sc.Clips[0], TA: 5, B: sc.Clips[1], TB: 3, Weight: 0.5, Probes: true})
	in := &KeySides{Gen: sc.Gen, Names: sc.Skel.Names, A: sc.Pose.Probes, B: sc.Pose.ProbesB}
	kt := &KeyTable{Filter: "node1", OnlyDiff: true}
	kt.Update(in)
	if len(kt.Rows) == 0 {
		t.Fatal("no rows differ between the clips at 5 and 3; want some")
	}
	if allocs := testing.AllocsPerRun(50, func() { kt.Update(in) }); allocs != 0 {
		t.Errorf("Update allocates %v times a frame, want 0", allocs)
	}
}
