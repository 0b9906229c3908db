package viewer

import (
	"errors"
	"fmt"
)

// Skins lists the texture files beside the model that can fill its replaceable
// textures (a creature's skins), best guess first; nil without materials.
func (sc *Scene) Skins() []string {
	if sc.Asset == nil || sc.Asset.Materials == nil {
		return nil
	}
	return sc.Asset.Materials.Skins()
}

// Skin is the skin the scene's replaceable textures show: the one UseSkin
// chose, else the first of Skins (the decoder's default), else "".
func (sc *Scene) Skin() string {
	if sc.skin != "" {
		return sc.skin
	}
	if s := sc.Skins(); len(s) > 0 {
		return s[0]
	}
	return ""
}

// UseSkin fills the replaceable textures with the named texture beside the
// model; the renderer reads the textures again on the next frame.
func (sc *Scene) UseSkin(name string) error {
	if sc.Asset == nil || sc.Asset.Materials == nil {
		return errors.New("this scene has no textured materials")
	}
	var err error
	if p := guarded(func() { err = sc.Asset.Materials.UseSkin(name) }); p != nil {
		return fmt.Errorf("skin %s: %v", name, p)
	}
	if err != nil {
		return err
	}
	sc.skin = name
	sc.nextRevision()
	return nil
}
