package msh

import (
	"encoding/binary"
	"fmt"
	"math"
	"strings"

	"animscope/formats"
	"animscope/formats/bin"
	"animscope/formats/nres"
)

var le = binary.LittleEndian

// Stream type ids (the "ResN" numbers of §4).
const (
	ResNodes     = 1
	ResHeader    = 2
	ResPositions = 3
	ResNormals   = 4
	ResUV0       = 5
	ResIndices   = 6
	ResTriangles = 7
	ResKeys      = 8
	ResNames     = 9
	ResStrings   = 10
	ResBatches   = 13
	ResExtra15   = 15
	ResExtra16   = 16
	ResPaths     = 17
	ResExtra18   = 18
	ResFrameMap  = 19
	ResExtra20   = 20
	maxResType   = 21
)

// Record sizes.
const (
	NodeSize      = 38
	nodeSizeShort = 24
	HeaderSize    = 0x8C
	slotSize      = 68
	KeySize       = 24
	triSize       = 16
	batchSize     = 20
	nameSize      = 32
	NoIndex       = 0xFFFF
	SlotsPerNode  = 15
)

// Node is one Res1 record.
type Node struct {
	Flags    uint16 // hdr0
	Parent   uint16 // hdr1: 0xFFFF = root
	MapStart uint16 // hdr2: 0xFFFF = static (no map)
	Fallback uint16 // hdr3: the fallback key
	Slots    [SlotsPerNode]uint16
}

// Slot is one Res2 slot record (§6.2). Tail keeps the 20 bytes at +0x30 as stored.
type Slot struct {
	TriStart, TriCount     uint16
	BatchStart, BatchCount uint16
	Min, Max, Center       [3]float32
	Radius                 float32
	Tail                   [20]byte
}

// Area and Volume read the first two tail words as floats (openparkan's reading).
func (s *Slot) Area() float32   { return math.Float32frombits(le.Uint32(s.Tail[0:])) }
func (s *Slot) Volume() float32 { return math.Float32frombits(le.Uint32(s.Tail[4:])) }

// Tri is one Res7 triangle descriptor (§8.2).
type Tri struct {
	Flags  uint16
	Links  [3]uint16
	Normal [3]int16
	Sel    uint16
}

// Batch is one Res13 record (§8.3).
type Batch struct {
	Flags       uint16
	Material    uint16 // +0x02 (fparkan's material index)
	Opaque4     uint16 // +0x04 (low byte: openparkan/PP material; high byte: lightmap)
	Opaque6     uint16
	IndexCount  uint16
	IndexStart  uint32
	VertexCount uint16 // +0x0E (openparkan/PP: vertex count)
	BaseVertex  uint32
}

// File is a decoded MSH model: typed views of its NRes streams. Raw stream bytes
// (including the unknown ones) stay available through Archive and Stream. The File
// and its clip keep views of the data it was parsed from (the streams, the key
// pool, the frame map and, on little-endian hosts, Tris), so that data must not
// change while they are in use, and they are read-only.
type File struct {
	Name    string
	Archive *nres.Archive
	// streams[t] is the entry index of the first stream of type t, or -1.
	streams [maxResType + 1]int

	NodeStride int // 38, or 24 for the short service variant
	Nodes      []Node
	Header     [HeaderSize / 4]float32
	Slots      []Slot
	Tris       []Tri // Res7; may share the stream's bytes (decodeTris): read-only
	Batches    []Batch
	Names      []string // Res9 (nil when absent)
	Labels     []string // Res10 (nil when absent or unreadable)

	VertexCount int
	IndexCount  int
	KeyCount    int
	WordCount   int
	Frames      uint32 // Res19 attr2 (F)

	positions, normals, uvs []byte
	indices                 []byte
	keys                    []byte
	mapw                    []byte

	// Diagnostics are what Parse found (§2.6 and the decode-time checks of §16).
	Diagnostics []formats.Diagnostic
	// bad[i] says node i's key references are out of range: it samples as identity.
	bad []bool
	// blockMax holds the maximum of each 256 Res6 values (indexMax).
	blockMax []uint16
}

// Stream returns the first entry of type t, or nil.
func (f *File) Stream(t int) *nres.Entry {
	if t < 0 || t > maxResType || f.streams[t] < 0 {
		return nil
	}
	return &f.Archive.Entries[f.streams[t]]
}

func (f *File) errorf(off int64, format string, args ...any) {
	f.Diagnostics = append(f.Diagnostics, formats.DiagErrorf(f.Name, off, format, args...))
}

