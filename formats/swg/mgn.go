package swg

import (
	"fmt"
	"sort"
	"strings"

	"animscope/anim"
	"animscope/formats"
	"animscope/formats/iff"

	"github.com/go-gl/mathgl/mgl32"
)

// MeshGen is a decoded .mgn (FORM SKMG 0002–0004, FORMAT.md §7.1).
type MeshGen struct {
	File    string
	Version string
	// INFO
	MaxTransformsPerVertex, MaxTransformsPerShader int32
	BlendTargetCount                               int
	OcclusionLayer                                 int16

	Skeletons   []string // CHUNK SKTM: skeleton paths
	XFNM        []string // mesh-local joint names
	Positions   []mgl32.Vec3
	WeightHead  []int32      // TWHD: number of weights of each position
	Weights     []Weight     // TWDT, flattened in position order
	Normals     []mgl32.Vec3 // NORM (may be nil)
	Dot3Count   int
	Hardpoints  []Hardpoint
	Shaders     []PerShader
	Diagnostics []formats.Diagnostic
}

// Weight is one TWDT entry.
type Weight struct {
	Joint  int32 // index into XFNM
	Weight float32
}

// Hardpoint is one HPTS entry.
type Hardpoint struct {
	Name, Parent string
	Dynamic      bool
	Rotation     mgl32.Quat
	Position     mgl32.Vec3
}

// PerShader is one PSDT: the shader, its vertices (indices into the mesh's
// positions and normals) and its triangles (indices into its vertices).
type PerShader struct {
	Shader    string
	PIDX      []int32
	NIDX      []int32  // nil when absent
	Colors    []uint32 // VDCL a,r,g,b bytes packed little-endian (nil when absent)
	UVDims    []int32
	UVs       [][]float32 // per set, vertexCount·dim values
	Triangles []uint32    // flattened (a, b, c)
	// OZC holds the occlusion combination of each OITL triangle (nil for ITL).
	Primitives int
}

// maxCount bounds any mesh count (a sanity limit above every real file; counts
// are also checked against the chunk sizes).
const maxCount = 1 << 26

// DecodeMeshGen reads a .mgn from memory. It reads the blocks of FORM SKMG in
// their fixed order, one step each (a mgnReader method per chunk or form); a
// step that finds a problem stops the decode with its error.
func DecodeMeshGen(file string, data []byte) (*MeshGen, error) {
	r := &mgnReader{c: iff.NewCursor(file, data)}
	if err := r.version(); err != nil {
		return nil, err
	}
	for _, step := range []func() error{
		r.info, r.names, r.positions, r.weightHeads, r.weights, r.normals,
		r.dot3, r.hardpoints, r.blendTargets, r.occlusion, r.shaders, r.triangleSets,
	} {
		if err := step(); err != nil {
			return nil, err
		}
	}
	c, m := r.c, r.m
	if !c.AtEnd() {
		m.Diagnostics = append(m.Diagnostics, formats.DiagWarnf(file, int64(c.Offset()), "FORM SKMG %s: %d bytes of unknown blocks ignored", m.Version, c.Remaining()))
	}
	c.Exit()
	c.Exit()
	m.Diagnostics = append(m.Diagnostics, trailing(c)...)
	return m, nil
}

// mgnReader is one .mgn being decoded: the cursor inside FORM SKMG's version
// form, the mesh so far, its version (2, 3 or 4) and the counts INFO declares.
type mgnReader struct {
	c   *iff.Cursor
	m   *MeshGen
	ver int
	// The counts of INFO that the later blocks are read with.
	skelN, xfN, posN, wN, normN, psdtN int
	ozCount, ozcCount, ztoCount        int
}

