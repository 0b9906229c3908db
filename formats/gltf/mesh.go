package gltf

import (
	"fmt"
	"math"
	"sort"

	"animscope/formats"

	"github.com/qmuntal/gltf"
)

func modelerWrite(doc *gltf.Document, target gltf.Target, data any) int {
	return writeAccessor(doc, target, data)
}

// maxInfluences is how many joints one vertex may follow (JOINTS_0 and JOINTS_1).
const maxInfluences = 8

// influences of one vertex, normalised, strongest first.
type influences struct {
	j [maxInfluences]uint16
	w [maxInfluences]float32
	n int
}

// preparedMesh is an Asset mesh checked and bound to skin joints.
type preparedMesh struct {
	m    *formats.Mesh
	name string
	inf  []influences // per vertex, or one for a rigid part (all vertices alike)
	wide bool         // some vertex has more than four influences
	tris []uint32
	uv   bool
	nrm  bool
	col  bool
}

// influence returns vertex v's influences.
func (p *preparedMesh) influence(v int) *influences {
	if len(p.inf) == 1 {
		return &p.inf[0]
	}
	return &p.inf[v]
}

// identity is the skin joint index of the armature root (world = identity), which
// takes influences that name no skeleton node ("they stay in bind pose").
func (e *exporter) identity() uint16 { return uint16(e.sk.Len()) }

func (e *exporter) prepareMesh(mi int, m *formats.Mesh) (*preparedMesh, bool) {
	name := m.Name
	if name == "" {
		name = fmt.Sprintf("mesh %d", mi)
	}
	nv := len(m.Positions)
	if nv == 0 || len(m.Indices) < 3 {
		e.warn("mesh %q has no triangles: left out", name)
		return nil, false
	}
	n := e.sk.Len()
	if n+1 > math.MaxUint16 {
		e.warn("mesh %q: the skeleton has too many nodes for 16-bit joints: left out", name)
		return nil, false
	}
	p := &preparedMesh{m: m, name: name,
		uv:  len(m.UVs) == nv,
		nrm: len(m.Normals) == nv,
		col: len(m.Colors) == nv,
	}
	for _, c := range []struct {
		what string
		got  int
		ok   bool
	}{{"normals", len(m.Normals), p.nrm}, {"UVs", len(m.UVs), p.uv}, {"colours", len(m.Colors), p.col}} {
		if c.got != 0 && !c.ok {
			e.warn("mesh %q has %d %s for %d vertices: left out", name, c.got, c.what, nv)
		}
	}
	switch {
	case e.a.MeshesInBindPose:
		// A stand-in skeleton whose joints are not the mesh's bind (SWG's flat
		// one: every joint the identity at rest, so the bind palette is the
		// identity): the mesh stays as stored while the joints play, as the
		// viewer draws it.
		e.identityJoint = true
		p.inf = []influences{{j: [maxInfluences]uint16{e.identity()}, w: [maxInfluences]float32{1}, n: 1}}
	case m.Joints == nil:
		j := e.identity()
		if m.Node >= 0 && m.Node < n {
			j = uint16(m.Node)
		} else {
			e.warn("mesh %q follows node %d, which the skeleton does not have: it stays in bind pose", name, m.Node)
			e.identityJoint = true
		}
		// Every vertex follows the one joint: one entry stands for all of them.
		p.inf = []influences{{j: [maxInfluences]uint16{j}, w: [maxInfluences]float32{1}, n: 1}}
	case len(m.Joints) != nv || len(m.Weights) != nv:
		e.warn("mesh %q has %d joint and %d weight entries for %d vertices: left out", name, len(m.Joints), len(m.Weights), nv)
		return nil, false
	default:
		second := m.Joints2 != nil || m.Weights2 != nil
		if second && (len(m.Joints2) != nv || len(m.Weights2) != nv) {
			e.warn("mesh %q has %d second joint and %d second weight entries for %d vertices: the fifth to eighth influences are left out",
				name, len(m.Joints2), len(m.Weights2), nv)
			second = false
		}
		p.inf = make([]influences, nv)
		for v := range p.inf {
			var js [maxInfluences]uint16
			var ws [maxInfluences]float32
			copy(js[:4], m.Joints[v][:])
			copy(ws[:4], m.Weights[v][:])
			if second {
				copy(js[4:], m.Joints2[v][:])
				copy(ws[4:], m.Weights2[v][:])
			}
			p.inf[v] = e.vertexInfluences(js, ws)
			if p.inf[v].n > 4 {
				p.wide = true
			}
		}
	}
	rewind := e.conv.mirrored()
	dropped := 0
	for t := 0; t+2 < len(m.Indices); t += 3 {
		a, b, c := m.Indices[t], m.Indices[t+1], m.Indices[t+2]
		if int(a) >= nv || int(b) >= nv || int(c) >= nv {
			dropped++
			continue
		}
		if rewind {
			b, c = c, b
		}
		p.tris = append(p.tris, a, b, c)
	}
	if dropped > 0 {
		e.warn("mesh %q: %d triangles name vertices it does not have: left out", name, dropped)
	}
	if len(m.Indices)%3 != 0 {
		e.warn("mesh %q: %d indices is not a whole number of triangles: the rest is left out", name, len(m.Indices))
	}
	if len(p.tris) == 0 {
		e.warn("mesh %q has no valid triangles: left out", name)
		return nil, false
	}
	return p, true
}

