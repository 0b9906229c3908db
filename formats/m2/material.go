package m2

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"animscope/anim"
	"animscope/formats"

	"github.com/go-gl/mathgl/mgl32"
)

// Render-flag bits (FORMAT.md §4.6). 0x8 and 0x10 are depth-related with two readings
// (the wiki: no depth test / no depth write; WMV-era code: 0x10 no depth write,
// 0x8 billboard); they are reported, not interpreted.
const (
	renderUnlit    = 0x1
	renderUnfogged = 0x2
	renderTwoSided = 0x4
)

// Blend modes of a render flag (FORMAT.md §4.6), by value.
var blendNames = [...]string{"opaque", "alpha_key", "alpha", "add", "add_alpha", "mod", "mod2x"}

// blendName names blend mode m ("opaque", "alpha_key", "alpha", "add" (additive
// without alpha), "add_alpha", "mod", "mod2x"), or "blend N" for an unknown one.
func blendName(m uint16) string {
	if int(m) < len(blendNames) {
		return blendNames[m]
	}
	return fmt.Sprintf("blend %d", m)
}

// Texture types (FORMAT.md §4.6): 0 names its file; the others are filled by the game.
var textureTypeNames = map[uint32]string{
	1: "body skin", 2: "cape / object skin", 6: "hair", 8: "tauren fur",
	11: "creature skin 1", 12: "creature skin 2", 13: "creature skin 3",
}

// textureTypeName names a replaceable texture type ("" for 0, a named file).
func textureTypeName(t uint32) string {
	if t == 0 {
		return ""
	}
	if n, ok := textureTypeNames[t]; ok {
		return n
	}
	return fmt.Sprintf("replaceable type %d", t)
}

// Texture flags.
const (
	textureWrapX = 0x1
	textureWrapY = 0x2
)

// renderFlag is one render-flag (material) record.
type renderFlag struct {
	Flags    uint16 `json:"flags"`
	Blend    uint16 `json:"blend"`
	Mode     string `json:"mode"` // BlendName(Blend)
	Unlit    bool   `json:"unlit,omitempty"`
	Unfogged bool   `json:"unfogged,omitempty"`
	TwoSided bool   `json:"two_sided,omitempty"`
}

// material is one texture unit (batch) of view 0: which mesh it draws, with which
// render flag, textures, UV sets, colour, transparency and texture animations.
// Indices are into Details' arrays (−1: none).
type material struct {
	Batch      int    `json:"batch"`
	Mesh       int    `json:"mesh"`  // the asset's mesh (view 0 submesh)
	Flags      uint8  `json:"flags"` // 0x10: textures are static (no texture animation)
	Priority   int8   `json:"priority"`
	Shader     uint16 `json:"shader"`
	Layer      uint16 `json:"layer"`
	RenderFlag int    `json:"render_flag"`
	Mode       string `json:"mode"` // the render flag's blend mode
	// Textures are texture indices (through the texture lookup); TexCoords the UV
	// set each uses (texture-unit lookup); TexAnims the texture animation of each
	// (through the texture-animation lookup), −1 for none or a static batch.
	Textures     []int `json:"textures"`
	TexCoords    []int `json:"texcoords"`
	TexAnims     []int `json:"texture_animations"`
	Color        int   `json:"color"`
	Transparency int   `json:"transparency"`
	// Combiners are the client's combiner op per texture stage (combos.go);
	// Effect is the fixed-effect entry a shader id with 0x8000 names (−1: none).
	Combiners []string `json:"combiners,omitempty"`
	Effect    int      `json:"effect"`
}

// textureAnim summarises one texture (UV) animation: the keys of its tracks.
type textureAnim struct {
	Translation int `json:"translation_keys"`
	Rotation    int `json:"rotation_keys"`
	Scale       int `json:"scale_keys"`
}

// colorInfo summarises one colour record: the keys of its RGB and alpha tracks.
type colorInfo struct {
	RGB   int `json:"rgb_keys"`
	Alpha int `json:"alpha_keys"`
}

// materialTracks are the animated parts of the materials, sampled per frame.
type materialTracks struct {
	rgb      []*vecTrack
	alpha    []*scalarTrack
	transp   []*scalarTrack
	texAnims []texAnim
}

type texAnim struct {
	t, s *vecTrack
	r    *quatTrack
}

// viewRef is what meshes found of view 0, for materials.
type viewRef struct {
	vb      *blob
	batches m2array
	meshes  int
}

func keyCount(k *keys) int {
	if k == nil {
		return 0
	}
	return len(k.times)
}

