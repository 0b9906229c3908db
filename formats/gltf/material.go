package gltf

import (
	"bytes"
	"fmt"
	"image/png"
	"path/filepath"
	"strings"

	"animscope/anim"
	"animscope/formats"
	"animscope/formats/texture"

	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"
)

// Materials. A scene whose family offers formats.Materials (M2) gets one glTF
// material per drawn mesh, from the mesh's first material (its first layer; glTF
// has one material per primitive):
//
//   - base colour: the material's texture, decoded (mip 0) and embedded as PNG,
//     with a sampler that repeats or clamps as the texture's wrap flags say
//     (and filters nearest where the material is pixelated: VoxelCore);
//     metallic 0, roughness 1 (the games' textures are not physically based);
//   - alpha mode: opaque → OPAQUE, alpha key → MASK (glTF's cut-off 0.5), the
//     blended modes → BLEND (glTF has no additive or modulating blend: "add",
//     "add_alpha", "mod" and "mod2x" come out as plain alpha blending);
//   - double-sided from the two-sided render flag.
//
// A texture that is missing or cannot be decoded leaves the material without one,
// with a warning.

// materialWriter is the state of the materials written so far.
type materialWriter struct {
	byMat   map[formats.Material]int // material (its Mesh zeroed) → glTF material: equal ones share
	byImage map[string]int           // texture file (and wrap) → glTF texture
}

// materialFor returns the glTF material of asset mesh m, writing it on first use;
// nil when the scene has no material for the mesh.
func (e *exporter) materialFor(m *formats.Mesh) *int {
	if mat, ok := e.meshMaterial(m); ok {
		return gltf.Index(e.writeMaterial(mat))
	}
	return nil
}

// meshMaterial is the first material of asset mesh m. A material whose texture
// switches with time (formats.TextureSwitcher: VoxelCore's @texture) carries
// the texture it shows at the start of the first exported clip (of the
// scene's first clip when none is exported).
func (e *exporter) meshMaterial(m *formats.Mesh) (formats.Material, bool) {
	if e.a.Materials == nil {
		return formats.Material{}, false
	}
	if e.firstMat == nil {
		e.indexMaterials()
	}
	i, ok := e.firstMat[m]
	if !ok {
		return formats.Material{}, false
	}
	mat := e.matList[i]
	if ts, ok := e.a.Materials.(formats.TextureSwitcher); ok {
		if cs := ts.TextureChoices(i); len(cs) > 1 {
			var clip anim.Clip
			if len(e.clips) > 0 {
				clip = e.clips[0].clip
			} else if len(e.a.Clips) > 0 {
				clip = e.a.Clips[0]
			}
			var st formats.MaterialState
			if clip != nil {
				e.a.Materials.SampleMaterial(clip, i, 0, 0, &st)
			}
			if k := st.Texture; k > 0 && k < len(cs) {
				mat.TextureRef, mat.Texture = cs[k].Ref, cs[k].Path
			}
		}
	}
	return mat, true
}

// indexMaterials maps each asset mesh to its first material's index, once per
// export: looking a mesh up by scanning every mesh and every material made
// export quadratic in the meshes (a 20,000-bone model took a minute).
func (e *exporter) indexMaterials() {
	e.matList = e.a.Materials.Materials()
	e.firstMat = make(map[*formats.Mesh]int, len(e.a.Meshes))
	for i := len(e.matList) - 1; i >= 0; i-- { // backwards: the first one wins
		if k := e.matList[i].Mesh; k >= 0 && k < len(e.a.Meshes) {
			e.firstMat[&e.a.Meshes[k]] = i
		}
	}
}

func (e *exporter) writeMaterial(mat formats.Material) int {
	if e.mats == nil {
		e.mats = &materialWriter{byMat: map[formats.Material]int{}, byImage: map[string]int{}}
	}
	key := mat
	key.Mesh = 0
	if i, ok := e.mats.byMat[key]; ok {
		return i
	}
	gm := &gltf.Material{
		Name:        fmt.Sprintf("material %d (%s)", len(e.doc.Materials), mat.Blend),
		DoubleSided: mat.TwoSided,
		PBRMetallicRoughness: &gltf.PBRMetallicRoughness{
			MetallicFactor: gltf.Float(0), RoughnessFactor: gltf.Float(1),
		},
	}
	switch mat.Blend {
	case formats.BlendOpaque:
		gm.AlphaMode = gltf.AlphaOpaque
	case formats.BlendAlphaKey:
		gm.AlphaMode = gltf.AlphaMask
	default:
		gm.AlphaMode = gltf.AlphaBlend
	}
	if tex, ok := e.writeTexture(mat); ok {
		gm.PBRMetallicRoughness.BaseColorTexture = &gltf.TextureInfo{Index: tex}
	}
	e.doc.Materials = append(e.doc.Materials, gm)
	i := len(e.doc.Materials) - 1
	e.mats.byMat[key] = i
	return i
}

// writeTexture embeds the material's texture as a PNG image with its sampler.
func (e *exporter) writeTexture(mat formats.Material) (int, bool) {
	if mat.Texture == "" {
		if mat.TextureRef != "" && mat.Slot == 0 { // an empty slot: Export gave its warning
			e.warn("texture %s is not found: the material has none", mat.TextureRef)
		}
		return 0, false
	}
	key := fmt.Sprintf("%s|%v|%v|%v", mat.Texture, mat.WrapU, mat.WrapV, mat.Nearest)
	if i, ok := e.mats.byImage[key]; ok {
		return i, true
	}
	tx, err := texture.Read(mat.Texture)
	var buf bytes.Buffer
	if err == nil {
		img, merr := tx.Mip(0)
		if err = merr; err == nil {
			err = png.Encode(&buf, img)
		}
	}
	if err != nil {
		// The texture package's errors name the file already.
		msg := err.Error()
		if !strings.HasPrefix(msg, mat.Texture) {
			msg = mat.Texture + ": " + msg
		}
		e.warn("texture %s: the material has none", msg)
		return 0, false
	}
	ensureBufferPadding(e.doc)
	img, err := modeler.WriteImage(e.doc, filepath.Base(mat.Texture), "image/png", &buf)
	if err != nil {
		e.warn("texture %s: %v: the material has none", mat.Texture, err)
		return 0, false
	}
	wrap := func(repeat bool) gltf.WrappingMode {
		if repeat {
			return gltf.WrapRepeat
		}
		return gltf.WrapClampToEdge
	}
	smp := &gltf.Sampler{MagFilter: gltf.MagLinear, MinFilter: gltf.MinLinearMipMapLinear, WrapS: wrap(mat.WrapU), WrapT: wrap(mat.WrapV)}
	if mat.Nearest {
		smp.MagFilter, smp.MinFilter = gltf.MagNearest, gltf.MinLinearMipMapNearest
	}
	e.doc.Samplers = append(e.doc.Samplers, smp)
	e.doc.Textures = append(e.doc.Textures, &gltf.Texture{
		Name: filepath.Base(mat.Texture), Source: gltf.Index(img), Sampler: gltf.Index(len(e.doc.Samplers) - 1),
	})
	i := len(e.doc.Textures) - 1
	e.mats.byImage[key] = i
	return i, true
}

// ensureBufferPadding pads the buffer to 4 bytes, so that an image's buffer view
// starts aligned like the accessors' views.
func ensureBufferPadding(doc *gltf.Document) {
	buf := doc.Buffers[len(doc.Buffers)-1]
	for len(buf.Data)%4 != 0 {
		buf.Data = append(buf.Data, 0)
		buf.ByteLength++
	}
}
