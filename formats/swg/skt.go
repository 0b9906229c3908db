package swg

import (
	"fmt"

	"animscope/anim"
	"animscope/formats"
	"animscope/formats/iff"

	"github.com/go-gl/mathgl/mgl32"
)

// SkeletonTemplate is one FORM SKTM (BasicSkeletonTemplate, FORMAT.md §3.3): one
// entry per joint in every slice, parents first.
type SkeletonTemplate struct {
	File    string
	Offset  int    // offset of FORM SKTM
	Version string // "0001" or "0002"
	Names   []string
	Parents []int32
	RPRE    []mgl32.Quat
	RPST    []mgl32.Quat
	BPTR    []mgl32.Vec3
	BPRO    []mgl32.Quat
	// BPMJ holds the version-0001 bind-pose model→joint matrices (3×4 row-major),
	// read and ignored by the client (and by animscope); nil for 0002.
	BPMJ [][12]float32
	JROR []uint32
}

// Len is the joint count.
func (t *SkeletonTemplate) Len() int { return len(t.Names) }

// SkeletonFile is a decoded .skt: a bare SKTM (one LOD) or a SLOD.
type SkeletonFile struct {
	Kind string // "SKTM" or "SLOD"
	// LODs are the detail levels, LOD 0 the most detailed. A SLOD NAME entry is
	// loaded from its file; LODFiles[i] names that file ("" when inline).
	LODs     []*SkeletonTemplate
	LODFiles []string
	// DetailCount is the client's detail count, min(4, lodCount).
	DetailCount int
	Diagnostics []formats.Diagnostic
}

// LocalRotation is RPST·BPRO·RPRE of joint i, the bind-pose local rotation, with
// the client's product.
func (t *SkeletonTemplate) LocalRotation(i int) mgl32.Quat {
	return clientMul(t.RPST[i], clientMul(t.BPRO[i], t.RPRE[i]))
}

// decodeSKT reads a .skt (SLOD or SKTM) at the cursor's top level.
func decodeSKT(file string, data []byte, res *resolver) (*SkeletonFile, error) {
	c := iff.NewCursor(file, data)
	b, ok, err := c.Peek()
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, formats.FileErrorf(file, 0, "the file is empty")
	}
	switch {
	case b.IsForm() && b.Name == "SKTM":
		t, err := readSKTM(c)
		if err != nil {
			return nil, err
		}
		sf := &SkeletonFile{Kind: "SKTM", LODs: []*SkeletonTemplate{t}, LODFiles: []string{""}, DetailCount: 1}
		sf.Diagnostics = append(sf.Diagnostics, trailing(c)...)
		return sf, nil
	case b.IsForm() && b.Name == "SLOD":
		sf, err := readSLOD(c, res)
		if err != nil {
			return nil, err
		}
		sf.Diagnostics = append(sf.Diagnostics, trailing(c)...)
		return sf, nil
	}
	return nil, formats.FileErrorf(file, int64(b.Off), "not a skeleton: found %s, expected FORM SLOD or FORM SKTM", b)
}

// trailing warns about blocks after the top-level FORM.
func trailing(c *iff.Cursor) []formats.Diagnostic {
	if c.AtEnd() {
		return nil
	}
	return []formats.Diagnostic{formats.DiagWarnf(c.File, int64(c.Offset()), "%d bytes after the top-level FORM are ignored", c.Remaining())}
}

