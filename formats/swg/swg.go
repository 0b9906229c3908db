package swg

import (
	"fmt"
	"math"
	"path/filepath"
	"strings"

	"animscope/anim"
	"animscope/formats"
	"animscope/formats/iff"

	"github.com/go-gl/mathgl/mgl32"
)

// Forms this package sniffs as its own.
var sniffForms = map[string]bool{
	"SLOD": true, "SKTM": true, "KFAT": true, "CKAT": true, "PXAT": true,
	"SKMG": true, "MLOD": true, "SMAT": true,
}

func init() {
	formats.Register(formats.Decoder{
		Name:       formats.FamilySWG,
		Extensions: []string{".skt", ".ans", ".mgn", ".lmg", ".sat"},
		Sniff:      Sniff,
		Decode:     Decode,
		Readings:   readings,
		Traits:     formats.Traits{SkeletonLOD: true},
	})
}

// Sniff reports whether head starts with a FORM this package reads.
func Sniff(name string, head []byte) bool {
	n, ok := iff.TopForm(head)
	return ok && sniffForms[n]
}

// Decode reads one SWG file as a scene part. A .skt gives the Skeleton (LOD 0);
// an .ans gives a ClipBinder and the flat stand-in skeleton; a .mgn or .lmg gives
// a MeshBinder and a stand-in (the skeleton it names when found, else a flat one of
// its joint names); a .sat gives the combined Skeleton with its meshes bound, or,
// when its skeleton is missing, MeshBinders and a stand-in.
func Decode(src *formats.Source) (*formats.Part, error) {
	res := newResolver(src.Opts.Root)
	res.tree = src.Tree // a file opened from a mounted archive reads its references from it
	res.archive = src.Named().Archive
	key, _ := res.enter(src.Path)
	defer res.leave(key)
	return decodeFile(src.Path, src.Data, src.Opts, res)
}

// DecodeData decodes a file held in memory; references resolve through refs
// (keyed by the path as written or by its base name) when refs is not nil, and
// beside name on disk otherwise.
func DecodeData(name string, data []byte, opts formats.Options, refs map[string][]byte) (*formats.Part, error) {
	opts = opts.WithDefaults()
	res := newResolver(opts.Root)
	if refs != nil {
		res.mem = map[string][]byte{}
		for k, v := range refs {
			res.mem[strings.ToLower(filepath.ToSlash(k))] = v
		}
	}
	key, _ := res.enter(name)
	defer res.leave(key)
	a, err := decodeFile(name, data, opts, res)
	if err == nil && len(a.Files) == 0 {
		a.Files = []string{name}
	}
	return a, err
}

func newAsset(file string) *formats.Part {
	return &formats.Part{Asset: formats.Asset{Files: []string{file}, Family: formats.FamilySWG, UpAxis: formats.UpY, MirrorX: true}}
}

func decodeFile(file string, data []byte, opts formats.Options, res *resolver) (*formats.Part, error) {
	top, ok := iff.TopForm(data)
	if !ok {
		// Let the cursor say what is wrong with the first block.
		c := iff.NewCursor(file, data)
		if b, ok, err := c.Peek(); err != nil {
			return nil, err
		} else if !ok {
			return nil, formats.FileErrorf(file, 0, "the file is empty")
		} else {
			return nil, formats.FileErrorf(file, int64(b.Off), "not an SWG file: found %s, expected a FORM", b)
		}
	}
	switch top {
	case "SLOD", "SKTM":
		return skeletonAsset(file, data, res, opts.LOD)
	case "KFAT", "CKAT":
		return animationAsset(file, data, opts)
	case "PXAT":
		return proxyAsset(file, data, opts, res)
	case "SKMG":
		return meshAsset(file, data, res, nil)
	case "MLOD":
		return lodAsset(file, data, res)
	case "SMAT":
		return appearanceAsset(file, data, res)
	}
	if strings.EqualFold(filepath.Ext(file), ".ans") {
		return nil, formats.FileErrorf(file, 0, "not a keyframe animation (FORM %s)", top)
	}
	return nil, formats.FileErrorf(file, 0, "FORM %s is not an SWG skeleton, animation, mesh, LOD list or appearance", top)
}