// materials reads the render flags, the replaceable-texture lookup, texture flags,
// colours, texture animations and view 0's batches into Details.
func (d *decoder) materials(lay *layout) error {
	b := &d.m2
	det := d.details
	mt := &materialTracks{alpha: d.colorAlpha, transp: d.transpTracks}
	det.mats = mt

	for i := range det.Textures {
		tx := &det.Textures[i]
		tx.WrapX, tx.WrapY = tx.Flags&textureWrapX != 0, tx.Flags&textureWrapY != 0
		tx.Replaceable = textureTypeName(tx.Type)
	}

	rf, err := b.arr(lay.renderFlags, "render flags", 4)
	if err != nil {
		return err
	}
	det.RenderFlags = make([]renderFlag, rf.count)
	for i := range det.RenderFlags {
		o := rf.at(i)
		f, m := b.u16(o), b.u16(o+2)
		det.RenderFlags[i] = renderFlag{Flags: f, Blend: m, Mode: blendName(m),
			Unlit: f&renderUnlit != 0, Unfogged: f&renderUnfogged != 0, TwoSided: f&renderTwoSided != 0}
	}

	rl, err := b.arr(lay.replaceable, "replaceable-texture lookup", 2)
	if err != nil {
		return err
	}
	det.ReplaceableLookup = make([]int16, rl.count)
	for i := range det.ReplaceableLookup {
		det.ReplaceableLookup[i] = b.i16(rl.at(i))
	}

	// Colour RGB tracks (the alpha tracks were read with the meshes).
	ca, err := b.arr(lay.colors, "colours", lay.colorSize)
	if err != nil {
		return err
	}
	mt.rgb = make([]*vecTrack, ca.count)
	det.Colors = make([]colorInfo, ca.count)
	for i := range mt.rgb {
		mt.rgb[i], err = d.vecTrack(int64(ca.at(i)), fmt.Sprintf("colour %d RGB", i))
		d.optional(err)
		det.Colors[i].RGB = keyCount(keysOf(mt.rgb[i]))
		if i < len(mt.alpha) && mt.alpha[i] != nil {
			det.Colors[i].Alpha = len(mt.alpha[i].times)
		}
	}

	// Texture animations: translation and scale C3, rotation a float quaternion at
	// every version (FORMAT.md §4.1), so the int16 reading of 260+ bone rotations is
	// switched off while it is read.
	ta, err := b.arr(lay.texAnims, "texture animations", lay.texAnimSize)
	if err != nil {
		return err
	}
	if err := d.spend(b, lay.texAnims, uint64(ta.count), "texture animations"); err != nil {
		return err
	}
	mt.texAnims = make([]texAnim, ta.count)
	det.TextureAnims = make([]textureAnim, ta.count)
	for i := range mt.texAnims {
		o := int64(ta.at(i))
		x := &mt.texAnims[i]
		what := fmt.Sprintf("texture animation %d ", i)
		x.t, err = d.vecTrack(o, what+"translation")
		d.optional(err)
		tbc := d.tbc
		d.tbc = false
		x.r, err = d.quatTrack(o+int64(lay.trackSize), what+"rotation")
		d.tbc = tbc
		d.optional(err)
		x.s, err = d.vecTrack(o+2*int64(lay.trackSize), what+"scale")
		d.optional(err)
		det.TextureAnims[i] = textureAnim{keyCount(keysOf(x.t)), keyCount(keysOfQ(x.r)), keyCount(keysOf(x.s))}
	}

	return d.batches(lay)
}

// optional turns the error of a track that only materials use (colour RGB, texture
// animations: tracks the skeleton and meshes never needed) into a warning, so a
// model that opened before materials were read still opens; the track is dropped.
func (d *decoder) optional(err error) {
	if err == nil {
		return
	}
	var fe *formats.FileError
	if errors.As(err, &fe) {
		d.diags = append(d.diags, formats.DiagWarnf(fe.File, fe.Offset, "%s; the track is ignored", fe.Msg))
		return
	}
	d.diags = append(d.diags, formats.DiagWarnf(d.m2.name, -1, "%v; the track is ignored", err))
}

