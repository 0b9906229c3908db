package msh

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"animscope/formats"
	"animscope/formats/nres"

	"github.com/go-gl/mathgl/mgl32"
)

// Model is an MSH model to write with Encode: nodes (parents first), each with its
// key track and its geometry per slot. Encode derives everything else (key pool,
// frame map, directory attributes, bounds) by the canonical rules of §15.
//
// Usage, for tests that need synthetic files:
//
//	m := &msh.Model{Nodes: []msh.ModelNode{
//		{Name: "root", Parent: -1, Keys: []msh.ModelKey{msh.StaticKey(mgl32.Vec3{})}},
//		{Name: "arm", Parent: 0, Keys: []msh.ModelKey{
//			{Time: 0, Rot: mgl32.QuatIdent()},
//			{Time: 10, Pos: mgl32.Vec3{1, 0, 0}, Rot: mgl32.QuatRotate(1, mgl32.Vec3{0, 0, 1})},
//		}, Parts: msh.Slot00(msh.Box(mgl32.Vec3{-.1, -.1, 0}, mgl32.Vec3{.1, .1, 1}))},
//	}}
//	data, err := m.Encode()
//
// A node with one key (time 0) is static (no map block); a node with two or more
// keys is animated. The fallback key of an animated node is its last key, so a
// track whose last time is below F − 1 falls back for its last frames (and every
// frame index outside 0..F−1 falls back). F is the largest last-key time + 1: change
// one track's last time to flip the frame count's parity; change a key time to change
// one node's map.
type Model struct {
	// Name is written as every stream's entry name; "" names them Res1, Res2, ….
	Name string
	// QuatOrder is the order the quaternion words are written in: "xyzw" (the
	// default, w at +0x16) or "wxyz" (w at +0x10).
	QuatOrder string
	Nodes     []ModelNode
}

// ModelNode is one node of a Model.
type ModelNode struct {
	Name   string // Res9 name: at most 31 Latin-1 characters
	Label  string // Res10 string ("central" and socket prefixes live here)
	Flags  uint16 // Res1 hdr0
	Parent int    // −1 for a root, otherwise a smaller node index
	// Keys is the node's track: times are whole frame numbers, the first is 0, and
	// they strictly increase. Rot is the engine quaternion [w, x, y, z] as it will be
	// quantised (not the conjugate the sampler returns in Transform.Q).
	Keys []ModelKey
	// Parts[A·5+B] is the geometry drawn from slot (A, B); nil for no slot.
	Parts [SlotsPerNode]*Part
}

// ModelKey is one key of a track.
type ModelKey struct {
	Time float32
	Pos  mgl32.Vec3
	Rot  mgl32.Quat
}

// Part is the geometry of one slot: one batch over its own vertices, node-local.
// Normals and UVs may be nil (written as zeros); a decoded Part always has both.
type Part struct {
	Positions []mgl32.Vec3
	Normals   []mgl32.Vec3
	UVs       []mgl32.Vec2
	Indices   []uint16 // triangle list into Positions
	Material  uint16   // written at batch +2 and as the low byte of +4
	Flags     uint16   // batch flags
}

// StaticKey is the single key of a static node at pos with the identity rotation.
func StaticKey(pos mgl32.Vec3) ModelKey { return ModelKey{Pos: pos, Rot: mgl32.QuatIdent()} }

// Slot00 returns a Parts array with p in slot (0, 0).
func Slot00(p *Part) (parts [SlotsPerNode]*Part) {
	parts[0] = p
	return parts
}

