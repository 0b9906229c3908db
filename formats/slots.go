package formats

import "fmt"

// TextureSlot is one replaceable texture of a model: a texture the model does
// not name, that the game fills (an M2 character's body skin, hair, cape; a
// creature's skins).
type TextureSlot struct {
	Type  int    `json:"type"`  // the family's number for it (M2 texture type)
	Name  string `json:"name"`  // the name --texture takes ("body")
	Label string `json:"label"` // what it is ("body skin")
	// File fills the slot ("" when it is empty); Sought says what was looked for
	// when nothing was given ("ScourgeFemaleSkin00_00.blp beside the model …").
	File   string `json:"file,omitempty"`
	Sought string `json:"sought,omitempty"`
	// Candidates are files that may fill it (a picker's list), best guess first.
	Candidates []string `json:"candidates,omitempty"`
	// Model is the model file whose slot it is (for the warning).
	Model string `json:"-"`
}

// Warning is the one wording of an empty slot (banner, stderr and export
// alike): it names the model, the slot and what was looked for.
func (s TextureSlot) Warning() string {
	sought, model := s.Sought, s.Model
	if model == "" {
		model = "the model"
	}
	if sought == "" {
		sought = "nothing names a file for it"
	}
	return fmt.Sprintf("%s: texture slot %s (%s) is empty: %s; its meshes are drawn untextured (--texture %s=FILE fills it)",
		model, s.Name, s.Label, sought, s.Name)
}

// TextureSlots is the side of Materials whose replaceable textures are slots a
// user fills one by one.
type TextureSlots interface {
	// TextureSlots lists the slots the model's materials use, in type order.
	TextureSlots() []TextureSlot
	// FillSlot puts file (a path as texture.Read reads it, "" to empty it) in
	// the slot of that type.
	FillSlot(typ int, file string) error
}

// SlotsOf lists the scene's texture slots, nil when it has none.
func SlotsOf(a *Asset) []TextureSlot {
	if a == nil || a.Materials == nil {
		return nil
	}
	if s, ok := a.Materials.(TextureSlots); ok {
		return s.TextureSlots()
	}
	return nil
}

// SlotWarnings lists the warnings of the scene's empty slots, in slot order.
func SlotWarnings(a *Asset) []string {
	var out []string
	for _, s := range SlotsOf(a) {
		if s.File == "" {
			out = append(out, s.Warning())
		}
	}
	return out
}