// version enters FORM SKMG and its version form (0002, 0003 or 0004).
func (r *mgnReader) version() error {
	c := r.c
	if _, err := c.EnterForm("SKMG"); err != nil {
		return err
	}
	vb, err := c.EnterForm("")
	if err != nil {
		return err
	}
	r.m = &MeshGen{File: c.File, Version: vb.Name}
	switch vb.Name {
	case "0002":
		r.ver = 2
	case "0003":
		r.ver = 3
	case "0004":
		r.ver = 4
	default:
		return c.Errf(vb.Off, "FORM SKMG: unknown version %s (0002, 0003 and 0004 load)", vb.Name)
	}
	return nil
}

// info reads INFO: the transform limits, the counts (each checked against the
// bytes that follow, but the blend targets') and the occlusion counts.
func (r *mgnReader) info() error {
	c, m := r.c, r.m
	info, err := c.Chunk("INFO")
	if err != nil {
		return err
	}
	m.MaxTransformsPerVertex = info.I32()
	m.MaxTransformsPerShader = info.I32()
	var cnt [7]int32
	for i := range cnt {
		cnt[i] = info.I32()
	}
	r.ozCount = int(info.I16())
	r.ozcCount = int(info.I16())
	r.ztoCount = int(info.I16())
	m.OcclusionLayer = info.I16()
	if err := done(info); err != nil {
		return err
	}
	names := [7]string{"skeleton name", "transform name", "position", "weight", "normal", "per-shader data", "blend target"}
	rest := c.Remaining()
	for i, n := range cnt {
		if n < 0 || n > maxCount || (i != 6 && !fitsBytes(int64(n), rest)) {
			return c.Errf(info.Off, "SKMG INFO: %s count %d is out of range (%d bytes follow)", names[i], n, rest)
		}
	}
	r.skelN, r.xfN, r.posN, r.wN, r.normN, r.psdtN = int(cnt[0]), int(cnt[1]), int(cnt[2]), int(cnt[3]), int(cnt[4]), int(cnt[5])
	m.BlendTargetCount = int(cnt[6])
	return nil
}

// names reads SKTM (the skeletons) and XFNM (the transform names).
func (r *mgnReader) names() error {
	var err error
	if r.m.Skeletons, err = r.cstrings("SKTM", r.skelN); err != nil {
		return err
	}
	r.m.XFNM, err = r.cstrings("XFNM", r.xfN)
	return err
}

// cstrings reads chunk tag as n C strings.
func (r *mgnReader) cstrings(tag string, n int) ([]string, error) {
	ch, err := r.counted(tag, n, 1)
	if err != nil {
		return nil, err
	}
	out := make([]string, n)
	for i := range out {
		out[i] = ch.CString()
	}
	return out, done(ch)
}

// counted opens chunk tag, which must hold n records of size bytes.
func (r *mgnReader) counted(tag string, n, size int) (*iff.Chunk, error) {
	ch, err := r.c.Chunk(tag)
	if err != nil {
		return nil, err
	}
	if !ch.Count(tag, int64(n), size) {
		return nil, ch.Err()
	}
	return ch, nil
}

// tryCounted opens chunk tag when it comes next (nil when it does not); it
// must hold n records of size bytes.
func (r *mgnReader) tryCounted(tag string, n int64, size int) (*iff.Chunk, error) {
	ch, err := r.c.TryChunk(tag)
	if err != nil || ch == nil {
		return nil, err
	}
	if !ch.Count(tag, n, size) {
		return nil, ch.Err()
	}
	return ch, nil
}

// vectors reads ch as n finite Vec3s (POSN, NORM).
func vectors(ch *iff.Chunk, n int) ([]mgl32.Vec3, error) {
	if !ch.Count(ch.Tag, int64(n), 12) {
		return nil, ch.Err()
	}
	out := make([]mgl32.Vec3, n)
	for i := range out {
		out[i] = ch.Vec3()
		if err := unusable(ch, "entry|", i, out[i][:]...); err != nil {
			return nil, err
		}
	}
	return out, done(ch)
}

// positions reads POSN.
func (r *mgnReader) positions() error {
	ch, err := r.c.Chunk("POSN")
	if err != nil {
		return err
	}
	r.m.Positions, err = vectors(ch, r.posN)
	return err
}