// skeletonDetails is `inspect`'s view of a .skt.
type skeletonDetails struct {
	Kind     string   `json:"kind"` // SKTM or SLOD
	Version  string   `json:"version"`
	LODCount int      `json:"lod_count"`
	LOD      int      `json:"lod"`
	Joints   int      `json:"joints"`
	LODFiles []string `json:"lod_files,omitempty"`
	// JointsPerLOD is the joint count of each LOD.
	JointsPerLOD []int `json:"joints_per_lod"`
}

// DecodeSkeletonFile reads a .skt (following SLOD NAME entries inside root, or
// the nearest folder above file when root is "").
func DecodeSkeletonFile(file string, data []byte, root string) (*SkeletonFile, error) {
	res := newResolver(root)
	key, _ := res.enter(file)
	defer res.leave(key)
	return decodeSKT(file, data, res)
}

// SkeletonAsset builds the Asset of one LOD of a decoded .skt.
func SkeletonAsset(file string, sf *SkeletonFile, lod int) (*formats.Part, error) {
	if lod < 0 || lod >= len(sf.LODs) {
		return nil, fmt.Errorf("%s: LOD %d does not exist (the skeleton has %d)", file, lod, len(sf.LODs))
	}
	t := sf.LODs[lod]
	skel, ds := BuildSkeleton([]Segment{{T: t, Name: file}})
	a := newAsset(file)
	a.Skeleton = skel
	a.Diagnostics = append(append([]formats.Diagnostic(nil), sf.Diagnostics...), ds...)
	det := skeletonDetails{Kind: sf.Kind, Version: t.Version, LODCount: sf.DetailCount, LOD: lod, Joints: t.Len()}
	for i, l := range sf.LODs {
		det.JointsPerLOD = append(det.JointsPerLOD, l.Len())
		if sf.LODFiles[i] != "" {
			det.LODFiles = append(det.LODFiles, sf.LODFiles[i])
		}
	}
	a.Details = det
	a.Validate = func() []formats.Diagnostic { return validateTemplate(t) }
	return a, nil
}

func validateTemplate(t *SkeletonTemplate) []formats.Diagnostic {
	var ds []formats.Diagnostic
	if t.Len() >= 250 {
		ds = append(ds, formats.DiagWarnf(t.File, int64(t.Offset), "SKTM: %d joints; the client asserts fewer than 250", t.Len()))
	}
	seen := map[string]int{}
	for i, n := range t.Names {
		k := strings.ToLower(n)
		if j, ok := seen[k]; ok {
			ds = append(ds, formats.DiagErrorf(t.File, int64(t.Offset), "SKTM: joints %d and %d share the name %q (names are matched case-insensitively)", j, i, n))
		}
		seen[k] = i
	}
	for i := range t.Names {
		for _, q := range []mgl32.Quat{t.RPRE[i], t.RPST[i], t.BPRO[i]} {
			l := float32(math.Sqrt(float64(anim.Dot4(q, q)))) // mgl32's Quat.Len, unfused
			if !(l > 0.99 && l < 1.01) {
				ds = append(ds, formats.DiagWarnf(t.File, int64(t.Offset), "SKTM: joint %d (%q) has a rotation of length %g", i, t.Names[i], l))
				break
			}
		}
	}
	return ds
}

func skeletonAsset(file string, data []byte, res *resolver, lod int) (*formats.Part, error) {
	sf, err := decodeSKT(file, data, res)
	if err != nil {
		return nil, err
	}
	var warn []formats.Diagnostic
	if lod < 0 || lod >= len(sf.LODs) {
		last := max(len(sf.LODs)-1, 0)
		warn = append(warn, formats.DiagWarnf(file, -1, "LOD %d was asked for; the skeleton has %d, so LOD %d is shown", lod, len(sf.LODs), last))
		lod = last
	}
	a, err := SkeletonAsset(file, sf, lod)
	if a != nil {
		a.Diagnostics = append(a.Diagnostics, warn...)
	}
	return a, err
}

