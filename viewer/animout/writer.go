package animout

import (
	"image"
	"path/filepath"
	"strings"
)

// Writer takes a sequence's frames in order.
type Writer interface {
	Frame(img *image.RGBA) error // straight alpha, the planned size
	Close() error                // finishes the output
	Abort()                      // drops it (after an error or a cancel)
}

// Kind is what an --out names.
type Kind int

const (
	KindNone Kind = iota // not an animation (a still .png or .jpg)
	KindGIF
	KindPNGSeq
	KindVideo
)

// KindOf says which animation out names: a .gif, a pattern with a % (a PNG
// sequence), a .mp4 or .webm; KindNone for anything else.
func KindOf(out string) Kind {
	if IsPattern(out) {
		return KindPNGSeq
	}
	if _, ok := VideoExt(out); ok {
		return KindVideo
	}
	if strings.EqualFold(filepath.Ext(out), ".gif") {
		return KindGIF
	}
	return KindNone
}

// NewWriter opens the writer for out's kind.
func NewWriter(out string, w, h int, p Plan, bg Background) (Writer, error) {
	switch KindOf(out) {
	case KindGIF:
		return NewGIF(out, w, h, p.Delays, bg.Transparent), nil
	case KindPNGSeq:
		if err := CheckPattern(out); err != nil {
			return nil, err
		}
		return NewPNGSeq(out, bg.Transparent), nil
	case KindVideo:
		if err := CheckVideo(out, bg); err != nil {
			return nil, err
		}
		return NewVideo(out, w, h, p.Rate, bg.Transparent)
	}
	return nil, errUnknownKind(out)
}

type errUnknownKind string

func (e errUnknownKind) Error() string {
	return string(e) + ": not an animation (want NAME.gif, NAME_%04d.png, NAME.mp4 or NAME.webm)"
}
