package m2

import (
	"fmt"
	"path/filepath"
	"strings"

	"animscope/formats"

	"github.com/go-gl/mathgl/mgl32"
)

// SkinName is the .skin file that holds view 0 of a version-264 model at path:
// <base name>00.skin beside it.
func SkinName(path string) string {
	base := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	return filepath.Join(filepath.Dir(path), base+"00.skin")
}

// vertex is one decoded 48-byte vertex.
type vertex struct {
	pos, normal mgl32.Vec3
	uv0, uv1    mgl32.Vec2
	joints      [4]uint16
	weights     [4]float32
}

// meshes reads the vertices and view 0 and builds one formats.Mesh per submesh,
// one step per record kind: the view (embedded before 264; at 264 the
// <base>00.skin beside the file, without which the model opens skeleton-only:
// no meshes, a warning, Details.MissingSkin), its vertex lookup, the vertices
// it uses, its indices, its batches, and its submeshes.
func (d *decoder) meshes(lay *layout, nBones int, node []int32) ([]formats.Mesh, error) {
	b := &d.m2
	va, err := b.arr(lay.vertices, "vertices", 48)
	if err != nil {
		return nil, err
	}
	d.details.Vertices = int(va.count)
	vb, vOff, err := d.viewZero(lay)
	if vb == nil || err != nil {
		return nil, err
	}
	v, err := d.viewRecords(vb, vOff)
	if err != nil {
		return nil, err
	}
	lookup, err := d.vertexLookup(lay, v, va, nBones)
	if err != nil {
		return nil, err
	}
	verts, err := d.vertices(lay, va, lookup, nBones, node)
	if err != nil {
		return nil, err
	}
	indices, err := viewIndices(v, len(lookup))
	if err != nil {
		return nil, err
	}
	// Colour alpha and transparency tracks: they hide geosets (Frog's tongue).
	colors, transp, err := d.alphaTracks(lay)
	if err != nil {
		return nil, err
	}
	d.colorAlpha, d.transpTracks = colors, transp
	d.view = viewRef{vb: vb, batches: v.batches, meshes: int(v.submeshes.count)}
	bySub := d.submeshBatches(lay, v, colors, transp)
	return d.submeshes(v, verts, lookup, indices, bySub)
}

// viewZero finds view 0: the first of the embedded views before 264 (the
// others are only checked), the 00.skin beside the file at 264. A nil blob
// without an error means the model has no view, or its 00.skin is absent.
func (d *decoder) viewZero(lay *layout) (vb *blob, vOff int64, err error) {
	b := &d.m2
	det := d.details
	if d.pre {
		vw, err := b.arr(lay.views, "views", 44)
		if err != nil {
			return nil, 0, err
		}
		det.Views = int(vw.count)
		for i := 1; i < int(vw.count); i++ { // the other views are only checked
			if _, err := d.viewArrays(b, int64(vw.at(i)), fmt.Sprintf("view %d", i)); err != nil {
				return nil, 0, err
			}
		}
		if vw.count == 0 {
			return nil, 0, nil
		}
		return b, int64(vw.at(0)), nil
	}
	det.Views = int(b.u32(int(lay.views)))
	if det.Views == 0 {
		return nil, 0, nil
	}
	p := SkinName(d.path)
	data, err := d.read(p)
	if err != nil && !formats.IsNotExist(err) {
		// There but not readable (a link out of the folder, a pipe, too
		// large): bad input, as before.
		return nil, 0, b.errf(lay.views, "view 0: the model has %d skin profiles but %s cannot be read: %v",
			det.Views, filepath.Base(p), err)
	}
	if err != nil {
		// Absent: the model opens skeleton-only; its bones and sequences
		// are all there, only the geometry lives in the missing file (doc.go).
		d.warnf(b, lay.views, "view 0: the model has %d skin profiles but %s cannot be read (%v): it opens without meshes (skeleton only)",
			det.Views, filepath.Base(p), err)
		det.MissingSkin = filepath.Base(p)
		return nil, 0, nil
	}
	d.addBudget(len(data))
	d.companions = append(d.companions, p)
	vb = &blob{name: p, data: data}
	if err := vb.need(0, lay.skinHeader, fmt.Sprintf("skin header (version %d)", d.version)); err != nil {
		return nil, 0, err
	}
	if string(data[:4]) != "SKIN" {
		return nil, 0, vb.errf(0, "magic %q is not \"SKIN\"", data[:4])
	}
	det.Skin = filepath.Base(p)
	return vb, 4, nil
}