// ansDetails is `inspect`'s view of an .ans.
type ansDetails struct {
	Kind                string       `json:"kind"`
	Version             string       `json:"version"`
	FPS                 float32      `json:"fps"`
	FrameCount          int32        `json:"frame_count"`
	Transforms          int          `json:"transforms"`
	AnimatedRotations   int          `json:"animated_rotations"`
	StaticRotations     int          `json:"static_rotations"`
	AnimatedTranslation int          `json:"animated_translation_channels"`
	StaticTranslations  int          `json:"static_translations"`
	TranslationMasks    []string     `json:"translation_masks"`
	Messages            []string     `json:"messages,omitempty"`
	Locomotion          *locoDetails `json:"locomotion,omitempty"`
	Fidelity            string       `json:"fidelity"`
}

// locoDetails summarises root motion.
type locoDetails struct {
	AverageSpeed    float32 `json:"average_speed"`
	TranslationKeys int     `json:"translation_keys"`
	RotationKeys    int     `json:"rotation_keys"`
	RotationTag     string  `json:"rotation_tag,omitempty"`
}

func animationDetails(a *Animation, fidelity string) ansDetails {
	d := ansDetails{Kind: a.Kind, Version: a.Version, FPS: a.FPS, FrameCount: a.FrameCount,
		Transforms: len(a.Xforms), AnimatedRotations: a.RotCount, StaticRotations: a.StaticRotCount,
		AnimatedTranslation: a.TransCount, StaticTranslations: a.StaticTransCount, Fidelity: fidelity}
	masks := map[uint32]bool{}
	for _, x := range a.Xforms {
		m := x.TransMask & (MaskTransX | MaskTransY | MaskTransZ)
		if !masks[m] {
			masks[m] = true
			d.TranslationMasks = append(d.TranslationMasks, fmt.Sprintf("0x%02X", m))
		}
	}
	for _, m := range a.Messages {
		fr := make([]string, len(m.Frames))
		for i, f := range m.Frames {
			fr[i] = fmt.Sprint(f)
		}
		d.Messages = append(d.Messages, fmt.Sprintf("%s @ %s", m.Name, strings.Join(fr, ",")))
	}
	if l := a.Loco; l != nil {
		d.Locomotion = &locoDetails{AverageSpeed: l.AverageSpeed, TranslationKeys: len(l.T), RotationKeys: len(l.R), RotationTag: l.RTag}
	}
	return d
}

func animationAsset(file string, data []byte, opts formats.Options) (*formats.Part, error) {
	a, err := DecodeAnimation(file, data)
	if err != nil {
		return nil, err
	}
	return AnimationAsset(a, fidelityOf(opts)), nil
}

// AnimationAsset builds the Asset of a decoded animation: no skeleton, one
// ClipBinder, and the flat stand-in skeleton of §9.4.
func AnimationAsset(a *Animation, fidelity string) *formats.Part {
	if fidelity != FidelityClient {
		fidelity = FidelityFile
	}
	d := prepare(a, fidelity)
	as := newAsset(a.File)
	as.ClipBinders = []formats.ClipBinder{&binder{d: d}}
	as.StandIn = a.StandIn()
	as.Diagnostics = append(append([]formats.Diagnostic(nil), a.Diagnostics...), d.ds...)
	as.Details = animationDetails(a, fidelity)
	as.Validate = a.Validate
	return as
}

