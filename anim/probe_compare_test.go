package anim

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestCompareProbes(t *testing.T) {
	probe := func(frame int32, fallback bool, keys ...KeyUse) *Probe {
		p := &Probe{}
		p.Reset(frame, fallback)
		for _, k := range keys {
			p.Add(k)
		}
		return p
	}
	trs := func(k0, k1 int32, alpha float32) KeyUse {
		return KeyUse{Channel: ChannelOf("trs"), K0: k0, K1: k1, Alpha: alpha}
	}
	tests := []struct {
		name string
		a, b *Probe
		want string
	}{
		{"same", probe(2, false, trs(1, 2, 0.5)), probe(2, false, trs(1, 2, 0.5)), ""},
		{"alpha alone is no difference", probe(2, false, trs(1, 2, 0.5)), probe(2, false, trs(1, 2, 0.25)), ""},
		{"frame", probe(0, false, trs(2, -1, 0)), probe(1, false, trs(2, -1, 0)), "frame"},
		{"branch and key", probe(4, true, trs(3, -1, 0)), probe(4, false, trs(2, 3, 0.5)), "branch,key"},
		{"key count", probe(1, false, trs(1, 2, 0)), probe(1, false), "key"},
		{"channel", probe(1, false, KeyUse{Channel: ChannelOf("t")}), probe(1, false, KeyUse{Channel: ChannelOf("r")}), "key"},
		{"all three", probe(1, true, trs(3, -1, 0)), probe(2, false, trs(1, 2, 0)), "frame,branch,key"},
	}
	for _, tc := range tests {
		if got := strings.Join(CompareProbes(tc.a, tc.b).Kinds(nil), ","); got != tc.want {
			t.Errorf("%s: differences %q, want %q", tc.name, got, tc.want)
		}
	}
}

// refCompare is CompareProbes read off the probes' public fields and records.
func refCompare(a, b *Probe) ProbeDiff {
	var d ProbeDiff
	if a.Frame != b.Frame {
		d |= DiffFrame
	}
	if a.Fallback != b.Fallback {
		d |= DiffBranch
	}
	if a.Len() != b.Len() {
		return d | DiffKey
	}
	for i := range a.Len() {
		ka, kb := a.Key(i), b.Key(i)
		if ka.Channel != kb.Channel || ka.K0 != kb.K0 || ka.K1 != kb.K1 {
			return d | DiffKey
		}
	}
	return d
}

// TestCompareProbesMatchesReference: the header-word comparison agrees with
// the field-by-field reading for probes written every way (one to twelve
// records, shared fourth records, uniform runs, records with frames, stale
// records past the count from an earlier sample) whose fields agree or differ
// in one place.
func TestCompareProbesMatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 32))
	write := func(p *Probe, seed uint64) {
		q := rand.New(rand.NewPCG(seed, 1))
		// An earlier sample leaves records behind.
		p.Reset(int32(q.IntN(3)), q.IntN(2) == 0)
		for range q.IntN(MaxProbeKeys + 1) {
			p.AddKey(Channel(q.IntN(3)), int32(q.IntN(3)), int32(q.IntN(3))-1, float32(q.IntN(2)))
		}
		frame, fallback := int32(q.IntN(3)), q.IntN(2) == 0
		switch q.IntN(4) {
		case 0: // one record, as MSH
			p.ResetWith(frame, fallback, 1)
			p.PutKey(0, Channel(q.IntN(2)), int32(q.IntN(3)), int32(q.IntN(3))-1, float32(q.IntN(2)))
		case 1: // a uniform run, as VCA
			p.Reset(frame, fallback)
			n := 1 + q.IntN(MaxProbeKeys)
			p.SetUniform(n, int32(q.IntN(3)), int32(q.IntN(3))-1, 0.5, float64(q.IntN(2)), q.IntN(2) == 0)
			var chs [MaxProbeKeys]Channel
			for i := range chs {
				chs[i] = Channel(q.IntN(2))
			}
			p.PutChannels(&chs)
		default: // records one by one, some sharing keys or with frames
			p.Reset(frame, fallback)
			k0 := int32(q.IntN(3))
			for range q.IntN(MaxProbeKeys + 1) {
				if q.IntN(2) == 0 {
					k0 = int32(q.IntN(3))
				}
				if q.IntN(4) == 0 {
					p.AddFrame(KeyUse{Channel: Channel(q.IntN(2)), K0: k0, K1: -1}, float64(q.IntN(2)))
				} else {
					p.AddKey(Channel(q.IntN(2)), k0, -1, 0)
				}
			}
		}
	}
	kinds := map[ProbeDiff]int{}
	for range 20000 {
		var a, b Probe
		seed := r.Uint64()
		write(&a, seed)
		if r.IntN(2) == 0 {
			write(&b, seed) // the same writes
		} else {
			write(&b, r.Uint64())
		}
		got, want := CompareProbes(&a, &b), refCompare(&a, &b)
		if got != want {
			t.Fatalf("CompareProbes(%+v, %+v) = %v, want %v", a.AppendKeys(nil), b.AppendKeys(nil), got.Kinds(nil), want.Kinds(nil))
		}
		kinds[got]++
	}
	for _, d := range []ProbeDiff{0, DiffFrame, DiffBranch, DiffKey} {
		if kinds[d] == 0 {
			t.Errorf("no pair of probes differed by %v alone: the test's probes are too alike", d.Kinds(nil))
		}
	}
}

