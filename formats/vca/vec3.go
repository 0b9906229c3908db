package vca

import (
	"bytes"
	"fmt"
	"math"

	"animscope/anim"
	"animscope/formats"
	"animscope/formats/bin"

	"github.com/go-gl/mathgl/mgl32"
)

// VEC3 attribute types and mesh flags (src/coders/vec3.cpp).
const (
	vec3AttrPosition = 0
	vec3AttrUV       = 1
	vec3AttrNormal   = 2
	vec3AttrColor    = 3

	vec3FlagZlib    = 1
	vec3FlagIndex16 = 2
)

// MaxVertices bounds the vertices one model file may expand to (VEC3 meshes are
// expanded to one vertex per triangle corner; VCM primitives to their faces), so
// that a hostile file cannot make the decoder allocate gigabytes. Real VoxelCore
// models have a few hundred.
const MaxVertices = 1 << 22

// VEC3Material is one material: a texture name or a slot such as "$0".
type VEC3Material struct {
	Shadeless bool
	Name      string
}

// VEC3Mesh is one mesh of a model, expanded to one vertex per triangle corner.
type VEC3Mesh struct {
	Material  int
	Triangles int
	Index16   bool
	// Counts of each attribute's elements as stored (positions, UVs, normals).
	NPositions, NUVs, NNormals int
	Mesh                       formats.Mesh
}

// VEC3Model is one model of a file.
type VEC3Model struct {
	Name   string
	Origin mgl32.Vec3
	Meshes []VEC3Mesh
}

// VEC3 is a parsed VEC3 file.
type VEC3 struct {
	Version   int
	Materials []VEC3Material
	Models    []VEC3Model
	// Size is the number of bytes the parser read (trailing bytes are ignored).
	Size     int
	vertices int
}

// ParseVEC3 decodes a VEC3 model file. Every count and byte size is checked
// against the bytes that remain before anything is allocated; zlib-compressed
// meshes are rejected, as in the engine.
func ParseVEC3(data []byte) (*VEC3, error) {
	r := bin.NewReader(data)
	if !bytes.HasPrefix(data, vec3Magic) {
		return nil, bin.Errf(0, "not a VEC3 file (magic \\0\\0VEC3\\0\\0 missing)")
	}
	r.Skip(8)
	f := &VEC3{}
	f.Version = int(r.I16())
	r.I16() // reserved
	nmat := r.I16()
	nmod := r.I16()
	if r.Err() != nil {
		return nil, r.Err()
	}
	if f.Version != 1 {
		return nil, bin.Errf(8, "VEC3 version %d (only 1 is known)", f.Version)
	}
	if nmat < 0 || nmod < 0 {
		return nil, bin.Errf(12, "negative material (%d) or model (%d) count", nmat, nmod)
	}
	// A material takes at least 4 bytes, a model at least 18.
	if !r.Count("materials", uint64(nmat), 4) {
		return nil, r.Err()
	}
	for i := 0; i < int(nmat); i++ {
		flags := r.I16()
		n := r.I16()
		if n < 0 {
			return nil, bin.Errf(r.Offset()-2, "material %d: negative name length %d", i, n)
		}
		name := string(r.Bytes(int(n)))
		if r.Err() != nil {
			return nil, r.Err()
		}
		f.Materials = append(f.Materials, VEC3Material{Shadeless: flags&1 != 0, Name: name})
	}
	if !r.Count("models", uint64(nmod), 18) {
		return nil, r.Err()
	}
	for i := 0; i < int(nmod); i++ {
		m, err := readVEC3Model(r, f, i)
		if err != nil {
			return nil, err
		}
		f.Models = append(f.Models, m)
	}
	f.Size = r.Pos
	return f, nil
}

