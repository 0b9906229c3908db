package wowchar

import (
	"fmt"
	"strconv"
	"strings"
)

// Customization is what a player picks on the character screen; every field
// is 0 by default.
type Customization struct {
	Skin      int `json:"skin"`      // skin colour
	Face      int `json:"face"`      // face variation
	Hair      int `json:"hair"`      // hair style
	HairColor int `json:"haircolor"` // hair colour (and facial hair's)
	Facial    int `json:"facial"`    // facial style
}

// ParseCustomization reads "skin=N,face=N,hair=N,haircolor=N,facial=N" (any
// subset, any order; the others stay 0).
func ParseCustomization(s string) (Customization, error) {
	var c Customization
	if strings.TrimSpace(s) == "" {
		return c, nil
	}
	seen := map[string]bool{}
	for _, item := range strings.Split(s, ",") {
		key, val, ok := strings.Cut(strings.TrimSpace(item), "=")
		if !ok {
			return c, fmt.Errorf("%q: want NAME=N (skin, face, hair, haircolor, facial)", item)
		}
		n, err := strconv.Atoi(val)
		if err != nil || n < 0 {
			return c, fmt.Errorf("%q: %q is not a number 0 or above", item, val)
		}
		key = strings.ToLower(key)
		if seen[key] {
			return c, fmt.Errorf("%q: %s given twice", s, key)
		}
		seen[key] = true
		switch key {
		case "skin":
			c.Skin = n
		case "face":
			c.Face = n
		case "hair":
			c.Hair = n
		case "haircolor":
			c.HairColor = n
		case "facial":
			c.Facial = n
		default:
			return c, fmt.Errorf("%q: unknown choice %q (skin, face, hair, haircolor, facial)", item, key)
		}
	}
	return c, nil
}

func (c Customization) String() string {
	return fmt.Sprintf("skin=%d,face=%d,hair=%d,haircolor=%d,facial=%d", c.Skin, c.Face, c.Hair, c.HairColor, c.Facial)
}
