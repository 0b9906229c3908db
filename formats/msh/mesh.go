package msh

import (
	"math"

	"animscope/formats"

	"github.com/go-gl/mathgl/mgl32"
)

// SlotMeshes builds one rigid mesh per node from slot slotIndex[a·5 + b] (a in
// 0..2, b in 0..4): the slot's batches, with the vertex of index i of a batch being
// Res6[indexStart + i] + baseVertex (§8.1). Mesh.Node is the node index and the
// vertices are node-local. Batches or slots whose references are out of range are
// left out (Validate reports them); a 24-byte node table gives no meshes. names are
// the mesh names (the skeleton's node names); nil uses NodeName.
//
// The meshes hold at most 4× the file's indices and vertices in all (plus 1 Mi of
// each): ordinary models use each index once, so only a file whose nodes share
// slots or whose batches overlap massively can reach it; the meshes past it are
// left out rather than letting a small file ask for gigabytes.
func (f *File) SlotMeshes(a, b int, names []string) []formats.Mesh {
	if a < 0 || a > 2 || b < 0 || b > 4 || f.NodeStride != NodeSize {
		return nil
	}
	n := 0
	f.eachSlotMesh(a, b, names, func(int, string, slotPlan) { n++ })
	if n == 0 {
		return nil
	}
	out := make([]formats.Mesh, 0, n) // a chain of 65,534 nodes has as many meshes
	f.eachSlotMesh(a, b, names, func(node int, name string, p slotPlan) {
		out = append(out, f.buildSlotMesh(p, node, name))
	})
	return out
}

// SlotMeshInfos describes the meshes SlotMeshes(a, b, names) builds, without
// building them.
func (f *File) SlotMeshInfos(a, b int, names []string) []formats.MeshInfo {
	var out []formats.MeshInfo
	f.eachSlotMesh(a, b, names, func(node int, name string, p slotPlan) {
		out = append(out, formats.MeshInfo{Name: name, Node: node, Vertices: p.nv, Triangles: p.total / 3})
	})
	return out
}

// eachSlotMesh calls mesh with the plan of each mesh SlotMeshes builds, in order.
func (f *File) eachSlotMesh(a, b int, names []string, mesh func(node int, name string, p slotPlan)) {
	if a < 0 || a > 2 || b < 0 || b > 4 || f.NodeStride != NodeSize {
		return
	}
	budget := meshBudget{indices: 4*f.IndexCount + 1<<20, vertices: 4*f.VertexCount + 1<<20}
	for i := range f.Nodes {
		si := f.Nodes[i].Slots[a*5+b]
		if si == NoIndex || int(si) >= len(f.Slots) {
			continue
		}
		p, ok := f.planSlotMesh(&f.Slots[si], &budget)
		if !ok {
			continue
		}
		name := ""
		if i < len(names) {
			name = names[i]
		} else {
			name = f.NodeName(i)
		}
		mesh(i, name, p)
	}
}

// slotMeshes are an MSH model's meshes of slot (0, 0), deferred (see
// formats.MeshSource): counted from the file's tables, built when drawn or exported.
type slotMeshes struct {
	f     *File
	names []string
}

func (s *slotMeshes) Infos() []formats.MeshInfo { return s.f.SlotMeshInfos(0, 0, s.names) }
func (s *slotMeshes) Build() []formats.Mesh     { return s.f.SlotMeshes(0, 0, s.names) }

// batchRange checks batch b and returns its vertex range [lo, hi] and index count
// (a multiple of 3); ok is false when it is unusable.
func (f *File) batchRange(b *Batch) (lo, hi, n int, ok bool) {
	n = int(b.IndexCount) - int(b.IndexCount)%3
	if n == 0 || !inRange(uint64(b.IndexStart), uint64(n), f.IndexCount) {
		return 0, 0, 0, false
	}
	mn, mx := 0xFFFF, 0
	idx := f.indices[2*int(b.IndexStart) : 2*(int(b.IndexStart)+n)]
	for j := 0; j < len(idx); j += 2 {
		v := int(le.Uint16(idx[j:]))
		mn = min(mn, v)
		mx = max(mx, v)
	}
	base := uint64(b.BaseVertex)
	if base+uint64(mx) >= uint64(f.VertexCount) {
		return 0, 0, 0, false
	}
	return int(base) + mn, int(base) + mx, n, true
}