func readVEC3Model(r *bin.Reader, f *VEC3, mi int) (VEC3Model, error) {
	var m VEC3Model
	nameLen := r.I16()
	m.Origin = mgl32.Vec3{r.F32(), r.F32(), r.F32()}
	nmesh := r.I32()
	if r.Err() != nil {
		return m, r.Err()
	}
	for c, v := range m.Origin {
		if !formats.Usable(v) {
			return m, bin.Errf(r.Offset()-16+int64(4*c), "model %d: origin %c = %v is not a finite number within ±%g", mi, "xyz"[c], v, formats.MaxMagnitude)
		}
	}
	if nameLen < 0 {
		return m, bin.Errf(r.Offset()-18, "model %d: negative name length %d", mi, nameLen)
	}
	if nmesh < 0 || !r.Count(fmt.Sprintf("model %d meshes", mi), uint64(nmesh), 12) {
		if r.Err() != nil {
			return m, r.Err()
		}
		return m, bin.Errf(r.Offset()-4, "model %d: negative mesh count %d", mi, nmesh)
	}
	for j := 0; j < int(nmesh); j++ {
		mesh, err := readVEC3Mesh(r, f, &m, j)
		if err != nil {
			return m, err
		}
		m.Meshes = append(m.Meshes, mesh)
	}
	m.Name = string(r.Bytes(int(nameLen)))
	if r.Err() != nil {
		return m, r.Err()
	}
	for j := range m.Meshes {
		mat := "?"
		if k := m.Meshes[j].Material; k >= 0 && k < len(f.Materials) {
			mat = f.Materials[k].Name
		}
		m.Meshes[j].Mesh.Name = m.Name + " " + mat
	}
	return m, nil
}

type vec3Attr struct {
	typ   int
	off   int64
	count int
	data  []byte
}

func readVEC3Mesh(r *bin.Reader, f *VEC3, m *VEC3Model, j int) (VEC3Mesh, error) {
	var out VEC3Mesh
	start := r.Offset()
	ntri := r.I32()
	out.Material = int(r.I16())
	flags := r.I16()
	nattr := r.I16()
	if r.Err() != nil {
		return out, r.Err()
	}
	if flags&vec3FlagZlib != 0 {
		return out, bin.Errf(start+6, "mesh %d: zlib-compressed mesh data is not supported", j)
	}
	if ntri < 0 {
		return out, bin.Errf(start, "mesh %d: negative triangle count %d", j, ntri)
	}
	if nattr <= 0 {
		return out, bin.Errf(start+8, "mesh %d: %d attributes (a position attribute is required)", j, nattr)
	}
	if out.Material < 0 || out.Material >= len(f.Materials) {
		return out, bin.Errf(start+4, "mesh %d: material %d out of range (%d materials)", j, out.Material, len(f.Materials))
	}
	out.Triangles = int(ntri)
	out.Index16 = flags&vec3FlagIndex16 != 0
	if !r.Count("attributes", uint64(nattr), 6) {
		return out, r.Err()
	}
	attrs := make([]vec3Attr, nattr)
	pos := -1
	for a := range attrs {
		at := r.Offset()
		typ := int(r.U8())
		aflags := r.U8()
		size := r.I32()
		if r.Err() != nil {
			return out, r.Err()
		}
		if aflags != 0 {
			return out, bin.Errf(at+1, "mesh %d attribute %d: flags %d (must be 0)", j, a, aflags)
		}
		var elem int
		switch typ {
		case vec3AttrPosition, vec3AttrNormal:
			elem = 12
		case vec3AttrUV:
			elem = 8
		case vec3AttrColor:
			elem = 16
		default:
			return out, bin.Errf(at, "mesh %d attribute %d: unknown type %d", j, a, typ)
		}
		if size < 0 || !r.Count(fmt.Sprintf("mesh %d attribute %d data", j, a), uint64(size), 1) {
			if r.Err() != nil {
				return out, r.Err()
			}
			return out, bin.Errf(at+2, "mesh %d attribute %d: negative size %d", j, a, size)
		}
		if int(size)%elem != 0 {
			return out, bin.Errf(at+2, "mesh %d attribute %d: %d bytes is not a whole number of %d-byte elements", j, a, size, elem)
		}
		attrs[a] = vec3Attr{typ: typ, off: r.Offset(), count: int(size) / elem, data: r.Bytes(int(size))}
		if typ == vec3AttrPosition && pos < 0 {
			pos = a
		}
	}
	if pos < 0 {
		return out, bin.Errf(start, "mesh %d: no position attribute", j)
	}
	isz := 1
	if out.Index16 {
		isz = 2
	}
	nidx := uint64(ntri) * 3 * uint64(nattr)
	if !r.Count(fmt.Sprintf("mesh %d indices", j), nidx, isz) {
		return out, r.Err()
	}
	idxOff := r.Offset()
	raw := r.Bytes(int(nidx) * isz)
	nv := int(ntri) * 3
	f.vertices += nv
	if f.vertices > MaxVertices {
		return out, bin.Errf(start, "mesh %d: the file expands to more than %d vertices", j, MaxVertices)
	}
	mesh := formats.Mesh{Node: 0, Positions: make([]mgl32.Vec3, nv), Indices: make([]uint32, nv)}
	var uvAttr, nAttr = -1, -1
	for a, at := range attrs {
		switch {
		case at.typ == vec3AttrUV && uvAttr < 0:
			uvAttr = a
		case at.typ == vec3AttrNormal && nAttr < 0:
			nAttr = a
		}
		switch at.typ {
		case vec3AttrPosition:
			if a == pos {
				out.NPositions = at.count
			}
		case vec3AttrUV:
			out.NUVs = at.count
		case vec3AttrNormal:
			out.NNormals = at.count
		}
	}
	if uvAttr >= 0 {
		mesh.UVs = make([]mgl32.Vec2, nv)
	}
	mesh.Normals = make([]mgl32.Vec3, nv)
	f32 := func(b []byte, i int) float32 {
		return math.Float32frombits(uint32(b[i]) | uint32(b[i+1])<<8 | uint32(b[i+2])<<16 | uint32(b[i+3])<<24)
	}
	for v := 0; v < nv; v++ {
		mesh.Indices[v] = uint32(v)
		for a, at := range attrs {
			k := v*int(nattr) + a
			var idx int
			if isz == 2 {
				idx = int(uint16(raw[2*k]) | uint16(raw[2*k+1])<<8)
			} else {
				idx = int(raw[k])
			}
			if idx >= at.count {
				return out, bin.Errf(idxOff+int64(k*isz), "mesh %d: vertex %d index %d is past the %d elements of attribute %d", j, v, idx, at.count, a)
			}
			switch a {
			case pos:
				o := idx * 12
				p := mgl32.Vec3{f32(at.data, o), f32(at.data, o+4), f32(at.data, o+8)}
				for c, x := range p {
					if !formats.Usable(x) {
						return out, bin.Errf(at.off+int64(o+4*c), "mesh %d: position %d %c = %v is not a finite number within ±%g", j, idx, "xyz"[c], x, formats.MaxMagnitude)
					}
				}
				mesh.Positions[v] = mgl32.Vec3{p[0] - m.Origin[0], p[1] - m.Origin[1], p[2] - m.Origin[2]}
			case uvAttr:
				o := idx * 8
				mesh.UVs[v] = mgl32.Vec2{f32(at.data, o), f32(at.data, o+4)}
			case nAttr:
				o := idx * 12
				mesh.Normals[v] = mgl32.Vec3{f32(at.data, o), f32(at.data, o+4), f32(at.data, o+8)}
			}
		}
	}
	if nAttr < 0 {
		flatNormals(&mesh)
	}
	out.Mesh = mesh
	return out, nil
}

