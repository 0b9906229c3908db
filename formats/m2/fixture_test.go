package m2

import "math"

// key is one key of a sequence: time within the sequence (ms) and components.
type key struct {
	t uint32
	v []float32
}

// mkTrack lays per-sequence keys out for m's version: before 264 on the shared
// timeline (time + sequence start) with one range per sequence plus the trailing
// (0, 0) real files have; at 264 as per-sequence arrays. A global-sequence track
// takes perSeq[0] as its keys (no ranges before 264, inner array 0 at 264).
// nRanges < 0 writes one range per sequence; otherwise exactly nRanges ranges.
func mkTrack(m *encModel, interp uint16, global int16, perSeq [][]key, nRanges int) encTrack {
	tr := encTrack{interp: interp, global: global}
	if m.version < 264 {
		if global >= 0 {
			for _, k := range perSeq[0] {
				tr.times = append(tr.times, k.t)
				tr.vals = append(tr.vals, k.v)
			}
			return tr
		}
		for s, keys := range perSeq {
			lo := uint32(len(tr.times))
			for _, k := range keys {
				tr.times = append(tr.times, m.seqs[s].start+k.t)
				tr.vals = append(tr.vals, k.v)
			}
			if len(keys) > 0 {
				tr.ranges = append(tr.ranges, [2]uint32{lo, uint32(len(tr.times)) - 1})
			} else {
				tr.ranges = append(tr.ranges, [2]uint32{0, 0})
			}
		}
		tr.ranges = append(tr.ranges, [2]uint32{0, 0})
		if nRanges >= 0 {
			tr.ranges = tr.ranges[:nRanges]
		}
		return tr
	}
	n := len(m.seqs)
	tr.seqTimes, tr.seqVals = make([][]uint32, n), make([][][]float32, n)
	for s := 0; s < n; s++ {
		if s >= len(perSeq) || (global >= 0 && s > 0) {
			continue
		}
		for _, k := range perSeq[s] {
			tr.seqTimes[s] = append(tr.seqTimes[s], k.t)
			tr.seqVals[s] = append(tr.seqVals[s], k.v)
		}
	}
	return tr
}

// quat returns (x, y, z, w) for a rotation of deg degrees about axis z.
func quatZ(deg float64) []float32 {
	h := deg * math.Pi / 360
	return []float32{0, 0, float32(math.Sin(h)), float32(math.Cos(h))}
}

func v3(x, y, z float32) []float32 { return []float32{x, y, z} }

// cubic concatenates value, inTan, outTan.
func cubic(v, in, out []float32) []float32 {
	return append(append(append([]float32{}, v...), in...), out...)
}