// Box is an axis-aligned box from lo to hi with flat normals (24 vertices, 12
// triangles, outward faces counter-clockwise seen from outside) and 0..1 UVs.
func Box(lo, hi mgl32.Vec3) *Part {
	p := &Part{}
	faces := []struct {
		n    mgl32.Vec3
		u, v int // axes spanning the face
		axis int
		side float32
	}{
		{mgl32.Vec3{1, 0, 0}, 1, 2, 0, 1}, {mgl32.Vec3{-1, 0, 0}, 2, 1, 0, 0},
		{mgl32.Vec3{0, 1, 0}, 2, 0, 1, 1}, {mgl32.Vec3{0, -1, 0}, 0, 2, 1, 0},
		{mgl32.Vec3{0, 0, 1}, 0, 1, 2, 1}, {mgl32.Vec3{0, 0, -1}, 1, 0, 2, 0},
	}
	for _, fc := range faces {
		base := uint16(len(p.Positions))
		for c := 0; c < 4; c++ {
			su, sv := c&1, c>>1
			var pt mgl32.Vec3
			pick := func(axis int, s int) float32 {
				if s == 1 {
					return hi[axis]
				}
				return lo[axis]
			}
			pt[fc.axis] = pick(fc.axis, int(fc.side))
			pt[fc.u] = pick(fc.u, su)
			pt[fc.v] = pick(fc.v, sv)
			p.Positions = append(p.Positions, pt)
			p.Normals = append(p.Normals, fc.n)
			p.UVs = append(p.UVs, mgl32.Vec2{float32(su), float32(sv)})
		}
		p.Indices = append(p.Indices, base, base+1, base+3, base, base+3, base+2)
	}
	return p
}

// quantQuat is round(v·32767) clamped to ±32767 (§15).
func quantQuat(v float32) int16 {
	r := math.Round(float64(v) * 32767)
	return int16(math.Max(-32767, math.Min(32767, r)))
}

// quantNormal is clamp(round(v·127), −128, 127) (§7).
func quantNormal(v float32) int8 {
	r := math.Round(float64(v) * 127)
	return int8(math.Max(-128, math.Min(127, r)))
}

// quantUV is round(uv·1024) clamped to int16 (§7).
func quantUV(v float32) int16 {
	r := math.Round(float64(v) * 1024)
	return int16(math.Max(-32768, math.Min(32767, r)))
}

func abs32(v float32) float32 { return float32(math.Abs(float64(v))) }

// Limits of the format that the writer enforces.
const (
	// maxCoord bounds vertex coordinates so that the slot bounds, areas and
	// volumes the writer derives stay finite in float32.
	maxCoord     = 1e12
	maxKeys      = 0xFFFF // fallback indices are u16 and 0xFFFF is not a key
	maxKeyTime   = 0xFFFE // so that F fits the map and its u16 block starts
	maxNameBytes = nameSize - 1
)

func latin1Bytes(s string) ([]byte, bool) {
	out := make([]byte, 0, len(s))
	for _, r := range s {
		if r > 0xFF || r == 0 {
			return nil, false
		}
		out = append(out, byte(r))
	}
	return out, true
}

func finite3(v mgl32.Vec3) bool {
	for _, c := range v {
		if math.IsNaN(float64(c)) || math.IsInf(float64(c), 0) {
			return false
		}
	}
	return true
}

