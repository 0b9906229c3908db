package vca

import (
	"fmt"
	"math"
	"strings"

	"animscope/anim"
	"animscope/formats"

	"github.com/go-gl/mathgl/mgl32"
)

// VCMModel is a VCM model: its skeleton (root bone "root" at index 0, then the named
// @bone elements in pre-order) and one rigid mesh per bone and texture.
type VCMModel struct {
	Skeleton *anim.Skeleton
	Meshes   []formats.Mesh
	// Textures is each mesh's texture name (a slot such as "$0", or a name such
	// as "entities/player").
	Textures []string
	// Named says the file has named bones (otherwise the engine loads it as a single
	// model without skeleton; animscope still gives it the one-node skeleton).
	Named bool
}

type modelError struct{ err error }

type vcmBuilder struct {
	file string
	src  []byte
	skel *anim.Skeleton
	// byBone lists, per bone, its meshes (indices into meshes, or counts) and
	// textures: a short list each, rather than one map of every mesh (a model of
	// 32,000 bones has 192,000 meshes, and such a map took 50 MB to build).
	byBone   []boneMeshes
	meshes   []formats.Mesh
	textures []string // per mesh of meshes: its texture name
	depth    int
	vertices int
	// counting: the meshes get their names, nodes and counts only (infos), no
	// vertex data: what decoding needs (see vcmMeshes).
	counting bool
	counts   []meshCount
}

// boneMeshes are one bone's meshes: their indices and textures, searched in
// order while few, through byTex once there are more than boneMeshesScan.
type boneMeshes struct {
	idx   []int32
	tex   []string
	byTex map[string]int32
}

const boneMeshesScan = 8

func (bm *boneMeshes) find(texture string) (int32, bool) {
	if bm.byTex != nil {
		i, ok := bm.byTex[texture]
		return i, ok
	}
	for k, t := range bm.tex {
		if t == texture {
			return bm.idx[k], true
		}
	}
	return 0, false
}

func (bm *boneMeshes) add(texture string, i int32) {
	if bm.byTex != nil {
		bm.byTex[texture] = i
		return
	}
	bm.idx, bm.tex = append(bm.idx, i), append(bm.tex, texture)
	if len(bm.idx) > boneMeshesScan {
		bm.byTex = make(map[string]int32, len(bm.idx))
		for k, t := range bm.tex {
			bm.byTex[t] = bm.idx[k]
		}
		bm.idx, bm.tex = nil, nil
	}
}

type meshKey struct {
	bone    int32
	texture string
}

// meshCount is a counted mesh, kept small: a model of 32,000 bones has 192,000.
type meshCount struct {
	meshKey
	vertices, triangles int32
}

func (b *vcmBuilder) fail(pos int, format string, args ...any) {
	l, c := LineCol(b.src, pos)
	panic(modelError{formats.LineErrorf(b.file, l, c, format, args...)})
}

// ParseVCMModel builds a VCM model (src/coders/vcm.cpp): named bones get offset
// parentBuilder·move and geometry parentBuilder·Rotate·Scale without the move;
// unnamed bones multiply Rotate·Scale·Translate(move) into the builder matrix.
func ParseVCMModel(file string, src []byte) (m *VCMModel, err error) {
	b, err := buildVCM(file, src, false)
	if err != nil {
		return nil, err
	}
	return &VCMModel{Skeleton: b.skel, Meshes: b.meshes, Textures: b.textures, Named: b.skel.Len() > 1}, nil
}

// buildVCM parses and builds a VCM model; counting builds the skeleton and the
// mesh infos only (every check runs alike).
func buildVCM(file string, src []byte, counting bool) (b *vcmBuilder, err error) {
	root, err := ParseVCM(src, "model")
	if err != nil {
		se := err.(*SyntaxError)
		return nil, formats.LineErrorf(file, se.Line, se.Col, "%s", se.Msg)
	}
	b = &vcmBuilder{file: file, src: src, counting: counting,
		skel: &anim.Skeleton{Names: []string{"root"}, Parents: []int32{-1}, Offset: []mgl32.Vec3{{}}}}
	defer func() {
		if r := recover(); r != nil {
			me, ok := r.(modelError)
			if !ok {
				panic(r)
			}
			b, err = nil, me.err
		}
	}()
	// Each element is let go once built (here and in bone): the tree is several
	// times the file's size, and what the build allocates reuses its memory.
	for i, n := range root.Children {
		b.element(n, mgl32.Ident4(), 0)
		root.Children[i] = nil
	}
	return b, nil
}