// weightHeads reads TWHD, each position's weight count; they must add up to
// INFO's weight count.
func (r *mgnReader) weightHeads() error {
	c, m := r.c, r.m
	ch, err := r.counted("TWHD", r.posN, 4)
	if err != nil {
		return err
	}
	m.WeightHead = make([]int32, r.posN)
	total := int64(0)
	for i := range m.WeightHead {
		h := ch.I32()
		if ch.Err() == nil && h < 0 {
			return c.Errf(ch.Offset()-4, "TWHD: position %d has a negative weight count %d", i, h)
		}
		m.WeightHead[i] = h
		total += int64(h)
	}
	if err := done(ch); err != nil {
		return err
	}
	if total != int64(r.wN) {
		return c.Errf(ch.Off, "TWHD: the weight counts add up to %d, INFO says %d weights", total, r.wN)
	}
	return nil
}

// weights reads TWDT: (transform, weight) pairs, each naming one of XFNM's
// transforms.
func (r *mgnReader) weights() error {
	c, m := r.c, r.m
	ch, err := r.counted("TWDT", r.wN, 8)
	if err != nil {
		return err
	}
	m.Weights = make([]Weight, r.wN)
	for i := range m.Weights {
		j := ch.I32()
		w := ch.F32()
		if err := unusable(ch, "weight|", i, w); err != nil {
			return err
		}
		if ch.Err() == nil && (j < 0 || int(j) >= r.xfN) {
			return c.Errf(ch.Offset()-8, "TWDT: weight %d names transform %d, but XFNM has %d names", i, j, r.xfN)
		}
		m.Weights[i] = Weight{Joint: j, Weight: w}
	}
	return done(ch)
}

// normals reads NORM when there is one.
func (r *mgnReader) normals() error {
	ch, err := r.c.TryChunk("NORM")
	if err != nil || ch == nil {
		return err
	}
	r.m.Normals, err = vectors(ch, r.normN)
	return err
}

// dot3 reads DOT3's tangent count (version 4, when there is one); the
// tangents are not used.
func (r *mgnReader) dot3() error {
	if r.ver < 4 {
		return nil
	}
	m := r.m
	ch, err := r.c.TryChunk("DOT3")
	if err != nil || ch == nil {
		return err
	}
	n := int64(ch.I32())
	if !ch.Count("DOT3", n, 16) {
		return ch.Err()
	}
	m.Dot3Count = int(n)
	if ch.Remaining() != int(n)*16 {
		m.Diagnostics = append(m.Diagnostics, formats.DiagWarnf(m.File, int64(ch.Off), "DOT3: %d bytes for %d tangents", ch.Remaining(), n))
	}
	return nil
}

// hardpoints reads FORM HPTS (version 3 on, when there is one): its static and
// dynamic hardpoints.
func (r *mgnReader) hardpoints() error {
	if r.ver < 3 {
		return nil
	}
	c, m := r.c, r.m
	if ok, err := c.TryEnterForm("HPTS"); err != nil || !ok {
		return err
	}
	for _, tag := range []string{"STAT", "DYN "} {
		ch, err := c.TryChunk(tag)
		if err != nil {
			return err
		}
		if ch == nil {
			continue
		}
		n := int64(ch.I16())
		if !ch.Count(tag, n, 2+28) {
			return ch.Err()
		}
		for i := int64(0); i < n; i++ {
			h := Hardpoint{Dynamic: tag == "DYN "}
			h.Name = ch.CString()
			h.Parent = ch.CString()
			h.Rotation = ch.Quat()
			h.Position = ch.Vec3()
			m.Hardpoints = append(m.Hardpoints, h)
		}
		if err := done(ch); err != nil {
			return err
		}
	}
	if !c.AtEnd() {
		m.Diagnostics = append(m.Diagnostics, formats.DiagWarnf(m.File, int64(c.Offset()), "FORM HPTS: %d bytes of unknown blocks ignored", c.Remaining()))
	}
	c.Exit()
	return nil
}