// Check is the pre-save validation: it returns the first rule m breaks (§15's
// canonical rules, the format's limits, and what the decoder's §16 checks require).
// Encode runs it first and writes nothing when it fails.
func (m *Model) Check() error {
	if len(m.Nodes) == 0 {
		return errors.New("msh model: no nodes")
	}
	if len(m.Nodes) >= NoIndex {
		return fmt.Errorf("msh model: %d nodes, at most %d (0xFFFF is the no-parent value)", len(m.Nodes), NoIndex-1)
	}
	if b, ok := latin1Bytes(m.Name); !ok || len(b) > nres.NameSize-1 {
		return fmt.Errorf("msh model: name %q is not at most 35 Latin-1 characters without NUL", m.Name)
	}
	if m.QuatOrder != "" && m.QuatOrder != "xyzw" && m.QuatOrder != "wxyz" {
		return fmt.Errorf("msh model: quaternion order %q (xyzw or wxyz)", m.QuatOrder)
	}
	keys, animated, maxT := 0, 0, float32(0)
	for i := range m.Nodes {
		nd := &m.Nodes[i]
		fail := func(format string, args ...any) error {
			return fmt.Errorf("msh model: node %d (%q): %s", i, nd.Name, fmt.Sprintf(format, args...))
		}
		if nd.Parent != -1 && (nd.Parent < 0 || nd.Parent >= i) {
			return fail("parent %d is neither -1 nor a smaller node index", nd.Parent)
		}
		if b, ok := latin1Bytes(nd.Name); !ok || len(b) > maxNameBytes {
			return fail("name is not at most %d Latin-1 characters without NUL", maxNameBytes)
		}
		if _, ok := latin1Bytes(nd.Label); !ok {
			return fail("label is not Latin-1 text without NUL")
		}
		if len(nd.Keys) == 0 {
			return fail("no keys (every track is non-empty)")
		}
		for k, key := range nd.Keys {
			t := float64(key.Time)
			switch {
			case math.IsNaN(t) || t < 0 || t > maxKeyTime || t != math.Trunc(t):
				return fail("key %d: time %v is not a whole frame number in 0..%d", k, key.Time, maxKeyTime)
			case k == 0 && t != 0:
				return fail("the first key's time is %v, must be 0", key.Time)
			case k > 0 && key.Time <= nd.Keys[k-1].Time:
				return fail("key %d: time %v does not increase (previous %v)", k, key.Time, nd.Keys[k-1].Time)
			case !finite3(key.Pos) || !finite3(key.Rot.V) || math.IsNaN(float64(key.Rot.W)) || math.IsInf(float64(key.Rot.W), 0):
				return fail("key %d: position or rotation is not finite", k)
			}
		}
		keys += len(nd.Keys)
		if len(nd.Keys) > 1 {
			animated++
		}
		maxT = max(maxT, nd.Keys[len(nd.Keys)-1].Time)
		for s, p := range nd.Parts {
			if p == nil {
				continue
			}
			if err := p.check(); err != nil {
				return fail("slot %d (A=%d, B=%d): %v", s, s/5, s%5, err)
			}
		}
	}
	if keys > maxKeys {
		return fmt.Errorf("msh model: %d keys, at most %d (fallback indices are u16)", keys, maxKeys)
	}
	frames := int(maxT) + 1
	if animated > 0 && (animated-1)*frames > NoIndex-1 {
		return fmt.Errorf("msh model: %d animated nodes × %d frames: the last map block would start past 0xFFFE", animated, frames)
	}
	slots, tris, batches := 0, 0, 0
	for i := range m.Nodes {
		for _, p := range m.Nodes[i].Parts {
			if p == nil {
				continue
			}
			if tris > 0xFFFF || batches > 0xFFFF {
				return fmt.Errorf("msh model: node %d: a slot would start at triangle %d / batch %d, past the u16 range", i, tris, batches)
			}
			slots++
			tris += len(p.Indices) / 3
			batches++
		}
	}
	if tris > NoIndex {
		return fmt.Errorf("msh model: %d triangles, at most %d (Res7 links are u16)", tris, NoIndex)
	}
	if slots >= NoIndex {
		return fmt.Errorf("msh model: %d slots, at most %d", slots, NoIndex-1)
	}
	return nil
}

