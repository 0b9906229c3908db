package m2

import (
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"testing"

	"animscope/formats"
)

// A test-only M2 writer. Its offsets and record sizes are written from the spec's
// tables (specs/m2.md §3, §4) independently of the decoder's layout tables, so a
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

// writeModel encodes m into dir as name (and its 00.skin at 264) and returns the path.
func writeModel(t testing.TB, dir, name string, m *encModel) string {
	t.Helper()
	data, skin := m.encode()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if skin != nil {
		if err := os.WriteFile(SkinName(p), skin, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return p
}

// decodeMem decodes an encoded model in memory, serving its skin for any .skin.
func decodeMem(name string, data, skin []byte) (*formats.Asset, error) {
	return decodeWith(name, name, data, func(p string) ([]byte, error) {
		if skin != nil && filepath.Ext(p) == ".skin" {
			return skin, nil
		}
		return nil, os.ErrNotExist
	})
}