// Validate reports what `validate` treats as errors: format bytes the compressor
// never produces (§5.5) and key frames that do not increase.
func (a *Animation) Validate() []formats.Diagnostic {
	var ds []formats.Diagnostic
	badFormats := func(off int, f [3]uint8) {
		for k, b := range f {
			if !ValidFormat(b) {
				ds = append(ds, formats.DiagErrorf(a.File, int64(off), "%c format byte 0x%02X is never produced by the compressor", "xyz"[k], b))
			}
		}
	}
	for _, q := range a.Rot {
		if a.Kind == "CKAT" {
			badFormats(q.Offset, q.Formats)
		}
		if !increasing(q.Frames) {
			ds = append(ds, formats.DiagErrorf(a.File, int64(q.Offset), "QCHN: key frames do not increase"))
		}
	}
	for _, s := range a.StaticPacked {
		badFormats(-1, s.Formats)
	}
	for _, s := range append(append([]ScalarChannel(nil), a.Trans...), a.Euler...) {
		if !increasing(s.Frames) {
			ds = append(ds, formats.DiagErrorf(a.File, int64(s.Offset), "CHNL: key frames do not increase"))
		}
	}
	return ds
}

func increasing(fr []int32) bool {
	for k := 1; k < len(fr); k++ {
		if fr[k] <= fr[k-1] {
			return false
		}
	}
	return true
}

// proxyAsset follows a PXAT to the animation it names (§5 decision).
func proxyAsset(file string, data []byte, opts formats.Options, res *resolver) (*formats.Part, error) {
	c := iff.NewCursor(file, data)
	if _, err := c.EnterForm("PXAT"); err != nil {
		return nil, err
	}
	if is, err := c.Is(false, "INFO"); err != nil {
		return nil, err
	} else if !is {
		if _, err := c.EnterForm(""); err != nil {
			return nil, err
		}
	}
	ch, err := c.Chunk("INFO")
	if err != nil {
		return nil, err
	}
	ref := ch.CString()
	if err := ch.Err(); err != nil {
		return nil, err
	}
	path, d, err := res.read(file, ref, animationTypes)
	if err != nil {
		return nil, formats.FileErrorf(file, int64(ch.Off), "PXAT INFO %q: %v", ref, err)
	}
	key, err := res.enter(path)
	if err != nil {
		return nil, formats.FileErrorf(file, int64(ch.Off), "PXAT INFO %q: %v", ref, err)
	}
	defer res.leave(key)
	a, err := decodeFile(path, d, opts, res)
	if err != nil {
		return nil, err
	}
	if a.ClipBinders == nil {
		return nil, formats.FileErrorf(file, int64(ch.Off), "PXAT INFO %q is not an animation", ref)
	}
	a.Files = append([]string{file}, a.Files...)
	return a, nil
}

// mgnDetails is `inspect`'s view of a .mgn (or the mesh of a .lmg).
type mgnDetails struct {
	Version    string   `json:"version"`
	Skeletons  []string `json:"skeletons"`
	Joints     int      `json:"joints"`
	Positions  int      `json:"positions"`
	Weights    int      `json:"weights"`
	Normals    int      `json:"normals"`
	Shaders    []string `json:"shaders"`
	Triangles  int      `json:"triangles"`
	Hardpoints []string `json:"hardpoints,omitempty"`
	LODs       []string `json:"lods,omitempty"`
	LOD        int      `json:"lod"`
	// Materials is what each shader led to: its template, effect, textures and
	// the MAIN texture's file (shader.go).
	Materials []shaderDetails `json:"materials,omitempty"`
}

func meshDetails(m *MeshGen) mgnDetails {
	d := mgnDetails{Version: m.Version, Skeletons: m.Skeletons, Joints: len(m.XFNM), Positions: len(m.Positions),
		Weights: len(m.Weights), Normals: len(m.Normals)}
	for _, s := range m.Shaders {
		d.Shaders = append(d.Shaders, fmt.Sprintf("%s (%d vertices, %d triangles)", s.Shader, len(s.PIDX), len(s.Triangles)/3))
		d.Triangles += len(s.Triangles) / 3
	}
	for _, h := range m.Hardpoints {
		kind := "static"
		if h.Dynamic {
			kind = "dynamic"
		}
		d.Hardpoints = append(d.Hardpoints, fmt.Sprintf("%s (%s) on %s: rotation (%g, %g, %g, %g), position (%g, %g, %g)",
			h.Name, kind, h.Parent, h.Rotation.W, h.Rotation.V[0], h.Rotation.V[1], h.Rotation.V[2], h.Position[0], h.Position[1], h.Position[2]))
	}
	return d
}

