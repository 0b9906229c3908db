package main

import (
	"fmt"
	"image/color"
	"strings"

	"animscope/formats"
	"animscope/formats/wowchar"
	"animscope/viewer"
)

// viewerCharacter is the Character panel's model of asset a (nil when it is no
// character of a mount with the tables): what the tables offer, the colours'
// swatches, and a Dress that changes the scene as applyCharacter does. The
// panel starts at --character's customisation (or at its own last choice for
// the file, which a reload keeps); a choice there changes the
// hair and facial geosets even over --geosets (it is the newer word), never a
// slot --texture filled.
func (c *characterFlags) viewerCharacter(a *formats.Asset) *viewer.Character {
	if len(a.Files) == 0 {
		return nil
	}
	m, ok := characterMount(a.Files[0])
	if !ok {
		return nil
	}
	defer m.Close()
	char, _ := wowchar.Find(m, a.Files[0]) // applyCharacter warned already
	if char == nil {
		return nil
	}
	cust, err := wowchar.ParseCustomization(*c.character)
	if err != nil {
		return nil // check refused it before any scene opened
	}
	if ch, ok := c.chosen[a.Files[0]]; ok {
		cust = ch
	}
	given := map[int]bool{}
	for _, s := range c.textures {
		given[s.slot] = true
	}
	load := wowchar.MountImages(m)
	skins, hairs := char.Tables.SwatchTextures(char.Race.ID, char.Sex)
	return &viewer.Character{
		Title:      fmt.Sprintf("%s %s (race %d)", char.Race.ClientFileString, strings.ToLower(char.Sex.String()), char.Race.ID),
		Offer:      char.Offers(),
		SkinColors: swatchColors(skins, load),
		HairColors: swatchColors(hairs, load),
		Custom:     cust,
		Dress: func(a *formats.Asset, cust wowchar.Customization) []formats.Diagnostic {
			n := len(a.Diagnostics)
			applyCharacter(a, cust, false, given)
			if c.chosen == nil {
				c.chosen = map[string]wowchar.Customization{}
			}
			c.chosen[a.Files[0]] = cust
			return a.Diagnostics[n:len(a.Diagnostics):len(a.Diagnostics)]
		},
	}
}

// swatchColors are the mean colours of textures by choice value.
func swatchColors(textures map[int]string, load wowchar.LoadImage) map[int]color.NRGBA {
	out := map[int]color.NRGBA{}
	for v, name := range textures {
		if img, err := load(name); err == nil {
			out[v] = wowchar.Swatch(img)
		}
	}
	return out
}