// blendTargets walks FORM BLTS (when INFO declares blend targets and there is
// one): each BLT's INFO is read, its deltas skipped.
func (r *mgnReader) blendTargets() error {
	if r.m.BlendTargetCount <= 0 {
		return nil
	}
	c := r.c
	if ok, err := c.TryEnterForm("BLTS"); err != nil || !ok {
		return err
	}
	for i := 0; i < r.m.BlendTargetCount; i++ {
		if _, err := c.EnterForm("BLT "); err != nil {
			return err
		}
		ch, err := c.Chunk("INFO")
		if err != nil {
			return err
		}
		ch.I32()
		ch.I32()
		ch.CString()
		if err := ch.Err(); err != nil {
			return err
		}
		// Blend-target deltas are not used by animscope; each block's size has
		// been checked by Peek.
		for !c.AtEnd() {
			if _, err := c.Next(); err != nil {
				return err
			}
		}
		c.Exit()
	}
	c.Exit()
	return nil
}

// occlusion skips the occlusion blocks, in their fixed order, that INFO's
// counts say are there.
func (r *mgnReader) occlusion() error {
	occl := []struct {
		tag     string
		present bool
	}{{"OZN ", r.ozCount > 0}, {"FOZC", true}, {"OZC ", r.ozcCount > 0}, {"ZTO ", r.ztoCount > 0}}
	for _, o := range occl {
		if !o.present {
			continue
		}
		if _, err := r.c.TryChunk(o.tag); err != nil {
			return err
		}
	}
	return nil
}

// shaders reads the PSDT forms, one per shader INFO declares.
func (r *mgnReader) shaders() error {
	for i := 0; i < r.psdtN; i++ {
		ps, err := r.perShader()
		if err != nil {
			return err
		}
		r.m.Shaders = append(r.m.Shaders, ps)
	}
	return nil
}

// triangleSets skips FORM TRTS when there is one.
func (r *mgnReader) triangleSets() error {
	ok, err := r.c.TryEnterForm("TRTS")
	if err == nil && ok {
		r.c.Exit()
	}
	return err
}

// perShader reads one FORM PSDT, one step per block: NAME, the position and
// normal indices (PIDX, NIDX), DOT3, the vertex colours (VDCL), the texture
// coordinate sets (TXCI, FORM TCSF) and the primitives (FORM PRIM).
func (r *mgnReader) perShader() (PerShader, error) {
	var ps PerShader
	c, m := r.c, r.m
	fb, err := c.EnterForm("PSDT")
	if err != nil {
		return ps, err
	}
	ch, err := c.Chunk("NAME")
	if err != nil {
		return ps, err
	}
	ps.Shader = ch.CString()
	if err := done(ch); err != nil {
		return ps, err
	}
	vc, err := r.positionIndices(&ps)
	if err != nil {
		return ps, err
	}
	if err := r.normalIndices(&ps, vc); err != nil {
		return ps, err
	}
	if r.ver >= 4 {
		if _, err := c.TryChunk("DOT3"); err != nil {
			return ps, err
		}
	}
	if err := r.vertexColors(&ps, vc); err != nil {
		return ps, err
	}
	if err := r.uvSets(&ps, vc); err != nil {
		return ps, err
	}
	if err := r.primitives(&ps, vc); err != nil {
		return ps, err
	}
	if !c.AtEnd() {
		m.Diagnostics = append(m.Diagnostics, formats.DiagWarnf(m.File, int64(c.Offset()), "FORM PSDT at 0x%x: %d bytes of unknown blocks ignored", fb.Off, c.Remaining()))
	}
	c.Exit()
	return ps, nil
}

// vertexIndices reads n indices of ch, each below limit (what names them).
func (r *mgnReader) vertexIndices(ch *iff.Chunk, n int64, limit int, what string) ([]int32, error) {
	out := make([]int32, n)
	for i := range out {
		v := ch.I32()
		if ch.Err() == nil && (v < 0 || int(v) >= limit) {
			return nil, r.c.Errf(ch.Offset()-4, "%s: vertex %d names %s %d, out of range (%d)", ch.Tag, i, what, v, limit)
		}
		out[i] = v
	}
	return out, done(ch)
}