// flatNormals sets each triangle's normal from its corners.
func flatNormals(m *formats.Mesh) {
	if m.Normals == nil {
		m.Normals = make([]mgl32.Vec3, len(m.Positions))
	}
	for i := 0; i+2 < len(m.Indices); i += 3 {
		a, b, c := m.Positions[m.Indices[i]], m.Positions[m.Indices[i+1]], m.Positions[m.Indices[i+2]]
		n := anim.Cross3(b.Sub(a), c.Sub(a)) // cross and vlen: see model.go
		if l := vlen(n); l > 0 {
			n = n.Mul(1 / l)
		}
		for k := 0; k < 3; k++ {
			m.Normals[m.Indices[i+k]] = n
		}
	}
}

// vec3Error names the file in a reader error.
func vec3Error(file string, err error) error {
	if be, ok := err.(*bin.Error); ok {
		return formats.FileErrorf(file, be.Offset, "%s", be.Msg)
	}
	return formats.FileErrorf(file, -1, "%v", err)
}

// vec3Meshes returns the meshes of every model of a VEC3 file for node.
func vec3Meshes(f *VEC3, node int) []formats.Mesh {
	var out []formats.Mesh
	for _, m := range f.Models {
		for _, me := range m.Meshes {
			x := me.Mesh
			x.Node = node
			out = append(out, x)
		}
	}
	return out
}
