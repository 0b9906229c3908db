package anim

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
	"unsafe"
)

// TestProbeSize guards the layout: a probe is one cache line, so that a slice of
// them is dense (see Probe).
func TestProbeSize(t *testing.T) {
	if unsafe.Sizeof(uintptr(0)) != 8 {
		t.Skip("the size is checked on 64-bit targets")
	}
	if got, want := unsafe.Sizeof(Probe{}), uintptr(64); got != want {
		t.Errorf("Probe is %d bytes, want %d", got, want)
	}
	if got, want := unsafe.Sizeof(uniformRecs{}), unsafe.Sizeof(Probe{}.rec); got != want {
		t.Errorf("uniformRecs is %d bytes, the records %d: they must be the same", got, want)
	}
}

// record is a KeyUse and, when frame is not NaN, its own frame.
type record struct {
	k     KeyUse
	frame float64
}

// readsAs reports, as an error message, where p does not read back as frame and
// want through Len, Key (alpha by its bits), KeyFrame, AppendKeys and All; ""
// when it does.
func readsAs(p *Probe, frame int32, want []record) string {
	if p.Len() != len(want) || p.Frame != frame {
		return fmt.Sprintf("Len %d frame %d, want %d %d", p.Len(), p.Frame, len(want), frame)
	}
	keys := p.AppendKeys(nil)
	var all []KeyUse
	for _, k := range p.All() {
		all = append(all, k)
	}
	for i, w := range want {
		wk := w.k
		wk.HasFrame = w.frame == w.frame
		got := p.Key(i)
		if got != wk || math.Float32bits(got.Alpha) != math.Float32bits(wk.Alpha) {
			return fmt.Sprintf("Key(%d) = %+v, want %+v", i, got, wk)
		}
		if keys[i] != got || all[i] != got {
			return fmt.Sprintf("AppendKeys[%d] = %+v, All()[%d] = %+v, want %+v", i, keys[i], i, all[i], got)
		}
		if f, ok := p.KeyFrame(i); ok != wk.HasFrame || ok && f != w.frame {
			return fmt.Sprintf("KeyFrame(%d) = %v %v, want %v %v", i, f, ok, w.frame, wk.HasFrame)
		}
	}
	if _, ok := p.KeyFrame(len(want)); ok {
		return fmt.Sprintf("KeyFrame(%d) past the records says it has a frame", len(want))
	}
	return ""
}