// positionIndices reads PIDX, whose count is the shader's vertex count.
func (r *mgnReader) positionIndices(ps *PerShader) (vc int64, err error) {
	ch, err := r.c.Chunk("PIDX")
	if err != nil {
		return 0, err
	}
	vc = int64(ch.I32())
	if !ch.Count("PIDX", vc, 4) {
		return 0, ch.Err()
	}
	ps.PIDX, err = r.vertexIndices(ch, vc, r.posN, "position")
	return vc, err
}

// normalIndices reads NIDX when there is one.
func (r *mgnReader) normalIndices(ps *PerShader, vc int64) error {
	ch, err := r.tryCounted("NIDX", vc, 4)
	if err != nil || ch == nil {
		return err
	}
	ps.NIDX, err = r.vertexIndices(ch, vc, r.normN, "normal")
	return err
}

// vertexColors reads VDCL when there is one.
func (r *mgnReader) vertexColors(ps *PerShader, vc int64) error {
	ch, err := r.tryCounted("VDCL", vc, 4)
	if err != nil || ch == nil {
		return err
	}
	ps.Colors = make([]uint32, vc)
	for i := range ps.Colors {
		ps.Colors[i] = ch.U32()
	}
	return done(ch)
}

// uvSets reads TXCI (the sets' dimensions, 0 to 4) when there is one, and the
// sets of FORM TCSF after it when that is there.
func (r *mgnReader) uvSets(ps *PerShader, vc int64) error {
	c := r.c
	ch, err := c.TryChunk("TXCI")
	if err != nil || ch == nil {
		return err
	}
	n := int64(ch.I32())
	if !ch.Count("TXCI", n, 4) {
		return ch.Err()
	}
	ps.UVDims = make([]int32, n)
	for i := range ps.UVDims {
		d := ch.I32()
		if ch.Err() == nil && (d < 0 || d > 4) {
			return c.Errf(ch.Offset()-4, "TXCI: set %d has dimension %d", i, d)
		}
		ps.UVDims[i] = d
	}
	if err := done(ch); err != nil {
		return err
	}
	if ok, err := c.TryEnterForm("TCSF"); err != nil || !ok {
		return err
	}
	for s := range ps.UVDims {
		ch, err := c.Chunk("TCSD")
		if err != nil {
			return err
		}
		n := vc * int64(ps.UVDims[s])
		if !ch.Count("TCSD", n, 4) {
			return ch.Err()
		}
		uv := make([]float32, n)
		for i := range uv {
			uv[i] = ch.F32()
		}
		if err := done(ch); err != nil {
			return err
		}
		ps.UVs = append(ps.UVs, uv)
	}
	c.Exit()
	return nil
}

// primitives reads FORM PRIM: INFO's primitive count, then that many ITL or
// OITL triangle lists, each vertex one of the shader's.
func (r *mgnReader) primitives(ps *PerShader, vc int64) error {
	c := r.c
	if _, err := c.EnterForm("PRIM"); err != nil {
		return err
	}
	ch, err := c.Chunk("INFO")
	if err != nil {
		return err
	}
	pc := int64(ch.I32())
	if err := done(ch); err != nil {
		return err
	}
	if !fitsBytes(pc, c.Remaining()) {
		return c.Errf(ch.Off, "PRIM INFO: primitive count %d is out of range", pc)
	}
	ps.Primitives = int(pc)
	for p := int64(0); p < pc; p++ {
		b, ok, err := c.Peek()
		if err != nil {
			return err
		}
		if !ok || b.IsForm() || (b.Tag != "ITL " && b.Tag != "OITL") {
			if !ok {
				return c.Errf(c.Offset(), "PRIM: primitive %d of %d is missing: FORM PRIM ends here", p, pc)
			}
			return c.Errf(b.Off, "PRIM: primitive %d: expected CHUNK ITL or OITL, found %s", p, b)
		}
		ch, _ := c.Chunk(b.Tag)
		n := int64(ch.I32())
		rec := 12
		if b.Tag == "OITL" {
			rec = 14
		}
		if !ch.Count(b.Tag, n, rec) {
			return ch.Err()
		}
		for t := int64(0); t < n; t++ {
			if b.Tag == "OITL" {
				ch.I16()
			}
			for k := 0; k < 3; k++ {
				v := ch.I32()
				if ch.Err() == nil && (v < 0 || int64(v) >= vc) {
					return c.Errf(ch.Offset()-4, "%s: triangle %d names vertex %d, out of range (%d vertices)", b.Tag, t, v, vc)
				}
				ps.Triangles = append(ps.Triangles, uint32(v))
			}
		}
		if err := done(ch); err != nil {
			return err
		}
	}
	c.Exit()
	return nil
}

