package wowchar

import (
	"fmt"
	"io"
	"sort"
	"strings"
)

// Report is what the game's tables offer a character model: its race and sex
// (from its path) and the choices a customisation can take, with what the
// default customisation chooses (inspect's "character" object).
type Report struct {
	Race     uint32            `json:"race"`
	RaceName string            `json:"race_name"`
	Folder   string            `json:"folder"`
	Sex      string            `json:"sex"`
	Mount    string            `json:"mount"`
	Tables   map[string]string `json:"tables"` // the layout each table was read in
	Offers   Offer             `json:"offers"`
	// Swatches are each skin and hair colour's mean colour ("#rrggbb"), from
	// the base skin and the hair texture of that colour.
	Swatches map[string]map[int]string `json:"swatches"`
	Default  ReportChoice              `json:"default"`
}

// ReportChoice is what a customisation chooses, composited.
type ReportChoice struct {
	Customization Customization `json:"customization"`
	Layers        []ReportLayer `json:"layers"`
	Hair          string        `json:"hair"`
	// Body is the composited body texture's size ("256x256"), "" when its
	// base skin could not be had.
	Body    string        `json:"body"`
	Geosets map[int][]int `json:"geosets"`
	Notes   []string      `json:"notes"`
}

// ReportLayer is one layer of the body texture.
type ReportLayer struct {
	Texture string `json:"texture"`
	Region  string `json:"region"`
	Order   int    `json:"order"`
}

// WriteText writes inspect's text lines of the character.
func (c *Report) WriteText(w io.Writer) {
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
