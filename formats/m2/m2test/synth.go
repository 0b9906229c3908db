// Package m2test writes synthetic M2 models (versions 256, 260, 264 and 272) for
// tests, fuzz seeds and the command line's hand-broken corpus. animscope never
// writes M2 files for its users, so the writer lives here and not in package m2.
//
// Its offsets and record sizes are written from the format's tables
// independently of m2's decoder, so a mistake in one does not hide in the other;
// the sample tests check the decoder against real files. m2test does not import
// m2, so that m2's own tests can import it.
package m2test

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
	m := NewModel(version)
	m.Misalign = misalign
	return m.Encode()
}

// SyntheticVersions are the versions Synthetic writes.
var SyntheticVersions = []uint32{256, 260, 264, 272}

// The M2 interpolation codes (m2.InterpStep ... m2.InterpBezier): the writer
// stores them as given.
const (
	interpStep    = 0
	interpLinear  = 1
	interpHermite = 2
	interpBezier  = 3
)

// value kinds of a track
const (
	kVec     = iota // C3
	kQuatF          // 4 × f32 x, y, z, w
	kQuat16         // 4 × i16 x, y, z, w (offset-binary)
	kFixed16        // i16 value/32767
)

// Track is one track. Before 264: times/vals on the shared timeline with ranges.
// At 264: seqTimes/seqVals per sequence. A value is its components (x, y, z[, w]);
// for cubic types a key holds value, inTan, outTan one after another. raw says the
// kQuat16 components are stored codes, not floats to encode.
type Track struct {
	Interp   uint16
	Global   int16
	Ranges   [][2]uint32
	Times    []uint32
	Vals     [][]float32
	SeqTimes [][]uint32
	SeqVals  [][][]float32
	Raw      bool
}

type Seq struct {
	ID, Variation        uint16
	Start, End           uint32 // before 264
	Duration             uint32 // 264
	Flags                uint32
	Blend                uint32
	Next                 int16
	Alias                uint16
	BoundsMin, BoundsMax [3]float32
}

type Bone struct {
	KeyBone int32
	Flags   uint32
	Parent  int16
	Pivot   [3]float32
	T, R, S Track
}

type Vert struct {
	Pos      [3]float32
	W, B     [4]uint8
	N        [3]float32
	UV0, UV1 [2]float32
}

type Submesh struct{ Geoset, VStart, VCount, IStart, ICount, BoneCount, BoneStart uint16 }

type Batch struct {
	Shader                           uint16 // shader id (with global flag 0x8: first texture-combiner combo)
	Sub                              uint16
	Color                            int16
	RenderFlag, TexCombo, TransCombo uint16
}