func (p *Part) check() error {
	nv := len(p.Positions)
	switch {
	case nv == 0 || len(p.Indices) == 0:
		return errors.New("empty part (no vertices or no triangles)")
	case nv > 0x10000:
		return fmt.Errorf("%d vertices, at most 65536 (indices are u16)", nv)
	case len(p.Indices)%3 != 0:
		return fmt.Errorf("%d indices is not a triangle list", len(p.Indices))
	case len(p.Indices) > 0xFFFF-0xFFFF%3:
		return fmt.Errorf("%d indices, at most %d in one batch", len(p.Indices), 0xFFFF-0xFFFF%3)
	case p.Normals != nil && len(p.Normals) != nv:
		return fmt.Errorf("%d normals for %d vertices", len(p.Normals), nv)
	case p.UVs != nil && len(p.UVs) != nv:
		return fmt.Errorf("%d UVs for %d vertices", len(p.UVs), nv)
	}
	for _, ix := range p.Indices {
		if int(ix) >= nv {
			return fmt.Errorf("index %d is out of range (%d vertices)", ix, nv)
		}
	}
	for v, pt := range p.Positions {
		if !finite3(pt) || max(abs32(pt[0]), abs32(pt[1]), abs32(pt[2])) > maxCoord {
			return fmt.Errorf("vertex %d is not finite or beyond ±%g", v, maxCoord)
		}
	}
	return nil
}

// Frames is the model's frame count F = max last-key time + 1 (§15).
func (m *Model) Frames() int {
	maxT := float32(0)
	for i := range m.Nodes {
		if k := m.Nodes[i].Keys; len(k) > 0 {
			maxT = max(maxT, k[len(k)-1].Time)
		}
	}
	return int(maxT) + 1
}

type buf struct{ b []byte }

func (w *buf) u16(v uint16) { w.b = le.AppendUint16(w.b, v) }
func (w *buf) u32(v uint32) { w.b = le.AppendUint32(w.b, v) }
func (w *buf) f32(v float32) {
	w.b = le.AppendUint32(w.b, math.Float32bits(v))
}
func (w *buf) vec(v mgl32.Vec3) { w.f32(v[0]); w.f32(v[1]); w.f32(v[2]) }