// vertexInfluences merges duplicate joints, drops zero, negative and non-finite
// weights, sends joints the skeleton does not have to the identity joint, and
// normalises the weights to sum 1.
func (e *exporter) vertexInfluences(js [maxInfluences]uint16, ws [maxInfluences]float32) influences {
	n := e.sk.Len()
	type jw struct {
		j uint16
		w float64
	}
	var list []jw
	for k := 0; k < maxInfluences; k++ {
		w := float64(ws[k])
		if !(w > 0) || math.IsInf(w, 0) {
			continue
		}
		j := js[k]
		if int(j) >= n {
			j = e.identity()
			e.identityJoint = true
		}
		merged := false
		for i := range list {
			if list[i].j == j {
				list[i].w += w
				merged = true
			}
		}
		if !merged {
			list = append(list, jw{j, w})
		}
	}
	if len(list) == 0 {
		e.identityJoint = true
		return influences{j: [maxInfluences]uint16{e.identity()}, w: [maxInfluences]float32{1}, n: 1}
	}
	sort.SliceStable(list, func(a, b int) bool { return list[a].w > list[b].w })
	sum := 0.0
	for _, x := range list {
		sum += x.w
	}
	var r influences
	var total float32
	for i, x := range list {
		r.j[i] = x.j
		r.w[i] = float32(x.w / sum)
		total += r.w[i]
	}
	r.w[0] += 1 - total // float32 sum exactly 1 where it can be
	r.n = len(list)
	return r
}

// skinBindOf is skin[j] at bind pose in file space (the identity joint: identity).
func (e *exporter) skinBindOf(j uint16) affine {
	if int(j) >= e.sk.Len() {
		return identAffine
	}
	return e.skinBind[j]
}

// canBake reports whether a mesh's vertices can be moved into the bind pose: every
// joint that moves a vertex must put it at the same place at bind time.
func (e *exporter) canBake(p *preparedMesh) bool {
	for v := range p.m.Positions {
		inf := p.influence(v)
		pos := vec3Of(p.m.Positions[v])
		first := e.skinBindOf(inf.j[0]).point(pos)
		tol := 1e-5 * math.Max(1, first.maxAbs())
		for k := 1; k < inf.n; k++ {
			if e.skinBindOf(inf.j[k]).point(pos).sub(first).maxAbs() > tol {
				return false
			}
		}
	}
	return true
}