// batches reads view 0's texture units into Details.Materials.
func (d *decoder) batches(lay *layout) error {
	b, det, v := &d.m2, d.details, d.view
	if v.vb == nil {
		det.Materials = []material{}
		return nil
	}
	lookup := func(field int64, what string) (m2array, error) { return b.arr(field, what, 2) }
	texL, err := lookup(lay.texLookup, "texture lookup")
	if err != nil {
		return err
	}
	unitL, err := lookup(lay.texLookup+8, "texture-unit lookup")
	if err != nil {
		return err
	}
	transL, err := lookup(lay.texLookup+16, "transparency lookup")
	if err != nil {
		return err
	}
	animL, err := lookup(lay.texLookup+24, "texture-animation lookup")
	if err != nil {
		return err
	}
	// at reads entry i of a u16 lookup, −1 when i is out of range or the entry is
	// 0xFFFF; bound is the count of what the entry indexes.
	at := func(a m2array, i, bound int) int {
		if i < 0 || i >= int(a.count) {
			return -1
		}
		e := int(b.u16(a.at(i)))
		if e == 0xFFFF || e >= bound {
			return -1
		}
		return e
	}
	vb := v.vb
	det.Materials = make([]material, 0, v.batches.count)
	for i := 0; i < int(v.batches.count); i++ {
		o := v.batches.at(i)
		m := material{
			Batch: i, Mesh: int(vb.u16(o + 4)), Flags: vb.u8(o), Priority: int8(vb.u8(o + 1)),
			Shader: vb.u16(o + 2), Layer: vb.u16(o + 0xC), RenderFlag: -1, Color: -1, Transparency: -1,
		}
		if m.Mesh >= v.meshes {
			d.warnf(vb, int64(o+4), "view 0 batch %d: submesh %d is out of range (%d submeshes); the batch is not drawn", i, m.Mesh, v.meshes)
			m.Mesh = -1
		}
		if rf := int(vb.u16(o + 0xA)); rf < len(det.RenderFlags) {
			m.RenderFlag, m.Mode = rf, det.RenderFlags[rf].Mode
		} else {
			d.warnf(vb, int64(o+0xA), "view 0 batch %d: render flag %d is out of range (%d); drawn opaque", i, rf, len(det.RenderFlags))
			m.Mode = blendName(0)
		}
		if ci := int(vb.i16(o + 8)); ci >= 0 && ci < len(det.Colors) {
			m.Color = ci
		}
		m.Transparency = at(transL, int(vb.u16(o+0x14)), len(det.mats.transp))
		n := min(int(vb.u16(o+0xE)), 4)
		texCombo, unitCombo, animCombo := int(vb.u16(o+0x10)), int(vb.u16(o+0x12)), int(vb.u16(o+0x16))
		m.Textures, m.TexCoords, m.TexAnims = make([]int, 0, n), make([]int, 0, n), make([]int, 0, n)
		for k := 0; k < n; k++ {
			m.Textures = append(m.Textures, at(texL, texCombo+k, len(det.Textures)))
			uv := -1
			if j := unitCombo + k; j < int(unitL.count) {
				uv = int(b.i16(unitL.at(j)))
			}
			m.TexCoords = append(m.TexCoords, uv)
			ta := -1
			if m.Flags&0x10 == 0 {
				ta = at(animL, animCombo+k, len(det.TextureAnims))
			}
			m.TexAnims = append(m.TexAnims, ta)
		}
		opaque := m.RenderFlag < 0 || det.RenderFlags[m.RenderFlag].Blend == 0
		m.Combiners, m.Effect = d.combiners(i, m.Shader, n, opaque)
		det.Materials = append(det.Materials, m)
	}
	return nil
}

// materialSet is the asset's Materials capability: Details' texture units as
// formats.Materials, with their texture files found on disk (resolveTextures).
type materialSet struct {
	det         *Details
	mats        []formats.Material
	batch       []int  // mats[i] is texture unit batch[i] of Details.Materials
	replaceable []bool // mats[i]'s texture is a replaceable one (a skin)
	skins       []string
	model       string // the model file ("" in memory or in an archive)
	// slots are the replaceable texture types the materials use (slots.go);
	// name is the model as its slot warnings name it.
	slots []formats.TextureSlot
	name  string
	// slotMats[i] are the indices in mats of slot i's materials (initSlots):
	// filling every slot is then one pass over the materials, not one each.
	slotMats [][]int
}

// newMaterialSet lists the drawable texture units (those with a mesh).
func newMaterialSet(det *Details) *materialSet {
	s := &materialSet{det: det}
	for i, m := range det.Materials {
		if m.Mesh < 0 {
			continue
		}
		fm, rep := formats.Material{Mesh: m.Mesh}, false
		if m.RenderFlag >= 0 {
			rf := det.RenderFlags[m.RenderFlag]
			if rf.Blend < 7 {
				fm.Blend = formats.Blend(rf.Blend)
			}
			fm.TwoSided, fm.Unlit = rf.TwoSided, rf.Unlit
			// The client's opaque combiner on the first stage ignores the
			// texture's alpha (combos.go); it matters for the blend modes that
			// use alpha.
			fm.OpaqueTexture = rf.Blend != 0 && len(m.Combiners) > 0 && m.Combiners[0] == combinerName(combinerOpaque)
		}
		if len(m.Textures) > 0 && m.Textures[0] >= 0 {
			tx := det.Textures[m.Textures[0]]
			fm.TextureRef = tx.Name
			if tx.Type != 0 {
				fm.TextureRef = "(" + tx.Replaceable + ")"
			}
			rep = tx.Type != 0
			fm.Slot = int(tx.Type)
			fm.WrapU, fm.WrapV = tx.WrapX, tx.WrapY
		}
		s.mats = append(s.mats, fm)
		s.batch = append(s.batch, i)
		s.replaceable = append(s.replaceable, rep)
	}
	s.initSlots()
	return s
}