func (f *File) warnf(off int64, format string, args ...any) {
	f.Diagnostics = append(f.Diagnostics, formats.DiagWarnf(f.Name, off, format, args...))
}

// dataOff is the file offset of byte pos of stream e's payload.
func dataOff(e *nres.Entry, pos int) int64 { return int64(e.Offset) + int64(pos) }

// Parse decodes a model archive. It fails only when the NRes container cannot be
// read; every model-level problem becomes a diagnostic, and the streams it makes
// unusable are treated as empty.
func Parse(name string, data []byte) (*File, error) {
	a, err := nres.Decode(name, data)
	if err != nil {
		return nil, err
	}
	return FromArchive(a), nil
}

// FromArchive decodes a model from an already decoded NRes archive.
func FromArchive(a *nres.Archive) *File {
	f := &File{Name: a.File, Archive: a, NodeStride: NodeSize}
	f.Diagnostics = append(f.Diagnostics, a.Diagnostics...)
	for i := range f.streams {
		f.streams[i] = -1
	}
	for i := range a.Entries {
		e := &a.Entries[i]
		if e.Type > maxResType {
			continue
		}
		if f.streams[e.Type] >= 0 {
			f.warnf(e.DirOffset, "%s appears more than once: the first copy (entry %d) is used, entry %d is ignored",
				e.TypeString(), f.streams[e.Type], i)
			continue
		}
		f.streams[e.Type] = i
	}
	for _, t := range []int{ResNodes, ResHeader, ResPositions, ResIndices, ResBatches} {
		if f.streams[t] < 0 {
			f.errorf(a.DirOffset, "required stream Res%d is missing", t)
		}
	}
	f.parseNodes()
	f.parseHeader()
	f.VertexCount = len(f.fixed(ResPositions, 12)) / 12
	f.positions = f.fixed(ResPositions, 12)
	f.normals = f.fixed(ResNormals, 4)
	f.uvs = f.fixed(ResUV0, 4)
	for _, ts := range [...]struct{ t, stride int }{{ResNormals, 4}, {ResUV0, 4}, {ResExtra15, 8}, {ResExtra18, 4}} {
		t, stride := ts.t, ts.stride
		e := f.Stream(t)
		if t == ResExtra15 || t == ResExtra18 {
			f.fixed(t, stride)
		}
		if e != nil && len(e.Data)/stride != f.VertexCount {
			f.errorf(e.DirOffset+nres.FieldAttr1, "Res%d has %d records, Res3 has %d vertices: they must match", t, len(e.Data)/stride, f.VertexCount)
			switch t {
			case ResNormals:
				f.normals = nil
			case ResUV0:
				f.uvs = nil
			}
		}
	}
	f.fixed(ResExtra16, 8)
	f.indices = f.fixed(ResIndices, 2)
	f.IndexCount = len(f.indices) / 2
	if b := f.fixed(ResTriangles, triSize); len(b) > 0 {
		f.Tris = decodeTris(b)
	}
	if b := f.fixed(ResBatches, batchSize); len(b) > 0 {
		f.Batches = make([]Batch, len(b)/batchSize)
		for i := range f.Batches {
			r := b[i*batchSize:]
			f.Batches[i] = Batch{Flags: le.Uint16(r), Material: le.Uint16(r[2:]), Opaque4: le.Uint16(r[4:]), Opaque6: le.Uint16(r[6:]),
				IndexCount: le.Uint16(r[8:]), IndexStart: le.Uint32(r[10:]), VertexCount: le.Uint16(r[14:]), BaseVertex: le.Uint32(r[16:])}
		}
	}
	f.parseAnimation()
	f.parseNames()
	f.parseLabels()
	f.checkNodes()
	return f
}

