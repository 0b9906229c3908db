package m2

import (
	"encoding/binary"
	"math"
)

// Synthetic encodes the package's synthetic test model at version (256, 260 or
// 264): three sequences, two global sequences, three bones out of parent order with
// linear, Hermite, Bézier and step tracks, a quad in two submeshes. skin is nil
// before 264; at 264 it is the NAME00.skin that must sit beside the model. misalign
// leaves the blocks unaligned as some real files are.
func Synthetic(version uint32, misalign bool) (m2, skin []byte) {
	m := testModel(version)
	m.misalign = misalign
	return m.encode()
}

// SyntheticVersions are the versions Synthetic writes.
var SyntheticVersions = []uint32{256, 260, 264}

// A small M2 writer for synthetic models, used by the package's tests, the fuzz
// seeds and the command line's hand-broken corpus (it is not a general encoder:
// animscope never writes M2 files for users). Its offsets and record sizes are
// written from the spec's tables (specs/m2.md §3, §4) independently of the decoder's layout tables, so a
// mistake in one does not hide in the other; the sample tests check the decoder
// against real files.

// value kinds of a track
const (
	kVec     = iota // C3
	kQuatF          // 4 × f32 x, y, z, w
	kQuat16         // 4 × i16 x, y, z, w (offset-binary)
	kFixed16        // i16 value/32767
)

// encTrack is one track. Before 264: times/vals on the shared timeline with ranges.
// At 264: seqTimes/seqVals per sequence. A value is its components (x, y, z[, w]);
// for cubic types a key holds value, inTan, outTan one after another. raw says the
// kQuat16 components are stored codes, not floats to encode.
type encTrack struct {
	interp   uint16
	global   int16
	ranges   [][2]uint32
	times    []uint32
	vals     [][]float32
	seqTimes [][]uint32
	seqVals  [][][]float32
	raw      bool
}

type encSeq struct {
	id, variation        uint16
	start, end           uint32 // before 264
	duration             uint32 // 264
	flags                uint32
	blend                uint32
	next                 int16
	alias                uint16
	boundsMin, boundsMax [3]float32
}

type encBone struct {
	keyBone int32
	flags   uint32
	parent  int16
	pivot   [3]float32
	t, r, s encTrack
}

type encVert struct {
	pos      [3]float32
	w, b     [4]uint8
	n        [3]float32
	uv0, uv1 [2]float32
}

type encSub struct{ geoset, vStart, vCount, iStart, iCount, boneCount, boneStart uint16 }

type encBatch struct {
	sub                              uint16
	color                            int16
	renderFlag, texCombo, transCombo uint16
}

type encModel struct {
	version     uint32
	name        string
	flags       uint32
	globals     []uint32
	seqs        []encSeq
	bones       []encBone
	verts       []encVert
	lookup      []uint16
	indices     []uint16
	subs        []encSub
	batches     []encBatch
	textures    []string
	colorAlpha  []encTrack
	transp      []encTrack
	texLookup   []uint16
	transLookup []uint16
	renderFlags [][2]uint16
	particles   int
	ribbons     int
	cameras     int
	lights      int
	misalign    bool // one pad byte before every array: unaligned offsets
}

type writer struct {
	b        []byte
	misalign bool
}

func (w *writer) reserve(n int) int {
	off := len(w.b)
	w.b = append(w.b, make([]byte, n)...)
	return off
}
func (w *writer) u16(at int, v uint16)  { binary.LittleEndian.PutUint16(w.b[at:], v) }
func (w *writer) u32(at int, v uint32)  { binary.LittleEndian.PutUint32(w.b[at:], v) }
func (w *writer) f32(at int, v float32) { w.u32(at, math.Float32bits(v)) }

// arr appends p (count records) and writes the M2Array at field.
func (w *writer) arr(field, count int, p []byte) {
	off := 0
	if count > 0 {
		if w.misalign {
			w.b = append(w.b, 0xA5)
		}
		off = len(w.b)
		w.b = append(w.b, p...)
	}
	w.u32(field, uint32(count))
	w.u32(field+4, uint32(off))
}

