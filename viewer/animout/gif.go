package animout

import (
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"io"

	"animscope/formats/atomicfile"
)

// MaxGIFBytes bounds what a GIF holds in memory while its frames come in (two
// bytes a pixel: the palette is cut from all of them at the end).
const MaxGIFBytes = 1 << 30

// GIFBytes is what a GIF of n frames of w×h holds in memory.
func GIFBytes(n, w, h int) int64 { return int64(n) * int64(w) * int64(h) * 2 }

// transparentBin marks a pixel of a transparent background in a frame.
const transparentBin = 0x8000

// GIF collects frames and writes them as one looping animated GIF on Close.
type GIF struct {
	path        string
	w, h        int
	delays      []int
	transparent bool
	k           int
	frames      [][]uint16 // each kept frame's pixels as colour bins
	kept        []int      // their delays
	hist        *histogram
}

// NewGIF writes path (atomically, on Close) with the plan's delays; over a
// transparent background a pixel of alpha under one half is transparent.
func NewGIF(path string, w, h int, delays []int, transparent bool) *GIF {
	return &GIF{path: path, w: w, h: h, delays: delays, transparent: transparent, hist: new(histogram)}
}

// Frame takes the next frame (straight alpha, w×h).
func (g *GIF) Frame(img *image.RGBA) error {
	if img.Rect.Dx() != g.w || img.Rect.Dy() != g.h {
		return fmt.Errorf("%s: frame %d is %dx%d, not %dx%d", g.path, g.k, img.Rect.Dx(), img.Rect.Dy(), g.w, g.h)
	}
	if g.k >= len(g.delays) {
		return fmt.Errorf("%s: more frames than planned (%d)", g.path, len(g.delays))
	}
	d := g.delays[g.k]
	g.k++
	if d <= 0 {
		return nil // shown for no time (a last frame within half a centisecond of the end)
	}
	px := make([]uint16, g.w*g.h)
	for y := 0; y < g.h; y++ {
		row := img.Pix[y*img.Stride : y*img.Stride+4*g.w]
		for x := 0; x < g.w; x++ {
			p := row[4*x : 4*x+4 : 4*x+4]
			if g.transparent && p[3] < 128 {
				px[y*g.w+x] = transparentBin
				continue
			}
			b := binOf(p[0], p[1], p[2])
			g.hist.add(b, p[0], p[1], p[2])
			px[y*g.w+x] = b
		}
	}
	g.frames = append(g.frames, px)
	g.kept = append(g.kept, d)
	return nil
}

// Close cuts the palette, maps the frames and writes the file.
func (g *GIF) Close() error {
	if len(g.frames) == 0 {
		return fmt.Errorf("%s: no frames", g.path)
	}
	n := 256
	if g.transparent {
		n = 255 // index 0 is the transparent colour
	}
	pal, index := medianCut(g.hist, n)
	g.hist = nil
	off := uint8(0)
	if g.transparent {
		pal = append(color.Palette{color.RGBA{}}, pal...)
		off = 1
	}
	if len(pal) < 2 {
		pal = append(pal, color.RGBA{A: 255}) // a GIF's table holds at least two colours
	}
	anim := &gif.GIF{Config: image.Config{ColorModel: pal, Width: g.w, Height: g.h}}
	for i, px := range g.frames {
		img := image.NewPaletted(image.Rect(0, 0, g.w, g.h), pal)
		for j, b := range px {
			if b == transparentBin {
				img.Pix[j] = 0
			} else {
				img.Pix[j] = index[b] + off
			}
		}
		g.frames[i] = nil // the bins are done with: a frame's memory at a time
		anim.Image = append(anim.Image, img)
		anim.Delay = append(anim.Delay, g.kept[i])
		disposal := byte(gif.DisposalNone)
		if g.transparent {
			disposal = gif.DisposalBackground // the last frame must not show through
		}
		anim.Disposal = append(anim.Disposal, disposal)
	}
	if g.transparent {
		anim.BackgroundIndex = 0
	}
	return atomicfile.WriteFunc(g.path, func(w io.Writer) error { return gif.EncodeAll(w, anim) })
}

// Abort drops the frames; nothing was written.
func (g *GIF) Abort() { g.frames, g.hist = nil, nil }