// fixed checks a fixed-stride stream (§16.2 rule 5) and returns its payload cut to
// whole records (nil when absent).
func (f *File) fixed(t, stride int) []byte {
	e := f.Stream(t)
	if e == nil {
		return nil
	}
	n := len(e.Data)
	if n%stride != 0 {
		f.errorf(e.DirOffset+nres.FieldSize, "Res%d: size %d is not a multiple of the %d-byte stride", t, n, stride)
	}
	if int(e.Attr1) != n/stride || uint64(e.Attr1) != uint64(n/stride) {
		f.errorf(e.DirOffset+nres.FieldAttr1, "Res%d: attr1 %d, but the payload holds %d records of %d bytes", t, e.Attr1, n/stride, stride)
	}
	switch t {
	case ResKeys:
		if e.Attr3 != 4 {
			f.errorf(e.DirOffset+nres.FieldAttr3, "Res8: attr3 %d, must be 4", e.Attr3)
		}
	case ResFrameMap:
		if e.Attr3 != 2 {
			f.errorf(e.DirOffset+nres.FieldAttr3, "Res19: attr3 %d, must be 2", e.Attr3)
		}
	default:
		if e.Attr3 != uint32(stride) {
			f.errorf(e.DirOffset+nres.FieldAttr3, "Res%d: attr3 %d, must be the stride %d", t, e.Attr3, stride)
		}
		if e.Attr2 != 0 {
			f.warnf(e.DirOffset+nres.FieldAttr2, "Res%d: attr2 %d, expected 0", t, e.Attr2)
		}
	}
	return e.Data[:n-n%stride]
}

func (f *File) parseNodes() {
	e := f.Stream(ResNodes)
	if e == nil {
		return
	}
	switch e.Attr3 {
	case NodeSize:
	case nodeSizeShort:
		f.NodeStride = nodeSizeShort
		f.warnf(e.DirOffset+nres.FieldAttr3, "Res1 has the 24-byte node stride (a service model): the model is shown without geometry or animation")
	default:
		f.warnf(e.DirOffset+nres.FieldAttr3, "Res1: stride (attr3) %d, expected 38 (or 24): nodes are read at 38 bytes, as the runtime does", e.Attr3)
	}
	stride := f.NodeStride
	n := len(e.Data)
	if n%stride != 0 {
		f.errorf(e.DirOffset+nres.FieldSize, "Res1: size %d is not a multiple of the %d-byte node stride", n, stride)
	}
	count := n / stride
	if uint64(e.Attr1) != uint64(count) {
		f.errorf(e.DirOffset+nres.FieldAttr1, "Res1: attr1 (node count) %d, but the payload holds %d nodes", e.Attr1, count)
		count = min(count, int(e.Attr1))
	}
	f.Nodes = make([]Node, count)
	for i := range f.Nodes {
		r := e.Data[i*stride : (i+1)*stride]
		nd := &f.Nodes[i]
		nd.Flags, nd.Parent, nd.MapStart, nd.Fallback = le.Uint16(r), le.Uint16(r[2:]), le.Uint16(r[4:]), le.Uint16(r[6:])
		for s := range nd.Slots {
			nd.Slots[s] = NoIndex
			if 8+2*s+2 <= stride {
				nd.Slots[s] = le.Uint16(r[8+2*s:])
			}
		}
	}
}

func (f *File) parseHeader() {
	e := f.Stream(ResHeader)
	if e == nil {
		return
	}
	n := len(e.Data)
	if n < HeaderSize {
		f.errorf(e.DirOffset+nres.FieldSize, "Res2: size %d is smaller than the 0x8C-byte model header", n)
		return
	}
	for i := range f.Header {
		f.Header[i] = math.Float32frombits(le.Uint32(e.Data[4*i:]))
	}
	if (n-HeaderSize)%slotSize != 0 {
		f.errorf(e.DirOffset+nres.FieldSize, "Res2: size %d − 0x8C is not a multiple of the 68-byte slot record", n)
	}
	count := (n - HeaderSize) / slotSize
	if uint64(e.Attr1) != uint64(count) {
		f.errorf(e.DirOffset+nres.FieldAttr1, "Res2: attr1 (slot count) %d, but the payload holds %d slots", e.Attr1, count)
	}
	if e.Attr3 != slotSize {
		f.errorf(e.DirOffset+nres.FieldAttr3, "Res2: attr3 %d, must be 68", e.Attr3)
	}
	if e.Attr2 != 0 {
		f.warnf(e.DirOffset+nres.FieldAttr2, "Res2: attr2 %d, expected 0", e.Attr2)
	}
	f.Slots = make([]Slot, count)
	for i := range f.Slots {
		r := e.Data[HeaderSize+i*slotSize:]
		s := &f.Slots[i]
		s.TriStart, s.TriCount, s.BatchStart, s.BatchCount = le.Uint16(r), le.Uint16(r[2:]), le.Uint16(r[4:]), le.Uint16(r[6:])
		fl := func(o int) float32 { return math.Float32frombits(le.Uint32(r[o:])) }
		s.Min = [3]float32{fl(8), fl(12), fl(16)}
		s.Max = [3]float32{fl(20), fl(24), fl(28)}
		s.Center = [3]float32{fl(32), fl(36), fl(40)}
		s.Radius = fl(44)
		copy(s.Tail[:], r[48:68])
	}
}