// Encode runs Check and writes the model as a canonical MSH (NRes) archive (§15).
// As a last guard it decodes the result and refuses to return bytes that fail the
// decoder's validation.
func (m *Model) Encode() ([]byte, error) {
	if err := m.Check(); err != nil {
		return nil, err
	}
	F := m.Frames()
	wxyz := m.QuatOrder == "wxyz"
	var res1, res8, res19, res9, res10 buf
	var res2h buf
	var res3, res4, res5, res15, res6, res7, res13, slots buf
	keyBase, animIdx := 0, 0
	nSlots, nTris, nBatches, nVerts, nIdx := 0, 0, 0, 0, 0
	for i := range m.Nodes {
		nd := &m.Nodes[i]
		fb := keyBase + len(nd.Keys) - 1
		mapStart := uint16(NoIndex)
		if len(nd.Keys) > 1 {
			mapStart = uint16(animIdx * F)
			animIdx++
			k := 0 // times increase, so the key for frame f only moves forward
			for f := 0; f < F; f++ {
				v := fb
				ff := float32(f)
				if ff >= nd.Keys[0].Time && ff < nd.Keys[len(nd.Keys)-1].Time {
					for nd.Keys[k+1].Time <= ff {
						k++
					}
					v = keyBase + k
				}
				res19.u16(uint16(v))
			}
		}
		for _, k := range nd.Keys {
			res8.vec(k.Pos)
			res8.f32(k.Time)
			w, x, y, z := quantQuat(k.Rot.W), quantQuat(k.Rot.V[0]), quantQuat(k.Rot.V[1]), quantQuat(k.Rot.V[2])
			if wxyz {
				res8.u16(uint16(w))
				res8.u16(uint16(x))
				res8.u16(uint16(y))
				res8.u16(uint16(z))
			} else {
				res8.u16(uint16(x))
				res8.u16(uint16(y))
				res8.u16(uint16(z))
				res8.u16(uint16(w))
			}
		}
		keyBase = fb + 1
		parent := uint16(NoIndex)
		if nd.Parent >= 0 {
			parent = uint16(nd.Parent)
		}
		res1.u16(nd.Flags)
		res1.u16(parent)
		res1.u16(mapStart)
		res1.u16(uint16(fb))
		for s := 0; s < SlotsPerNode; s++ {
			p := nd.Parts[s]
			if p == nil {
				res1.u16(NoIndex)
				continue
			}
			res1.u16(uint16(nSlots))
			ntri := len(p.Indices) / 3
			lo, hi := boundsOf(p.Positions)
			ctr := lo.Add(hi).Mul(0.5)
			rad := float32(0)
			for _, pt := range p.Positions {
				rad = max(rad, length(pt.Sub(ctr)))
			}
			area := float32(0)
			for t := 0; t < ntri; t++ {
				a, b, c := p.Positions[p.Indices[3*t]], p.Positions[p.Indices[3*t+1]], p.Positions[p.Indices[3*t+2]]
				area += float32(length(cross(b.Sub(a), c.Sub(a))) / 2) // rounded: no FMA
			}
			d := hi.Sub(lo)
			slots.u16(uint16(nTris))
			slots.u16(uint16(ntri))
			slots.u16(uint16(nBatches))
			slots.u16(1)
			slots.vec(lo)
			slots.vec(hi)
			slots.vec(ctr)
			slots.f32(rad)
			slots.f32(area)
			slots.f32(mul(mul(d[0], d[1]), d[2]))
			slots.b = append(slots.b, make([]byte, 12)...)
			// Batch.
			res13.u16(p.Flags)
			res13.u16(p.Material)
			res13.u16(0xFF00 | p.Material&0xFF)
			res13.u16(0)
			res13.u16(uint16(len(p.Indices)))
			res13.u32(uint32(nIdx))
			res13.u16(uint16(min(len(p.Positions), 0xFFFF)))
			res13.u32(uint32(nVerts))
			// Vertices.
			for v, pt := range p.Positions {
				res3.vec(pt)
				var n mgl32.Vec3
				if p.Normals != nil {
					n = p.Normals[v]
				}
				res4.b = append(res4.b, byte(quantNormal(n[0])), byte(quantNormal(n[1])), byte(quantNormal(n[2])), 0)
				var uv mgl32.Vec2
				if p.UVs != nil {
					uv = p.UVs[v]
				}
				res5.u16(uint16(quantUV(uv[0])))
				res5.u16(uint16(quantUV(uv[1])))
				res15.b = append(res15.b, 0, 0, 0, 0, 0, 0, 0, 0)
			}
			for _, ix := range p.Indices {
				res6.u16(ix)
			}
			links := triangleLinks(p.Indices, nTris)
			for t := 0; t < ntri; t++ {
				a, b, c := p.Positions[p.Indices[3*t]], p.Positions[p.Indices[3*t+1]], p.Positions[p.Indices[3*t+2]]
				n := cross(b.Sub(a), c.Sub(a))
				if l := length(n); l > 0 {
					n = mgl32.Vec3{n[0] / l, n[1] / l, n[2] / l}
				}
				res7.u16(0)
				res7.u16(links[3*t])
				res7.u16(links[3*t+1])
				res7.u16(links[3*t+2])
				res7.u16(uint16(quantQuat(n[0])))
				res7.u16(uint16(quantQuat(n[1])))
				res7.u16(uint16(quantQuat(n[2])))
				res7.u16(0)
			}
			nSlots++
			nTris += ntri
			nBatches++
			nVerts += len(p.Positions)
			nIdx += len(p.Indices)
		}
		name, _ := latin1Bytes(nd.Name)
		var nb [nameSize]byte
		copy(nb[:], name)
		res9.b = append(res9.b, nb[:]...)
		label, _ := latin1Bytes(nd.Label)
		res10.u32(uint32(len(label)))
		if len(label) > 0 {
			res10.b = append(res10.b, label...)
			res10.b = append(res10.b, 0)
		}
	}
	m.header(&res2h)
	res2h.b = append(res2h.b, slots.b...)
	nodes, keys := uint32(len(m.Nodes)), uint32(keyBase)
	words := uint32(len(res19.b) / 2)
	type st struct {
		t          uint32
		a1, a2, a3 uint32
		data       []byte
	}
	streams := []st{
		{ResNodes, nodes, 0, NodeSize, res1.b},
		{ResHeader, uint32(nSlots), 0, slotSize, res2h.b},
		{ResPositions, uint32(nVerts), 0, 12, res3.b},
		{ResNormals, uint32(nVerts), 0, 4, res4.b},
		{ResUV0, uint32(nVerts), 0, 4, res5.b},
		{ResExtra15, uint32(nVerts), 0, 8, res15.b},
		{ResBatches, uint32(nBatches), 0, batchSize, res13.b},
		{ResIndices, uint32(nIdx), 0, 2, res6.b},
		{ResTriangles, uint32(nTris), 0, triSize, res7.b},
		{ResKeys, keys, 0, 4, res8.b},
		{ResFrameMap, words, uint32(F), 2, res19.b},
		{ResNames, nodes, 0, nameSize, res9.b},
		{ResStrings, nodes, 0, 0, res10.b},
	}
	entries := make([]nres.Entry, len(streams))
	for i, s := range streams {
		e := &entries[i]
		e.Type, e.Attr1, e.Attr2, e.Attr3, e.Data = s.t, s.a1, s.a2, s.a3, s.data
		if e.Data == nil {
			e.Data = []byte{}
		}
		if m.Name != "" {
			nb, _ := latin1Bytes(m.Name)
			e.SetName(string(nb))
		} else {
			e.SetName(fmt.Sprintf("Res%d", s.t))
		}
	}
	out := nres.Encode(nres.Version, entries)
	f, err := Parse("model", out)
	if err != nil {
		return nil, fmt.Errorf("msh model: internal error: the encoded model does not decode: %v", err)
	}
	if ds := append(f.Diagnostics, f.Validate()...); len(ds) > 0 {
		return nil, fmt.Errorf("msh model: internal error: the encoded model does not validate: %v", ds[0])
	}
	return out, nil
}