// TestProbeRecords writes record lists of every shape through Add, AddKey and
// AddFrame and reads them back with Len, Key, KeyFrame, AppendKeys and All: inline
// records, a fourth that shares the third's keys (inline) or not (overflow),
// alphas equal as numbers but not as bits, frames on inline and overflow
// records, lists past MaxProbeKeys (dropped), and a second sample into the same
// probe after Reset.
func TestProbeRecords(t *testing.T) {
	ch := func(s string) Channel { return ChannelOf(s) }
	none := math.NaN()
	rec := func(c string, k0, k1 int32, a float32) record {
		return record{KeyUse{K0: k0, K1: k1, Alpha: a, Channel: ch(c)}, none}
	}
	withFrame := func(r record, f float64) record { r.frame = f; return r }
	many := func(n int) []record {
		var rs []record
		for i := range n {
			rs = append(rs, withFrame(rec("v.x", int32(i), int32(i+1), float32(i)/8), float64(i)*1.5))
		}
		return rs
	}
	for _, tc := range []struct {
		name string
		recs []record
	}{
		{"none", nil},
		{"one", []record{rec("trs", 4, 5, 0.25)}},
		{"three", []record{rec("t", 0, -1, 0), rec("r", 7, 8, 0.5), rec("s", -1, -1, 0)}},
		{"fourth shares the third's keys", []record{rec("r", 1, 2, 0.75), rec("t.x", 1, 2, 0.25), rec("t.y", 1, 2, 0.25), rec("t.z", 1, 2, 0.25)}},
		{"fourth differs in k1", []record{rec("r", 1, 2, 0.75), rec("t.x", 1, 2, 0.25), rec("t.y", 1, 2, 0.25), rec("t.z", 1, 3, 0.25)}},
		{"fourth differs in the sign of a zero alpha", []record{rec("a", 0, 1, 0), rec("b", 0, 1, 0), rec("c", 0, 1, 0), rec("d", 0, 1, float32(math.Copysign(0, -1)))}},
		{"five, fourth shared", []record{rec("a", 0, 1, 0), rec("b", 0, 1, 0), rec("c", 0, 1, 0), rec("d", 0, 1, 0), rec("e", 9, -1, 0)}},
		{"frames inline and past", []record{withFrame(rec("a", 0, 1, 0.5), 2.5), rec("b", 3, -1, 0), withFrame(rec("c", 0, 1, 0.5), -7), withFrame(rec("d", 0, 1, 0.5), 1e300), rec("e", 1, 2, 3)}},
		{"twelve with frames", many(12)},
		{"fourteen, two dropped", many(14)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for pass, add := range []func(*Probe, record){
				func(p *Probe, r record) {
					if r.frame == r.frame {
						p.AddFrame(r.k, r.frame)
					} else {
						p.Add(r.k)
					}
				},
				func(p *Probe, r record) {
					if r.frame == r.frame {
						p.AddFrame(r.k, r.frame)
					} else {
						p.AddKey(r.k.Channel, r.k.K0, r.k.K1, r.k.Alpha)
					}
				},
			} {
				var p Probe
				// A first sample of other records, so that stale ones would show.
				p.Reset(1, true)
				for _, r := range many(MaxProbeKeys) {
					add(&p, r)
				}
				p.Reset(42, false)
				for _, r := range tc.recs {
					add(&p, r)
				}
				if p.Fallback {
					t.Errorf("pass %d: fallback after Reset(42, false)", pass)
				}
				if msg := readsAs(&p, 42, tc.recs[:min(len(tc.recs), MaxProbeKeys)]); msg != "" {
					t.Errorf("pass %d: %s", pass, msg)
				}
			}
		})
	}
}

// TestProbeKeyOutOfRange checks that reading past the records panics, as a slice
// index would.
func TestProbeKeyOutOfRange(t *testing.T) {
	var p Probe
	p.Reset(0, false)
	p.AddKey(ChannelT, 1, 2, 0.5)
	defer func() {
		if recover() == nil {
			t.Errorf("Key(1) of a one-record probe did not panic")
		}
	}()
	_ = p.Key(1)
}

// TestProbeCopyFrom checks that CopyFrom's copy keeps its records, overflow
// included, when the original is sampled again, where a plain copy shares the
// overflow block.
func TestProbeCopyFrom(t *testing.T) {
	var p Probe
	p.Reset(3, false)
	for i := range 6 {
		p.AddFrame(KeyUse{Channel: ChannelOf("v.y"), K0: int32(i), K1: -1}, float64(i))
	}
	var deep Probe
	deep.CopyFrom(&p)
	shallow := p
	p.Reset(4, true)
	for i := range 6 {
		p.AddFrame(KeyUse{Channel: ChannelOf("v.y"), K0: int32(10 + i), K1: -1}, float64(10+i))
	}
	for i := range 6 {
		if k, f := deep.Key(i), 0.0; k.K0 != int32(i) {
			t.Errorf("deep copy: Key(%d).K0 = %d, want %d", i, k.K0, i)
		} else if f, _ = deep.KeyFrame(i); f != float64(i) {
			t.Errorf("deep copy: KeyFrame(%d) = %v, want %d", i, f, i)
		}
	}
	// The plain copy's inline records are its own, its overflow is p's.
	if got := shallow.Key(0).K0; got != 0 {
		t.Errorf("plain copy: Key(0).K0 = %d, want 0 (inline)", got)
	}
	if got := shallow.Key(5).K0; got != 15 {
		t.Errorf("plain copy: Key(5).K0 = %d, want 15 (the shared overflow block)", got)
	}
}

