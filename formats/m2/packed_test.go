package m2

import (
	"math"
	"path/filepath"
	"testing"
	"unsafe"

	"animscope/anim"
	"animscope/formats"
	"animscope/formats/m2/m2test"
	"animscope/formats/samples"
)

// samePose compares two poses bit for bit (NaN-safe) and their probes.
func samePose(t *testing.T, what string, got, want []anim.Transform, gp, wp []anim.Probe) {
	t.Helper()
	bits := func(x anim.Transform) [10]uint32 {
		return [10]uint32{math.Float32bits(x.T[0]), math.Float32bits(x.T[1]), math.Float32bits(x.T[2]),
			math.Float32bits(x.Q.W), math.Float32bits(x.Q.V[0]), math.Float32bits(x.Q.V[1]), math.Float32bits(x.Q.V[2]),
			math.Float32bits(x.S[0]), math.Float32bits(x.S[1]), math.Float32bits(x.S[2])}
	}
	for n := range want {
		if bits(got[n]) != bits(want[n]) {
			t.Fatalf("%s: node %d = %v, want %v", what, n, got[n], want[n])
		}
		g, w := gp[n], wp[n]
		if !g.Identical(&w) {
			t.Fatalf("%s: node %d probe = %d %v %+v, want %d %v %+v", what, n, g.Frame, g.Fallback, g.AppendKeys(nil), w.Frame, w.Fallback, w.AppendKeys(nil))
		}
	}
}

// checkPackedMatchesTracks samples every clip of a both from its packed
// sequence and from its tracks (pack removed), at times that hit keys, fall
// between them, lie before and after the sequence and are not numbers, with and
// without a cursor (forward playback, then a jump back), and compares bits and
// probes.
func checkPackedMatchesTracks(t *testing.T, name string, a *formats.Asset) {
	t.Helper()
	n := a.Skeleton.Len()
	times := []float64{-5, 0, 0.5, 1, 16.7, 33, 33.4, 250, 499.99, 500, 777, 999, 1000, 1e6, math.NaN(), math.Inf(1), math.Inf(-1)}
	for t0 := 0.0; t0 < 1100; t0 += 16.7 {
		times = append(times, t0)
	}
	times = append(times, 100, 3)
	packed := 0
	for _, ac := range a.Clips {
		c := ac.(*Clip)
		if c.pack == nil {
			continue
		}
		packed++
		plain := *c
		plain.pack = nil
		curP, curT, curN := c.NewCursor(), plain.NewCursor(), c.NewCursor()
		got, want := make([]anim.Transform, n), make([]anim.Transform, n)
		gp, wp := make([]anim.Probe, n), make([]anim.Probe, n)
		for _, tm := range times {
			for _, g := range []float64{tm, tm + 1234.5} {
				c.SampleWith(nil, tm, g, got, gp)
				plain.SampleWith(nil, tm, g, want, wp)
				samePose(t, name+" "+c.info.Name+" no cursor", got, want, gp, wp)
				c.SampleWith(curP, tm, g, got, gp)
				plain.SampleWith(curT, tm, g, want, wp)
				samePose(t, name+" "+c.info.Name+" cursor", got, want, gp, wp)
				// Without probes (samplePacked's own loop for keyed runs).
				c.SampleWith(nil, tm, g, got, nil)
				samePose(t, name+" "+c.info.Name+" no probes", got, want, wp, wp)
				c.SampleWith(curN, tm, g, got, nil)
				samePose(t, name+" "+c.info.Name+" no probes, cursor", got, want, wp, wp)
			}
		}
	}
	if packed == 0 {
		t.Errorf("%s: no clip is packed", name)
	}
}