func boundsOf(ps []mgl32.Vec3) (lo, hi mgl32.Vec3) {
	if len(ps) == 0 {
		return
	}
	lo, hi = ps[0], ps[0]
	for _, p := range ps[1:] {
		for c := 0; c < 3; c++ {
			lo[c] = min(lo[c], p[c])
			hi[c] = max(hi[c], p[c])
		}
	}
	return
}

// triangleLinks finds, for each edge of each triangle, the other triangle of the
// part sharing it (as a Res7 index, base + local), or 0xFFFF.
func triangleLinks(idx []uint16, base int) []uint16 {
	n := len(idx) / 3
	type edge struct{ a, b uint16 }
	key := func(t, e int) edge {
		a, b := idx[3*t+e], idx[3*t+(e+1)%3]
		if a > b {
			a, b = b, a
		}
		return edge{a, b}
	}
	first := make(map[edge]int, 3*n)
	second := make(map[edge]int)
	for t := 0; t < n; t++ {
		for e := 0; e < 3; e++ {
			k := key(t, e)
			if f, ok := first[k]; !ok {
				first[k] = t
			} else if _, ok := second[k]; !ok && f != t {
				second[k] = t
			}
		}
	}
	links := make([]uint16, 3*n)
	for t := 0; t < n; t++ {
		for e := 0; e < 3; e++ {
			k := key(t, e)
			links[3*t+e] = NoIndex
			if o := first[k]; o != t {
				links[3*t+e] = uint16(base + o)
			} else if o, ok := second[k]; ok {
				links[3*t+e] = uint16(base + o)
			}
		}
	}
	return links
}

// The writer's arithmetic rounds every product explicitly (float32(a*b)), so that
// no architecture fuses it into a multiply-add and the output is the same
// everywhere (the embedded demo is compared byte for byte with a fresh encode).
func mul(a, b float32) float32 { return float32(a * b) }

func cross(a, b mgl32.Vec3) mgl32.Vec3 {
	return mgl32.Vec3{mul(a[1], b[2]) - mul(a[2], b[1]), mul(a[2], b[0]) - mul(a[0], b[2]), mul(a[0], b[1]) - mul(a[1], b[0])}
}

