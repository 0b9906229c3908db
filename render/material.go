package render

import (
	"image"

	"animscope/anim"
	"animscope/formats"

	"github.com/go-gl/gl/v4.1-core/gl"
	"github.com/go-gl/mathgl/mgl32"
)

// AlphaKeyCutoff is the alpha below which an alpha-keyed material discards a
// fragment: glTF's default alphaCutoff, which the glTF export of the same
// material (alphaMode MASK without a cutoff) implies, so both show the same
// silhouette.
const AlphaKeyCutoff = 0.5

// MaterialData is one material layer as the renderer needs it (the viewer fills
// it from formats.Material and the texture file it names).
type MaterialData struct {
	Mesh int // index into the MeshData list given to NewSceneGPU
	// Image is the base texture at full size (nil: the material's colour alone).
	// Materials that share an image share one GL texture.
	Image *image.NRGBA
	// Choices are the images the material switches to over time, indexed by
	// MaterialState.Texture (formats.TextureSwitcher); entry 0 stands for Image.
	// A nil entry draws the material untextured while it is chosen.
	Choices      []*image.NRGBA
	Blend        formats.Blend
	TwoSided     bool
	Unlit        bool
	WrapU, WrapV bool
	// FlipV reads the mesh's v as 1 − v (formats.Material.FlipV).
	FlipV bool
	// Nearest filters as formats.Material.Nearest says.
	Nearest bool
	// OpaqueTexture leaves the texture's alpha out of the opacity
	// (formats.Material.OpaqueTexture).
	OpaqueTexture bool
}

// Transparent says whether a blend mode is drawn after the opaque layers,
// sorted back to front, without writing depth.
func Transparent(b formats.Blend) bool {
	return b != formats.BlendOpaque && b != formats.BlendAlphaKey
}

type gpuMaterial struct {
	mesh     int // index into SceneGPU.meshes, -1 when the mesh was not uploaded
	tex      uint32
	choices  []uint32 // by MaterialState.Texture (0: tex); 0 where untextured
	blend    formats.Blend
	twoSided bool
	unlit    bool
	wrap     int // 0..7: bit 0 wrap U, bit 1 wrap V, bit 2 nearest (index into Renderer.samplers)
	flipV    bool
	opaqueTx bool        // the texture's alpha is not used
	uv       anim.Affine // the UV matrix drawn, flipped in v (kept here: GL takes its address)
}

// SetMaterials uploads the materials' textures with their mipmaps and makes
// DrawScene draw the meshes they name with them; meshes no material names keep
// the flat colour. States gets one entry per material (colour white, identity
// UV matrix) for the caller to fill each frame.
func (s *SceneGPU) SetMaterials(mats []MaterialData) {
	s.deleteMaterials()
	byImage := map[*image.NRGBA]uint32{}
	s.mats = make([]gpuMaterial, len(mats))
	s.States = make([]formats.MaterialState, len(mats))
	for i := range s.meshes {
		s.meshes[i].material = false
	}
	for i, m := range mats {
		g := gpuMaterial{mesh: -1, blend: m.Blend, twoSided: m.TwoSided, unlit: m.Unlit, flipV: m.FlipV, opaqueTx: m.OpaqueTexture}
		if m.WrapU {
			g.wrap |= 1
		}
		if m.WrapV {
			g.wrap |= 2
		}
		if m.Nearest {
			g.wrap |= 4
		}
		if m.Mesh >= 0 && m.Mesh < len(s.byInput) {
			g.mesh = s.byInput[m.Mesh]
		}
		if g.mesh >= 0 {
			s.meshes[g.mesh].material = true
		}
		upload := func(img *image.NRGBA) uint32 {
			if img == nil || img.Rect.Dx() <= 0 || img.Rect.Dy() <= 0 {
				return 0
			}
			tex, ok := byImage[img]
			if !ok {
				tex = uploadTexture(img)
				byImage[img] = tex
				s.textures = append(s.textures, tex)
			}
			return tex
		}
		g.tex = upload(m.Image)
		if len(m.Choices) > 1 {
			g.choices = make([]uint32, len(m.Choices))
			g.choices[0] = g.tex
			for k := 1; k < len(m.Choices); k++ {
				g.choices[k] = upload(m.Choices[k])
			}
		}
		s.mats[i] = g
		s.States[i] = formats.MaterialState{Color: mgl32.Vec4{1, 1, 1, 1}, UV: anim.IdentityAffine}
	}
	s.order = make([]int32, 0, len(mats))
	s.depth = make([]float32, len(mats))
}