// maxInfluences is how many influences per vertex the Asset holds (Joints and
// Joints2).
const maxInfluences = 8

// BindMeshes builds the Asset meshes of m for skeleton s, one per PSDT: XFNM
// names are looked up case-insensitively (FORMAT.md §7.2). A name that is not in the
// skeleton is a warning; its influences cannot follow a joint, so they are
// dropped and the vertex's other weights renormalised (a vertex left with none
// follows joint 0, which is its bind pose at rest).
func (m *MeshGen) BindMeshes(s *anim.Skeleton) ([]formats.Mesh, []formats.Diagnostic) {
	var ds []formats.Diagnostic
	jmap := make([]int32, len(m.XFNM))
	var missing []string
	for i, n := range m.XFNM {
		jmap[i] = int32(s.Find(n))
		if jmap[i] < 0 {
			missing = append(missing, n)
		}
	}
	if len(missing) > 0 {
		ds = append(ds, formats.Diagnostic{Severity: formats.Warning, File: m.File, Offset: -1,
			Message: fmt.Sprintf("%d mesh joint names are not in the skeleton (their influences are dropped): %s", len(missing), strings.Join(missing, ", "))})
	}
	// per-position influences
	type infl struct {
		j uint16
		w float32
	}
	perPos := make([][]infl, len(m.Positions))
	start := 0
	overflow := 0
	for p, h := range m.WeightHead {
		var list []infl
		var sum, kept float32
		for _, w := range m.Weights[start : start+int(h)] {
			sum += w.Weight
			if j := jmap[w.Joint]; j >= 0 {
				list = append(list, infl{uint16(j), w.Weight})
				kept += w.Weight
			}
		}
		start += int(h)
		if len(list) > maxInfluences {
			overflow++
			sort.SliceStable(list, func(a, b int) bool { return list[a].w > list[b].w })
			list = list[:maxInfluences]
			kept = 0
			for _, l := range list {
				kept += l.w
			}
		}
		if kept != sum && kept > 0 {
			for k := range list {
				list[k].w = list[k].w * sum / kept
			}
		}
		if len(list) == 0 && s.Len() > 0 {
			list = []infl{{0, 1}}
		}
		perPos[p] = list
	}
	if overflow > 0 {
		ds = append(ds, formats.DiagWarnf(m.File, -1, "%d positions have more than %d influences: the smallest are dropped", overflow, maxInfluences))
	}
	var meshes []formats.Mesh
	for si, ps := range m.Shaders {
		n := len(ps.PIDX)
		mesh := formats.Mesh{Name: ps.Shader, Node: -1, Group: si,
			Positions: make([]mgl32.Vec3, n), Joints: make([][4]uint16, n), Weights: make([][4]float32, n)}
		need2 := false
		for v, p := range ps.PIDX {
			if len(perPos[p]) > 4 {
				need2 = true
			}
			_ = v
		}
		if need2 {
			mesh.Joints2 = make([][4]uint16, n)
			mesh.Weights2 = make([][4]float32, n)
		}
		for v, p := range ps.PIDX {
			mesh.Positions[v] = m.Positions[p]
			for k, in := range perPos[p] {
				if k < 4 {
					mesh.Joints[v][k], mesh.Weights[v][k] = in.j, in.w
				} else {
					mesh.Joints2[v][k-4], mesh.Weights2[v][k-4] = in.j, in.w
				}
			}
		}
		if ps.NIDX != nil && m.Normals != nil {
			mesh.Normals = make([]mgl32.Vec3, n)
			for v, ni := range ps.NIDX {
				mesh.Normals[v] = m.Normals[ni]
			}
		}
		if len(ps.UVs) > 0 && len(ps.UVDims) > 0 && ps.UVDims[0] >= 2 {
			d := int(ps.UVDims[0])
			mesh.UVs = make([]mgl32.Vec2, n)
			for v := range mesh.UVs {
				mesh.UVs[v] = mgl32.Vec2{ps.UVs[0][v*d], ps.UVs[0][v*d+1]}
			}
		}
		if ps.Colors != nil {
			mesh.Colors = make([]mgl32.Vec4, n)
			for v, c := range ps.Colors {
				a, r, g, b := float32(c&0xff), float32(c>>8&0xff), float32(c>>16&0xff), float32(c>>24)
				mesh.Colors[v] = mgl32.Vec4{r / 255, g / 255, b / 255, a / 255}
			}
		}
		mesh.Indices = append([]uint32(nil), ps.Triangles...)
		meshes = append(meshes, mesh)
	}
	return meshes, ds
}