func (f *File) parseAnimation() {
	f.keys = f.fixed(ResKeys, KeySize)
	f.KeyCount = len(f.keys) / KeySize
	f.mapw = f.fixed(ResFrameMap, 2)
	f.WordCount = len(f.mapw) / 2
	if e := f.Stream(ResFrameMap); e != nil {
		f.Frames = e.Attr2
		if f.Frames == 0 {
			f.errorf(e.DirOffset+nres.FieldAttr2, "Res19: frame_count (attr2) is 0, must be > 0")
		}
	} else {
		f.Frames = 1
		f.warnf(f.Archive.DirOffset, "no Res19 frame map: the model has a 1-frame timeline and every node falls back")
	}
	if f.Stream(ResKeys) == nil {
		f.warnf(f.Archive.DirOffset, "no Res8 key pool: every node is sampled as identity")
	}
}

func (f *File) parseNames() {
	e := f.Stream(ResNames)
	if e == nil {
		return
	}
	n := min(len(f.Nodes), len(e.Data)/nameSize)
	if len(e.Data) != len(f.Nodes)*nameSize {
		f.warnf(e.DirOffset+nres.FieldSize, "Res9: size %d, expected %d (32 bytes per node)", len(e.Data), len(f.Nodes)*nameSize)
	}
	f.Names = make([]string, len(f.Nodes))
	name := func(i int) []byte { return cstr(e.Data[i*nameSize : (i+1)*nameSize]) }
	// ASCII names (all of them in the corpus) are cut from one string holding
	// them all: one allocation instead of one a node. Latin1 leaves ASCII as it is.
	total, ascii := 0, true
	for i := 0; i < n && ascii; i++ {
		b := name(i)
		total += len(b)
		for _, c := range b {
			ascii = ascii && c < 0x80
		}
	}
	if !ascii {
		for i := 0; i < n; i++ {
			f.Names[i] = nres.Latin1(name(i))
		}
		return
	}
	var all strings.Builder
	all.Grow(total)
	for i := 0; i < n; i++ {
		all.Write(name(i))
	}
	s := all.String()
	for i := 0; i < n; i++ {
		l := len(name(i))
		f.Names[i], s = s[:l], s[l:]
	}
}

func cstr(b []byte) []byte {
	for i, c := range b {
		if c == 0 {
			return b[:i]
		}
	}
	return b
}

// parseLabels reads Res10 (§8.4): node_count records of u32 len, len bytes and a NUL
// when len > 0.
func (f *File) parseLabels() {
	e := f.Stream(ResStrings)
	if e == nil {
		return
	}
	if r1 := f.Stream(ResNodes); r1 != nil && e.Attr1 != r1.Attr1 {
		f.errorf(e.DirOffset+nres.FieldAttr1, "Res10: attr1 %d, must equal Res1's attr1 %d", e.Attr1, r1.Attr1)
	}
	if e.Attr3 != 0 {
		f.warnf(e.DirOffset+nres.FieldAttr3, "Res10: attr3 %d, expected 0", e.Attr3)
	}
	d := e.Data
	labels := make([]string, len(f.Nodes))
	pos := 0
	for i := range labels {
		if len(d)-pos < 4 {
			f.errorf(dataOff(e, pos), "Res10: record %d of %d: the length word needs 4 bytes, %d remain", i, len(labels), len(d)-pos)
			return
		}
		n := uint64(le.Uint32(d[pos:]))
		if n == 0 {
			pos += 4
			continue
		}
		if !bin.Fits(n+1, 1, uint64(len(d)-pos-4)) {
			if bin.Fits(n, 1, uint64(len(d)-pos-4)) {
				labels[i] = nres.Latin1(d[pos+4 : pos+4+int(n)])
				f.warnf(dataOff(e, pos+4+int(n)), "Res10: record %d has no NUL terminator", i)
				pos = len(d)
				continue
			}
			f.errorf(dataOff(e, pos), "Res10: record %d: length %d does not fit in the %d bytes that remain", i, n, len(d)-pos-4)
			return
		}
		text := d[pos+4 : pos+4+int(n)]
		if d[pos+4+int(n)] != 0 {
			f.warnf(dataOff(e, pos+4+int(n)), "Res10: record %d has no NUL terminator", i)
		}
		labels[i] = nres.Latin1(cstr(text))
		pos += 4 + int(n) + 1
	}
	if pos != len(d) {
		f.errorf(dataOff(e, pos), "Res10: %d bytes left over after %d records", len(d)-pos, len(labels))
	}
	f.Labels = labels
}

