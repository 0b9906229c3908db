package viewer

import (
	"image"

	"animscope/formats"
	"animscope/formats/texture"
)

// SceneTexture is one texture file a scene's materials use, as read for drawing.
type SceneTexture struct {
	Path  string
	Image *image.NRGBA // nil when it could not be read
	Err   error
}

// ReadTextures reads the textures of the scene's materials (each file once)
// into sc.Textures and returns the materials (nil without any). A texture that
// cannot be read is listed with its error and a nil image.
func (sc *Scene) ReadTextures() []formats.Material {
	sc.Textures, sc.TexturesGen = nil, sc.Gen
	if sc.Asset == nil || sc.Asset.Materials == nil {
		return nil
	}
	mats := sc.Asset.Materials.Materials()
	read := func(path string) {
		if path == "" || sc.TextureImage(path) != nil || sc.textureListed(path) {
			return
		}
		img, err := readTexture(path)
		sc.Textures = append(sc.Textures, SceneTexture{Path: path, Image: img, Err: err})
	}
	for i, m := range mats {
		read(m.Texture)
		for _, c := range sc.TextureChoices(i) {
			read(c.Path)
		}
	}
	return mats
}

// TextureChoices lists the textures material i switches among over time (nil
// when its texture never changes; formats.TextureSwitcher).
func (sc *Scene) TextureChoices(i int) []formats.TextureChoice {
	if sc.Asset == nil {
		return nil
	}
	if ts, ok := sc.Asset.Materials.(formats.TextureSwitcher); ok {
		return ts.TextureChoices(i)
	}
	return nil
}

func (sc *Scene) textureListed(path string) bool {
	for i := range sc.Textures {
		if sc.Textures[i].Path == path {
			return true
		}
	}
	return false
}

// TextureImage is the image ReadTextures read for path (nil: none).
func (sc *Scene) TextureImage(path string) *image.NRGBA {
	for i := range sc.Textures {
		if sc.Textures[i].Path == path {
			return sc.Textures[i].Image
		}
	}
	return nil
}

// readTexture decodes a texture file's full-size level.
func readTexture(path string) (*image.NRGBA, error) {
	return formats.Guard(path, func() (*image.NRGBA, error) {
		t, err := texture.Read(path)
		if err != nil {
			return nil, err
		}
		return t.Mip(0)
	})
}

// SampleMaterials writes each material's colour, UV matrix and texture choice at the state's
// clip and time into dst (one entry per material; extra materials are not
// sampled). It allocates nothing.
func (s *State) SampleMaterials(sc *Scene, dst []formats.MaterialState) {
	if len(dst) == 0 || sc.Asset == nil || sc.Asset.Materials == nil {
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
	m := sc.Asset.Materials
	if cm, ok := m.(formats.ContextMaterials); ok && cm != sc.matOf {
		sc.matOf, sc.matCtx = cm, cm.NewMaterialContext()
	}
	for i := range dst {
		formats.SampleMaterialWith(m, sc.matCtx, sc.Clips[clip], i, t, ms, &dst[i])
	}
}