// WeightSums returns, per position, the sum of its stored weights.
func (m *MeshGen) WeightSums() []float32 {
	out := make([]float32, len(m.WeightHead))
	start := 0
	for p, h := range m.WeightHead {
		for _, w := range m.Weights[start : start+int(h)] {
			out[p] += w.Weight
		}
		start += int(h)
	}
	return out
}

// StandIn is a flat skeleton of the mesh's joint names (one identity root each):
// the mesh is drawn in its bind pose.
func (m *MeshGen) StandIn() *anim.Skeleton {
	return flatSkeleton(m.XFNM)
}

func flatSkeleton(names []string) *anim.Skeleton {
	s := &anim.Skeleton{}
	seen := map[string]bool{}
	for _, n := range names {
		k := strings.ToLower(n)
		if seen[k] {
			continue
		}
		seen[k] = true
		s.Names = append(s.Names, n)
		s.Parents = append(s.Parents, -1)
	}
	return s
}

// winding counts the triangles (a, b, c) of a list whose face normal
// (b − a) × (c − a) points the same way as the sum of their vertex normals
// (FORMAT.md §7.3; the client's ray test uses this normal). mirrored converts the
// positions and normals with X negated and the triangles as (a, c, b), the
// right-handed form the viewer draws: the count must not change.
func winding(positions, normals []mgl32.Vec3, tris []uint32, mirrored bool) (agree, total int) {
	for t := 0; t+2 < len(tris); t += 3 {
		a, b, c := tris[t], tris[t+1], tris[t+2]
		pa, pb, pc := positions[a], positions[b], positions[c]
		n := normals[a].Add(normals[b]).Add(normals[c])
		if mirrored {
			pa, pb, pc = MirrorVec(pa), MirrorVec(pb), MirrorVec(pc)
			pb, pc = pc, pb
			n = MirrorVec(n)
		}
		face := anim.Cross3(pb.Sub(pa), pc.Sub(pa))
		total++
		if anim.Dot3(face, n) > 0 {
			agree++
		}
	}
	return agree, total
}

// mirrorTriangles returns the triangles with two indices swapped, (a, c, b):
// the counter-clockwise front faces of the mirrored, right-handed space.
func mirrorTriangles(tris []uint32) []uint32 {
	out := make([]uint32, len(tris))
	for t := 0; t+2 < len(tris); t += 3 {
		out[t], out[t+1], out[t+2] = tris[t], tris[t+2], tris[t+1]
	}
	return out
}
