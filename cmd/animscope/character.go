package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"animscope/formats"
	"animscope/formats/vfs"
	"animscope/formats/wowchar"
)

// inspectCharacter is what the game's tables offer a character model: its race
// and sex (from its path) and the choices a customisation can take, with what
// the default customisation chooses.
type inspectCharacter struct {
	Race     uint32            `json:"race"`
	RaceName string            `json:"race_name"`
	Folder   string            `json:"folder"`
	Sex      string            `json:"sex"`
	Mount    string            `json:"mount"`
	Tables   map[string]string `json:"tables"` // the layout each table was read in
	Offers   wowchar.Offer     `json:"offers"`
	// Swatches are each skin and hair colour's mean colour ("#rrggbb"), from
	// the base skin and the hair texture of that colour.
	Swatches map[string]map[int]string `json:"swatches"`
	Default  inspectCharChoice         `json:"default"`
}

type inspectCharChoice struct {
	Customization wowchar.Customization `json:"customization"`
	Layers        []inspectCharLayer    `json:"layers"`
	Hair          string                `json:"hair"`
	// Body is the composited body texture's size ("256x256"), "" when its
	// base skin could not be had.
	Body    string        `json:"body"`
	Geosets map[int][]int `json:"geosets"`
	Notes   []string      `json:"notes"`
}

type inspectCharLayer struct {
	Texture string `json:"texture"`
	Region  string `json:"region"`
	Order   int    `json:"order"`
}

// characterMount mounts what a character model at name was opened from: the
// game data folder (or archive) of an ARCHIVE:MEMBER, or the folder above
// Character\ for a file on disk. ok is false when name is no character path.
func characterMount(name string) (m *vfs.Mount, ok bool) {
	if _, _, ok = wowchar.ModelIdentity(name); !ok {
		return nil, false
	}
	var err error
	if arch := formats.ArchiveOf(name); arch != "" {
		set := []string{arch}
		if all, _ := vfs.DataFolderArchives(filepath.Dir(arch)); containsPath(all, arch) {
			set = all // the archive's data folder, in the game's order
		}
		m, err = vfs.OpenSet(set)
	} else {
		// .../<root>/Character/<Race>/<Sex>/<file>: the root is mounted only
		// when it is a game data folder or holds DBFilesClient (a model in any
		// other Character folder does not index the folders around it).
		root := filepath.Dir(filepath.Dir(filepath.Dir(filepath.Dir(name))))
		if archives, _ := vfs.DataFolderArchives(root); len(archives) == 0 && !hasEntry(root, "DBFilesClient") {
			return nil, false
		}
		m, err = vfs.Open(root)
	}
	if err != nil {
		return nil, false
	}
	return m, true
}

// hasEntry says whether folder dir holds an entry called name (any case).
func hasEntry(dir, name string) bool {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return false
	}
	for _, e := range entries {
		if strings.EqualFold(e.Name(), name) {
			return true
		}
	}
	return false
}

func containsPath(list []string, p string) bool {
	abs, _ := filepath.Abs(p)
	for _, q := range list {
		if qa, _ := filepath.Abs(q); qa == abs {
			return true
		}
	}
	return false
}

