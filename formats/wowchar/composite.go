package wowchar

import (
	"fmt"
	"image"
	"image/draw"

	"animscope/formats/blp"
)

// LoadImage loads a texture by the name a table gives it.
type LoadImage func(name string) (image.Image, error)

// MountImages loads the BLP textures the tables name from src.
func MountImages(src Source) LoadImage {
	return func(name string) (image.Image, error) {
		data, err := src.ReadFile(name)
		if err != nil {
			return nil, err
		}
		tex, err := blp.Parse(name, data)
		if err != nil {
			return nil, err
		}
		return tex.Mip(0)
	}
}

// Result is a choice made into pictures: what a renderer needs to draw the
// character as the tables say.
type Result struct {
	// Body is the composited body skin (texture slot 1); nil when the base
	// skin could not be had.
	Body *image.NRGBA
	Hair image.Image // the hair texture (slot 6), nil when none
	Fur  image.Image // the skin's extra texture (slot 8), nil when none
	// Geosets are the chosen geoset ids per group (Geosets.Groups).
	Geosets map[int][]int
	// Warnings name each texture that could not be loaded.
	Warnings []string
}

// Composite loads the choice's textures through load and composites the body
// texture by the rules in the package notes.
func (ch Choice) Composite(load LoadImage) Result {
	res := Result{Geosets: ch.Groups()}
	get := func(name, what string) image.Image {
		if name == "" {
			return nil
		}
		img, err := load(name)
		if err != nil {
			res.Warnings = append(res.Warnings, fmt.Sprintf("%s texture %s: %v", what, name, err))
			return nil
		}
		return img
	}
	res.Hair = get(ch.Hair, "hair")
	res.Fur = get(ch.Fur, "fur")
	if len(ch.Layers) == 0 || ch.Layers[0].Region != RegionBase {
		res.Warnings = append(res.Warnings, "no base skin in CharSections: the body is not composited")
		return res
	}
	base := get(ch.Layers[0].Texture, "body skin")
	if base == nil {
		return res
	}
	res.Body = copyOpaque(base)
	w, h := res.Body.Rect.Dx(), res.Body.Rect.Dy()
	for _, order := range []int{1, 2, 3} { // the base is order 0, already down
		for _, l := range ch.Layers[1:] {
			if l.Order != order {
				continue
			}
			if img := get(l.Texture, l.Region.String()); img != nil {
				blendInto(res.Body, l.Region.Rect(w, h), toNRGBA(img))
			}
		}
	}
	return res
}

// copyOpaque is img as a new NRGBA image at the origin with every alpha 255.
func copyOpaque(img image.Image) *image.NRGBA {
	b := img.Bounds()
	out := image.NewNRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	if n, ok := img.(*image.NRGBA); ok {
		for y := 0; y < b.Dy(); y++ {
			copy(out.Pix[y*out.Stride:y*out.Stride+4*b.Dx()], n.Pix[n.PixOffset(b.Min.X, b.Min.Y+y):])
		}
	} else {
		draw.Draw(out, out.Rect, img, b.Min, draw.Src)
	}
	for i := 3; i < len(out.Pix); i += 4 {
		out.Pix[i] = 255
	}
	return out
}

// toNRGBA is img as NRGBA (the BLP decoder's images already are).
func toNRGBA(img image.Image) *image.NRGBA {
	if n, ok := img.(*image.NRGBA); ok {
		return n
	}
	b := img.Bounds()
	out := image.NewNRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(out, out.Rect, img, b.Min, draw.Src)
	return out
}

// blendInto draws src over dst's rectangle r by src's alpha, scaling src to r
// by nearest pixel when their sizes differ; dst stays opaque.
func blendInto(dst *image.NRGBA, r image.Rectangle, src *image.NRGBA) {
	r = r.Intersect(dst.Rect)
	sw, sh := src.Rect.Dx(), src.Rect.Dy()
	w, h := r.Dx(), r.Dy()
	if sw == 0 || sh == 0 || w == 0 || h == 0 {
		return
	}
	same := sw == w // a layer of its region's size (real files): no scaling
	for y := 0; y < h; y++ {
		sy := y * sh / h
		srow := src.Pix[src.PixOffset(src.Rect.Min.X, src.Rect.Min.Y+sy):]
		drow := dst.Pix[dst.PixOffset(r.Min.X, r.Min.Y+y):]
		for x := 0; x < w; x++ {
			sx := x
			if !same {
				sx = x * sw / w
			}
			s := srow[4*sx : 4*sx+4]
			d := drow[4*x : 4*x+4]
			switch a := uint32(s[3]); a {
			case 0:
			case 255:
				d[0], d[1], d[2] = s[0], s[1], s[2]
			default:
				ia := 255 - a
				d[0] = uint8((uint32(d[0])*ia + uint32(s[0])*a + 127) / 255)
				d[1] = uint8((uint32(d[1])*ia + uint32(s[1])*a + 127) / 255)
				d[2] = uint8((uint32(d[2])*ia + uint32(s[2])*a + 127) / 255)
			}
		}
	}
}