// viewZeroRecords are view 0's record arrays, in the blob that holds them.
type viewZeroRecords struct {
	vb                                  *blob
	off                                 int64
	lookup, indices, submeshes, batches m2array
}

// viewRecords reads view 0's array headers (and from Cataclysm checks its
// shadow batches).
func (d *decoder) viewRecords(vb *blob, vOff int64) (viewZeroRecords, error) {
	arrs, err := d.viewArrays(vb, vOff, "view 0")
	if err != nil {
		return viewZeroRecords{}, err
	}
	v := viewZeroRecords{vb: vb, off: vOff, lookup: arrs[0], indices: arrs[1], submeshes: arrs[2], batches: arrs[3]}
	if !d.pre && d.version >= versionCata {
		// The shadow batches (16 bytes each) are checked, not read: they only
		// serve the client's shadow pass.
		if _, err := vb.arr(vOff+44, "view 0 shadow batches", 16); err != nil {
			return viewZeroRecords{}, err
		}
	}
	return v, nil
}

// vertexLookup reads view 0's vertex lookup (local vertex → model vertex),
// after spending the budget of the lookup and the indices.
func (d *decoder) vertexLookup(lay *layout, v viewZeroRecords, va m2array, nBones int) ([]uint16, error) {
	vb, lookupA := v.vb, v.lookup
	if err := d.spend(vb, v.off, uint64(lookupA.count)+uint64(v.indices.count), "view 0 vertex lookup and indices"); err != nil {
		return nil, err
	}
	lookup := make([]uint16, lookupA.count)
	for i := range lookup {
		lookup[i] = vb.u16(lookupA.at(i))
		if uint32(lookup[i]) >= va.count {
			return nil, vb.errf(int64(lookupA.at(i)), "view 0 vertex lookup %d: vertex %d is out of range (%d vertices)", i, lookup[i], va.count)
		}
	}
	if len(lookup) > 0 && nBones == 0 {
		return nil, d.m2.errf(lay.bones, "bones: the model has vertices but no bone to skin them to")
	}
	return lookup, nil
}

// vertices decodes the vertices view 0 uses (the others stay zero): finite
// attributes, bones in range where they weigh, and a warning for the vertices
// whose weights do not sum to 255.
func (d *decoder) vertices(lay *layout, va m2array, lookup []uint16, nBones int, node []int32) ([]vertex, error) {
	b := &d.m2
	verts := make([]vertex, va.count)
	done := make([]bool, va.count)
	badSum := 0
	for _, g := range lookup {
		if done[g] {
			continue
		}
		done[g] = true
		o := va.at(int(g))
		v := &verts[g]
		v.pos = mgl32.Vec3{b.f32(o), b.f32(o + 4), b.f32(o + 8)}
		v.normal = mgl32.Vec3{b.f32(o + 20), b.f32(o + 24), b.f32(o + 28)}
		v.uv0 = mgl32.Vec2{b.f32(o + 32), b.f32(o + 36)}
		v.uv1 = mgl32.Vec2{b.f32(o + 40), b.f32(o + 44)}
		if !finite(v.pos[0], v.pos[1], v.pos[2], v.normal[0], v.normal[1], v.normal[2], v.uv0[0], v.uv0[1], v.uv1[0], v.uv1[1]) {
			return nil, b.errf(int64(o), "vertex %d: a position, normal or texture coordinate is not finite or beyond ±%g", g, maxMagnitude)
		}
		sum := 0
		for k := 0; k < 4; k++ {
			w, bi := b.u8(o+12+k), int(b.u8(o+16+k))
			sum += int(w)
			if bi >= nBones {
				if w > 0 {
					return nil, b.errf(int64(o+16+k), "vertex %d: bone %d (weight %d) is out of range (%d bones)", g, bi, w, nBones)
				}
				bi = 0
			}
			v.joints[k] = uint16(node[bi])
			v.weights[k] = float32(w) / 255
		}
		if sum != 255 {
			badSum++
		}
	}
	if badSum > 0 {
		d.warnf(b, lay.vertices, "%d vertices have bone weights that do not sum to 255", badSum)
	}
	return verts, nil
}