func readSLOD(c *iff.Cursor, res *resolver) (*SkeletonFile, error) {
	file := c.File
	if _, err := c.EnterForm("SLOD"); err != nil {
		return nil, err
	}
	vb, err := c.EnterForm("")
	if err != nil {
		return nil, err
	}
	if vb.Name != "0000" {
		return nil, c.Errf(vb.Off, "FORM SLOD: unknown version %s (only 0000 exists)", vb.Name)
	}
	info, err := c.Chunk("INFO")
	if err != nil {
		return nil, err
	}
	n := int(info.I16())
	if err := info.Err(); err != nil {
		return nil, err
	}
	sf := &SkeletonFile{Kind: "SLOD"}
	if err := info.Leftover(); err != nil {
		sf.Diagnostics = append(sf.Diagnostics, warnOf(err))
	}
	if n < 1 || n > 4 {
		sf.Diagnostics = append(sf.Diagnostics, formats.DiagWarnf(file, int64(info.Off), "SLOD INFO: lodCount %d is outside 1..4", n))
	}
	if n < 0 {
		n = 0
	}
	for i := 0; i < n; i++ {
		b, ok, err := c.Peek()
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, c.Errf(c.Offset(), "SLOD: LOD %d of %d is missing: FORM 0000 ends here", i, n)
		}
		switch {
		case b.IsForm() && b.Name == "SKTM":
			t, err := readSKTM(c)
			if err != nil {
				return nil, err
			}
			sf.LODs = append(sf.LODs, t)
			sf.LODFiles = append(sf.LODFiles, "")
		case !b.IsForm() && b.Tag == "NAME":
			ch, _ := c.Chunk("NAME")
			ref := ch.CString()
			if err := ch.Err(); err != nil {
				return nil, err
			}
			t, path, ds, err := loadSkeletonRef(file, ch.Off, ref, res)
			if err != nil {
				return nil, err
			}
			sf.Diagnostics = append(sf.Diagnostics, ds...)
			sf.LODs = append(sf.LODs, t)
			sf.LODFiles = append(sf.LODFiles, path)
		default:
			return nil, c.Errf(b.Off, "SLOD: LOD %d: expected FORM SKTM or CHUNK NAME, found %s", i, b)
		}
	}
	if !c.AtEnd() {
		sf.Diagnostics = append(sf.Diagnostics, formats.DiagWarnf(file, int64(c.Offset()), "FORM 0000 of SLOD: %d bytes after the %d LODs are ignored", c.Remaining(), n))
	}
	c.Exit()
	c.Exit()
	if len(sf.LODs) == 0 {
		return nil, formats.FileErrorf(file, int64(info.Off), "SLOD has no LOD (lodCount %d)", n)
	}
	sf.DetailCount = min(4, len(sf.LODs))
	return sf, nil
}

// loadSkeletonRef loads the skeleton that a NAME chunk (at off in file) names:
// LOD 0 of that file. A reference that cannot be found or that loops is an error
// naming both files and the NAME chunk's offset.
func loadSkeletonRef(file string, off int, ref string, res *resolver) (*SkeletonTemplate, string, []formats.Diagnostic, error) {
	if res == nil {
		return nil, "", nil, formats.FileErrorf(file, int64(off), "NAME %q: referenced files cannot be read here", ref)
	}
	path, data, err := res.read(file, ref, skeletonTypes)
	if err != nil {
		return nil, "", nil, formats.FileErrorf(file, int64(off), "NAME %q: %v", ref, err)
	}
	key, err := res.enter(path)
	if err != nil {
		return nil, "", nil, formats.FileErrorf(file, int64(off), "NAME %q: %v", ref, err)
	}
	defer res.leave(key)
	sf, err := decodeSKT(path, data, res)
	if err != nil {
		return nil, "", nil, formats.FileErrorf(file, int64(off), "NAME %q: %v", ref, err)
	}
	ds := sf.Diagnostics
	if len(sf.LODs) > 1 {
		ds = append(ds, formats.DiagWarnf(file, int64(off), "NAME %q is a SLOD of %d LODs: its LOD 0 is used", ref, len(sf.LODs)))
	}
	return sf.LODs[0], path, ds, nil
}

func warnOf(err error) formats.Diagnostic {
	if fe, ok := err.(*formats.FileError); ok {
		return formats.Diagnostic{Severity: formats.Warning, File: fe.File, Offset: fe.Offset, Message: fe.Msg}
	}
	return formats.Diagnostic{Severity: formats.Warning, Offset: -1, Message: err.Error()}
}

// maxJoints bounds a skeleton's joint count (the client asserts < 250; this is a
// sanity limit far above it, the counts are also checked against the chunk sizes).
const maxJoints = 1 << 16