// vcmMeshes are a VCM model's meshes, deferred: decoding counts them (a box is
// about 40 bytes of text and 900 of vertex data) and Build parses the file again
// to build them, only for what draws or exports them.
type vcmMeshes struct {
	file   string
	src    []byte
	names  []string // the skeleton's
	counts []meshCount
}

func (v *vcmMeshes) Infos() []formats.MeshInfo {
	out := make([]formats.MeshInfo, len(v.counts))
	for i, c := range v.counts {
		out[i] = formats.MeshInfo{Name: v.names[c.bone] + " " + c.texture, Node: int(c.bone),
			Vertices: int(c.vertices), Triangles: int(c.triangles)}
	}
	return out
}

func (v *vcmMeshes) Build() []formats.Mesh {
	b, err := buildVCM(v.file, v.src, false)
	if err != nil { // decoding built the same file without an error
		panic(fmt.Sprintf("vca: %s: building the meshes that decoding counted: %v", v.file, err))
	}
	return b.meshes
}

func (b *vcmBuilder) attr(n *Node, name string) Attr {
	a, ok := n.Attr(name)
	if !ok {
		b.fail(n.Pos, "element <%s ...> missing attribute %s", n.Tag, name)
	}
	return a
}

// numbers parses a comma-separated list of want numbers; one number fills all.
func (b *vcmBuilder) numbers(a Attr, want ...int) []float32 {
	parts := strings.Split(a.Value, ",")
	ok := false
	for _, w := range want {
		if len(parts) == w || len(parts) == 1 {
			ok = true
		}
	}
	if !ok {
		b.fail(a.ValuePos, "invalid vector value %q for %s", a.Value, a.Name)
	}
	out := make([]float32, len(parts))
	for i, p := range parts {
		v, good := toNumber(strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(p), "+")))
		if !good || math.IsInf(v, 0) || math.Abs(v) > 1e9 {
			b.fail(a.ValuePos, "%s: %q is not a number", a.Name, p)
		}
		out[i] = float32(v)
	}
	return out
}

func (b *vcmBuilder) vec3(a Attr) mgl32.Vec3 {
	v := b.numbers(a, 3)
	if len(v) == 1 {
		return mgl32.Vec3{v[0], v[0], v[0]}
	}
	return mgl32.Vec3{v[0], v[1], v[2]}
}

func (b *vcmBuilder) vecN(a Attr, n int) []float32 {
	v := b.numbers(a, n)
	if len(v) == 1 {
		out := make([]float32, n)
		for i := range out {
			out[i] = v[0]
		}
		return out
	}
	return v
}

// rotation is a `rotate` attribute: a quaternion (x, y, z, w) when it has exactly
// three commas, else Euler degrees applied X, then Y, then Z.
func (b *vcmBuilder) rotation(n *Node) mgl32.Mat4 {
	a, ok := n.Attr("rotate")
	if !ok {
		return mgl32.Ident4()
	}
	if strings.Count(a.Value, ",") == 3 {
		q := b.vecN(a, 4)
		return quatMat4(mgl32.Quat{W: q[3], V: mgl32.Vec3{q[0], q[1], q[2]}})
	}
	r := b.vec3(a)
	m := mgl32.HomogRotate3DX(mgl32.DegToRad(r[0]))
	m = mul4(m, mgl32.HomogRotate3DY(mgl32.DegToRad(r[1])))
	return mul4(m, mgl32.HomogRotate3DZ(mgl32.DegToRad(r[2])))
}

func (b *vcmBuilder) element(n *Node, mat mgl32.Mat4, bone int) {
	b.depth++
	defer func() { b.depth-- }()
	switch n.Tag {
	case "box":
		b.box(n, mat, bone)
	case "rect":
		b.rect(n, mat, bone)
	case "tri":
		b.tri(n, mat, bone)
	case "bone":
		b.bone(n, mat, bone)
	}
}