func length(v mgl32.Vec3) float32 {
	return float32(math.Sqrt(float64(mul(v[0], v[0]) + mul(v[1], v[1]) + mul(v[2], v[2]))))
}

// rigid is a rotation matrix (rows) and a translation.
type rigid struct {
	r [3][3]float32
	t mgl32.Vec3
}

func (x *rigid) apply(v mgl32.Vec3) mgl32.Vec3 {
	var o mgl32.Vec3
	for i := 0; i < 3; i++ {
		o[i] = mul(x.r[i][0], v[0]) + mul(x.r[i][1], v[1]) + mul(x.r[i][2], v[2]) + x.t[i]
	}
	return o
}

func (x *rigid) then(l *rigid) rigid {
	var o rigid
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			o.r[i][j] = mul(x.r[i][0], l.r[0][j]) + mul(x.r[i][1], l.r[1][j]) + mul(x.r[i][2], l.r[2][j])
		}
	}
	o.t = x.apply(l.t)
	return o
}

// engineLocal is the node matrix of §12.3 for an engine quaternion q (the
// transposed textbook matrix, i.e. R(conj q)) and translation t.
func engineLocal(q mgl32.Quat, t mgl32.Vec3) rigid {
	w, x, y, z := q.W, q.V[0], q.V[1], q.V[2]
	xx, yy, zz := mul(x, x), mul(y, y), mul(z, z)
	xy, xz, yz := mul(x, y), mul(x, z), mul(y, z)
	wx, wy, wz := mul(w, x), mul(w, y), mul(w, z)
	return rigid{r: [3][3]float32{
		{1 - 2*(yy+zz), 2 * (xy + wz), 2 * (xz - wy)},
		{2 * (xy - wz), 1 - 2*(xx+zz), 2 * (yz + wx)},
		{2 * (xz + wy), 2 * (yz - wx), 1 - 2*(xx+yy)},
	}, t: t}
}

// header writes the Res2 header (§6.1): the eight corners of the model's box in its
// rest pose (every node at its first key, as quantised), the bounding sphere, and
// the vertical segment through the box centre with the XY half-diagonal as radius.
func (m *Model) header(w *buf) {
	world := make([]rigid, len(m.Nodes))
	var pts []mgl32.Vec3
	for i := range m.Nodes {
		k := m.Nodes[i].Keys[0]
		q := mgl32.Quat{W: float32(quantQuat(k.Rot.W)) / QuatScale, V: mgl32.Vec3{
			float32(quantQuat(k.Rot.V[0])) / QuatScale, float32(quantQuat(k.Rot.V[1])) / QuatScale, float32(quantQuat(k.Rot.V[2])) / QuatScale}}
		l := engineLocal(q, k.Pos)
		if p := m.Nodes[i].Parent; p >= 0 {
			world[i] = world[p].then(&l)
		} else {
			world[i] = l
		}
		if p := m.Nodes[i].Parts[0]; p != nil {
			for _, v := range p.Positions {
				pts = append(pts, world[i].apply(v))
			}
		}
	}
	lo, hi := boundsOf(pts)
	for c := 0; c < 8; c++ {
		pick := func(bit int, axis int) float32 {
			if c&bit != 0 {
				return hi[axis]
			}
			return lo[axis]
		}
		w.vec(mgl32.Vec3{pick(1, 0), pick(2, 1), pick(4, 2)})
	}
	ctr := lo.Add(hi).Mul(0.5)
	rad := float32(0)
	for _, p := range pts {
		rad = max(rad, length(p.Sub(ctr)))
	}
	w.vec(ctr)
	w.f32(rad)
	w.vec(mgl32.Vec3{ctr[0], ctr[1], lo[2]})
	w.vec(mgl32.Vec3{ctr[0], ctr[1], hi[2]})
	w.f32(length(mgl32.Vec3{hi[0] - lo[0], hi[1] - lo[1], 0}) / 2)
}