// readSKTM reads FORM SKTM / FORM 0001|0002 at the cursor.
func readSKTM(c *iff.Cursor) (*SkeletonTemplate, error) {
	fb, err := c.EnterForm("SKTM")
	if err != nil {
		return nil, err
	}
	vb, err := c.EnterForm("")
	if err != nil {
		return nil, err
	}
	t := &SkeletonTemplate{File: c.File, Offset: fb.Off, Version: vb.Name}
	if vb.Name != "0001" && vb.Name != "0002" {
		return nil, c.Errf(vb.Off, "FORM SKTM: unknown version %s (0001 and 0002 exist)", vb.Name)
	}
	info, err := c.Chunk("INFO")
	if err != nil {
		return nil, err
	}
	n32 := info.I32()
	if err := info.Err(); err != nil {
		return nil, err
	}
	if n32 < 0 || n32 > maxJoints {
		return nil, c.Errf(info.Off, "SKTM INFO: joint count %d is out of range", n32)
	}
	n := int(n32)
	// per-joint arrays, each checked against its chunk before allocating
	arr := func(tag string, size int) (*iff.Chunk, error) {
		ch, err := c.Chunk(tag)
		if err != nil {
			return nil, err
		}
		if !ch.Count(tag, int64(n), size) {
			return nil, ch.Err()
		}
		return ch, nil
	}
	ch, err := arr("NAME", 1)
	if err != nil {
		return nil, err
	}
	t.Names = make([]string, n)
	for i := range t.Names {
		t.Names[i] = ch.CString()
	}
	if err := done(ch); err != nil {
		return nil, err
	}
	if ch, err = arr("PRNT", 4); err != nil {
		return nil, err
	}
	t.Parents = make([]int32, n)
	for i := range t.Parents {
		p := ch.I32()
		if ch.Err() == nil && (p < -1 || int(p) >= i) {
			return nil, c.Errf(ch.Offset()-4, "SKTM PRNT: joint %d (%q) has parent %d, which does not come before it", i, t.Names[i], p)
		}
		t.Parents[i] = p
	}
	if err := done(ch); err != nil {
		return nil, err
	}
	quats := func(tag string) ([]mgl32.Quat, error) {
		ch, err := arr(tag, 16)
		if err != nil {
			return nil, err
		}
		qs := make([]mgl32.Quat, n)
		for i := range qs {
			qs[i] = ch.Quat()
			if err := unusable(ch, "joint|", i, qs[i].W, qs[i].V[0], qs[i].V[1], qs[i].V[2]); err != nil {
				return nil, err
			}
		}
		return qs, done(ch)
	}
	if t.RPRE, err = quats("RPRE"); err != nil {
		return nil, err
	}
	if t.RPST, err = quats("RPST"); err != nil {
		return nil, err
	}
	if ch, err = arr("BPTR", 12); err != nil {
		return nil, err
	}
	t.BPTR = make([]mgl32.Vec3, n)
	for i := range t.BPTR {
		t.BPTR[i] = ch.Vec3()
		if err := unusable(ch, "joint|", i, t.BPTR[i][:]...); err != nil {
			return nil, err
		}
	}
	if err := done(ch); err != nil {
		return nil, err
	}
	if t.BPRO, err = quats("BPRO"); err != nil {
		return nil, err
	}
	if t.Version == "0001" {
		if ch, err = arr("BPMJ", 48); err != nil {
			return nil, err
		}
		t.BPMJ = make([][12]float32, n)
		for i := range t.BPMJ {
			for k := 0; k < 12; k++ {
				t.BPMJ[i][k] = ch.F32()
			}
		}
		if err := done(ch); err != nil {
			return nil, err
		}
	}
	if ch, err = arr("JROR", 4); err != nil {
		return nil, err
	}
	t.JROR = make([]uint32, n)
	for i := range t.JROR {
		t.JROR[i] = ch.U32()
	}
	if err := done(ch); err != nil {
		return nil, err
	}
	if !c.AtEnd() {
		b, _, _ := c.Peek()
		return nil, c.Errf(c.Offset(), "FORM SKTM %s: unexpected %s after JROR", t.Version, b)
	}
	c.Exit()
	if !c.AtEnd() {
		return nil, c.Errf(c.Offset(), "FORM SKTM: %d unexpected bytes after FORM %s", c.Remaining(), t.Version)
	}
	c.Exit()
	return t, nil
}

// done reports a read error, or payload bytes left over (an error in a fixed
// layout).
func done(ch *iff.Chunk) error {
	if err := ch.Err(); err != nil {
		return err
	}
	return ch.Leftover()
}