// meshAsset builds the Asset of a .mgn: a MeshBinder, and as stand-in the
// skeleton the mesh names when it is found (else a flat one of its joint names).
func meshAsset(file string, data []byte, res *resolver, lods *LODList) (*formats.Part, error) {
	m, err := DecodeMeshGen(file, data)
	if err != nil {
		return nil, err
	}
	a := newAsset(file)
	a.Diagnostics = append(a.Diagnostics, m.Diagnostics...)
	mats, sdet, sds := res.shaderMaterials(m)
	a.Diagnostics = append(a.Diagnostics, sds...)
	a.MeshBinders = []formats.MeshBinder{&meshBinder{M: m, Materials: mats}}
	a.StandIn = m.StandIn()
	if len(m.Skeletons) > 0 {
		var segs []Segment
		for _, ref := range m.Skeletons {
			t, path, ds, err := loadSkeletonFile(file, ref, res)
			a.Diagnostics = append(a.Diagnostics, ds...)
			if err != nil {
				a.Diagnostics = append(a.Diagnostics, formats.DiagWarnf(file, -1,
					"skeleton %q named by the mesh: %v; without a skeleton file in the scene the mesh is drawn in bind pose", ref, err))
				segs = nil
				break
			}
			segs = append(segs, Segment{T: t, Name: path})
		}
		if segs != nil {
			skel, ds := BuildSkeleton(segs)
			a.Diagnostics = append(a.Diagnostics, ds...)
			a.StandIn = skel
			a.StandInIsBind = true // the mesh's own skeleton: a clip deforms it as the client would
		}
	}
	det := meshDetails(m)
	det.Materials = sdet
	if lods != nil {
		det.LODs = lods.Names
	}
	a.Details = det
	a.Validate = func() []formats.Diagnostic { return m.validate() }
	return a, nil
}

// meshBinder binds a decoded mesh to a scene's skeleton by joint name. Materials
// are its meshes' materials (shader.go), Mesh counted from its first mesh.
type meshBinder struct {
	M         *MeshGen
	Materials []formats.Material
}

// Bind implements formats.MeshBinder.
func (b *meshBinder) Bind(s *anim.Skeleton) ([]formats.Mesh, []formats.Diagnostic) {
	return b.M.BindMeshes(s)
}

// MeshMaterials implements formats.MeshMaterials.
func (b *meshBinder) MeshMaterials() []formats.Material { return b.Materials }

func (m *MeshGen) validate() []formats.Diagnostic {
	var ds []formats.Diagnostic
	bad := 0
	for _, s := range m.WeightSums() {
		if d := s - 1; d > 1e-5 || d < -1e-5 {
			bad++
		}
	}
	if bad > 0 {
		ds = append(ds, formats.DiagWarnf(m.File, -1, "%d positions have weights that do not sum to 1", bad))
	}
	return ds
}

// loadSkeletonFile reads LOD 0 of the .skt that file names as ref.
func loadSkeletonFile(file, ref string, res *resolver) (*SkeletonTemplate, string, []formats.Diagnostic, error) {
	path, data, err := res.read(file, ref, skeletonTypes)
	if err != nil {
		return nil, "", nil, err
	}
	key, err := res.enter(path)
	if err != nil {
		return nil, "", nil, err
	}
	defer res.leave(key)
	sf, err := decodeSKT(path, data, res)
	if err != nil {
		return nil, "", nil, err
	}
	return sf.LODs[0], path, sf.Diagnostics, nil
}