// WriteFile encodes m and replaces path atomically (temporary file, then rename).
// Nothing is written when the model fails Check.
func (m *Model) WriteFile(path string) error {
	data, err := m.Encode()
	if err != nil {
		return err
	}
	return nres.WriteFile(path, data)
}

// Model reconstructs the Model of a canonical file (one this package's writer could
// have written): tracks from the key pool in node order, parts from single-batch
// slots. order is the quaternion order to read ("xyzw" or "wxyz"). It fails on a
// file with error diagnostics or that is not in canonical form.
func (f *File) Model(order string) (*Model, error) {
	ds := append(append([]formats.Diagnostic(nil), f.Diagnostics...), f.Validate()...)
	for _, d := range ds {
		if d.Severity == formats.Error || strings.Contains(d.Message, "canonical") {
			return nil, fmt.Errorf("not a canonical model: %v", d)
		}
	}
	if f.NodeStride != NodeSize {
		return nil, errors.New("not a canonical model: 24-byte node table")
	}
	m := &Model{QuatOrder: order, Nodes: make([]ModelNode, len(f.Nodes))}
	// The model's name is the entries' common name (the writer names every entry
	// after the model, or ResN when it has none).
	if es := f.Archive.Entries; len(es) > 0 {
		m.Name = es[0].NameString()
		for i := range es {
			if es[i].Name != es[0].Name {
				m.Name = ""
			}
		}
	}
	start := 0
	for i := range f.Nodes {
		nd := &f.Nodes[i]
		mn := &m.Nodes[i]
		mn.Flags = nd.Flags
		mn.Parent = idx16(nd.Parent)
		if i < len(f.Names) {
			mn.Name = f.Names[i]
		}
		if i < len(f.Labels) {
			mn.Label = f.Labels[i]
		}
		for k := start; k <= int(nd.Fallback); k++ {
			rk := f.RawKey(k)
			mn.Keys = append(mn.Keys, ModelKey{Time: rk.Time, Pos: rk.Pos, Rot: DecodeQuat(rk.Raw, order == "wxyz")})
		}
		start = int(nd.Fallback) + 1
		for s, si := range nd.Slots {
			if si == NoIndex {
				continue
			}
			sl := &f.Slots[si]
			if sl.BatchCount != 1 {
				return nil, fmt.Errorf("not a canonical model: slot %d has %d batches", si, sl.BatchCount)
			}
			b := &f.Batches[sl.BatchStart]
			nv := int(b.VertexCount)
			if uint64(b.BaseVertex)+uint64(nv) > uint64(f.VertexCount) || f.normals == nil || f.uvs == nil {
				return nil, fmt.Errorf("not a canonical model: slot %d's vertices", si)
			}
			p := &Part{Material: b.Material, Flags: b.Flags,
				Positions: make([]mgl32.Vec3, nv), Normals: make([]mgl32.Vec3, nv), UVs: make([]mgl32.Vec2, nv)}
			base := int(b.BaseVertex)
			for v := 0; v < nv; v++ {
				p.Positions[v] = f.Vertex(base + v)
				nr := f.normals[4*(base+v):]
				p.Normals[v] = mgl32.Vec3{decodeNormal(int8(nr[0])), decodeNormal(int8(nr[1])), decodeNormal(int8(nr[2]))}
				p.UVs[v] = mgl32.Vec2{decodeUV(le.Uint16(f.uvs[4*(base+v):])), decodeUV(le.Uint16(f.uvs[4*(base+v)+2:]))}
			}
			p.Indices = make([]uint16, b.IndexCount)
			for j := range p.Indices {
				p.Indices[j] = f.Index(int(b.IndexStart) + j)
			}
			mn.Parts[s] = p
		}
	}
	if err := m.Check(); err != nil {
		return nil, fmt.Errorf("not a canonical model: %v", err)
	}
	return m, nil
}
