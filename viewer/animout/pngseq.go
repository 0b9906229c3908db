package animout

import (
	"fmt"
	"image"
	"image/png"
	"io"
	"os"
	"strings"

	"animscope/formats/atomicfile"
)

// CheckPattern accepts a PNG sequence's name pattern: printf-style with
// exactly one %d verb (flags and a width allowed: %d, %04d, %-3d), any %%
// literal, no other verb, ending in .png.
func CheckPattern(p string) error {
	if !strings.HasSuffix(strings.ToLower(p), ".png") {
		return fmt.Errorf("%s: a PNG sequence's pattern ends in .png", p)
	}
	verbs := 0
	for i := 0; i < len(p); i++ {
		if p[i] != '%' {
			continue
		}
		j := i + 1
		for j < len(p) && strings.IndexByte("-+# 0", p[j]) >= 0 {
			j++
		}
		for j < len(p) && p[j] >= '0' && p[j] <= '9' {
			j++
		}
		switch {
		case j < len(p) && p[j] == '%' && j == i+1:
		case j < len(p) && p[j] == 'd':
			verbs++
		default:
			end := min(j+1, len(p))
			return fmt.Errorf("%s: %q is not a %%d verb (the frame number); write %%%% for a %%", p, p[i:end])
		}
		i = j
	}
	if verbs != 1 {
		return fmt.Errorf("%s: want exactly one %%d for the frame number (as in walk_%%04d.png), found %d", p, verbs)
	}
	return nil
}

// IsPattern says whether out names a PNG sequence (it holds a %).
func IsPattern(out string) bool { return strings.Contains(out, "%") }

// FrameName is frame k's file of a pattern CheckPattern accepted.
func FrameName(pattern string, k int) string { return fmt.Sprintf(pattern, k) }

// PNGSeq writes each frame as it comes to its own file, numbered from 0.
type PNGSeq struct {
	pattern     string
	transparent bool
	k           int
	created     []string // files this sequence made (not ones it replaced)
}

// NewPNGSeq writes frames named by pattern; over a transparent background the
// PNGs keep the alpha channel.
func NewPNGSeq(pattern string, transparent bool) *PNGSeq {
	return &PNGSeq{pattern: pattern, transparent: transparent}
}

// Frame writes the next frame (straight alpha).
func (s *PNGSeq) Frame(img *image.RGBA) error {
	name := FrameName(s.pattern, s.k)
	s.k++
	_, _, existed, err := atomicfile.Target(name)
	if err != nil {
		return err
	}
	var pic image.Image = img
	if s.transparent {
		pic = &image.NRGBA{Pix: img.Pix, Stride: img.Stride, Rect: img.Rect}
	}
	if err := atomicfile.WriteFunc(name, func(w io.Writer) error { return png.Encode(w, pic) }); err != nil {
		return err
	}
	if !existed {
		s.created = append(s.created, name)
	}
	return nil
}

// Close has nothing left to write.
func (s *PNGSeq) Close() error { return nil }

// Abort removes the files the sequence created (a replaced file stays
// replaced: each was written whole).
func (s *PNGSeq) Abort() {
	for _, n := range s.created {
		os.Remove(n) // best effort: what cannot be removed is left
	}
	s.created = nil
}