// lodAsset reads a .lmg and the .mgn of its LOD 0 (the first LOD that exists,
// with a warning, when LOD 0 is missing).
func lodAsset(file string, data []byte, res *resolver) (*formats.Part, error) {
	l, ds, err := DecodeLODList(file, data)
	if err != nil {
		return nil, err
	}
	if len(l.Names) == 0 {
		return nil, formats.FileErrorf(file, 0, "MLOD has no LOD")
	}
	var warns []formats.Diagnostic
	var first error // why LOD 0 cannot be read
	for i, ref := range l.Names {
		path, d, err := res.read(file, ref, meshTypes)
		if err != nil {
			warns = append(warns, formats.DiagWarnf(file, int64(l.Offsets[i]), "NAME %q (LOD %d): %v", ref, i, err))
			if first == nil {
				first = err
			}
			continue
		}
		key, err := res.enter(path)
		if err != nil {
			return nil, formats.FileErrorf(file, int64(l.Offsets[i]), "NAME %q: %v", ref, err)
		}
		a, err := meshAsset(path, d, res, l)
		res.leave(key)
		if err != nil {
			return nil, formats.FileErrorf(file, int64(l.Offsets[i]), "NAME %q: %v", ref, err)
		}
		a.Files = append([]string{file}, a.Files...)
		a.Diagnostics = append(append(ds, warns...), a.Diagnostics...)
		if det, ok := a.Details.(mgnDetails); ok {
			det.LOD = i
			a.Details = det
		}
		return a, nil
	}
	return nil, formats.FileErrorf(file, int64(l.Offsets[0]), "none of the %d LOD meshes can be read (LOD 0 %q: %v)", len(l.Names), l.Names[0], first)
}

// appearanceDetails is `inspect`'s view of a .sat.
type appearanceDetails struct {
	Version   string   `json:"version"`
	Meshes    []string `json:"meshes"`
	Skeletons []string `json:"skeletons"`
	Loaded    []string `json:"loaded"`
	Joints    int      `json:"joints"`
	// Materials is what each mesh's shaders led to (shader.go), mesh by mesh.
	Materials []shaderDetails `json:"materials,omitempty"`
}