// TestAgreeingPrefix: the length of the agreeing prefix is where a loop of
// CompareProbes first finds a difference, for slices of probes that agree
// but for one pair, or none, at every place, of unequal lengths and empty.
func TestAgreeingPrefix(t *testing.T) {
	mk := func(n int) []Probe {
		ps := make([]Probe, n)
		for i := range ps {
			ps[i].ResetWith(int32(i), i%2 == 0, 1)
			ps[i].PutKey(0, ChannelTRS, int32(i), -1, 0)
		}
		return ps
	}
	for _, n := range []int{0, 1, 5, 40} {
		for at := -1; at < n; at++ {
			for _, how := range []func(p *Probe){
				func(p *Probe) { p.ResetWith(p.Frame+1, p.Fallback, 1) },
				func(p *Probe) { p.ResetWith(p.Frame, !p.Fallback, 1) },
				func(p *Probe) { p.PutKey(0, ChannelTRS, 99, -1, 0) },
				func(p *Probe) { p.AddKey(ChannelT, 1, 2, 0) },
				func(p *Probe) { p.PutKey(0, ChannelTRS, p.Key(0).K0, -1, 0.5) }, // alpha alone: agree
			} {
				a, b := mk(n), mk(n+at%2+1) // b is longer: the prefix ends at a's length
				if at >= 0 {
					how(&b[at])
				}
				want := n
				for i := range a {
					if CompareProbes(&a[i], &b[i]) != 0 {
						want = i
						break
					}
				}
				if got := AgreeingPrefix(a, b); got != want {
					t.Errorf("n=%d, pair %d changed: AgreeingPrefix = %d, want %d", n, at, got, want)
				}
				if got := AgreeingPrefix(b, a); got != want {
					t.Errorf("n=%d, pair %d changed, sides swapped: AgreeingPrefix = %d, want %d", n, at, got, want)
				}
			}
		}
	}
}

// TestProbeHeader: SetHeader with NewProbeHeader's word leaves a probe as
// ResetWith does, over a probe that held other values.
func TestProbeHeader(t *testing.T) {
	for _, frame := range []int32{0, 7, -1, math.MaxInt32, math.MinInt32} {
		for _, fallback := range []bool{false, true} {
			for _, n := range []int{0, 1, 3, 4} {
				var a, b Probe
				for _, p := range []*Probe{&a, &b} {
					p.Reset(5, !fallback)
					p.AddKey(ChannelT, 1, 2, 0.5)
					p.AddFrame(KeyUse{Channel: ChannelR, K0: 3, K1: -1}, 2)
				}
				a.ResetWith(frame, fallback, n)
				b.SetHeader(NewProbeHeader(frame, fallback, n))
				if a.Frame != b.Frame || a.Fallback != b.Fallback || a.n != b.n || a.bits != b.bits || !a.Identical(&b) {
					t.Errorf("NewProbeHeader(%d, %v, %d): %d %v %d %#x, ResetWith %d %v %d %#x",
						frame, fallback, n, b.Frame, b.Fallback, b.n, b.bits, a.Frame, a.Fallback, a.n, a.bits)
				}
			}
		}
	}
}
