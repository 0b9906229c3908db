package viewer

import (
	"fmt"
	"image"

	"animscope/formats/texture"
	"animscope/render"
)

// SceneTexture is one texture file a scene's materials use, as read for drawing.
type SceneTexture struct {
	Path  string
	Image *image.NRGBA // nil when it could not be read
	Err   error
}

// loadMaterials reads the textures of the scene's materials (each file once)
// and returns the renderer's materials; a texture that cannot be read leaves
// its materials with their colour alone and is listed with its error.
func loadMaterials(sc *Scene) ([]render.MaterialData, []SceneTexture) {
	if sc.Asset == nil || sc.Asset.Materials == nil {
		return nil, nil
	}
	mats := sc.Asset.Materials.Materials()
	out := make([]render.MaterialData, len(mats))
	var texs []SceneTexture
	byPath := map[string]*image.NRGBA{}
	for i, m := range mats {
		img, seen := byPath[m.Texture]
		if !seen && m.Texture != "" {
			var err error
			img, err = readTexture(m.Texture)
			texs = append(texs, SceneTexture{Path: m.Texture, Image: img, Err: err})
			byPath[m.Texture] = img
		}
		out[i] = render.MaterialData{Mesh: m.Mesh, Image: img, Blend: m.Blend, TwoSided: m.TwoSided,
			Unlit: m.Unlit, WrapU: m.WrapU, WrapV: m.WrapV}
	}
	return out, texs
}

// readTexture decodes a texture file's full-size level.
func readTexture(path string) (img *image.NRGBA, err error) {
	defer func() {
		if r := recover(); r != nil {
			img, err = nil, fmt.Errorf("%s: the decoder failed: %v", path, r)
		}
	}()
	t, err := texture.Read(path)
	if err != nil {
		return nil, err
	}
	return t.Mip(0)
}

// sampleMaterials writes each material's colour and UV matrix at the state's
// clip and time into the scene's GPU copy. It allocates nothing.
func (s *State) sampleMaterials(sc *Scene, gpu *render.SceneGPU) {
	if gpu == nil || sc.Asset == nil || sc.Asset.Materials == nil || len(gpu.States) == 0 {
		return
	}
	clip := s.Clip
	if clip >= len(sc.Clips) {
		clip = 0
	}
	t := s.Tr.T
	if s.View.Rest {
		t = 0
	}
	// The global clock (global sequences, in ms) runs with the transport.
	ms := t
	if clip < len(sc.Infos) && sc.Infos[clip].UnitsPerSecond > 0 {
		ms = t / sc.Infos[clip].UnitsPerSecond * 1000
	}
	for i := range gpu.States {
		sc.Asset.Materials.SampleMaterial(sc.Clips[clip], i, t, ms, &gpu.States[i])
	}
}