// inRange reports whether the records [start, start+count) lie inside the n records
// there are (the shared bounded-count check of formats/bin, without overflow).
func inRange(start, count uint64, n int) bool {
	return n >= 0 && start <= uint64(n) && bin.Fits(count, 1, uint64(n)-start)
}

// nodeOff is the file offset of field byte fld of node i.
func (f *File) nodeOff(i, fld int) int64 {
	e := f.Stream(ResNodes)
	return dataOff(e, i*f.NodeStride+fld)
}

// checkNodes applies the decode-time node checks: parents (an error when neither
// 0xFFFF nor smaller than the node's index), slot indices, the fallback key and the
// map block range (§16.1 required rules and §16.2 rule 11). A node whose key
// references are out of range is marked to sample as identity.
func (f *File) checkNodes() {
	f.bad = make([]bool, len(f.Nodes))
	for i := range f.Nodes {
		nd := &f.Nodes[i]
		if nd.Parent != NoIndex && int(nd.Parent) >= i {
			f.errorf(f.nodeOff(i, 2), "node %d: parent %d is neither 0xFFFF nor less than the node's index (the node is shown as a root)", i, nd.Parent)
		}
		if f.NodeStride != NodeSize {
			f.bad[i] = true
			continue
		}
		for s, si := range nd.Slots {
			if si != NoIndex && int(si) >= len(f.Slots) {
				f.errorf(f.nodeOff(i, 8+2*s), "node %d: slotIndex[%d] = %d is out of range (%d slots)", i, s, si, len(f.Slots))
			}
		}
		if int(nd.Fallback) >= f.KeyCount {
			f.errorf(f.nodeOff(i, 6), "node %d: fallback key %d is out of range (%d keys): the node is sampled as identity", i, nd.Fallback, f.KeyCount)
			f.bad[i] = true
		}
		if nd.MapStart != NoIndex && !inRange(uint64(nd.MapStart), uint64(f.Frames), f.WordCount) {
			f.errorf(f.nodeOff(i, 4), "node %d: map block %d + frame_count %d exceeds the %d Res19 words: the node is sampled as identity",
				i, nd.MapStart, f.Frames, f.WordCount)
			f.bad[i] = true
		}
	}
}

// Bad reports whether node i is sampled as identity because its key references are
// out of range (or the node table is the 24-byte variant).
func (f *File) Bad(i int) bool { return f.bad[i] }

// Key is one decoded Res8 key: position, time, and the raw quaternion words at
// +0x10..+0x16 in file order.
type Key struct {
	Pos  [3]float32
	Time float32
	Raw  [4]int16
}

// RawKey returns key k (k < KeyCount).
func (f *File) RawKey(k int) Key { return rawKey(f.keys, k) }

func rawKey(keys []byte, k int) Key {
	r := keys[k*KeySize : k*KeySize+KeySize]
	return Key{
		Pos:  [3]float32{math.Float32frombits(le.Uint32(r)), math.Float32frombits(le.Uint32(r[4:])), math.Float32frombits(le.Uint32(r[8:]))},
		Time: math.Float32frombits(le.Uint32(r[12:])),
		Raw:  [4]int16{int16(le.Uint16(r[16:])), int16(le.Uint16(r[18:])), int16(le.Uint16(r[20:])), int16(le.Uint16(r[22:]))},
	}
}

// MapWord returns Res19 word w (w < WordCount).
func (f *File) MapWord(w int) uint16 { return le.Uint16(f.mapw[2*w:]) }

// NodeName is the node's display name: Res9, else the Res10 label, else node<i>.
func (f *File) NodeName(i int) string {
	if i < len(f.Names) && f.Names[i] != "" {
		return f.Names[i]
	}
	if i < len(f.Labels) && f.Labels[i] != "" {
		return f.Labels[i]
	}
	return fmt.Sprintf("node%d", i)
}

// Vertex returns the position of vertex v (v < VertexCount).
func (f *File) Vertex(v int) [3]float32 {
	r := f.positions[12*v:]
	return [3]float32{math.Float32frombits(le.Uint32(r)), math.Float32frombits(le.Uint32(r[4:])), math.Float32frombits(le.Uint32(r[8:]))}
}

// Index returns Res6 element i (i < IndexCount).
func (f *File) Index(i int) uint16 { return le.Uint16(f.indices[2*i:]) }
