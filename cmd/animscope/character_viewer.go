package main

import (
	"animscope/formats"
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
	char, _ := formats.FindCharacter(a.Files[0]) // applyCharacter warned already
	if char == nil {
		return nil
	}
	defer char.Close()
	cust, err := formats.ParseCustomization(*c.character)
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
	return &viewer.Character{
		Title:   char.Title(),
		Choices: char.Choices(),
		Custom:  cust,
		Dress: func(a *formats.Asset, cust formats.Customization) []formats.Diagnostic {
			n := len(a.Diagnostics)
			applyCharacter(a, cust, false, given)
			if c.chosen == nil {
				c.chosen = map[string]formats.Customization{}
			}
			c.chosen[a.Files[0]] = cust
			return a.Diagnostics[n:len(a.Diagnostics):len(a.Diagnostics)]
		},
	}
}