// viewIndices reads view 0's indices, each a local vertex of the lookup.
func viewIndices(v viewZeroRecords, lookupLen int) ([]uint16, error) {
	vb, indexA := v.vb, v.indices
	indices := make([]uint16, indexA.count)
	for i := range indices {
		indices[i] = vb.u16(indexA.at(i))
		if int(indices[i]) >= lookupLen {
			return nil, vb.errf(int64(indexA.at(i)), "view 0 index %d: local vertex %d is out of range (the vertex lookup has %d)", i, indices[i], lookupLen)
		}
	}
	return indices, nil
}

// submeshBatch is what a submesh's batches give it: texture names and blend
// modes, for inspect, and the first batch's colour and transparency, for
// MeshAlpha.
type submeshBatch struct {
	textures []string
	blend    []uint16
	alpha    meshAlpha
}

// submeshBatches reads view 0's batches into what each submesh draws with.
func (d *decoder) submeshBatches(lay *layout, v viewZeroRecords, colors, transp []*scalarTrack) map[int]*submeshBatch {
	b, vb, batchA, det := &d.m2, v.vb, v.batches, d.details
	transLookup, _ := b.arr(lay.texLookup+16, "transparency lookup", 2)
	texLookup, _ := b.arr(lay.texLookup, "texture lookup", 2)
	renderFlags, _ := b.arr(lay.renderFlags, "render flags", 4)
	bySub := map[int]*submeshBatch{}
	for i := 0; i < int(batchA.count); i++ {
		o := batchA.at(i)
		sub := int(vb.u16(o + 4))
		bi := bySub[sub]
		if bi == nil {
			bi = &submeshBatch{}
			bySub[sub] = bi
			if ci := int(vb.i16(o + 8)); ci >= 0 && ci < len(colors) {
				bi.alpha.color = colors[ci]
			}
			if tc := int(vb.u16(o + 0x14)); tc < int(transLookup.count) {
				if ti := int(b.u16(transLookup.at(tc))); ti < len(transp) {
					bi.alpha.transp = transp[ti]
				}
			}
		}
		if tc := int(vb.u16(o + 0x10)); tc < int(texLookup.count) {
			if ti := int(b.u16(texLookup.at(tc))); ti < len(det.Textures) {
				name := det.Textures[ti].Name
				if name == "" {
					name = fmt.Sprintf("(type %d)", det.Textures[ti].Type)
				}
				bi.textures = append(bi.textures, name)
			}
		}
		if rf := int(vb.u16(o + 0xA)); rf < int(renderFlags.count) {
			bi.blend = append(bi.blend, b.u16(renderFlags.at(rf)+2))
		}
	}
	return bySub
}