func (s *materialSet) Materials() []formats.Material { return s.mats }
func (s *materialSet) Skins() []string               { return s.skins }

// UseSkin puts the texture file name, beside the model, in every replaceable
// texture slot.
func (s *materialSet) UseSkin(name string) error {
	if s.model == "" {
		return fmt.Errorf("skin %q: the model is not a file on disk, so nothing lies beside it", name)
	}
	p, err := formats.ResolveRef(s.model, name, filepath.Dir(s.model), ".blp")
	if err != nil {
		return fmt.Errorf("skin: %v (candidates: %s)", err, strings.Join(s.det.Skins, ", "))
	}
	found := len(s.slots) > 0
	for i := range s.slots {
		s.setSlot(i, p)
	}
	if !found {
		return fmt.Errorf("skin %q: %s has no replaceable texture", name, filepath.Base(s.model))
	}
	return nil
}

// SampleMaterial: the colour track's RGB (1, 1, 1 without one); in A the colour
// alpha times the transparency (1 without either); the base texture's UV matrix
// (identity without a texture animation or for a static unit).
//
// The texture matrix follows WebWowViewerCpp: translate, then rotate and scale
// about the UV centre (0.5, 0.5): T(t) · T(c) · R(q) · S(s) · T(−c).
func (s *materialSet) SampleMaterial(ac anim.Clip, i int, t, globalMS float64, dst *formats.MaterialState) {
	dst.Color = mgl32.Vec4{1, 1, 1, 1}
	dst.UV = anim.IdentityAffine
	c, ok := ac.(*Clip)
	if !ok || i < 0 || i >= len(s.mats) {
		return
	}
	d := s.det
	m, mt := &d.Materials[s.batch[i]], d.mats
	seqT := t
	if c.m.pre {
		seqT = c.start + t
	}
	if m.Color >= 0 {
		if tr := mt.rgb[m.Color]; tr != nil {
			var rgb mgl32.Vec3
			if tr.eval(c.src, c.trackTime(&tr.keys, seqT, globalMS), &rgb, nil, 0, nil) {
				dst.Color[0], dst.Color[1], dst.Color[2] = rgb[0], rgb[1], rgb[2]
			}
		}
		if m.Color < len(mt.alpha) && mt.alpha[m.Color] != nil {
			a := mt.alpha[m.Color]
			dst.Color[3] *= a.eval(c.src, c.trackTime(&a.keys, seqT, globalMS), 1)
		}
	}
	if m.Transparency >= 0 && mt.transp[m.Transparency] != nil {
		a := mt.transp[m.Transparency]
		dst.Color[3] *= a.eval(c.src, c.trackTime(&a.keys, seqT, globalMS), 1)
	}
	if len(m.TexAnims) == 0 || m.TexAnims[0] < 0 {
		return
	}
	x := &mt.texAnims[m.TexAnims[0]]
	tr, q, sc := mgl32.Vec3{}, mgl32.QuatIdent(), mgl32.Vec3{1, 1, 1}
	if x.t != nil {
		x.t.eval(c.src, c.trackTime(&x.t.keys, seqT, globalMS), &tr, nil, 0, nil)
	}
	if x.r != nil {
		x.r.eval(c.src, c.trackTime(&x.r.keys, seqT, globalMS), &q, nil, nil)
	}
	if x.s != nil {
		x.s.eval(c.src, c.trackTime(&x.s.keys, seqT, globalMS), &sc, nil, 0, nil)
	}
	uvMatrix(&dst.UV, tr, q, sc)
}

// uvMatrix writes T(t) · T(c) · R(q) · S(s) · T(−c) into m, c = (0.5, 0.5, 0): the
// rotation and scale act about the UV centre. Products are rounded one by one
// (anim's helpers), so no target fuses them.
func uvMatrix(m *anim.Affine, t mgl32.Vec3, q mgl32.Quat, s mgl32.Vec3) {
	anim.RotationColumns(m, q, s)
	m[9], m[10], m[11] = 0, 0, 0
	rc := m.TransformVector(mgl32.Vec3{0.5, 0.5, 0})
	m[9], m[10], m[11] = t[0]+0.5-rc[0], t[1]+0.5-rc[1], t[2]-rc[2]
}
