package animout

import (
	"fmt"
	"strconv"
	"strings"
)

// Background is a --background: the view's own colour (the zero value),
// transparent, or a colour.
type Background struct {
	Set, Transparent bool
	RGB              [3]uint8
}

// ParseBackground reads "transparent" or "#rrggbb" ("" is the view's colour).
func ParseBackground(s string) (Background, error) {
	switch t := strings.ToLower(strings.TrimSpace(s)); {
	case t == "":
		return Background{}, nil
	case t == "transparent":
		return Background{Set: true, Transparent: true}, nil
	case len(t) == 7 && t[0] == '#':
		v, err := strconv.ParseUint(t[1:], 16, 32)
		if err == nil {
			return Background{Set: true, RGB: [3]uint8{uint8(v >> 16), uint8(v >> 8), uint8(v)}}, nil
		}
	}
	return Background{}, fmt.Errorf("%q: want transparent or a colour #rrggbb", s)
}

// Clear is the clear colour for the background over the view's colour def:
// def with alpha 0 when transparent.
func (b Background) Clear(def [4]float32) [4]float32 {
	switch {
	case b.Transparent:
		def[3] = 0
		return def
	case b.Set:
		return [4]float32{float32(b.RGB[0]) / 255, float32(b.RGB[1]) / 255, float32(b.RGB[2]) / 255, 1}
	}
	return def
}
