package formats

import (
	"errors"
	"image/color"
	"io"
	"strconv"
	"strings"
)

// Character customisation: a family whose character models the game dresses
// from its own tables (World of Warcraft's skin colour, face and hair from its
// DBC tables) registers a Customizer from init, and the command line and the
// viewer dress a character through it without knowing the family.

// Customization is a character's choices in their normal form, the value of
// each choice by its key in the customiser's order:
// "skin=0,face=0,hair=2,haircolor=0,facial=0". Two customisations are the same
// choice exactly when they are equal (a customiser's Parse gives the normal
// form), so a Customization is a map key and compares with ==.
type Customization string

// Value is the value of the choice called key (0 when c has none).
func (c Customization) Value(key string) int {
	for _, item := range strings.Split(string(c), ",") {
		if k, v, ok := strings.Cut(item, "="); ok && k == key {
			n, _ := strconv.Atoi(v)
			return n
		}
	}
	return 0
}

// With is c with the choice called key set to v, in its place (at the end when
// c has none).
func (c Customization) With(key string, v int) Customization {
	item := key + "=" + strconv.Itoa(v)
	if c == "" {
		return Customization(item)
	}
	items := strings.Split(string(c), ",")
	for i, it := range items {
		if k, _, ok := strings.Cut(it, "="); ok && k == key {
			items[i] = item
			return Customization(strings.Join(items, ","))
		}
	}
	return Customization(string(c) + "," + item)
}

// CustomChoice is one thing a customisation picks, with the values the tables
// offer a character (a race and sex) for it.
type CustomChoice struct {
	Key    string // the name --character takes ("skin")
	Label  string // what the Character panel calls it ("skin colour")
	Values []int  // the values offered, ascending
	// Colors are the swatch of each value of a choice of colours (none for a
	// value whose texture could not be read); nil for a choice that is no colour.
	Colors map[int]color.NRGBA
}

// Character is one character model of a customiser's family, with the tables
// that dress it. It holds what it was read from open: Close it.
type Character interface {
	// Title names it for the Character panel ("Scourge female (race 5)").
	Title() string
	// Choices are what the tables offer it, in the customiser's order.
	Choices() []CustomChoice
	// Dress dresses asset a (the scene the model was opened in) as the tables
	// choose for c: its texture slots and the geosets the tables decide (not
	// over geosetsGiven, an explicit choice of geosets, nor in a slot of
	// slotsGiven, one the user filled). What cannot be had is a warning in
	// a.Diagnostics, and the scene keeps its fallback there.
	Dress(a *Asset, c Customization, geosetsGiven bool, slotsGiven map[int]bool)
	// Report is what inspect says of it: what the tables offer and what the
	// default customisation chooses (a value that encodes as inspect's JSON
	// object), and the warnings of compositing it.
	Report() (CharacterReport, []Diagnostic)
	Close() error
}

// CharacterReport is inspect's account of a character: its JSON is the
// "character" object, WriteText its lines of text.
type CharacterReport interface {
	WriteText(w io.Writer)
}

// Customizer is a family's character customisation.
type Customizer interface {
	// Parse reads --character's SPEC (NAME=N,… in any order, any subset; ""
	// is the default) into its normal form.
	Parse(spec string) (Customization, error)
	// Find is the character that the model at name (a path, or
	// ARCHIVE:MEMBER, as the user named it) is, when what it was opened from
	// (its game data folder or archive) holds the tables. It is nil without
	// warnings for a model that is no character of the family or a mount
	// without the tables; nil with warnings when a table is missing or broken.
	Find(name string) (Character, []Diagnostic)
}

var (
	customizers = newKindList(func(a, b namedCustomizer) bool { return a.name < b.name })
)

type namedCustomizer struct {
	name string
	c    Customizer
}

// RegisterCustomizer adds a family's customiser; families call it from init.
func RegisterCustomizer(name string, c Customizer) {
	customizers.add(namedCustomizer{name, c})
}

func registeredCustomizers() []namedCustomizer {
	return customizers.all()
}

// ErrNoCustomizer is ParseCustomization's error for a SPEC when no family
// customises characters.
var ErrNoCustomizer = errors.New("no file family registered customises characters")

// ParseCustomization reads --character's SPEC by the registered customisers
// (in name order): the first that reads it gives its normal form; when none
// does, the first one's error. "" is the default: the first customiser's
// normal form of it, "" when none is registered.
func ParseCustomization(spec string) (Customization, error) {
	cs := registeredCustomizers()
	if len(cs) == 0 {
		if strings.TrimSpace(spec) == "" {
			return "", nil
		}
		return "", ErrNoCustomizer
	}
	var first error
	for _, nc := range cs {
		c, err := nc.c.Parse(spec)
		if err == nil {
			return c, nil
		}
		if first == nil {
			first = err
		}
	}
	return "", first
}

// FindCharacter is the character that the model at name is, by the first
// registered customiser (in name order) that knows it or warns of it; nil and
// no warnings when none does (see Customizer.Find).
func FindCharacter(name string) (Character, []Diagnostic) {
	for _, nc := range registeredCustomizers() {
		if ch, warns := nc.c.Find(name); ch != nil || len(warns) > 0 {
			return ch, warns
		}
	}
	return nil, nil
}