func (b *vcmBuilder) bone(n *Node, mat mgl32.Mat4, parent int) {
	name, _ := n.Get("name")
	var move mgl32.Vec3
	if a, ok := n.Attr("move"); ok {
		move = b.vec3(a)
	}
	tsf := b.rotation(n)
	if a, ok := n.Attr("scale"); ok {
		s := b.vec3(a)
		tsf = mul4(tsf, mgl32.Scale3D(s[0], s[1], s[2]))
	}
	if name == "" {
		tsf = mul4(tsf, mgl32.Translate3D(move[0], move[1], move[2]))
		m := mul4(mat, tsf)
		for i, c := range n.Children {
			b.element(c, m, parent)
			n.Children[i] = nil
		}
		return
	}
	origin := mul4x1(mat, move.Vec4(1)).Vec3()
	idx := b.skel.Len()
	b.skel.Names = append(b.skel.Names, name)
	b.skel.Parents = append(b.skel.Parents, int32(parent))
	b.skel.Offset = append(b.skel.Offset, origin)
	m := mul4(mat, tsf)
	for i, c := range n.Children {
		b.element(c, m, idx)
		n.Children[i] = nil
	}
}

// mesh returns the mesh of bone and texture to add verts vertices and tris
// triangles to; counting, it counts them and returns nil.
func (b *vcmBuilder) mesh(pos, bone int, texture string, verts, tris int) *formats.Mesh {
	b.vertices += verts
	if b.vertices > MaxVertices {
		b.fail(pos, "the model expands to more than %d vertices", MaxVertices)
	}
	for len(b.byBone) <= bone {
		b.byBone = appendDoubling(b.byBone, boneMeshes{})
	}
	key := meshKey{int32(bone), texture}
	i, ok := b.byBone[bone].find(texture)
	if !ok {
		if b.counting {
			i = int32(len(b.counts))
			b.counts = appendDoubling(b.counts, meshCount{meshKey: key})
		} else {
			i = int32(len(b.meshes))
			b.meshes = append(b.meshes, formats.Mesh{Name: b.skel.Names[bone] + " " + texture, Node: bone})
			b.textures = append(b.textures, texture)
		}
		b.byBone[bone].add(texture, i)
	}
	if b.counting { // MaxVertices above keeps the sums within int32
		b.counts[i].vertices += int32(verts)
		b.counts[i].triangles += int32(tris)
		return nil
	}
	return &b.meshes[i]
}

// appendDoubling appends v, doubling the capacity when it is full: append grows
// large slices by a quarter, so that a list of 192,000 meshes allocated five
// times its size on the way.
func appendDoubling[T any](s []T, v T) []T {
	if len(s) == cap(s) {
		s = append(make([]T, 0, 2*cap(s)+8), s...)
	}
	return append(s, v)
}

// quad adds two triangles a-b-c, a-c-d with one normal.
func addQuad(m *formats.Mesh, mat mgl32.Mat4, p [4]mgl32.Vec3, uv [4]mgl32.Vec2, n mgl32.Vec3) {
	if m == nil { // counting
		return
	}
	base := uint32(len(m.Positions))
	nn := mul4x1(mat, n.Vec4(0)).Vec3()
	if l := vlen(nn); l > 0 {
		nn = nn.Mul(1 / l)
	}
	for i := 0; i < 4; i++ {
		m.Positions = append(m.Positions, mul4x1(mat, p[i].Vec4(1)).Vec3())
		m.UVs = append(m.UVs, uv[i])
		m.Normals = append(m.Normals, nn)
	}
	m.Indices = append(m.Indices, base, base+1, base+2, base, base+2, base+3)
}

var sideNames = map[string]int{"west": 0, "east": 1, "bottom": 2, "top": 3, "north": 4, "south": 5}

// faces: normal, right and up of each box side (west −X, east +X, bottom −Y,
// top +Y, north −Z, south +Z), with right × up = normal.
var faces = [6][3]mgl32.Vec3{
	{{-1, 0, 0}, {0, 0, 1}, {0, 1, 0}},
	{{1, 0, 0}, {0, 0, -1}, {0, 1, 0}},
	{{0, -1, 0}, {1, 0, 0}, {0, 0, 1}},
	{{0, 1, 0}, {1, 0, 0}, {0, 0, -1}},
	{{0, 0, -1}, {-1, 0, 0}, {0, 1, 0}},
	{{0, 0, 1}, {1, 0, 0}, {0, 1, 0}},
}

// mulc, scale, vlen and normalize round explicitly (float32(a*b)) each product
// that an addition or subtraction takes, in them or in their callers once inlined,
// so no target fuses it into an FMA; see .ci/fma-check. scale, vlen and normalize
// compute what mgl32's Vec3.Mul, Len and Normalize compute, unfused (Go inlines
// those methods into the callers here and fuses them); anim.Cross3 stands for Cross.
func mulc(a, b mgl32.Vec3) mgl32.Vec3 {
	return mgl32.Vec3{float32(a[0] * b[0]), float32(a[1] * b[1]), float32(a[2] * b[2])}
}

