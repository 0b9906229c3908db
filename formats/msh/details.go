package msh

import (
	"fmt"
	"sync"

	"animscope/formats"
	"animscope/formats/nres"
)

// Details is the MSH part of `inspect` (formats.Asset.Details). It marshals to JSON,
// and SlotMeshes lets the viewer switch the drawn slot (A, B) live.
type Details struct {
	Member       string `json:"member,omitempty"`
	MemberOffset int64  `json:"member_offset,omitempty"`

	NodeStride     int    `json:"node_stride"`
	NodeCount      int    `json:"node_count"`
	SlotCount      int    `json:"slot_count"`
	VertexCount    int    `json:"vertex_count"`
	IndexCount     int    `json:"index_count"`
	TriangleCount  int    `json:"triangle_count"`
	BatchCount     int    `json:"batch_count"`
	KeyCount       int    `json:"key_count"`
	MapWords       int    `json:"map_words"`
	FrameCount     uint32 `json:"frame_count"`
	AnimatedNodes  int    `json:"animated_nodes"`
	StaticNodes    int    `json:"static_nodes"`
	PlaybackFPS    int    `json:"playback_fps"`
	QuatOrder      string `json:"quat_order"`
	SlotAxisLabels string `json:"slot_axes"`
	// Static (single-key) nodes whose raw quaternion words at +0x10..+0x16 are
	// (0,0,0,32767) — identity under the default xyzw order — and (32767,0,0,0) —
	// identity under wxyz (§10.1).
	StaticIdentityXYZW int `json:"static_identity_xyzw"`
	StaticIdentityWXYZ int `json:"static_identity_wxyz"`

	Header  modelHeader  `json:"header"`
	Streams []streamInfo `json:"streams"`
	Nodes   []nodeInfo   `json:"nodes"`
	Slots   []slotInfo   `json:"slots"`
	Batches []batchInfo  `json:"batches"`

	// The material table (§18), when one is found: the WEAR rows and what each
	// resolves to (MAT0 material, phase 0's texture, the Texm member).
	Wear      *Wear          `json:"wear,omitempty"`
	WearFrom  string         `json:"wear_from,omitempty"`
	Materials []materialInfo `json:"materials,omitempty"`

	f            *File
	slotA, slotB int // the slot SlotMeshes last built (the materials follow it)
	names        []string
	tables       sync.Once // fills Streams, Nodes, Slots and Batches (see FillTables)
}

// modelHeader is the Res2 header (§6.1).
type modelHeader struct {
	Corners   [8][3]float32 `json:"corners"`
	Sphere    [4]float32    `json:"sphere"`
	SegmentA  [3]float32    `json:"segment_a"`
	SegmentB  [3]float32    `json:"segment_b"`
	SegRadius float32       `json:"segment_radius"`
}

// streamInfo is one directory entry of the model.
type streamInfo struct {
	Index  int    `json:"index"`
	Type   string `json:"type"`
	Name   string `json:"name"`
	Attr1  uint32 `json:"attr1"`
	Attr2  uint32 `json:"attr2"`
	Attr3  uint32 `json:"attr3"`
	Size   int    `json:"size"`
	Offset uint32 `json:"offset"`
}

// nodeInfo is one row of the node table.
type nodeInfo struct {
	Index    int     `json:"index"`
	Name     string  `json:"name"`
	Label    string  `json:"label,omitempty"`
	Flags    string  `json:"flags"`
	Parent   int     `json:"parent"`
	MapStart int     `json:"map_start"` // -1 for 0xFFFF (static)
	Fallback int     `json:"fallback"`
	Slots    [15]int `json:"slots"` // slotIndex[A·5+B], -1 for 0xFFFF
	Identity bool    `json:"sampled_as_identity,omitempty"`
}

// slotInfo is one Res2 slot.
type slotInfo struct {
	Index      int        `json:"index"`
	TriStart   int        `json:"tri_start"`
	TriCount   int        `json:"tri_count"`
	BatchStart int        `json:"batch_start"`
	BatchCount int        `json:"batch_count"`
	Min        [3]float32 `json:"aabb_min"`
	Max        [3]float32 `json:"aabb_max"`
	Center     [3]float32 `json:"sphere_center"`
	Radius     float32    `json:"sphere_radius"`
	Area       float32    `json:"area?"`
	Volume     float32    `json:"volume?"`
	Tail       string     `json:"tail"`
}

// batchInfo is one Res13 batch with both material readings (§8.3).
type batchInfo struct {
	Index       int    `json:"index"`
	Flags       string `json:"flags"`
	MaterialW2  int    `json:"material_word2"`     // fparkan: u16 at +2
	MaterialLo4 int    `json:"material_low_byte4"` // openparkan/PP: low byte of +4
	LightmapHi4 int    `json:"lightmap_high_byte4"`
	Opaque6     int    `json:"opaque6"`
	IndexCount  int    `json:"index_count"`
	IndexStart  uint32 `json:"index_start"`
	VertexCount int    `json:"vertex_count"`
	BaseVertex  uint32 `json:"base_vertex"`
}

func idx16(v uint16) int {
	if v == NoIndex {
		return -1
	}
	return int(v)
}