// characterOf is the character a lone M2 model file is, when the mount it
// comes from holds the character tables; a broken or missing table, or a race
// the tables lack, is a warning in diags and the result is nil.
func characterOf(files []string, format string) (c *inspectCharacter, diags []formats.Diagnostic) {
	if len(files) != 1 || format != "m2" {
		return nil, nil
	}
	m, ok := characterMount(files[0])
	if !ok {
		return nil, nil
	}
	defer m.Close()
	char, warns := wowchar.Find(m, files[0])
	for _, w := range warns {
		diags = append(diags, formats.DiagWarnf(m.Name, -1, "%s", w))
	}
	if char == nil {
		return nil, diags
	}
	ch := char.Choose(wowchar.Customization{})
	c = &inspectCharacter{Race: char.Race.ID, RaceName: char.Race.Name, Folder: char.Race.ClientFileString, Sex: strings.ToLower(char.Sex.String()),
		Mount: m.Name, Tables: char.Tables.Versions, Offers: char.Offers(),
		Default: inspectCharChoice{Customization: ch.Custom, Layers: []inspectCharLayer{}, Hair: ch.Hair, Geosets: ch.Groups(), Notes: ch.Notes}}
	if c.Default.Notes == nil {
		c.Default.Notes = []string{}
	}
	load := wowchar.MountImages(m)
	skins, hairs := char.Tables.SwatchTextures(char.Race.ID, char.Sex)
	c.Swatches = map[string]map[int]string{"skin": swatches(skins, load), "haircolor": swatches(hairs, load)}
	// Composited as a renderer would, so that a texture the tables name but the
	// mount lacks (or cannot decode) is a warning here too.
	res := ch.Composite(load)
	if res.Body != nil {
		c.Default.Body = fmt.Sprintf("%dx%d", res.Body.Rect.Dx(), res.Body.Rect.Dy())
	}
	for _, w := range res.Warnings {
		diags = append(diags, formats.DiagWarnf(m.Name, -1, "%s", w))
	}
	for _, l := range ch.Layers {
		c.Default.Layers = append(c.Default.Layers, inspectCharLayer{Texture: l.Texture, Region: l.Region.String(), Order: l.Order})
	}
	return c, diags
}

// swatches are the mean colours of textures by choice value (a texture that
// does not load has none: the composite's warning names it).
func swatches(textures map[int]string, load wowchar.LoadImage) map[int]string {
	out := map[int]string{}
	for v, name := range textures {
		if img, err := load(name); err == nil {
			c := wowchar.Swatch(img)
			out[v] = fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B)
		}
	}
	return out
}

// printCharacter writes inspect's text lines of a character.
func printCharacter(w io.Writer, c *inspectCharacter) {
	if c == nil {
		return
	}
	ints := func(v []int) string {
		s := make([]string, len(v))
		for i, n := range v {
			s[i] = fmt.Sprint(n)
		}
		return strings.Join(s, " ")
	}
	fmt.Fprintf(w, "character: %s %s (race %d, %s) from the tables of %s\n", c.Folder, c.Sex, c.Race, c.RaceName, c.Mount)
	o := c.Offers
	fmt.Fprintf(w, "  offers:  skin %s; face %s; hair %s; haircolor %s; facial %s\n", ints(o.Skins), ints(o.Faces), ints(o.Hairs), ints(o.HairColors), ints(o.Facials))
	for _, kind := range []string{"skin", "haircolor"} {
		sw := c.Swatches[kind]
		vals := make([]int, 0, len(sw))
		for v := range sw {
			vals = append(vals, v)
		}
		sort.Ints(vals)
		parts := make([]string, len(vals))
		for i, v := range vals {
			parts[i] = fmt.Sprintf("%d %s", v, sw[v])
		}
		fmt.Fprintf(w, "  %s colours: %s\n", kind, strings.Join(parts, ", "))
	}
	fmt.Fprintf(w, "  default (%s):\n", c.Default.Customization)
	for _, l := range c.Default.Layers {
		fmt.Fprintf(w, "    body layer %d %-12s %s\n", l.Order, l.Region, l.Texture)
	}
	body := c.Default.Body
	if body == "" {
		body = "not composited"
	}
	fmt.Fprintf(w, "    body texture %s\n", body)
	fmt.Fprintf(w, "    hair texture %s\n", c.Default.Hair)
	groups := make([]int, 0, len(c.Default.Geosets))
	for g := range c.Default.Geosets {
		groups = append(groups, g)
	}
	sort.Ints(groups)
	for _, g := range groups {
		fmt.Fprintf(w, "    geoset group %d: [%s]\n", g, ints(c.Default.Geosets[g]))
	}
	for _, n := range c.Default.Notes {
		fmt.Fprintf(w, "    note: %s\n", n)
	}
}