type bytesOut []byte

func (p *bytesOut) u16(v uint16)  { *p = binary.LittleEndian.AppendUint16(*p, v) }
func (p *bytesOut) u32(v uint32)  { *p = binary.LittleEndian.AppendUint32(*p, v) }
func (p *bytesOut) f32(v float32) { p.u32(math.Float32bits(v)) }

// encQuat16 is the inverse of spec §5.5's decode.
func encQuat16(f float32) int16 {
	c := math.Round(float64(f) * 32767)
	if f >= 0 {
		return int16(c - 32768)
	}
	return int16(c + 32767)
}

func encValues(kind int, vals [][]float32, raw bool) []byte {
	var p bytesOut
	for _, v := range vals {
		for _, c := range v {
			switch kind {
			case kVec, kQuatF:
				p.f32(c)
			case kQuat16:
				if raw {
					p.u16(uint16(int16(c)))
				} else {
					p.u16(uint16(encQuat16(c)))
				}
			case kFixed16:
				p.u16(uint16(int16(math.Round(float64(c) * 32767))))
			}
		}
	}
	return p
}

// track writes tr's record at at (28 bytes before 264, 20 at 264).
func (w *writer) track(at int, tr *encTrack, kind int, pre bool) {
	w.u16(at, tr.interp)
	w.u16(at+2, uint16(tr.global))
	if pre {
		var r, t bytesOut
		for _, x := range tr.ranges {
			r.u32(x[0])
			r.u32(x[1])
		}
		for _, x := range tr.times {
			t.u32(x)
		}
		w.arr(at+4, len(tr.ranges), r)
		w.arr(at+12, len(tr.times), t)
		w.arr(at+20, len(tr.vals), encValues(kind, tr.vals, tr.raw))
		return
	}
	n := len(tr.seqTimes)
	th, vh := make([][2]uint32, n), make([][2]uint32, n)
	for s := 0; s < n; s++ {
		var t bytesOut
		for _, x := range tr.seqTimes[s] {
			t.u32(x)
		}
		tmp := w.reserve(8)
		w.arr(tmp, len(tr.seqTimes[s]), t)
		th[s] = [2]uint32{binary.LittleEndian.Uint32(w.b[tmp:]), binary.LittleEndian.Uint32(w.b[tmp+4:])}
		tmp2 := w.reserve(8)
		w.arr(tmp2, len(tr.seqVals[s]), encValues(kind, tr.seqVals[s], tr.raw))
		vh[s] = [2]uint32{binary.LittleEndian.Uint32(w.b[tmp2:]), binary.LittleEndian.Uint32(w.b[tmp2+4:])}
	}
	var th8, vh8 bytesOut
	for s := 0; s < n; s++ {
		th8.u32(th[s][0])
		th8.u32(th[s][1])
		vh8.u32(vh[s][0])
		vh8.u32(vh[s][1])
	}
	w.arr(at+4, n, th8)
	w.arr(at+12, n, vh8)
}