// appearanceAsset opens every skeleton and mesh a .sat names as one scene.
func appearanceAsset(file string, data []byte, res *resolver) (*formats.Part, error) {
	ap, ds, err := DecodeAppearance(file, data)
	if err != nil {
		return nil, err
	}
	a := newAsset(file)
	a.Diagnostics = ds
	det := appearanceDetails{Version: ap.Version, Meshes: ap.Meshes}
	var segs []Segment
	skelOK := len(ap.Skeletons) > 0
	for _, s := range ap.Skeletons {
		det.Skeletons = append(det.Skeletons, fmt.Sprintf("%s (attached to %q)", s.Path, s.Attach))
		path, d, err := res.read(file, s.Path, skeletonTypes)
		if err != nil {
			a.Diagnostics = append(a.Diagnostics, formats.DiagWarnf(file, int64(ap.SkeletonOffset),
				"SKTI skeleton %q: %v; without a skeleton file in the scene the meshes are drawn in bind pose on a stand-in skeleton", s.Path, err))
			skelOK = false
			continue
		}
		key, err := res.enter(path)
		if err != nil {
			return nil, formats.FileErrorf(file, int64(ap.SkeletonOffset), "SKTI skeleton %q: %v", s.Path, err)
		}
		sf, err := decodeSKT(path, d, res)
		res.leave(key)
		if err != nil {
			return nil, formats.FileErrorf(file, int64(ap.SkeletonOffset), "SKTI skeleton %q: %v", s.Path, err)
		}
		a.Diagnostics = append(a.Diagnostics, sf.Diagnostics...)
		det.Loaded = append(det.Loaded, path)
		a.Files = append(a.Files, path)
		segs = append(segs, Segment{T: sf.LODs[0], Attach: s.Attach, Name: path})
	}
	var meshes []*MeshGen
	var meshMats [][]formats.Material
	for _, ref := range ap.Meshes {
		path, d, err := res.read(file, ref, meshOrLODTypes)
		if err != nil {
			a.Diagnostics = append(a.Diagnostics, formats.DiagWarnf(file, int64(ap.MeshOffset), "MSGN mesh %q: %v", ref, err))
			continue
		}
		key, err := res.enter(path)
		if err != nil {
			return nil, formats.FileErrorf(file, int64(ap.MeshOffset), "MSGN mesh %q: %v", ref, err)
		}
		m, files, mds, err := loadMeshRef(path, d, res)
		res.leave(key)
		if err != nil {
			a.Diagnostics = append(a.Diagnostics, formats.DiagWarnf(file, int64(ap.MeshOffset), "MSGN mesh %q: %v", ref, err))
			continue
		}
		a.Diagnostics = append(a.Diagnostics, mds...)
		a.Files = append(a.Files, files...)
		det.Loaded = append(det.Loaded, files...)
		meshes = append(meshes, m)
		mats, sdet, sds := res.shaderMaterials(m)
		a.Diagnostics = append(a.Diagnostics, sds...)
		det.Materials = append(det.Materials, sdet...)
		meshMats = append(meshMats, mats)
	}
	if skelOK {
		skel, ds := BuildSkeleton(segs)
		a.Diagnostics = append(a.Diagnostics, ds...)
		a.Skeleton = skel
		det.Joints = skel.Len()
		var all formats.StaticMaterials
		for i, m := range meshes {
			first := len(a.Meshes)
			ms, ds := m.BindMeshes(skel)
			a.Meshes = append(a.Meshes, ms...)
			a.Diagnostics = append(a.Diagnostics, ds...)
			for _, mat := range meshMats[i] {
				mat.Mesh += first
				all = append(all, mat)
			}
		}
		if len(all) > 0 {
			a.Materials = all
		}
	} else {
		var names []string
		for i, m := range meshes {
			names = append(names, m.XFNM...)
			a.MeshBinders = append(a.MeshBinders, &meshBinder{M: m, Materials: meshMats[i]})
		}
		a.StandIn = flatSkeleton(names)
	}
	a.Details = det
	return a, nil
}

// loadMeshRef reads a referenced .mgn, or the LOD 0 .mgn of a referenced .lmg.
func loadMeshRef(path string, data []byte, res *resolver) (*MeshGen, []string, []formats.Diagnostic, error) {
	top, _ := iff.TopForm(data)
	switch top {
	case "SKMG":
		m, err := DecodeMeshGen(path, data)
		if err != nil {
			return nil, nil, nil, err
		}
		return m, []string{path}, m.Diagnostics, nil
	case "MLOD":
		l, ds, err := DecodeLODList(path, data)
		if err != nil {
			return nil, nil, nil, err
		}
		for i, ref := range l.Names {
			p, d, err := res.read(path, ref, meshTypes)
			if err != nil {
				ds = append(ds, formats.DiagWarnf(path, int64(l.Offsets[i]), "NAME %q (LOD %d): %v", ref, i, err))
				continue
			}
			key, err := res.enter(p)
			if err != nil {
				return nil, nil, nil, formats.FileErrorf(path, int64(l.Offsets[i]), "NAME %q: %v", ref, err)
			}
			m, err := DecodeMeshGen(p, d)
			res.leave(key)
			if err != nil {
				return nil, nil, nil, err
			}
			return m, []string{path, p}, append(ds, m.Diagnostics...), nil
		}
		return nil, nil, nil, fmt.Errorf("%s: none of its %d LOD meshes is found", path, len(l.Names))
	}
	return nil, nil, nil, fmt.Errorf("%s is not a mesh (.mgn) or LOD list (.lmg)", path)
}