// submeshes builds one mesh per submesh of view 0 (its vertices gathered from
// its triangles, in first-use order) and its Details geoset.
func (d *decoder) submeshes(v viewZeroRecords, verts []vertex, lookup, indices []uint16, bySub map[int]*submeshBatch) ([]formats.Mesh, error) {
	vb, subA, det := v.vb, v.submeshes, d.details
	meshes := make([]formats.Mesh, 0, subA.count)
	det.Geosets = make([]geosetInfo, 0, subA.count)
	gen := make([]int32, len(lookup))
	slot := make([]uint32, len(lookup))
	for si := 0; si < int(subA.count); si++ {
		o := subA.at(si)
		geoset := vb.u16(o)
		iStart, iCount := int(vb.u16(o+8)), int(vb.u16(o+10))
		if iStart+iCount > len(indices) {
			return nil, vb.errf(int64(o+8), "view 0 submesh %d: indices %d..%d pass the end of the index list (%d)", si, iStart, iStart+iCount, len(indices))
		}
		if iCount%3 != 0 {
			d.warnf(vb, int64(o+10), "view 0 submesh %d: %d indices is not a whole number of triangles; the last %d are dropped", si, iCount, iCount%3)
			iCount -= iCount % 3
		}
		if err := d.spend(vb, int64(o+10), uint64(iCount), fmt.Sprintf("view 0 submesh %d", si)); err != nil {
			return nil, err
		}
		m := formats.Mesh{Name: fmt.Sprintf("geoset %d (submesh %d)", geoset, si), Group: int(geoset), Node: -1,
			Indices: make([]uint32, 0, iCount)}
		var uv1 []mgl32.Vec2
		for _, local := range indices[iStart : iStart+iCount] {
			if gen[local] != int32(si+1) {
				gen[local] = int32(si + 1)
				slot[local] = uint32(len(m.Positions))
				v := &verts[lookup[local]]
				m.Positions = append(m.Positions, v.pos)
				m.Normals = append(m.Normals, v.normal)
				m.UVs = append(m.UVs, v.uv0)
				uv1 = append(uv1, v.uv1)
				m.Joints = append(m.Joints, v.joints)
				m.Weights = append(m.Weights, v.weights)
			}
			m.Indices = append(m.Indices, slot[local])
		}
		meshes = append(meshes, m)
		det.uv1 = append(det.uv1, uv1)
		g := geosetInfo{Submesh: si, ID: geoset, Vertices: len(m.Positions), Triangles: len(m.Indices) / 3, Bones: int(vb.u16(o + 12))}
		var ma meshAlpha
		if bi := bySub[si]; bi != nil {
			g.Textures, g.BlendMode = bi.textures, bi.blend
			ma = bi.alpha
			g.AnimatedAlpha = ma.color != nil || ma.transp != nil
		}
		d.alphas = append(d.alphas, ma)
		det.Geosets = append(det.Geosets, g)
	}
	return meshes, nil
}

// meshAlpha is where a mesh's opacity comes from: its first batch's colour alpha
// and transparency tracks (nil: 1).
type meshAlpha struct {
	color, transp *scalarTrack
}

// alphaTracks reads the alpha track of every colour and the track of every
// transparency record.
func (d *decoder) alphaTracks(lay *layout) (colors, transp []*scalarTrack, err error) {
	b := &d.m2
	ca, err := b.arr(lay.colors, "colours", lay.colorSize)
	if err != nil {
		return nil, nil, err
	}
	ta, err := b.arr(lay.transparency, "transparency", lay.transpSize)
	if err != nil {
		return nil, nil, err
	}
	if err := d.spend(b, lay.colors, uint64(ca.count)+uint64(ta.count), "colour and transparency records"); err != nil {
		return nil, nil, err
	}
	colors = make([]*scalarTrack, ca.count)
	for i := range colors {
		if colors[i], err = d.fixed16Track(int64(ca.at(i)+lay.trackSize), fmt.Sprintf("colour %d alpha", i)); err != nil {
			return nil, nil, err
		}
	}
	transp = make([]*scalarTrack, ta.count)
	for i := range transp {
		if transp[i], err = d.fixed16Track(int64(ta.at(i)), fmt.Sprintf("transparency %d", i)); err != nil {
			return nil, nil, err
		}
	}
	return colors, transp, nil
}

// viewArrays checks the five arrays of the view header at off in vb: vertex lookup,
// indices, bone palettes, submeshes and batches. It returns lookup, indices,
// submeshes and batches.
func (d *decoder) viewArrays(vb *blob, off int64, what string) ([4]m2array, error) {
	var out [4]m2array
	subSize := 32
	if d.tbc {
		subSize = 48
	}
	if err := vb.need(off, 44, what+" header"); err != nil {
		return out, err
	}
	specs := []struct {
		field int64
		name  string
		size  int
		slot  int
	}{
		{off, "vertex lookup", 2, 0},
		{off + 8, "triangle indices", 2, 1},
		{off + 16, "bone palette indices", 4, -1},
		{off + 24, "submeshes", subSize, 2},
		{off + 32, "batches", 24, 3},
	}
	for _, s := range specs {
		a, err := vb.arr(s.field, what+" "+s.name, s.size)
		if err != nil {
			return out, err
		}
		if s.slot >= 0 {
			out[s.slot] = a
		}
	}
	return out, nil
}