func scale(v mgl32.Vec3, c float32) mgl32.Vec3 {
	return mgl32.Vec3{float32(v[0] * c), float32(v[1] * c), float32(v[2] * c)}
}

func vlen(v mgl32.Vec3) float32 { return float32(math.Sqrt(float64(anim.Dot3(v, v)))) }

func normalize(v mgl32.Vec3) mgl32.Vec3 {
	l := 1.0 / vlen(v)
	return mgl32.Vec3{v[0] * l, v[1] * l, v[2] * l}
}

func (b *vcmBuilder) box(n *Node, mat mgl32.Mat4, bone int) {
	from := b.vec3(b.attr(n, "from"))
	to := b.vec3(b.attr(n, "to"))
	origin := scale(from.Add(to), 0.5)
	if a, ok := n.Attr("origin"); ok {
		origin = b.vec3(a)
	}
	from, to = from.Sub(origin), to.Sub(origin)
	tsf := mul4(mgl32.Translate3D(origin[0], origin[1], origin[2]), b.rotation(n))
	m := mul4(mat, tsf)
	center, half := scale(from.Add(to), 0.5), to.Sub(from).Mul(0.5)
	tex := [6]string{"$0", "$1", "$2", "$3", "$4", "$5"}
	if t, ok := n.Get("texture"); ok {
		for i := range tex {
			tex[i] = t
		}
	}
	size := to.Sub(from)
	regions := [6][4]float32{
		{0, 0, size[2], size[1]}, {0, 0, -size[2], size[1]},
		{0, 0, size[0], size[2]}, {0, 0, -size[0], size[2]},
		{0, 0, size[0], size[1]}, {0, 0, -size[0], size[1]},
	}
	for _, c := range n.Children {
		if c.Tag != "part" {
			continue
		}
		tags, _ := c.Get("tags")
		for _, t := range strings.Split(tags, ",") {
			i, ok := sideNames[strings.TrimSpace(t)]
			if !ok {
				continue
			}
			if v, ok := c.Get("texture"); ok {
				tex[i] = v
			}
			if a, ok := c.Attr("region"); ok {
				r := b.vecN(a, 4)
				if i%2 == 1 {
					r[0], r[2] = r[2], r[0]
				}
				copy(regions[i][:], r)
			}
		}
	}
	var deleted [6]bool
	if d, ok := n.Get("delete"); ok {
		for _, s := range strings.Split(d, ",") {
			if i, ok := sideNames[strings.TrimSpace(s)]; ok {
				deleted[i] = true
			}
		}
	}
	for i, f := range faces {
		if deleted[i] {
			continue
		}
		nrm, r, u := f[0], mulc(f[1], half), mulc(f[2], half)
		c := center.Add(mulc(nrm, half))
		if vlen(r) == 0 && vlen(u) == 0 {
			continue
		}
		rg := regions[i]
		uv := [4]mgl32.Vec2{{rg[0], rg[1]}, {rg[2], rg[1]}, {rg[2], rg[3]}, {rg[0], rg[3]}}
		p := [4]mgl32.Vec3{c.Sub(r).Sub(u), c.Add(r).Sub(u), c.Add(r).Add(u), c.Sub(r).Add(u)}
		addQuad(b.mesh(n.Pos, bone, tex[i], 4, 2), m, p, uv, nrm)
	}
}

func (b *vcmBuilder) rect(n *Node, mat mgl32.Mat4, bone int) {
	from := b.vec3(b.attr(n, "from"))
	right := b.vec3(b.attr(n, "right"))
	up := b.vec3(b.attr(n, "up"))
	right = scale(right, -1)
	from = from.Sub(right)
	region := [4]float32{0, 0, vlen(right), vlen(up)}
	if a, ok := n.Attr("region"); ok {
		copy(region[:], b.vecN(a, 4))
	}
	switch f, _ := n.Get("flip"); f {
	case "h":
		region[0], region[2] = region[2], region[0]
		right = scale(right, -1)
		from = from.Sub(right)
	case "v":
		region[1], region[3] = region[3], region[1]
		up = scale(up, -1)
		from = from.Sub(up)
	}
	tex := "$0"
	if t, ok := n.Get("texture"); ok {
		tex = t
	}
	var normal mgl32.Vec3
	if a, ok := n.Attr("normal"); ok {
		normal = b.vec3(a)
	} else if vlen(right) > 0 && vlen(up) > 0 {
		normal = anim.Cross3(normalize(right), normalize(up))
	}
	c := from.Add(scale(right, 0.5)).Add(scale(up, 0.5))
	r, u := scale(right, 0.5), scale(up, 0.5)
	uv := [4]mgl32.Vec2{{region[0], region[1]}, {region[2], region[1]}, {region[2], region[3]}, {region[0], region[3]}}
	p := [4]mgl32.Vec3{c.Sub(r).Sub(u), c.Add(r).Sub(u), c.Add(r).Add(u), c.Sub(r).Add(u)}
	addQuad(b.mesh(n.Pos, bone, tex, 4, 2), mat, p, uv, normal)
}

