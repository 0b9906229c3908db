package formats

import (
	"fmt"
	"strconv"
	"strings"
)

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

// SlotNames are a family's names of its texture slot types, the SLOT that
// --texture SLOT=FILE takes before any file is opened (m2 registers the M2
// texture types': body, cape, hair …).
type SlotNames struct {
	Family string
	// Name is the name of slot type t ("body"; some name for every type).
	Name func(t int) string
	// Parse reads a slot as --texture names it: a name or a type number.
	Parse func(s string) (int, error)
}

var slotNames = newKindList(func(a, b SlotNames) bool { return a.Family < b.Family })

// RegisterSlotNames adds a family's slot names; families call it from init.
func RegisterSlotNames(n SlotNames) { slotNames.add(n) }

func registeredSlotNames() []SlotNames { return slotNames.all() }

// SlotName is the name of slot type t by the first registered family's names
// (in family order); "typeN" when no family names slots.
func SlotName(t int) string {
	if ns := registeredSlotNames(); len(ns) > 0 {
		return ns[0].Name(t)
	}
	return "type" + strconv.Itoa(t)
}

// ParseSlot reads --texture's SLOT by the registered families' names (in
// family order): the first that reads it gives the type; when none does, the
// first one's error. With no family registered it takes a type number 1–255
// ("7" or "type7").
func ParseSlot(s string) (int, error) {
	ns := registeredSlotNames()
	if len(ns) == 0 {
		low := strings.ToLower(strings.TrimSpace(s))
		if n, err := strconv.Atoi(strings.TrimPrefix(low, "type")); err == nil && n >= 1 && n <= 255 {
			return n, nil
		}
		return 0, fmt.Errorf("texture slot %q: want a type number 1-255", s)
	}
	var first error
	for _, n := range ns {
		t, err := n.Parse(s)
		if err == nil {
			return t, nil
		}
		if first == nil {
			first = err
		}
	}
	return 0, first
}