func (e *exporter) writeMeshes() error {
	var prepared []*preparedMesh
	for mi := range e.a.Meshes {
		m := &e.a.Meshes[mi]
		if m.Hidden && !e.opts.Hidden {
			continue
		}
		if p, ok := e.prepareMesh(mi, m); ok {
			prepared = append(prepared, p)
		}
	}
	// Bake the bind pose into the vertices (inverse bind matrices are then the
	// inverses of the joints' bind matrices, as importers expect) unless a joint's
	// bind matrix is singular or a vertex's joints disagree at bind time.
	for i := range e.jointBind {
		if _, ok := e.jointBind[i].inv(); !ok {
			e.rawIBM = true
		}
	}
	for _, p := range prepared {
		if !e.rawIBM && !e.canBake(p) {
			e.rawIBM = true
		}
	}
	doc := e.doc
	e.reserve(prepared)
	for _, p := range prepared {
		m := p.m
		nv := len(m.Positions)
		pos := make([][3]float32, nv)
		var nrm [][3]float32
		if p.nrm {
			nrm = make([][3]float32, nv)
		}
		joints := make([][4]uint16, nv)
		weights := make([][4]float32, nv)
		var joints1 [][4]uint16
		var weights1 [][4]float32
		if p.wide {
			joints1 = make([][4]uint16, nv)
			weights1 = make([][4]float32, nv)
		}
		for v := 0; v < nv; v++ {
			inf := p.influence(v)
			x := vec3Of(m.Positions[v])
			bake := identAffine
			if !e.rawIBM {
				bake = e.skinBindOf(inf.j[0])
			}
			pos[v] = e.conv.point(bake.point(x)).f32()
			if p.nrm {
				nt := vec3Of(m.Normals[v])
				if !e.rawIBM {
					if inv, ok := bake.A.inv(); ok {
						nt = inv.t().vec(nt)
					}
				}
				nt = e.conv.dir(nt)
				if l := nt.norm(); l > 1e-12 && finite(l) {
					nt = nt.scale(1 / l)
				} else {
					nt = vec3{0, 1, 0}
				}
				nrm[v] = nt.f32()
			}
			copy(joints[v][:], inf.j[:4])
			copy(weights[v][:], inf.w[:4])
			if p.wide {
				copy(joints1[v][:], inf.j[4:])
				copy(weights1[v][:], inf.w[4:])
			}
		}
		for v, q := range pos {
			if !(vec3{float64(q[0]), float64(q[1]), float64(q[2])}).finite() {
				if sc := e.opts.Scale; sc != 0 && sc != 1 {
					return e.errorf("mesh %q: vertex %d is not finite at scale %g (lower --scale)", p.name, v, sc)
				}
				return e.errorf("mesh %q: vertex %d is not finite", p.name, v)
			}
		}
		attrs := gltf.PrimitiveAttributes{}
		attrs[gltf.POSITION] = writePosition(doc, pos)
		if p.nrm {
			attrs[gltf.NORMAL] = writeAccessor(doc, gltf.TargetArrayBuffer, nrm)
		}
		if p.uv {
			uv := make([][2]float32, nv)
			mat, _ := e.meshMaterial(m)
			for v, t := range m.UVs {
				uv[v] = [2]float32{finite32(t[0]), finite32(t[1])}
				if mat.FlipV { // glTF counts v from the image's top row
					uv[v][1] = finite32(1 - t[1])
				}
			}
			attrs[gltf.TEXCOORD_0] = writeAccessor(doc, gltf.TargetArrayBuffer, uv) // float: not normalized
		}
		if p.col {
			col := make([][4]float32, nv)
			for v, c := range m.Colors {
				col[v] = [4]float32{clamp01(c[0]), clamp01(c[1]), clamp01(c[2]), clamp01(c[3])}
			}
			attrs[gltf.COLOR_0] = writeAccessor(doc, gltf.TargetArrayBuffer, col) // float: not normalized
		}
		attrs[gltf.JOINTS_0] = writeAccessor(doc, gltf.TargetArrayBuffer, joints)
		attrs[gltf.WEIGHTS_0] = writeAccessor(doc, gltf.TargetArrayBuffer, weights) // float: not normalized
		if p.wide {
			attrs["JOINTS_1"] = writeAccessor(doc, gltf.TargetArrayBuffer, joints1)
			attrs["WEIGHTS_1"] = writeAccessor(doc, gltf.TargetArrayBuffer, weights1)
		}
		var idx int
		if nv <= math.MaxUint16 {
			t16 := make([]uint16, len(p.tris))
			for i, x := range p.tris {
				t16[i] = uint16(x)
			}
			idx = writeAccessor(doc, gltf.TargetElementArrayBuffer, t16)
		} else {
			idx = writeAccessor(doc, gltf.TargetElementArrayBuffer, p.tris)
		}
		doc.Meshes = append(doc.Meshes, &gltf.Mesh{Name: p.name, Primitives: []*gltf.Primitive{{
			Attributes: attrs, Indices: gltf.Index(idx), Mode: gltf.PrimitiveTriangles,
			Material: e.materialFor(m),
		}}})
		doc.Nodes = append(doc.Nodes, &gltf.Node{Name: p.name, Mesh: gltf.Index(len(doc.Meshes) - 1),
			Skin: gltf.Index(0), Rotation: [4]float64{0, 0, 0, 1}, Scale: [3]float64{1, 1, 1}})
		doc.Scenes[0].Nodes = append(doc.Scenes[0].Nodes, len(doc.Nodes)-1)
		p.inf, p.tris = nil, nil // written: let them go before the next mesh
	}
	return nil
}