// Segment is one skeleton of a scene and the joint of an earlier segment it is
// attached to ("" for the primary).
type Segment struct {
	T      *SkeletonTemplate
	Attach string
	Name   string // the file or path it came from, for messages
}

// BuildSkeleton lays the segments out as one anim.Skeleton (FORMAT.md §4.4, §9.1):
// offset = BPTR, post = RPST, pre = BPRO·RPRE, inverseBind = the segment's
// bind-pose modelToJoint (§4.3). The roots of an attached segment take the named
// joint of an earlier segment as parent; an attachment name that is not found is a
// warning and the segment stays at the scene root.
func BuildSkeleton(segs []Segment) (*anim.Skeleton, []formats.Diagnostic) {
	var ds []formats.Diagnostic
	s := &anim.Skeleton{}
	for _, sg := range segs {
		t := sg.T
		base := int32(len(s.Names))
		attach := int32(-1)
		if sg.Attach != "" {
			if j := s.Find(sg.Attach); j >= 0 {
				attach = int32(j)
			} else {
				ds = append(ds, formats.Diagnostic{Severity: formats.Warning, File: sg.Name, Offset: -1,
					Message: fmt.Sprintf("attachment joint %q is not in an earlier skeleton: the segment stays at the root", sg.Attach)})
			}
		}
		inv := ModelToJoint(t)
		for i := 0; i < t.Len(); i++ {
			s.Names = append(s.Names, t.Names[i])
			p := t.Parents[i]
			if p < 0 {
				s.Parents = append(s.Parents, attach)
			} else {
				s.Parents = append(s.Parents, base+p)
			}
			s.Offset = append(s.Offset, t.BPTR[i])
			s.Post = append(s.Post, t.RPST[i])
			s.Pre = append(s.Pre, clientMul(t.BPRO[i], t.RPRE[i]))
			s.InverseBind = append(s.InverseBind, inv[i])
		}
	}
	return s, ds
}

// bindPose returns the bind-pose joint→model matrices of one template (§4.3: A =
// identity, T = 0), composed through anim.LocalToModel.
func bindPose(t *SkeletonTemplate) []anim.Affine {
	s, _ := BuildSkeleton([]Segment{{T: t}})
	local := make([]anim.Transform, t.Len())
	for i := range local {
		local[i] = anim.IdentityTransform
	}
	model := make([]anim.Affine, t.Len())
	anim.LocalToModel(s, local, nil, model)
	return model
}

// ModelToJoint builds BasicSkeletonTemplate's bind-pose model→joint matrices:
// modelToJoint[i] = inverse(jointToParent_bind[i]) · modelToJoint[parent].
func ModelToJoint(t *SkeletonTemplate) []anim.Affine {
	out := make([]anim.Affine, t.Len())
	for i := 0; i < t.Len(); i++ {
		var local anim.Affine
		anim.RotationColumns(&local, t.LocalRotation(i), mgl32.Vec3{1, 1, 1})
		local[9], local[10], local[11] = t.BPTR[i][0], t.BPTR[i][1], t.BPTR[i][2]
		invLocal := rigidInverse(&local)
		if p := t.Parents[i]; p >= 0 {
			anim.MulAffine(&out[i], &invLocal, &out[p])
		} else {
			out[i] = invLocal
		}
	}
	return out
}

// rigidInverse inverts [R | t] as [Rᵀ | −Rᵀ·t] (the bind-pose locals are rigid).
func rigidInverse(m *anim.Affine) anim.Affine {
	var r anim.Affine
	// transpose of the 3×3 part (column-major storage)
	r[0], r[1], r[2] = m[0], m[3], m[6]
	r[3], r[4], r[5] = m[1], m[4], m[7]
	r[6], r[7], r[8] = m[2], m[5], m[8]
	tx, ty, tz := m[9], m[10], m[11]
	r[9] = -(float32(r[0]*tx) + float32(r[3]*ty) + float32(r[6]*tz))
	r[10] = -(float32(r[1]*tx) + float32(r[4]*ty) + float32(r[7]*tz))
	r[11] = -(float32(r[2]*tx) + float32(r[5]*ty) + float32(r[8]*tz))
	return r
}
