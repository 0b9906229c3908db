package main

import "animscope/formats"

// sceneReads lists every file a decoded scene reads: its own files, the other
// files decoding read (formats.Asset.Read: an M2's .skin and .anim files), and
// the textures its materials draw (those a material switches to as well), for
// checkOutNotInput: an image written over one of them would replace a texture
// the scene uses, though the user never named it.
func sceneReads(a *formats.Asset) []string {
	reads := append(append([]string(nil), a.Files...), a.Read...)
	if a.Materials == nil {
		return reads
	}
	switcher, _ := a.Materials.(formats.TextureSwitcher)
	for i, m := range a.Materials.Materials() {
		if m.Texture != "" {
			reads = append(reads, m.Texture)
		}
		if switcher == nil {
			continue
		}
		for _, c := range switcher.TextureChoices(i) {
			if c.Path != "" {
				reads = append(reads, c.Path)
			}
		}
	}
	return reads
}