// Materials is the number of material layers set.
func (s *SceneGPU) Materials() int { return len(s.mats) }

// Textures is the number of GL textures the materials use.
func (s *SceneGPU) Textures() int { return len(s.textures) }

func (s *SceneGPU) deleteMaterials() {
	if len(s.textures) > 0 {
		gl.DeleteTextures(int32(len(s.textures)), &s.textures[0])
	}
	s.textures, s.mats, s.States = nil, nil, nil
}

// uploadTexture makes an RGBA8 texture of img (straight alpha) with a full mip
// chain built by the driver.
func uploadTexture(img *image.NRGBA) uint32 {
	var tex uint32
	gl.GenTextures(1, &tex)
	gl.BindTexture(gl.TEXTURE_2D, tex)
	w, h := img.Rect.Dx(), img.Rect.Dy()
	pix := img.Pix
	if img.Stride != 4*w {
		pix = make([]byte, 4*w*h)
		for y := 0; y < h; y++ {
			copy(pix[y*4*w:(y+1)*4*w], img.Pix[y*img.Stride:])
		}
	}
	gl.PixelStorei(gl.UNPACK_ALIGNMENT, 1)
	gl.TexImage2D(gl.TEXTURE_2D, 0, gl.RGBA8, int32(w), int32(h), 0, gl.RGBA, gl.UNSIGNED_BYTE, gl.Ptr(pix))
	gl.GenerateMipmap(gl.TEXTURE_2D)
	gl.BindTexture(gl.TEXTURE_2D, 0)
	return tex
}

// newSamplers makes the eight samplers of the wrap and filter modes (bit 0:
// repeat in U, bit 1: repeat in V, clamp to the edge otherwise; bit 2: nearest
// texels from the nearest mip level, as VoxelCore filters, trilinear otherwise).
func newSamplers() [8]uint32 {
	var s [8]uint32
	gl.GenSamplers(8, &s[0])
	for i, id := range s {
		wu, wv := int32(gl.CLAMP_TO_EDGE), int32(gl.CLAMP_TO_EDGE)
		if i&1 != 0 {
			wu = gl.REPEAT
		}
		if i&2 != 0 {
			wv = gl.REPEAT
		}
		gl.SamplerParameteri(id, gl.TEXTURE_WRAP_S, wu)
		gl.SamplerParameteri(id, gl.TEXTURE_WRAP_T, wv)
		minF, magF := int32(gl.LINEAR_MIPMAP_LINEAR), int32(gl.LINEAR)
		if i&4 != 0 {
			minF, magF = gl.LINEAR_MIPMAP_NEAREST, gl.NEAREST
		}
		gl.SamplerParameteri(id, gl.TEXTURE_MIN_FILTER, minF)
		gl.SamplerParameteri(id, gl.TEXTURE_MAG_FILTER, magF)
	}
	return s
}

// sortBackToFront orders the transparent layers in order by increasing view z
// (GL's camera looks down −z, so the farthest comes first); layers at the same depth (the layers of one mesh) keep
// their drawing order. Insertion sort: stable, in place, no allocation, and the
// lists are short.
func sortBackToFront(order []int32, depth []float32) {
	for i := 1; i < len(order); i++ {
		v := order[i]
		j := i
		for j > 0 && depth[order[j-1]] > depth[v] {
			order[j] = order[j-1]
			j--
		}
		order[j] = v
	}
}

// blendFunc sets GL's blend function for a transparent mode. The destination
// alpha is kept (the frame stays opaque where the background is, so that a PNG
// of it shows what the window shows).
func blendFunc(b formats.Blend) {
	src, dst := uint32(gl.SRC_ALPHA), uint32(gl.ONE_MINUS_SRC_ALPHA)
	switch b {
	case formats.BlendAdd:
		src, dst = gl.ONE, gl.ONE
	case formats.BlendAddAlpha:
		src, dst = gl.SRC_ALPHA, gl.ONE
	case formats.BlendMod:
		src, dst = gl.DST_COLOR, gl.ZERO
	case formats.BlendMod2x:
		src, dst = gl.DST_COLOR, gl.SRC_COLOR
	}
	gl.BlendFuncSeparate(src, dst, gl.ZERO, gl.ONE)
}