type meshBudget struct{ indices, vertices int }

// span is a usable batch of a slot: its base vertex and index count (0: unused).
type span struct{ base, n int }

// slotPlan is a slot's mesh before it is built: its batches, which of them are
// used, the vertex range [lo, lo+nv) and the index count.
type slotPlan struct {
	batches       []Batch
	spans         []span
	lo, nv, total int
}

// planSlotMesh checks slot s's batches against the budget (taking its share).
func (f *File) planSlotMesh(s *Slot, budget *meshBudget) (slotPlan, bool) {
	if !inRange(uint64(s.BatchStart), uint64(s.BatchCount), len(f.Batches)) {
		return slotPlan{}, false
	}
	batches := f.Batches[s.BatchStart : int(s.BatchStart)+int(s.BatchCount)]
	spans := make([]span, len(batches))
	lo, hi, total := math.MaxInt, -1, 0
	for k := range batches {
		if int(batches[k].IndexCount) > budget.indices-total {
			break
		}
		if l, h, n, ok := f.batchRange(&batches[k]); ok {
			lo, hi, total = min(lo, l), max(hi, h), total+n
			spans[k] = span{int(batches[k].BaseVertex), n}
		}
	}
	if total == 0 || hi-lo+1 > budget.vertices {
		return slotPlan{}, false
	}
	nv := hi - lo + 1
	budget.indices -= total
	budget.vertices -= nv
	return slotPlan{batches: batches, spans: spans, lo: lo, nv: nv, total: total}, true
}

// buildSlotMesh builds the mesh of a plan.
func (f *File) buildSlotMesh(p slotPlan, node int, name string) formats.Mesh {
	batches, spans, lo, nv, total := p.batches, p.spans, p.lo, p.nv, p.total
	hi := lo + nv - 1
	m := formats.Mesh{Name: name, Node: node, Positions: make([]mgl32.Vec3, nv), Indices: make([]uint32, 0, total)}
	pos := f.positions[12*lo : 12*(hi+1)]
	for v := range m.Positions {
		r := pos[12*v : 12*v+12]
		m.Positions[v] = mgl32.Vec3{math.Float32frombits(le.Uint32(r)), math.Float32frombits(le.Uint32(r[4:])), math.Float32frombits(le.Uint32(r[8:]))}
	}
	if f.normals != nil {
		m.Normals = make([]mgl32.Vec3, nv)
		nr := f.normals[4*lo : 4*(hi+1)]
		for v := range m.Normals {
			r := nr[4*v : 4*v+3]
			m.Normals[v] = mgl32.Vec3{decodeNormal(int8(r[0])), decodeNormal(int8(r[1])), decodeNormal(int8(r[2]))}
		}
	}
	if f.uvs != nil {
		m.UVs = make([]mgl32.Vec2, nv)
		uv := f.uvs[4*lo : 4*(hi+1)]
		for v := range m.UVs {
			r := uv[4*v : 4*v+4]
			m.UVs[v] = mgl32.Vec2{decodeUV(le.Uint16(r)), decodeUV(le.Uint16(r[2:]))}
		}
	}
	for k, sp := range spans {
		if sp.n == 0 {
			continue
		}
		start := int(batches[k].IndexStart)
		idx := f.indices[2*start : 2*(start+sp.n)]
		off := sp.base - lo
		for j := 0; j+1 < len(idx); j += 2 {
			m.Indices = append(m.Indices, uint32((int(idx[j])|int(idx[j+1])<<8)+off))
		}
	}
	return m
}

// decodeNormal is clamp(n/127, −1, 1) (§7).
func decodeNormal(n int8) float32 {
	v := float32(n) / 127
	if v < -1 {
		v = -1
	}
	return v
}

// decodeUV reads a Res5 word as signed int16 / 1024 (§7, fparkan's reading).
func decodeUV(w uint16) float32 { return float32(int16(w)) / 1024 }