// TestProbeWritesAllocateOnce checks that a probe allocates its overflow block
// once: a frame that fills it again allocates nothing.
func TestProbeWritesAllocateOnce(t *testing.T) {
	var p Probe
	allocs := testing.AllocsPerRun(20, func() {
		p.Reset(1, false)
		for i := range MaxProbeKeys {
			p.AddFrame(KeyUse{Channel: ChannelR, K0: int32(i), K1: int32(i + 1), Alpha: 0.5}, 2)
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations per refill, want 0", allocs)
	}
}

// TestProbeIdentical checks that Identical sees each kind of difference: frame,
// branch, count, a key, a channel, alpha's bits (−0 against +0), a frame's bits,
// and a record with its own frame against one without.
func TestProbeIdentical(t *testing.T) {
	// probe is frame 5, mapped: record t, then record r with its own frame,
	// with the changes of one case.
	type probe struct {
		frame    int32
		fallback bool
		t, r     KeyUse
		rFrame   float64 // NaN: r has no frame of its own
		extra    bool    // a third record
	}
	build := func(c probe) *Probe {
		var p Probe
		p.Reset(c.frame, c.fallback)
		p.Add(c.t)
		if c.rFrame == c.rFrame {
			p.AddFrame(c.r, c.rFrame)
		} else {
			p.Add(c.r)
		}
		if c.extra {
			p.AddKey(ChannelS, 0, -1, 0)
		}
		return &p
	}
	base := probe{frame: 5, t: KeyUse{Channel: ChannelT, K0: 1, K1: 2, Alpha: 0.5}, r: KeyUse{Channel: ChannelR, K0: 3, K1: -1}, rFrame: 2.5}
	for _, tc := range []struct {
		name   string
		change func(c *probe)
		same   bool
	}{
		{"unchanged", func(c *probe) {}, true},
		{"frame", func(c *probe) { c.frame = 6 }, false},
		{"branch", func(c *probe) { c.fallback = true }, false},
		{"one record more", func(c *probe) { c.extra = true }, false},
		{"k1", func(c *probe) { c.t.K1 = 3 }, false},
		{"channel", func(c *probe) { c.t.Channel = ChannelS }, false},
		{"alpha -0", func(c *probe) { c.r.Alpha = float32(math.Copysign(0, -1)) }, false},
		{"own frame", func(c *probe) { c.rFrame = 2.75 }, false},
		{"no own frame", func(c *probe) { c.rFrame = math.NaN() }, false},
	} {
		changed := base
		tc.change(&changed)
		a, b := build(base), build(changed)
		if got := a.Identical(b); got != tc.same {
			t.Errorf("%s: Identical = %v, want %v", tc.name, got, tc.same)
		}
		if got := b.Identical(a); got != tc.same {
			t.Errorf("%s (swapped): Identical = %v, want %v", tc.name, got, tc.same)
		}
	}
}

// TestProbeStores checks that the one-store header and the two-store record
// write what the fields say, over a probe that held other values.
func TestProbeStores(t *testing.T) {
	for _, tc := range []struct {
		frame    int32
		fallback bool
		n        uint8
		bits     uint16
		ch       Channel
		k0, k1   int32
		alpha    float32
	}{
		{0, false, 0, 0, ChannelT, 0, -1, 0},
		{-1, true, 3, sharedBit, ChannelR, 7, 8, 0.25},
		{math.MaxInt32, false, 12, 0x0fff, ChannelOf("bone.z"), -1, -1, float32(math.Inf(-1))},
		{math.MinInt32, true, 4, 1, 65535, math.MaxInt32, math.MinInt32, float32(math.Copysign(0, -1))},
	} {
		p := Probe{Frame: 99, Fallback: !tc.fallback, n: 7, bits: 0x1234}
		p.rec[1] = keyRec{K0: 99, K1: 98, Alpha: 9, ch: 5, ch3: 6}
		p.setHeader(tc.frame, tc.fallback, tc.n, tc.bits)
		p.rec[1].set(tc.ch, tc.k0, tc.k1, tc.alpha)
		if p.Frame != tc.frame || p.Fallback != tc.fallback || p.n != tc.n || p.bits != tc.bits {
			t.Errorf("setHeader(%d, %v, %d, %#x) = %d %v %d %#x", tc.frame, tc.fallback, tc.n, tc.bits, p.Frame, p.Fallback, p.n, p.bits)
		}
		r := p.rec[1]
		if r.K0 != tc.k0 || r.K1 != tc.k1 || math.Float32bits(r.Alpha) != math.Float32bits(tc.alpha) || r.ch != tc.ch || r.ch3 != 0 {
			t.Errorf("set(%d, %d, %d, %v) = %+v", tc.ch, tc.k0, tc.k1, tc.alpha, r)
		}
	}
}

// TestProbePutMatchesAdd checks that the hot-loop writers (ResetWith, PutKey,
// PutSharedKey, PutFrame, SetUniform, PutChannels, TryAddKey) leave a probe
// that reads as the one Reset and AddKey/AddFrame build, over a probe that held twelve other records.
func TestProbePutMatchesAdd(t *testing.T) {
	stale := func() *Probe {
		var p Probe
		p.Reset(1, true)
		for i := range MaxProbeKeys {
			p.AddFrame(KeyUse{Channel: ChannelOf("junk"), K0: int32(i), K1: -9, Alpha: 9}, 9)
		}
		return &p
	}
	r, tx, ty, tz := ChannelR, ChannelOf("tx"), ChannelOf("ty"), ChannelOf("tz")
	for _, tc := range []struct {
		name      string
		put, want func(p *Probe)
	}{
		{"one (MSH)", func(p *Probe) { p.ResetWith(4, true, 1); p.PutKey(0, ChannelTRS, 3, 4, 0.5) },
			func(p *Probe) { p.Reset(4, true); p.AddKey(ChannelTRS, 3, 4, 0.5) }},
		{"Reset, three, then ResetWith (M2)", func(p *Probe) {
			p.Reset(2, false)
			p.PutKey(0, ChannelT, 1, 2, 0.25)
			p.PutKey(1, ChannelR, 5, 6, 0.25)
			p.PutKey(2, ChannelS, 0, -1, 0)
			p.ResetWith(2, false, 3)
		}, func(p *Probe) {
			p.Reset(2, false)
			p.AddKey(ChannelT, 1, 2, 0.25)
			p.AddKey(ChannelR, 5, 6, 0.25)
			p.AddKey(ChannelS, 0, -1, 0)
		}},
		{"four, the last shared (SWG)", func(p *Probe) {
			p.ResetWith(7, false, 4)
			p.PutKey(0, r, 3, 4, 0.75)
			p.PutKey(1, tx, 3, 4, 0.25)
			p.PutKey(2, ty, 3, 4, 0.25)
			p.PutSharedKey(tz)
		}, func(p *Probe) {
			p.Reset(7, false)
			p.AddKey(r, 3, 4, 0.75)
			p.AddKey(tx, 3, 4, 0.25)
			p.AddKey(ty, 3, 4, 0.25)
			p.AddKey(tz, 3, 4, 0.25)
		}},
		{"PutKey and PutFrame after ResetWith", func(p *Probe) {
			p.ResetWith(0, false, 2)
			for i := range 2 {
				p.PutKey(i, ChannelOf("move.x"), 1, 2, 0.5)
				p.PutFrame(i, 1.5)
			}
		}, func(p *Probe) {
			p.Reset(0, false)
			p.AddFrame(KeyUse{Channel: ChannelOf("move.x"), K0: 1, K1: 2, Alpha: 0.5}, 1.5)
			p.AddFrame(KeyUse{Channel: ChannelOf("move.x"), K0: 1, K1: 2, Alpha: 0.5}, 1.5)
		}},
		{"TryAddKey, then AddRecord past the inline slots and on a uniform probe", func(p *Probe) {
			add := func(p *Probe, ch Channel, k0 int32, f float64) {
				if !p.TryAddKey(ch, k0, k0+1, 0.5) {
					p.AddRecord(ch, k0, k0+1, 0.5, f, true)
				} else {
					p.PutFrame(p.Len()-1, f)
				}
			}
			p.Reset(3, false)
			for i := range 5 {
				add(p, ChannelOf(fmt.Sprintf("a.%d", i)), int32(i), float64(i))
			}
			var q Probe
			q.Reset(3, false)
			q.SetUniform(2, 7, 8, 0.5, 1, true)
			q.PutChannels(&[MaxProbeKeys]Channel{ChannelT, ChannelR})
			add(&q, ChannelS, 9, 2)
			for i := range q.Len() {
				k := q.Key(i)
				f, _ := q.KeyFrame(i)
				p.AddRecord(k.Channel, k.K0, k.K1, k.Alpha, f, k.HasFrame)
			}
		}, func(p *Probe) {
			p.Reset(3, false)
			for i := range 5 {
				p.AddFrame(KeyUse{Channel: ChannelOf(fmt.Sprintf("a.%d", i)), K0: int32(i), K1: int32(i + 1), Alpha: 0.5}, float64(i))
			}
			p.AddFrame(KeyUse{Channel: ChannelT, K0: 7, K1: 8, Alpha: 0.5}, 1)
			p.AddFrame(KeyUse{Channel: ChannelR, K0: 7, K1: 8, Alpha: 0.5}, 1)
			p.AddFrame(KeyUse{Channel: ChannelS, K0: 9, K1: 10, Alpha: 0.5}, 2)
		}},
		{"uniform run of six with a frame (VCA)", func(p *Probe) {
			p.Reset(9, false)
			p.SetUniform(6, 2, 3, 0.125, 2.5, true)
			var chs [MaxProbeKeys]Channel
			for i := range 6 {
				chs[i] = ChannelOf(fmt.Sprintf("line.%d", i))
			}
			chs[6] = ChannelOf("past the count")
			p.PutChannels(&chs)
		}, func(p *Probe) {
			p.Reset(9, false)
			for i := range 6 {
				p.AddFrame(KeyUse{Channel: ChannelOf(fmt.Sprintf("line.%d", i)), K0: 2, K1: 3, Alpha: 0.125}, 2.5)
			}
		}},
		{"uniform run without a frame, then appended to", func(p *Probe) {
			p.Reset(9, true)
			p.SetUniform(2, 0, -1, 0, 77, false)
			p.PutChannels(&[MaxProbeKeys]Channel{ChannelT, ChannelR})
			p.AddFrame(KeyUse{Channel: ChannelS, K0: 5, K1: 6, Alpha: 0.5}, 1.25)
			p.AddKey(ChannelTRS, 0, -1, 0)
		}, func(p *Probe) {
			p.Reset(9, true)
			p.AddKey(ChannelT, 0, -1, 0)
			p.AddKey(ChannelR, 0, -1, 0)
			p.AddFrame(KeyUse{Channel: ChannelS, K0: 5, K1: 6, Alpha: 0.5}, 1.25)
			p.AddKey(ChannelTRS, 0, -1, 0)
		}},
		{"uniform run of twelve with a frame, then appended to (dropped)", func(p *Probe) {
			p.Reset(1, false)
			p.SetUniform(MaxProbeKeys, 4, 5, 0.5, -3, true)
			var chs [MaxProbeKeys]Channel
			for i := range MaxProbeKeys {
				chs[i] = ChannelOf(fmt.Sprintf("line.%d", i))
			}
			p.PutChannels(&chs)
			p.AddKey(ChannelT, 0, 0, 0)
		}, func(p *Probe) {
			p.Reset(1, false)
			for i := range MaxProbeKeys {
				p.AddFrame(KeyUse{Channel: ChannelOf(fmt.Sprintf("line.%d", i)), K0: 4, K1: 5, Alpha: 0.5}, -3)
			}
		}},
	} {
		got, want := stale(), stale()
		tc.put(got)
		tc.want(want)
		if !got.Identical(want) || got.Len() != want.Len() {
			t.Errorf("%s: %d %v %+v, want %d %v %+v", tc.name, got.Frame, got.Fallback, got.AppendKeys(nil), want.Frame, want.Fallback, want.AppendKeys(nil))
		}
		for i := range want.Len() {
			if g, w := got.Key(i), want.Key(i); g != w {
				t.Errorf("%s: Key(%d) = %+v, want %+v", tc.name, i, g, w)
			}
			gf, gok := got.KeyFrame(i)
			wf, wok := want.KeyFrame(i)
			if gf != wf || gok != wok {
				t.Errorf("%s: KeyFrame(%d) = %v %v, want %v %v", tc.name, i, gf, gok, wf, wok)
			}
		}
	}
}

// TestProbeMatchesModel runs random sequences of every writer against a model
// (a list of records with their frames) and compares what the probe reads back
// after each step: it mixes inline, shared, uniform and overflow records,
// uniform probes appended to, counts past MaxProbeKeys, and deep copies taken
// midway, which must keep what they copied.
func TestProbeMatchesModel(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	chans := []Channel{ChannelT, ChannelR, ChannelS, ChannelOf("v.x"), ChannelOf("v.y")}
	// Few distinct keys, so that records often share them (the shared fourth).
	key := func() (Channel, int32, int32, float32) {
		return chans[rng.IntN(len(chans))], int32(rng.IntN(2)), int32(rng.IntN(2)) - 1, []float32{0, 0.5, float32(math.Copysign(0, -1))}[rng.IntN(3)]
	}
	var p, snap Probe
	var model, snapModel []record
	var frame, snapFrame int32
	for step := range 20000 {
		switch op := rng.IntN(10); {
		case op == 0: // a new sample
			frame = int32(rng.IntN(100))
			p.Reset(frame, false)
			model = model[:0]
		case op == 1: // a uniform run into a fresh probe
			frame = int32(rng.IntN(100))
			p.Reset(frame, false)
			model = model[:0]
			n := 1 + rng.IntN(MaxProbeKeys)
			_, k0, k1, a := key()
			f, has := float64(rng.IntN(50))/4, rng.IntN(2) == 0
			p.SetUniform(n, k0, k1, a, f, has)
			var chs [MaxProbeKeys]Channel
			for i := range n {
				chs[i] = chans[rng.IntN(len(chans))]
				r := record{KeyUse{K0: k0, K1: k1, Alpha: a, Channel: chs[i]}, math.NaN()}
				if has {
					r.frame = f
				}
				model = append(model, r)
			}
			p.PutChannels(&chs)
		case op == 2: // a deep copy, checked later
			snap.CopyFrom(&p)
			snapModel, snapFrame = append(snapModel[:0], model...), frame
		default: // append one record through one of the writers
			ch, k0, k1, a := key()
			f := float64(rng.IntN(50)) / 4
			r := record{KeyUse{K0: k0, K1: k1, Alpha: a, Channel: ch}, math.NaN()}
			switch rng.IntN(4) {
			case 0:
				p.AddKey(ch, k0, k1, a)
			case 1:
				p.AddFrame(r.k, f)
				r.frame = f
			case 2:
				if !p.TryAddKey(ch, k0, k1, a) {
					p.AddRecord(ch, k0, k1, a, 0, false)
				}
			case 3:
				p.AddRecord(ch, k0, k1, a, f, true)
				r.frame = f
			}
			if len(model) < MaxProbeKeys {
				model = append(model, r)
			}
		}
		if msg := readsAs(&p, frame, model); msg != "" {
			t.Fatalf("step %d: %s", step, msg)
		}
		if snapModel != nil {
			if msg := readsAs(&snap, snapFrame, snapModel); msg != "" {
				t.Fatalf("step %d, the copy: %s", step, msg)
			}
		}
	}
}