func (b *vcmBuilder) tri(n *Node, mat mgl32.Mat4, bone int) {
	pa := b.vec3(b.attr(n, "a"))
	pb := b.vec3(b.attr(n, "b"))
	pc := b.vec3(b.attr(n, "c"))
	uvs := [3]mgl32.Vec2{{0, 0}, {1, 0}, {1, 1}}
	if a, ok := n.Attr("uv"); ok {
		v := b.numbers(a, 6)
		for i := 0; i < 6 && i < len(v); i++ {
			uvs[i/2][i%2] = v[i]
		}
	} else if a, ok := n.Attr("region"); ok {
		r := b.vecN(a, 4)
		for i := range uvs {
			uvs[i] = mgl32.Vec2{r[0] + float32(uvs[i][0]*(r[2]-r[0])), r[1] + float32(uvs[i][1]*(r[3]-r[1]))}
		}
	}
	tex := "$0"
	if t, ok := n.Get("texture"); ok {
		tex = t
	}
	nrm := anim.Cross3(pb.Sub(pa), pc.Sub(pa))
	if l := vlen(nrm); l > 0 {
		nrm = nrm.Mul(1 / l)
	}
	m := b.mesh(n.Pos, bone, tex, 3, 1)
	if m == nil { // counting
		return
	}
	base := uint32(len(m.Positions))
	nn := mul4x1(mat, nrm.Vec4(0)).Vec3()
	for i, p := range []mgl32.Vec3{pa, pb, pc} {
		m.Positions = append(m.Positions, mul4x1(mat, p.Vec4(1)).Vec3())
		m.UVs = append(m.UVs, uvs[i])
		m.Normals = append(m.Normals, nn)
	}
	m.Indices = append(m.Indices, base, base+1, base+2)
}

// squash moves every part of a VCM model into one frame (the engine's squash():
// each part translated by its bone's summed offsets) and assigns it to node.
func (m *VCMModel) squash(node int) []formats.Mesh {
	full := make([]mgl32.Vec3, m.Skeleton.Len())
	for i := range full {
		if p := m.Skeleton.Parents[i]; p >= 0 {
			full[i] = full[p].Add(m.Skeleton.Offset[i])
		}
	}
	var out []formats.Mesh
	for _, me := range m.Meshes {
		x := me
		x.Node = node
		x.Positions = make([]mgl32.Vec3, len(me.Positions))
		for i, p := range me.Positions {
			x.Positions[i] = p.Add(full[me.Node])
		}
		out = append(out, x)
	}
	return out
}

func decodeVCMModel(src *formats.Source) (*formats.Part, error) {
	b, err := buildVCM(src.Name, src.Data, true)
	if err != nil {
		return nil, err
	}
	named := b.skel.Len() > 1
	a := &formats.Part{
		Asset: formats.Asset{
			Files:          []string{src.Name},
			Family:         formats.FamilyVCA,
			UpAxis:         formats.UpY,
			Skeleton:       b.skel,
			DeferredMeshes: &vcmMeshes{file: src.Name, src: src.Data, names: b.skel.Names, counts: b.counts},
			Details:        map[string]any{"bones": b.skel.Len(), "meshes": len(b.counts), "named_bones": named},
		},
	}
	if !named {
		a.Diagnostics = append(a.Diagnostics, formats.Diagnostic{Severity: formats.Warning, File: src.Name, Offset: -1,
			Message: "no named bones: the engine loads this as a single model without skeleton; animscope gives it the one bone \"root\""})
	}
	mt := &meshTextures{source: src}
	for _, c := range b.counts {
		mt.add(c.texture, false, src.Path, int(c.bone))
	}
	setMaterials(a, mt)
	return a, nil
}