// newDetails builds the details of f; names are the node names (the skeleton's).
// The tables wait for FillTables (formats.TableFiller), which inspect calls: only
// it shows them, and a chain of 65,534 nodes has 65,534 rows in each, 30 MB that
// validate, sample and diff would hold for nothing.
func newDetails(f *File, member string, memberOff int64, order string, names []string) *Details {
	d := &Details{
		Member: member, MemberOffset: memberOff, NodeStride: f.NodeStride,
		NodeCount: len(f.Nodes), SlotCount: len(f.Slots), VertexCount: f.VertexCount, IndexCount: f.IndexCount,
		TriangleCount: len(f.Tris), BatchCount: len(f.Batches), KeyCount: f.KeyCount, MapWords: f.WordCount,
		FrameCount: f.Frames, PlaybackFPS: PlaybackFPS, QuatOrder: order,
		SlotAxisLabels: "A: lod / damage variant (0..2); B: group / LOD, 4 = collision (0..4); slot = slots[A·5+B]",
		f:              f,
		names:          names,
	}
	h := &f.Header
	for c := 0; c < 8; c++ {
		d.Header.Corners[c] = [3]float32{h[3*c], h[3*c+1], h[3*c+2]}
	}
	d.Header.Sphere = [4]float32{h[24], h[25], h[26], h[27]}
	d.Header.SegmentA = [3]float32{h[28], h[29], h[30]}
	d.Header.SegmentB = [3]float32{h[31], h[32], h[33]}
	d.Header.SegRadius = h[34]
	for i := range f.Nodes {
		nd := &f.Nodes[i]
		if nd.MapStart != NoIndex {
			d.AnimatedNodes++
			continue
		}
		d.StaticNodes++
		if int(nd.Fallback) < f.KeyCount {
			switch f.RawKey(int(nd.Fallback)).Raw {
			case [4]int16{0, 0, 0, 32767}:
				d.StaticIdentityXYZW++
			case [4]int16{32767, 0, 0, 0}:
				d.StaticIdentityWXYZ++
			}
		}
	}
	return d
}

// FillTables fills the tables of d (Streams, Nodes, Slots, Batches), once.
func (d *Details) FillTables() { d.tables.Do(d.fillTables) }

// Tables fills the tables of d and returns d.
func (d *Details) Tables() *Details {
	d.FillTables()
	return d
}

// fillTables allocates each table at its final length (appending would hold up
// to twice that meanwhile).
func (d *Details) fillTables() {
	f := d.f
	d.Streams = make([]streamInfo, 0, len(f.Archive.Entries))
	d.Nodes = make([]nodeInfo, 0, len(f.Nodes))
	d.Slots = make([]slotInfo, 0, len(f.Slots))
	d.Batches = make([]batchInfo, 0, len(f.Batches))
	for i := range f.Archive.Entries {
		e := &f.Archive.Entries[i]
		d.Streams = append(d.Streams, streamInfo{Index: i, Type: e.TypeString(), Name: e.NameString(),
			Attr1: e.Attr1, Attr2: e.Attr2, Attr3: e.Attr3, Size: len(e.Data), Offset: e.Offset})
	}
	for i := range f.Nodes {
		nd := &f.Nodes[i]
		ni := nodeInfo{Index: i, Name: d.names[i], Flags: fmt.Sprintf("0x%04X", nd.Flags), Parent: idx16(nd.Parent),
			MapStart: idx16(nd.MapStart), Fallback: int(nd.Fallback), Identity: f.bad[i]}
		if i < len(f.Labels) {
			ni.Label = f.Labels[i]
		}
		for s := range nd.Slots {
			ni.Slots[s] = idx16(nd.Slots[s])
		}
		d.Nodes = append(d.Nodes, ni)
	}
	for i := range f.Slots {
		s := &f.Slots[i]
		d.Slots = append(d.Slots, slotInfo{Index: i, TriStart: int(s.TriStart), TriCount: int(s.TriCount),
			BatchStart: int(s.BatchStart), BatchCount: int(s.BatchCount), Min: s.Min, Max: s.Max, Center: s.Center,
			Radius: s.Radius, Area: s.Area(), Volume: s.Volume(), Tail: fmt.Sprintf("% x", s.Tail[:])})
	}
	for i := range f.Batches {
		b := &f.Batches[i]
		d.Batches = append(d.Batches, batchInfo{Index: i, Flags: fmt.Sprintf("0x%04X", b.Flags),
			MaterialW2: int(b.Material), MaterialLo4: int(b.Opaque4 & 0xFF), LightmapHi4: int(b.Opaque4 >> 8),
			Opaque6: int(b.Opaque6), IndexCount: int(b.IndexCount), IndexStart: b.IndexStart,
			VertexCount: int(b.VertexCount), BaseVertex: b.BaseVertex})
	}
}

// SlotMeshes returns the model's meshes drawn from slot slotIndex[a·5 + b] (see
// File.SlotMeshes); the viewer calls it to switch slots live.
func (d *Details) SlotMeshes(a, b int) []formats.Mesh {
	d.slotA, d.slotB = a, b
	return d.f.SlotMeshes(a, b, d.names)
}

// File returns the parsed model behind the details.
func (d *Details) File() *File { return d.f }

// streamTypes is used by messages.
var _ = nres.TypeName