func finite32(x float32) float32 {
	if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
		return 0
	}
	return x
}

func clamp01(x float32) float32 {
	switch {
	case !(x >= 0):
		return 0
	case x > 1:
		return 1
	}
	return x
}

// writeSkin writes the one skin: the joint nodes in skeleton order, then the
// armature root when influences need the identity or the skeleton has several roots
// (glTF wants the joints to share a root).
func (e *exporter) writeSkin() {
	n := e.sk.Len()
	roots := 0
	for _, p := range e.sk.Parents {
		if p < 0 {
			roots++
		}
	}
	skin := &gltf.Skin{Name: e.opts.Name}
	var ibm [][4][4]float32
	for i := 0; i < n; i++ {
		skin.Joints = append(skin.Joints, e.slots[i].jNode)
		var m affine
		if e.rawIBM {
			ib := identAffine
			if e.sk.InverseBind != nil {
				ib = affineOf(&e.sk.InverseBind[i])
			}
			m = e.conv.affine(translation(e.pivot(i).scale(-1)).mul(ib))
		} else {
			m, _ = e.jointBind[i].inv()
		}
		ibm = append(ibm, m.mat4())
	}
	if e.identityJoint || roots != 1 {
		skin.Joints = append(skin.Joints, e.armature)
		ibm = append(ibm, identAffine.mat4())
		skin.Skeleton = gltf.Index(e.armature)
	}
	skin.InverseBindMatrices = gltf.Index(writeData(e.doc, ibm))
	e.doc.Skins = append(e.doc.Skins, skin)
	e.skin = 0
}

// reserve gives the binary buffer the capacity of everything Export writes into it
// (meshes, inverse bind matrices, animations; an upper bound), so that it is
// allocated once instead of growing by copies (a copy of a large buffer briefly
// holds it twice; untouched capacity costs no memory).
func (e *exporter) reserve(prepared []*preparedMesh) {
	const pad = 4 // each accessor may be padded to 4 bytes
	n := 0
	for _, p := range prepared {
		nv := len(p.m.Positions)
		per := 12 + 12 + 8 + 16 + 8 + 16 // position, normal, UV, colour, joints, weights
		if p.wide {
			per += 8 + 16
		}
		n += nv*per + 4*len(p.tris) + 7*pad
	}
	n += 64*(e.sk.Len()+1) + pad
	for _, c := range e.clips {
		// the times and the ends, and per slot T, R, S and, with helpers, Vᵀ and V
		// (as sampleAt left them: a constant channel holds its keys only).
		n += 4*len(c.secs) + 4*2 + 2*pad
		for s, sl := range e.slots {
			n += 12*len(c.tr[s]) + 16*len(c.rot[s]) + 12*len(c.scl[s]) + 3*pad
			if sl.helper {
				n += 2 * (16*len(c.vrot[s]) + pad)
			}
		}
	}
	buf := e.doc.Buffers[len(e.doc.Buffers)-1]
	if cap(buf.Data)-len(buf.Data) < n {
		data := make([]byte, len(buf.Data), len(buf.Data)+n)
		copy(data, buf.Data)
		buf.Data = data
	}
}
