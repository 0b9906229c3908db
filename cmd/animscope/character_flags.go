package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"animscope/formats"
	"animscope/viewer"
)

// characterFlags are --geosets and --texture (render, shot, export and the
// viewer): which geosets of a character are drawn and which files fill its
// texture slots. They apply to the decoded scene, before anything reads its
// meshes or textures.
type characterFlags struct {
	geosets  *string
	textures slotFiles
	// character is --character: the customisation the game's tables dress a
	// character with, when its mount holds them.
	character *string
	// chosen is the viewer's Character panel's last choice by model file: a
	// reload (--watch, File > Reload) dresses the character as it was.
	chosen map[string]formats.Customization
}

// slotFile is one --texture SLOT=FILE.
type slotFile struct {
	slot int
	file string
}

// slotFiles is --texture, given once per slot.
type slotFiles []slotFile

func (l *slotFiles) String() string {
	parts := make([]string, len(*l))
	for i, s := range *l {
		parts[i] = formats.SlotName(s.slot) + "=" + s.file
	}
	return strings.Join(parts, " ")
}

// Set reads SLOT=FILE (a usage error for a slot that is no slot's name or number).
func (l *slotFiles) Set(v string) error {
	name, file, ok := strings.Cut(v, "=")
	if !ok || file == "" {
		return fmt.Errorf("%q: want SLOT=FILE (SLOT body, cape, hair, fur, creature1 … or a type number)", v)
	}
	t, err := formats.ParseSlot(name)
	if err != nil {
		return err
	}
	*l = append(*l, slotFile{t, file})
	return nil
}

func (c *characterFlags) register(fs *flag.FlagSet) {
	c.geosets = fs.String("geosets", "defaults", "which geosets of a character are drawn: defaults (the game's, without equipment), all, or ID,ID,…")
	c.character = fs.String("character", "", "a character's customisation by the game's tables, where its mount holds them: `SPEC` skin=N,face=N,hair=N,haircolor=N,facial=N (any subset; 0 by default)")
	fs.Var(&c.textures, "texture", "fill texture slot SLOT with FILE (once per slot; SLOT body, cape, hair, fur, creature1, creature2, creature3 or a type number)")
}

// check reads --geosets' form before any file is opened (a usage error).
func (c *characterFlags) check() error {
	if _, err := formats.ParseCustomization(*c.character); err != nil {
		return usagef("--character %v", err)
	}
	if g := *c.geosets; g != "defaults" && g != "all" {
		if _, err := formats.GeosetIDs(g); err != nil {
			return usagef("--geosets %v", err)
		}
	}
	return nil
}

// apply chooses the scene's geosets and fills its texture slots (usage errors:
// a geoset or a slot the scene lacks). The defaults leave the scene as decoded.
func (c *characterFlags) apply(a *formats.Asset) error {
	if g := *c.geosets; g != "defaults" {
		groups := formats.GeosetsOf(a)
		if groups == nil && g != "all" {
			return usagef("--geosets %s: the scene has no geosets", g)
		}
		show, err := formats.ParseGeosets(g, groups)
		if err != nil {
			return usagef("--geosets: %v", err)
		}
		formats.ApplyGeosets(a.Meshes, groups, show)
	}
	cust, err := formats.ParseCustomization(*c.character)
	if err != nil {
		return usagef("--character %v", err)
	}
	if len(a.Files) > 0 {
		if ch, ok := c.chosen[a.Files[0]]; ok {
			cust = ch
		}
	}
	given := map[int]bool{}
	for _, s := range c.textures {
		given[s.slot] = true
	}
	applyCharacter(a, cust, *c.geosets != "defaults", given)
	if len(c.textures) == 0 {
		return nil
	}
	ts, ok := a.Materials.(formats.TextureSlots)
	if !ok {
		return usagef("--texture: the scene has no texture slots")
	}
	for _, s := range c.textures {
		if err := ts.FillSlot(s.slot, s.file); err != nil {
			return usagef("--texture: %v", err)
		}
	}
	return nil
}

// given says a flag asks for something other than the decoded scene.
func (c *characterFlags) given() bool {
	return *c.geosets != "defaults" || len(c.textures) > 0 || *c.character != ""
}

// loader wraps load so that every scene it opens gets the flags.
func (c *characterFlags) loader(load viewer.Loader) viewer.Loader {
	viewer.FindCharacter = c.viewerCharacter // the Character panel's
	return func(files []string, opts formats.Options) (*formats.Asset, error) {
		a, err := load(files, opts)
		if err != nil {
			return nil, err
		}
		if err := c.apply(a); err != nil {
			return nil, err
		}
		return a, nil
	}
}

// warnSlots prints the warning of each empty texture slot (in the words of the
// viewer's banner and of export).
func warnSlots(a *formats.Asset, stderr io.Writer) {
	for _, w := range formats.SlotWarnings(a) {
		fmt.Fprintf(stderr, "warning: %s\n", w)
	}
}

// printGeosets lists a character's geosets by group, named, each id with its
// default visibility (inspect's text; other models' submeshes all show).
func printGeosets(w io.Writer, a *formats.Asset) {
	groups := formats.GeosetsOf(a)
	named := false
	for _, g := range groups {
		named = named || g.Name != ""
	}
	if !named {
		return
	}
	fmt.Fprintf(w, "geosets: %d groups (by default: what the game shows a character without equipment)\n", len(groups))
	for _, g := range groups {
		var shown, hidden []string
		for i, id := range g.IDs {
			if i < len(g.Shown) && g.Shown[i] {
				shown = append(shown, fmt.Sprint(id))
			} else {
				hidden = append(hidden, fmt.Sprint(id))
			}
		}
		line := fmt.Sprintf("  %2d %-16s shown: %s", g.Group, g.Name, orNone(shown))
		if len(hidden) > 0 {
			line += "; hidden: " + strings.Join(hidden, " ")
		}
		fmt.Fprintln(w, line)
	}
}

// printSlots lists the scene's texture slots: the file in each, or what was
// looked for (inspect's text).
func printSlots(w io.Writer, a *formats.Asset) {
	slots := formats.SlotsOf(a)
	if len(slots) == 0 {
		return
	}
	fmt.Fprintf(w, "texture slots: %d\n", len(slots))
	for _, s := range slots {
		what := s.File
		if what == "" {
			what = "empty: " + s.Sought
		}
		fmt.Fprintf(w, "  %2d %-10s %s\n", s.Type, s.Name, what)
	}
}

func orNone(s []string) string {
	if len(s) == 0 {
		return "none"
	}
	return strings.Join(s, " ")
}