// drawMaterials draws the material layers of gpu: the opaque and alpha-keyed
// ones in their order with depth writes, then the transparent ones back to
// front without depth writes. The mesh program is in use with the frame's
// uniforms and palette bound. It allocates nothing.
func (r *Renderer) drawMaterials(f *Frame, o *DrawOptions, gpu *SceneGPU, skin []anim.Affine) {
	gl.Uniform1i(r.mMaterial, 1)
	gl.Uniform1i(r.mTex, 1)
	gl.ActiveTexture(gl.TEXTURE1)
	order := gpu.order[:0]
	for i := range gpu.mats {
		mt := &gpu.mats[i]
		if mt.mesh < 0 || gpu.meshes[mt.mesh].hidden {
			continue
		}
		if mt.tex == 0 && len(mt.choices) == 0 && mt.blend >= formats.BlendAdd {
			// Glows and shading layers without their texture would paint solid
			// quads over the model: they are left out.
			continue
		}
		if Transparent(mt.blend) {
			order = append(order, int32(i))
			continue
		}
		r.drawMaterial(gpu, i, &o.MeshColor)
	}
	if len(order) > 0 {
		vm := f.View.Mul4(o.Scene)
		for _, i := range order {
			m := &gpu.meshes[gpu.mats[i].mesh]
			p := m.centroid
			if m.joint < len(skin) {
				p = skin[m.joint].TransformPoint(p)
			}
			gpu.depth[i] = vm.Mul4x1(p.Vec4(1))[2] // view z: the farther, the more negative
		}
		sortBackToFront(order, gpu.depth)
		gl.Enable(gl.BLEND)
		gl.DepthMask(false)
		for _, i := range order {
			blendFunc(gpu.mats[i].blend)
			r.drawMaterial(gpu, int(i), &o.MeshColor)
		}
		gl.DepthMask(true)
		gl.Disable(gl.BLEND)
	}
	gpu.order = order
	gl.Disable(gl.CULL_FACE)
	gl.BindSampler(1, 0)
	gl.BindTexture(gl.TEXTURE_2D, 0)
	gl.ActiveTexture(gl.TEXTURE0)
	gl.Uniform1i(r.mMaterial, 0)
}

// drawMaterial draws material i's mesh with its texture, colour, UV matrix and
// face culling; the blend function is set by the caller. A material whose
// texture is missing takes the flat mesh colour (meshColor, or
// DefaultMeshColor when zero) in its place, so it looks as without materials.
func (r *Renderer) drawMaterial(gpu *SceneGPU, i int, meshColor *[4]float32) {
	mt := &gpu.mats[i]
	m := &gpu.meshes[mt.mesh]
	st := &gpu.States[i]
	c := st.Color
	tex := mt.tex
	if k := st.Texture; k > 0 && k < len(mt.choices) {
		tex = mt.choices[k]
	}
	if tex == 0 {
		mc := *meshColor
		if mc == ([4]float32{}) {
			mc = DefaultMeshColor
		}
		c[0], c[1], c[2] = c[0]*mc[0], c[1]*mc[1], c[2]*mc[2]
	}
	gl.Uniform4f(r.mColor, c[0], c[1], c[2], c[3])
	uv := &st.UV
	if mt.flipV {
		// (u, v) → (u, 1 − v) after the state's matrix: negate each column's v
		// and take the translation's from 1.
		mt.uv = st.UV
		mt.uv[1], mt.uv[4], mt.uv[7], mt.uv[10] = -st.UV[1], -st.UV[4], -st.UV[7], 1-st.UV[10]
		uv = &mt.uv
	}
	gl.UniformMatrix4x3fv(r.mUV, 1, false, &uv[0])
	gl.Uniform1i(r.mTextured, boolInt(tex != 0))
	gl.BindTexture(gl.TEXTURE_2D, tex)
	gl.BindSampler(1, r.samplers[mt.wrap])
	gl.Uniform1i(r.mUnlit, boolInt(mt.unlit))
	gl.Uniform1i(r.mNormals, boolInt(m.hasNormals))
	cut := float32(-1)
	if mt.blend == formats.BlendAlphaKey {
		cut = AlphaKeyCutoff
	}
	gl.Uniform1f(r.mAlphaKey, cut)
	gl.Uniform1i(r.mBlend, int32(mt.blend))
	gl.Uniform1i(r.mOpaqueTex, boolInt(mt.opaqueTx))
	if mt.twoSided {
		gl.Disable(gl.CULL_FACE)
	} else {
		gl.Enable(gl.CULL_FACE)
		gl.CullFace(gl.BACK)
	}
	gl.BindVertexArray(m.vao)
	gl.DrawElementsWithOffset(gl.TRIANGLES, m.count, gl.UNSIGNED_INT, 0)
}

func boolInt(b bool) int32 {
	if b {
		return 1
	}
	return 0
}