// TestPackedMatchesTracks: the packed per-sequence layout gives the tracks' own
// results bit for bit, probes included, on the synthetic model of every version
// (linear, Hermite, Bézier and step tracks, global sequences, an alias, keys on
// the shared timeline before 264), the ozz-like benchmark model, and the samples
// when present.
func TestPackedMatchesTracks(t *testing.T) {
	for _, v := range versions {
		a, _ := openTest(t, m2test.NewModel(v))
		checkPackedMatchesTracks(t, "synthetic", a)
		data, skin := benchModel(v, 40).Encode()
		p, err := decodeMem("bench.m2", data, skin)
		if err != nil {
			t.Fatal(err)
		}
		checkPackedMatchesTracks(t, "bench", &p.Asset)
		// Its bones' t, r and s tracks all share their key times: the search
		// runs once per frame, for the first bone's translation.
		shared := 0
		for _, tr := range p.Asset.Clips[0].(*Clip).pack.tracks {
			if tr.sameKeys {
				shared++
			}
		}
		if want := 3*40 - 1; shared != want {
			t.Errorf("version %d: %d tracks share an earlier track's key search, want %d", v, shared, want)
		}
		// The same counts of keys at other times on odd bones' rotations:
		// those must not share the translation's search, nor the next
		// channel theirs.
		m := benchModel(v, 40)
		for i := 1; i < len(m.Bones); i += 2 {
			var rk [][]m2test.Key
			for sq := 0; sq < 2; sq++ {
				var rs []m2test.Key
				for k := 0; k <= 30; k++ {
					rs = append(rs, m2test.Key{T: uint32(k*33 + 7*min(k, 1)), V: m2test.QuatZ(float64(i*13 + k*29 + sq))})
				}
				rk = append(rk, rs)
			}
			m.Bones[i].R = m2test.MakeTrack(m, InterpLinear, -1, rk, -1)
		}
		data, skin = m.Encode()
		if p, err = decodeMem("shifted.m2", data, skin); err != nil {
			t.Fatal(err)
		}
		checkPackedMatchesTracks(t, "shifted rotations", &p.Asset)
		// Searched: bone 0's translation, and the odd bones' rotation and
		// scale (the translation of the bone after an odd one shares the
		// odd bone's translation times, now in its scale's search).
		shared = 0
		for _, tr := range p.Asset.Clips[0].(*Clip).pack.tracks {
			if tr.sameKeys {
				shared++
			}
		}
		if want := 3*40 - 1 - 2*20; shared != want {
			t.Errorf("version %d shifted: %d tracks share an earlier track's key search, want %d", v, shared, want)
		}
		// Bones without any track (most bones of real models), between keyed
		// ones: the still nodes' path, and searches shared across them.
		m = benchModel(v, 40)
		for i := 2; i < len(m.Bones); i += 4 {
			m.Bones[i].T, m.Bones[i].R, m.Bones[i].S = m2test.Track{Global: -1}, m2test.Track{Global: -1}, m2test.Track{Global: -1}
		}
		data, skin = m.Encode()
		if p, err = decodeMem("still.m2", data, skin); err != nil {
			t.Fatal(err)
		}
		checkPackedMatchesTracks(t, "still bones", &p.Asset)
		still := 0
		for _, nd := range p.Asset.Clips[0].(*Clip).pack.nodes {
			if nd.still {
				still++
			}
		}
		if still != 10 {
			t.Errorf("version %d: %d still nodes, want 10", v, still)
		}
	}
}

// TestPackedMatchesTracksSamples is TestPackedMatchesTracks on every sample
// model (skipped without them).
func TestPackedMatchesTracksSamples(t *testing.T) {
	dir := samples.Dir(t, "m2")
	for _, f := range sampleFacts {
		a, err := formats.Open([]string{filepath.Join(dir, f.file)}, formats.Options{})
		if err != nil {
			t.Fatalf("Open(%s): %v", f.file, err)
		}
		checkPackedMatchesTracks(t, f.file, a)
	}
}

// TestPackedKeySize: a packedKey fills one cache line, so that with the large
// (page-aligned) key arrays of big models no key straddles two lines.
func TestPackedKeySize(t *testing.T) {
	if got := unsafe.Sizeof(packedKey{}); got != 64 {
		t.Errorf("packedKey is %d bytes, want 64", got)
	}
}

// TestPackSequencesCountsNodeRecords: a pack holds records for every node, keyed
// or not, so the packs' bound counts them: 300 sequences over 300 bones
// without a key (a 53 KB file) would pack 270,000 node records (9 MB; 3,000 by
// 3,000, a 528 KB file: 900 MB) for no key at all. Such a model samples its
// tracks directly (the same bits as packed: checkPackedMatchesTracks, here on
// three clips of a model of this size that still packs).
func TestPackSequencesCountsNodeRecords(t *testing.T) {
	for _, tc := range []struct {
		seqs, bones int
		packed      bool
	}{
		{seqs: 300, bones: 300, packed: false}, // 2·300·300 = 180,000 > 65,536
		{seqs: 100, bones: 300, packed: true},  // 60,000
	} {
		m := m2test.NewModel(256)
		m.Seqs = nil
		for i := 0; i < tc.seqs; i++ {
			m.Seqs = append(m.Seqs, m2test.Seq{ID: uint16(i), Start: uint32(1000 * i), End: uint32(1000*i + 900), Flags: 0x20, Next: -1})
		}
		bones := m.Bones
		m.Bones = make([]m2test.Bone, tc.bones)
		for i := range m.Bones {
			m.Bones[i] = m2test.Bone{KeyBone: -1, Parent: int16(i - 1)}
		}
		copy(m.Bones, bones[:1]) // one keyed bone (0, translation and scale over the old sequences' times)
		m.Bones[0].Parent = -1
		data, _ := m.Encode()
		a, err := decodeNoPanic(t, "many sequences", data, nil)
		if err != nil {
			t.Fatal(err)
		}
		packed := 0
		for _, c := range a.Clips {
			if c.(*Clip).pack != nil {
				packed++
			}
		}
		if want := map[bool]int{true: tc.seqs, false: 0}[tc.packed]; packed != want {
			t.Errorf("%d sequences × %d bones: %d clips packed, want %d", tc.seqs, tc.bones, packed, want)
		}
		if tc.packed {
			a.Clips = a.Clips[:3] // enough to compare, cheap enough to run
			checkPackedMatchesTracks(t, "many sequences", &a.Asset)
		}
	}
}
