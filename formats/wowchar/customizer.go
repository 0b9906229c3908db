package wowchar

import (
	"fmt"
	"image"
	"image/color"
	"strings"

	"animscope/formats"
	"animscope/formats/m2"
	"animscope/formats/texture"
	"animscope/formats/vfs"
)

// The customiser of World of Warcraft's character models (formats.Customizer):
// a model at Character\<Race>\<Sex>\ opened from a game data folder (or one of
// its archives, or the folder extracted from them) that holds the character
// tables is dressed by them.
func init() { formats.RegisterCustomizer("wow", customizer{}) }

type customizer struct{}

// Parse is ParseCustomization in the normal form (Customization.String).
func (customizer) Parse(spec string) (formats.Customization, error) {
	c, err := ParseCustomization(spec)
	if err != nil {
		return "", err
	}
	return formats.Customization(c.String()), nil
}

// Find mounts what the model at name was opened from and finds its character
// there (Find); the warnings name the mount.
func (customizer) Find(name string) (formats.Character, []formats.Diagnostic) {
	m, ok := mountOf(name)
	if !ok {
		return nil, nil
	}
	char, warns := Find(m, name)
	var diags []formats.Diagnostic
	for _, w := range warns {
		diags = append(diags, formats.DiagWarnf(m.Name, -1, "%s", w))
	}
	if char == nil {
		m.Close()
		return nil, diags
	}
	return &mounted{m: m, char: char}, diags
}

// mounted is a character with the mount its tables and textures come from.
type mounted struct {
	m    *vfs.Mount
	char *Character
}

func (c *mounted) Close() error { return c.m.Close() }

func (c *mounted) Title() string {
	return fmt.Sprintf("%s %s (race %d)", c.char.Race.ClientFileString, strings.ToLower(c.char.Sex.String()), c.char.Race.ID)
}

// Choices are the offers in Customization's order, the skin and hair colours
// with their swatches.
func (c *mounted) Choices() []formats.CustomChoice {
	o := c.char.Offers()
	load := MountImages(c.m)
	skins, hairs := c.char.Tables.SwatchTextures(c.char.Race.ID, c.char.Sex)
	return []formats.CustomChoice{
		{Key: "skin", Label: "skin colour", Values: o.Skins, Colors: swatchColors(skins, load)},
		{Key: "face", Label: "face", Values: o.Faces},
		{Key: "hair", Label: "hair style", Values: o.Hairs},
		{Key: "haircolor", Label: "hair colour", Values: o.HairColors, Colors: swatchColors(hairs, load)},
		{Key: "facial", Label: "facial hair", Values: o.Facials},
	}
}

// swatchColors are the mean colours of textures by choice value (a texture
// that does not load has none: the composite's warning names it).
func swatchColors(textures map[int]string, load LoadImage) map[int]color.NRGBA {
	out := map[int]color.NRGBA{}
	for v, name := range textures {
		if img, err := load(name); err == nil {
			out[v] = Swatch(img)
		}
	}
	return out
}

// Dress dresses a as the tables choose for c: the hair and facial geosets over
// the default geosets (not over an explicit choice, geosetsGiven), and the
// composited body skin, the hair and the fur in their texture slots (not over
// a slot the user filled). A texture that cannot be had is a warning and the
// fallback stays.
func (c *mounted) Dress(a *formats.Asset, fc formats.Customization, geosetsGiven bool, slotsGiven map[int]bool) {
	cust, err := ParseCustomization(string(fc))
	if err != nil {
		a.Diagnostics = append(a.Diagnostics, formats.DiagWarnf(c.m.Name, -1, "character not dressed: %v", err))
		return
	}
	ch := c.char.Choose(cust)
	res := ch.Composite(MountImages(c.m))
	for _, w := range res.Warnings {
		a.Diagnostics = append(a.Diagnostics, formats.DiagWarnf(c.m.Name, -1, "%s", w))
	}
	if groups := formats.GeosetsOf(a); groups != nil && !geosetsGiven {
		show := formats.GeosetSet{}
		var ids []int
		for _, mesh := range a.Meshes {
			show[mesh.Group] = !mesh.Hidden
			ids = append(ids, mesh.Group)
		}
		ch.Override(show, ids)
		formats.ApplyGeosets(a.Meshes, groups, show)
	}
	ts, ok := a.Materials.(formats.TextureSlots)
	if !ok || len(a.Files) == 0 {
		return
	}
	// The images live in memory under a name beside the model's file (its
	// archive's, for a member), as texture.Read serves them.
	base := formats.ArchiveOf(a.Files[0])
	if base == "" {
		base = a.Files[0]
	}
	put := func(slot int, what string, img image.Image) {
		if img == nil || slotsGiven[slot] || !hasSlot(ts, slot) {
			return
		}
		name := fmt.Sprintf("%s:character %s %s.png", base, cust, what)
		if err := texture.Provide(name, img); err != nil {
			a.Diagnostics = append(a.Diagnostics, formats.DiagWarnf(name, -1, "%v", err))
			return
		}
		if err := ts.FillSlot(slot, name); err != nil {
			a.Diagnostics = append(a.Diagnostics, formats.DiagWarnf(name, -1, "%v", err))
		}
	}
	if res.Body != nil {
		put(m2.TextureBody, "body", res.Body)
	}
	if res.Hair != nil {
		put(m2.TextureHair, "hair", res.Hair)
	}
	if res.Fur != nil {
		put(m2.TextureFur, "fur", res.Fur)
	}
}

func hasSlot(ts formats.TextureSlots, slot int) bool {
	for _, s := range ts.TextureSlots() {
		if s.Type == slot {
			return true
		}
	}
	return false
}

// Report is what the tables offer the character and what the default
// customisation chooses, composited as a renderer would, so that a texture the
// tables name but the mount lacks (or cannot decode) is a warning here too.
func (c *mounted) Report() (formats.CharacterReport, []formats.Diagnostic) {
	char, m := c.char, c.m
	ch := char.Choose(Customization{})
	r := &Report{Race: char.Race.ID, RaceName: char.Race.Name, Folder: char.Race.ClientFileString, Sex: strings.ToLower(char.Sex.String()),
		Mount: m.Name, Tables: char.Tables.Versions, Offers: char.Offers(),
		Default: ReportChoice{Customization: ch.Custom, Layers: []ReportLayer{}, Hair: ch.Hair, Geosets: ch.Groups(), Notes: ch.Notes}}
	if r.Default.Notes == nil {
		r.Default.Notes = []string{}
	}
	load := MountImages(m)
	skins, hairs := char.Tables.SwatchTextures(char.Race.ID, char.Sex)
	r.Swatches = map[string]map[int]string{"skin": swatchHex(skins, load), "haircolor": swatchHex(hairs, load)}
	var diags []formats.Diagnostic
	res := ch.Composite(load)
	if res.Body != nil {
		r.Default.Body = fmt.Sprintf("%dx%d", res.Body.Rect.Dx(), res.Body.Rect.Dy())
	}
	for _, w := range res.Warnings {
		diags = append(diags, formats.DiagWarnf(m.Name, -1, "%s", w))
	}
	for _, l := range ch.Layers {
		r.Default.Layers = append(r.Default.Layers, ReportLayer{Texture: l.Texture, Region: l.Region.String(), Order: l.Order})
	}
	return r, diags
}

// swatchHex are swatchColors as "#rrggbb".
func swatchHex(textures map[int]string, load LoadImage) map[int]string {
	out := map[int]string{}
	for v, c := range swatchColors(textures, load) {
		out[v] = fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B)
	}
	return out
}