// encode writes the model; at 264 it also returns the 00.skin.
func (m *encModel) encode() (m2, skin []byte) {
	pre := m.version < 264
	tbc := m.version >= 260
	hdr := 0x130
	if pre {
		hdr = 0x144
	}
	w := &writer{misalign: m.misalign}
	w.reserve(hdr)
	copy(w.b, "MD20")
	w.u32(4, m.version)
	w.arr(0x08, len(m.name)+1, append([]byte(m.name), 0))
	w.u32(0x10, m.flags)
	var g bytesOut
	for _, x := range m.globals {
		g.u32(x)
	}
	w.arr(0x14, len(m.globals), g)

	// Header field offsets (spec §3.1 / §3.2).
	f := map[string]int{}
	if pre {
		f = map[string]int{"bones": 0x34, "keyBoneLookup": 0x3C, "vertices": 0x44, "views": 0x4C,
			"colors": 0x54, "textures": 0x5C, "transparency": 0x64, "renderFlags": 0x84,
			"boneLookup": 0x8C, "texLookup": 0x94, "transLookup": 0xA4, "bounds": 0xB4,
			"lights": 0x11C, "cameras": 0x124, "ribbons": 0x134, "particles": 0x13C}
	} else {
		f = map[string]int{"bones": 0x2C, "keyBoneLookup": 0x34, "vertices": 0x3C, "views": 0x44,
			"colors": 0x48, "textures": 0x50, "transparency": 0x58, "renderFlags": 0x70,
			"boneLookup": 0x78, "texLookup": 0x80, "transLookup": 0x90, "bounds": 0xA0,
			"lights": 0x108, "cameras": 0x110, "ribbons": 0x120, "particles": 0x128}
	}

	// Sequences (68 / 64 bytes).
	seqSize := 64
	if pre {
		seqSize = 68
	}
	var sq bytesOut
	for _, s := range m.seqs {
		sq.u16(s.id)
		sq.u16(s.variation)
		if pre {
			sq.u32(s.start)
			sq.u32(s.end)
		} else {
			sq.u32(s.duration)
		}
		sq.f32(1)       // speed
		sq.u32(s.flags) // flags
		sq.u16(0x7FFF)  // frequency
		sq.u16(0)       // padding
		sq.u32(0)       // replay min
		sq.u32(0)       // replay max
		sq.u32(s.blend)
		for _, c := range s.boundsMin {
			sq.f32(c)
		}
		for _, c := range s.boundsMax {
			sq.f32(c)
		}
		sq.f32(1) // radius
		sq.u16(uint16(s.next))
		sq.u16(s.alias)
	}
	_ = seqSize
	w.arr(0x1C, len(m.seqs), sq)

	// Bones: records first, then their tracks (patched in place).
	boneSize, tOff, rOff, sOff, pOff := 108, 0x0C, 0x28, 0x44, 0x60
	switch {
	case !pre:
		boneSize, tOff, rOff, sOff, pOff = 88, 0x10, 0x24, 0x38, 0x4C
	case tbc:
		boneSize, tOff, rOff, sOff, pOff = 112, 0x10, 0x2C, 0x48, 0x64
	}
	w.arr(f["bones"], len(m.bones), make([]byte, boneSize*len(m.bones)))
	bonesAt := int(binary.LittleEndian.Uint32(w.b[f["bones"]+4:]))
	rotKind := kQuatF
	if tbc {
		rotKind = kQuat16
	}
	for i := range m.bones {
		bn := &m.bones[i]
		o := bonesAt + i*boneSize
		w.u32(o, uint32(bn.keyBone))
		w.u32(o+4, bn.flags)
		w.u16(o+8, uint16(bn.parent))
		for c := 0; c < 3; c++ {
			w.f32(o+pOff+4*c, bn.pivot[c])
		}
		w.track(o+tOff, &bn.t, kVec, pre)
		w.track(o+rOff, &bn.r, rotKind, pre)
		w.track(o+sOff, &bn.s, kVec, pre)
	}
	var kbl bytesOut
	kbl.u16(0)
	w.arr(f["keyBoneLookup"], 1, kbl)

	// Vertices (48 bytes).
	var vb bytesOut
	for _, v := range m.verts {
		for _, c := range v.pos {
			vb.f32(c)
		}
		vb = append(vb, v.w[:]...)
		vb = append(vb, v.b[:]...)
		for _, c := range v.n {
			vb.f32(c)
		}
		vb.f32(v.uv0[0])
		vb.f32(v.uv0[1])
		vb.f32(v.uv1[0])
		vb.f32(v.uv1[1])
	}
	w.arr(f["vertices"], len(m.verts), vb)

	// Colours (alpha track only is set), transparency, textures, lookups.
	colorSize, transpSize, trackSize := 40, 20, 20
	if pre {
		colorSize, transpSize, trackSize = 56, 28, 28
	}
	w.arr(f["colors"], len(m.colorAlpha), make([]byte, colorSize*len(m.colorAlpha)))
	colAt := int(binary.LittleEndian.Uint32(w.b[f["colors"]+4:]))
	for i := range m.colorAlpha {
		w.track(colAt+i*colorSize+trackSize, &m.colorAlpha[i], kFixed16, pre)
	}
	w.arr(f["transparency"], len(m.transp), make([]byte, transpSize*len(m.transp)))
	trAt := int(binary.LittleEndian.Uint32(w.b[f["transparency"]+4:]))
	for i := range m.transp {
		w.track(trAt+i*transpSize, &m.transp[i], kFixed16, pre)
	}
	w.arr(f["textures"], len(m.textures), make([]byte, 16*len(m.textures)))
	texAt := int(binary.LittleEndian.Uint32(w.b[f["textures"]+4:]))
	for i, name := range m.textures {
		w.arr(texAt+16*i+8, len(name)+1, append([]byte(name), 0))
	}
	u16s := func(field int, vs []uint16) {
		var p bytesOut
		for _, v := range vs {
			p.u16(v)
		}
		w.arr(field, len(vs), p)
	}
	u16s(f["texLookup"], m.texLookup)
	u16s(f["transLookup"], m.transLookup)
	var rf bytesOut
	for _, r := range m.renderFlags {
		rf.u16(r[0])
		rf.u16(r[1])
	}
	w.arr(f["renderFlags"], len(m.renderFlags), rf)
	var bl []uint16
	for i := range m.bones {
		bl = append(bl, uint16(i))
	}
	u16s(f["boneLookup"], bl)
	for c, v := range []float32{-1, -1, -1, 1, 1, 1, 2} {
		w.f32(f["bounds"]+4*c, v)
	}

	// Skipped records: zero-filled, the right sizes.
	sizes := map[string]int{"lights": 156, "cameras": 100, "ribbons": 176, "particles": 476}
	if pre {
		sizes = map[string]int{"lights": 212, "cameras": 124, "ribbons": 220, "particles": 504}
	}
	// In a fixed order, so that the same model always encodes to the same bytes.
	counts := map[string]int{"lights": m.lights, "cameras": m.cameras, "ribbons": m.ribbons, "particles": m.particles}
	for _, name := range []string{"lights", "cameras", "ribbons", "particles"} {
		n := counts[name]
		w.arr(f[name], n, make([]byte, n*sizes[name]))
	}

	// View 0: embedded (44 bytes) before 264, the .skin at 264.
	subSize := 32
	if tbc {
		subSize = 48
	}
	writeView := func(vw *writer, at int) {
		var lk, ix, props, subs, bats bytesOut
		for _, v := range m.lookup {
			lk.u16(v)
		}
		for _, v := range m.indices {
			ix.u16(v)
		}
		for range m.lookup {
			props = append(props, 0, 0, 0, 0)
		}
		for _, s := range m.subs {
			rec := make(bytesOut, 0, subSize)
			for _, v := range []uint16{s.geoset, 0, s.vStart, s.vCount, s.iStart, s.iCount, s.boneCount, s.boneStart, 1, 0} {
				rec.u16(v)
			}
			rec = append(rec, make([]byte, subSize-len(rec))...)
			subs = append(subs, rec...)
		}
		for _, b := range m.batches {
			rec := bytesOut{0x10, 0}
			for _, v := range []uint16{0, b.sub, 0, uint16(b.color), b.renderFlag, 0, 1, b.texCombo, 0, b.transCombo, 0} {
				rec.u16(v)
			}
			bats = append(bats, rec...)
		}
		vw.arr(at, len(m.lookup), lk)
		vw.arr(at+8, len(m.indices), ix)
		vw.arr(at+16, len(m.lookup), props)
		vw.arr(at+24, len(m.subs), subs)
		vw.arr(at+32, len(m.batches), bats)
		vw.u32(at+40, 21)
	}
	if pre {
		w.arr(f["views"], 1, make([]byte, 44))
		writeView(w, int(binary.LittleEndian.Uint32(w.b[f["views"]+4:])))
		return w.b, nil
	}
	w.u32(f["views"], 1)
	sw := &writer{misalign: m.misalign}
	sw.reserve(48)
	copy(sw.b, "SKIN")
	writeView(sw, 4)
	return w.b, sw.b
}

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