type Model struct {
	Version     uint32
	Name        string
	Flags       uint32
	Globals     []uint32
	Seqs        []Seq
	Bones       []Bone
	Verts       []Vert
	Lookup      []uint16
	Indices     []uint16
	Subs        []Submesh
	Batches     []Batch
	Textures    []string
	ColorAlpha  []Track
	Transp      []Track
	TexLookup   []uint16
	TransLookup []uint16
	RenderFlags [][2]uint16
	Particles   int
	Ribbons     int
	Cameras     int
	Lights      int
	Misalign    bool // one pad byte before every array: unaligned offsets
	// Combos is the texture-combiner-combo array written after the header when
	// Flags has 0x8 (versions.go).
	Combos []uint16
	// ShadowBatches is the number of (zero-filled) shadow batches of a 272 .skin.
	ShadowBatches int
	// Attachments are the attachment points (attach.go).
	Attachments []Attachment

	// TextureTypes are the textures' types, by index (missing: 0, a named
	// file); a replaceable texture's name is "".
	TextureTypes []uint32
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

// encQuat16 is the inverse of FORMAT.md §5.5's decode.
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
func (w *writer) track(at int, tr *Track, kind int, pre bool) {
	w.u16(at, tr.Interp)
	w.u16(at+2, uint16(tr.Global))
	if pre {
		var r, t bytesOut
		for _, x := range tr.Ranges {
			r.u32(x[0])
			r.u32(x[1])
		}
		for _, x := range tr.Times {
			t.u32(x)
		}
		w.arr(at+4, len(tr.Ranges), r)
		w.arr(at+12, len(tr.Times), t)
		w.arr(at+20, len(tr.Vals), encValues(kind, tr.Vals, tr.Raw))
		return
	}
	n := len(tr.SeqTimes)
	th, vh := make([][2]uint32, n), make([][2]uint32, n)
	for s := 0; s < n; s++ {
		var t bytesOut
		for _, x := range tr.SeqTimes[s] {
			t.u32(x)
		}
		tmp := w.reserve(8)
		w.arr(tmp, len(tr.SeqTimes[s]), t)
		th[s] = [2]uint32{binary.LittleEndian.Uint32(w.b[tmp:]), binary.LittleEndian.Uint32(w.b[tmp+4:])}
		tmp2 := w.reserve(8)
		w.arr(tmp2, len(tr.SeqVals[s]), encValues(kind, tr.SeqVals[s], tr.Raw))
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

// Encode writes the model; at 264 it also returns the 00.skin.
func (m *Model) Encode() (m2, skin []byte) {
	pre := m.Version < 264
	tbc := m.Version >= 260
	hdr := m.headerSize()
	w := &writer{misalign: m.Misalign}
	w.reserve(hdr)
	copy(w.b, "MD20")
	w.u32(4, m.Version)
	w.arr(0x08, len(m.Name)+1, append([]byte(m.Name), 0))
	w.u32(0x10, m.Flags)
	var g bytesOut
	for _, x := range m.Globals {
		g.u32(x)
	}
	w.arr(0x14, len(m.Globals), g)

	// Header field offsets (FORMAT.md §3.1 / §3.2).
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
	for _, s := range m.Seqs {
		sq.u16(s.ID)
		sq.u16(s.Variation)
		if pre {
			sq.u32(s.Start)
			sq.u32(s.End)
		} else {
			sq.u32(s.Duration)
		}
		sq.f32(1)       // speed
		sq.u32(s.Flags) // flags
		sq.u16(0x7FFF)  // frequency
		sq.u16(0)       // padding
		sq.u32(0)       // replay min
		sq.u32(0)       // replay max
		sq.u32(s.Blend)
		for _, c := range s.BoundsMin {
			sq.f32(c)
		}
		for _, c := range s.BoundsMax {
			sq.f32(c)
		}
		sq.f32(1) // radius
		sq.u16(uint16(s.Next))
		sq.u16(s.Alias)
	}
	_ = seqSize
	w.arr(0x1C, len(m.Seqs), sq)

	// Bones: records first, then their tracks (patched in place).
	boneSize, tOff, rOff, sOff, pOff := 108, 0x0C, 0x28, 0x44, 0x60
	switch {
	case !pre:
		boneSize, tOff, rOff, sOff, pOff = 88, 0x10, 0x24, 0x38, 0x4C
	case tbc:
		boneSize, tOff, rOff, sOff, pOff = 112, 0x10, 0x2C, 0x48, 0x64
	}
	w.arr(f["bones"], len(m.Bones), make([]byte, boneSize*len(m.Bones)))
	bonesAt := int(binary.LittleEndian.Uint32(w.b[f["bones"]+4:]))
	rotKind := kQuatF
	if tbc {
		rotKind = kQuat16
	}
	for i := range m.Bones {
		bn := &m.Bones[i]
		o := bonesAt + i*boneSize
		w.u32(o, uint32(bn.KeyBone))
		w.u32(o+4, bn.Flags)
		w.u16(o+8, uint16(bn.Parent))
		for c := 0; c < 3; c++ {
			w.f32(o+pOff+4*c, bn.Pivot[c])
		}
		w.track(o+tOff, &bn.T, kVec, pre)
		w.track(o+rOff, &bn.R, rotKind, pre)
		w.track(o+sOff, &bn.S, kVec, pre)
	}
	var kbl bytesOut
	kbl.u16(0)
	w.arr(f["keyBoneLookup"], 1, kbl)

	// Vertices (48 bytes).
	var vb bytesOut
	for _, v := range m.Verts {
		for _, c := range v.Pos {
			vb.f32(c)
		}
		vb = append(vb, v.W[:]...)
		vb = append(vb, v.B[:]...)
		for _, c := range v.N {
			vb.f32(c)
		}
		vb.f32(v.UV0[0])
		vb.f32(v.UV0[1])
		vb.f32(v.UV1[0])
		vb.f32(v.UV1[1])
	}
	w.arr(f["vertices"], len(m.Verts), vb)

	// Colours (alpha track only is set), transparency, textures, lookups.
	colorSize, transpSize, trackSize := 40, 20, 20
	if pre {
		colorSize, transpSize, trackSize = 56, 28, 28
	}
	w.arr(f["colors"], len(m.ColorAlpha), make([]byte, colorSize*len(m.ColorAlpha)))
	colAt := int(binary.LittleEndian.Uint32(w.b[f["colors"]+4:]))
	for i := range m.ColorAlpha {
		w.track(colAt+i*colorSize+trackSize, &m.ColorAlpha[i], kFixed16, pre)
	}
	w.arr(f["transparency"], len(m.Transp), make([]byte, transpSize*len(m.Transp)))
	trAt := int(binary.LittleEndian.Uint32(w.b[f["transparency"]+4:]))
	for i := range m.Transp {
		w.track(trAt+i*transpSize, &m.Transp[i], kFixed16, pre)
	}
	w.arr(f["textures"], len(m.Textures), make([]byte, 16*len(m.Textures)))
	texAt := int(binary.LittleEndian.Uint32(w.b[f["textures"]+4:]))
	for i, name := range m.Textures {
		if i < len(m.TextureTypes) {
			w.u32(texAt+16*i, m.TextureTypes[i])
		}
		w.arr(texAt+16*i+8, len(name)+1, append([]byte(name), 0))
	}
	u16s := func(field int, vs []uint16) {
		var p bytesOut
		for _, v := range vs {
			p.u16(v)
		}
		w.arr(field, len(vs), p)
	}
	u16s(f["texLookup"], m.TexLookup)
	u16s(f["transLookup"], m.TransLookup)
	var rf bytesOut
	for _, r := range m.RenderFlags {
		rf.u16(r[0])
		rf.u16(r[1])
	}
	w.arr(f["renderFlags"], len(m.RenderFlags), rf)
	var bl []uint16
	for i := range m.Bones {
		bl = append(bl, uint16(i))
	}
	u16s(f["boneLookup"], bl)
	for c, v := range []float32{-1, -1, -1, 1, 1, 1, 2} {
		w.f32(f["bounds"]+4*c, v)
	}

	m.writeAttachments(w)

	// Skipped records: zero-filled, the right sizes.
	sizes := m.recordSizes()
	// In a fixed order, so that the same model always encodes to the same bytes.
	counts := map[string]int{"lights": m.Lights, "cameras": m.Cameras, "ribbons": m.Ribbons, "particles": m.Particles}
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
		for _, v := range m.Lookup {
			lk.u16(v)
		}
		for _, v := range m.Indices {
			ix.u16(v)
		}
		for range m.Lookup {
			props = append(props, 0, 0, 0, 0)
		}
		for _, s := range m.Subs {
			rec := make(bytesOut, 0, subSize)
			for _, v := range []uint16{s.Geoset, 0, s.VStart, s.VCount, s.IStart, s.ICount, s.BoneCount, s.BoneStart, 1, 0} {
				rec.u16(v)
			}
			rec = append(rec, make([]byte, subSize-len(rec))...)
			subs = append(subs, rec...)
		}
		for _, b := range m.Batches {
			rec := bytesOut{0x10, 0}
			for _, v := range []uint16{b.Shader, b.Sub, 0, uint16(b.Color), b.RenderFlag, 0, 1, b.TexCombo, 0, b.TransCombo, 0} {
				rec.u16(v)
			}
			bats = append(bats, rec...)
		}
		vw.arr(at, len(m.Lookup), lk)
		vw.arr(at+8, len(m.Indices), ix)
		vw.arr(at+16, len(m.Lookup), props)
		vw.arr(at+24, len(m.Subs), subs)
		vw.arr(at+32, len(m.Batches), bats)
		vw.u32(at+40, 21)
	}
	if pre {
		m.writeCombos(w, hdr)
		w.arr(f["views"], 1, make([]byte, 44))
		writeView(w, int(binary.LittleEndian.Uint32(w.b[f["views"]+4:])))
		return w.b, nil
	}
	m.writeCombos(w, hdr)
	w.u32(f["views"], 1)
	sw := &writer{misalign: m.Misalign}
	sw.reserve(m.skinHeaderSize())
	copy(sw.b, "SKIN")
	writeView(sw, 4)
	m.writeShadowBatches(sw)
	return w.b, sw.b
}

// Key is one Key of a sequence: time within the sequence (ms) and components.
type Key struct {
	T uint32
	V []float32
}

// MakeTrack lays per-sequence keys out for m's version: before 264 on the shared
// timeline (time + sequence start) with one range per sequence plus the trailing
// (0, 0) real files have; at 264 as per-sequence arrays. A global-sequence track
// takes perSeq[0] as its keys (no ranges before 264, inner array 0 at 264).
// nRanges < 0 writes one range per sequence; otherwise exactly nRanges ranges.
func MakeTrack(m *Model, interp uint16, global int16, perSeq [][]Key, nRanges int) Track {
	tr := Track{Interp: interp, Global: global}
	if m.Version < 264 {
		if global >= 0 {
			for _, k := range perSeq[0] {
				tr.Times = append(tr.Times, k.T)
				tr.Vals = append(tr.Vals, k.V)
			}
			return tr
		}
		for s, keys := range perSeq {
			lo := uint32(len(tr.Times))
			for _, k := range keys {
				tr.Times = append(tr.Times, m.Seqs[s].Start+k.T)
				tr.Vals = append(tr.Vals, k.V)
			}
			if len(keys) > 0 {
				tr.Ranges = append(tr.Ranges, [2]uint32{lo, uint32(len(tr.Times)) - 1})
			} else {
				tr.Ranges = append(tr.Ranges, [2]uint32{0, 0})
			}
		}
		tr.Ranges = append(tr.Ranges, [2]uint32{0, 0})
		if nRanges >= 0 {
			tr.Ranges = tr.Ranges[:nRanges]
		}
		return tr
	}
	n := len(m.Seqs)
	tr.SeqTimes, tr.SeqVals = make([][]uint32, n), make([][][]float32, n)
	for s := 0; s < n; s++ {
		if s >= len(perSeq) || (global >= 0 && s > 0) {
			continue
		}
		for _, k := range perSeq[s] {
			tr.SeqTimes[s] = append(tr.SeqTimes[s], k.T)
			tr.SeqVals[s] = append(tr.SeqVals[s], k.V)
		}
	}
	return tr
}

// quat returns (x, y, z, w) for a rotation of deg degrees about axis z.
func QuatZ(deg float64) []float32 {
	h := deg * math.Pi / 360
	return []float32{0, 0, float32(math.Sin(h)), float32(math.Cos(h))}
}

func V3(x, y, z float32) []float32 { return []float32{x, y, z} }

// Cubic concatenates value, inTan, outTan.
func Cubic(v, in, out []float32) []float32 {
	return append(append(append([]float32{}, v...), in...), out...)
}

// NewModel is the synthetic model most tests use, for any version:
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
func NewModel(version uint32) *Model {
	m := &Model{Version: version, Name: "Test", Globals: []uint32{1000, 0}, Misalign: true,
		Particles: 2, Ribbons: 1, Cameras: 1, Lights: 3}
	if version < 264 {
		m.Seqs = []Seq{
			{ID: 4, Start: 3333, End: 4333, Flags: 0x20, Blend: 150, Next: -1},
			{ID: 0, Variation: 1, Start: 7666, End: 8666, Flags: 0x20, Blend: 150, Next: -1},
			{ID: 5, Start: 11999, End: 12999, Flags: 0x60, Next: -1, Alias: 0},
		}
	} else {
		m.Seqs = []Seq{
			{ID: 4, Duration: 1000, Flags: 0x20, Blend: 150, Next: -1},
			{ID: 0, Variation: 1, Duration: 1000, Flags: 0x20, Blend: 150, Next: -1},
			{ID: 5, Duration: 1000, Flags: 0x60, Next: -1, Alias: 0},
		}
	}
	for i := range m.Seqs {
		m.Seqs[i].BoundsMin = [3]float32{-1, -1, -1}
		m.Seqs[i].BoundsMax = [3]float32{1, 1, 1}
	}
	m.Bones = []Bone{
		{KeyBone: -1, Flags: 0x200, Parent: 2, Pivot: [3]float32{1, 0, 0}},
		{KeyBone: 26, Flags: 0x200, Parent: -1},
		{KeyBone: -1, Flags: 0x208, Parent: 1, Pivot: [3]float32{0, 0, 1}},
	}
	b := m.Bones
	b[0].T = MakeTrack(m, interpLinear, -1, [][]Key{
		{{0, V3(0, 0, 0)}, {500, V3(1, 2, 3)}, {1000, V3(2, 0, 0)}},
		{{0, V3(5, 5, 5)}},
	}, -1)
	b[0].S = MakeTrack(m, interpHermite, -1, [][]Key{
		{{0, Cubic(V3(1, 1, 1), V3(0, 0, 0), V3(2, 0, 0))}, {1000, Cubic(V3(2, 2, 2), V3(0, 4, 0), V3(0, 0, 0))}},
		{{0, Cubic(V3(1, 1, 1), V3(0, 0, 0), V3(0, 0, 0))}},
	}, -1)
	neg180 := QuatZ(180)
	for i := range neg180 {
		neg180[i] = -neg180[i]
	}
	b[1].R = MakeTrack(m, interpLinear, -1, [][]Key{
		{{0, QuatZ(0)}, {1000, QuatZ(90)}},
		{{0, QuatZ(90)}, {1000, neg180}},
	}, -1)
	b[1].T = MakeTrack(m, interpBezier, -1, [][]Key{
		{{0, Cubic(V3(0, 0, 0), V3(0, 0, 0), V3(1, 0, 0))}, {1000, Cubic(V3(0, 0, 4), V3(0, 2, 0), V3(0, 0, 0))}},
		{{0, Cubic(V3(0, 0, 0), V3(0, 0, 0), V3(0, 0, 0))}},
	}, -1)
	b[2].S = MakeTrack(m, interpStep, -1, [][]Key{
		{{0, V3(1, 1, 1)}, {400, V3(2, 2, 2)}},
		{},
	}, 1)
	b[2].T = MakeTrack(m, interpLinear, 0, [][]Key{
		{{0, V3(0, 0, 0)}, {500, V3(0, 0, 1)}, {1000, V3(0, 0, 0)}},
	}, -1)
	b[2].R = MakeTrack(m, interpLinear, 1, [][]Key{
		{{0, QuatZ(30)}, {100, QuatZ(60)}},
	}, -1)

	m.Verts = []Vert{
		{Pos: [3]float32{0, 0, 0}, W: [4]uint8{255}, B: [4]uint8{0}, N: [3]float32{0, 0, 1}, UV0: [2]float32{0, 0}},
		{Pos: [3]float32{1, 0, 0}, W: [4]uint8{255}, B: [4]uint8{1}, N: [3]float32{0, 0, 1}, UV0: [2]float32{1, 0}},
		{Pos: [3]float32{0, 1, 0}, W: [4]uint8{128, 127}, B: [4]uint8{2, 0}, N: [3]float32{0, 0, 1}, UV0: [2]float32{0, 1}, UV1: [2]float32{0.5, 0.25}},
		{Pos: [3]float32{1, 1, 0}, W: [4]uint8{255}, B: [4]uint8{1}, N: [3]float32{0, 0, 1}, UV0: [2]float32{1, 1}},
	}
	m.Lookup = []uint16{0, 1, 2, 3}
	m.Indices = []uint16{0, 1, 2, 2, 1, 3}
	m.Subs = []Submesh{
		{Geoset: 0, VStart: 0, VCount: 3, IStart: 0, ICount: 3, BoneCount: 3},
		{Geoset: 101, VStart: 1, VCount: 3, IStart: 3, ICount: 3, BoneCount: 3},
	}
	m.Batches = []Batch{{Sub: 0, Color: -1}, {Sub: 1, Color: 0, TexCombo: 0}}
	m.Textures = []string{`TEST\SKIN.BLP`}
	m.TexLookup = []uint16{0}
	m.TransLookup = []uint16{0}
	m.RenderFlags = [][2]uint16{{0, 2}}
	m.ColorAlpha = []Track{MakeTrack(m, interpLinear, -1, [][]Key{{{0, []float32{0}}}, {{0, []float32{1}}}}, -1)}
	m.Transp = []Track{MakeTrack(m, interpStep, -1, [][]Key{{{0, []float32{1}}}, {{0, []float32{1}}}}, -1)}
	return m
}