// testModel is the synthetic model most tests use, for any version:
//
//   - sequences: 0 Walk (id 4, 1000 ms), 1 Stand.1 (id 0 variation 1, 1000 ms),
//     2 Run (id 5), an alias of sequence 0 (flags 0x60);
//   - global sequences 1000 ms and 0 ms;
//   - bones in the file out of parent order: 0 (parent 2), 1 (root), 2 (parent 1);
//   - bone 0: linear translation (3 keys in seq 0, 1 key in seq 1), Hermite scale;
//     bone 1: linear rotation about Z (shortest arc in seq 1), Bézier translation;
//     bone 2: step scale (seq 0 only, one range), translation on global sequence 0,
//     rotation on global sequence 1 (length 0);
//   - a quad in two submeshes (geosets 0 and 101); 101's colour alpha is 0 in
//     seq 0 and 1 in seq 1.
func testModel(version uint32) *encModel {
	m := &encModel{version: version, name: "Test", globals: []uint32{1000, 0}, misalign: true,
		particles: 2, ribbons: 1, cameras: 1, lights: 3}
	if version < 264 {
		m.seqs = []encSeq{
			{id: 4, start: 3333, end: 4333, flags: 0x20, blend: 150, next: -1},
			{id: 0, variation: 1, start: 7666, end: 8666, flags: 0x20, blend: 150, next: -1},
			{id: 5, start: 11999, end: 12999, flags: 0x60, next: -1, alias: 0},
		}
	} else {
		m.seqs = []encSeq{
			{id: 4, duration: 1000, flags: 0x20, blend: 150, next: -1},
			{id: 0, variation: 1, duration: 1000, flags: 0x20, blend: 150, next: -1},
			{id: 5, duration: 1000, flags: 0x60, next: -1, alias: 0},
		}
	}
	for i := range m.seqs {
		m.seqs[i].boundsMin = [3]float32{-1, -1, -1}
		m.seqs[i].boundsMax = [3]float32{1, 1, 1}
	}
	m.bones = []encBone{
		{keyBone: -1, flags: 0x200, parent: 2, pivot: [3]float32{1, 0, 0}},
		{keyBone: 26, flags: 0x200, parent: -1},
		{keyBone: -1, flags: 0x208, parent: 1, pivot: [3]float32{0, 0, 1}},
	}
	b := m.bones
	b[0].t = mkTrack(m, InterpLinear, -1, [][]key{
		{{0, v3(0, 0, 0)}, {500, v3(1, 2, 3)}, {1000, v3(2, 0, 0)}},
		{{0, v3(5, 5, 5)}},
	}, -1)
	b[0].s = mkTrack(m, InterpHermite, -1, [][]key{
		{{0, cubic(v3(1, 1, 1), v3(0, 0, 0), v3(2, 0, 0))}, {1000, cubic(v3(2, 2, 2), v3(0, 4, 0), v3(0, 0, 0))}},
		{{0, cubic(v3(1, 1, 1), v3(0, 0, 0), v3(0, 0, 0))}},
	}, -1)
	neg180 := quatZ(180)
	for i := range neg180 {
		neg180[i] = -neg180[i]
	}
	b[1].r = mkTrack(m, InterpLinear, -1, [][]key{
		{{0, quatZ(0)}, {1000, quatZ(90)}},
		{{0, quatZ(90)}, {1000, neg180}},
	}, -1)
	b[1].t = mkTrack(m, InterpBezier, -1, [][]key{
		{{0, cubic(v3(0, 0, 0), v3(0, 0, 0), v3(1, 0, 0))}, {1000, cubic(v3(0, 0, 4), v3(0, 2, 0), v3(0, 0, 0))}},
		{{0, cubic(v3(0, 0, 0), v3(0, 0, 0), v3(0, 0, 0))}},
	}, -1)
	b[2].s = mkTrack(m, InterpStep, -1, [][]key{
		{{0, v3(1, 1, 1)}, {400, v3(2, 2, 2)}},
		{},
	}, 1)
	b[2].t = mkTrack(m, InterpLinear, 0, [][]key{
		{{0, v3(0, 0, 0)}, {500, v3(0, 0, 1)}, {1000, v3(0, 0, 0)}},
	}, -1)
	b[2].r = mkTrack(m, InterpLinear, 1, [][]key{
		{{0, quatZ(30)}, {100, quatZ(60)}},
	}, -1)

	m.verts = []encVert{
		{pos: [3]float32{0, 0, 0}, w: [4]uint8{255}, b: [4]uint8{0}, n: [3]float32{0, 0, 1}, uv0: [2]float32{0, 0}},
		{pos: [3]float32{1, 0, 0}, w: [4]uint8{255}, b: [4]uint8{1}, n: [3]float32{0, 0, 1}, uv0: [2]float32{1, 0}},
		{pos: [3]float32{0, 1, 0}, w: [4]uint8{128, 127}, b: [4]uint8{2, 0}, n: [3]float32{0, 0, 1}, uv0: [2]float32{0, 1}, uv1: [2]float32{0.5, 0.25}},
		{pos: [3]float32{1, 1, 0}, w: [4]uint8{255}, b: [4]uint8{1}, n: [3]float32{0, 0, 1}, uv0: [2]float32{1, 1}},
	}
	m.lookup = []uint16{0, 1, 2, 3}
	m.indices = []uint16{0, 1, 2, 2, 1, 3}
	m.subs = []encSub{
		{geoset: 0, vStart: 0, vCount: 3, iStart: 0, iCount: 3, boneCount: 3},
		{geoset: 101, vStart: 1, vCount: 3, iStart: 3, iCount: 3, boneCount: 3},
	}
	m.batches = []encBatch{{sub: 0, color: -1}, {sub: 1, color: 0, texCombo: 0}}
	m.textures = []string{`TEST\SKIN.BLP`}
	m.texLookup = []uint16{0}
	m.transLookup = []uint16{0}
	m.renderFlags = [][2]uint16{{0, 2}}
	m.colorAlpha = []encTrack{mkTrack(m, InterpLinear, -1, [][]key{{{0, []float32{0}}}, {{0, []float32{1}}}}, -1)}
	m.transp = []encTrack{mkTrack(m, InterpStep, -1, [][]key{{{0, []float32{1}}}, {{0, []float32{1}}}}, -1)}
	return m
}
