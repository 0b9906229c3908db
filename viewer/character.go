package viewer

import (
	"errors"

	"animscope/formats"
)

// Character is the Character panel's model of a scene whose character model
// was opened from a mount holding the game's character tables: what the tables
// offer its race and sex, the colour each skin and hair colour stands for, and
// the customisation drawn now. Choosing another dresses the scene once
// (composite, texture slots, hair and facial geosets) and bumps its Gen, so the
// renderer uploads the meshes and reads the textures again; the frames between
// changes cost nothing more.
type Character struct {
	Title string // "Scourge female (race 5)"
	// Choices are what the tables offer, one row of the panel each, with the
	// swatch of each colour of a choice of colours.
	Choices []formats.CustomChoice
	Custom  formats.Customization
	// Dress dresses asset a as c and returns the warnings of doing so (a
	// texture the tables name that the mount lacks).
	Dress func(a *formats.Asset, c formats.Customization) []formats.Diagnostic
}

// FindCharacter is what the tables offer a scene's asset, nil when it is no
// character of a mount with the tables. The command line sets it (it knows
// which mount a file came from and which customisation it asked for); nil, no
// scene has a Character panel.
var FindCharacter func(a *formats.Asset) *Character

// Character is the scene's character (nil without one), found once per scene.
func (sc *Scene) Character() *Character {
	if sc == nil || sc.Asset == nil {
		return nil
	}
	if !sc.charFound {
		sc.charFound = true
		if FindCharacter != nil {
			sc.char = FindCharacter(sc.Asset)
		}
	}
	return sc.char
}

// Customize dresses the scene's character as c (nothing when it is dressed so
// already) and returns the warnings of doing so.
func (sc *Scene) Customize(c formats.Customization) ([]formats.Diagnostic, error) {
	ch := sc.Character()
	if ch == nil || ch.Dress == nil {
		return nil, errors.New("this scene is no character of a mount with the game's tables")
	}
	if c == ch.Custom {
		return nil, nil
	}
	warns := ch.Dress(sc.Asset, c)
	ch.Custom = c
	sc.nextRevision()
	return warns, nil
}
