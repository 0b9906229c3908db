package blp

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/jpeg"
)

// adobeRaw is an APP14 "Adobe" segment with colour transform 0: the components are
// stored as they are, no YCbCr. BLP1's 4-channel JPEGs hold B, G, R, A that way but
// carry no APP14 segment, which image/jpeg needs before it reads four components.
var adobeRaw = []byte{0xFF, 0xEE, 0, 14, 'A', 'd', 'o', 'b', 'e', 0, 100, 0, 0, 0, 0, 0}

// decodeJPEG decodes a JPEG level: the shared header followed by the level's
// bytes. The channels the JPEG decodes to are B, G, R (and A in a 4-channel JPEG,
// when AlphaDepth is 8); a 1- or 3-channel JPEG is opaque.
func (t *Texture) decodeJPEG(lv Level, src []byte) (*image.NRGBA, error) {
	stream := make([]byte, 0, len(t.jpegHeader)+len(src)+len(adobeRaw))
	stream = append(append(stream, t.jpegHeader...), src...)
	comps, transform, err := jpegMarkers(stream)
	if err != nil {
		return nil, errAt(t.Name, lv.Offset, "JPEG level %dx%d: %v", lv.Width, lv.Height, err)
	}
	if comps == 4 && transform < 0 {
		stream = append(append(append([]byte(nil), stream[:2]...), adobeRaw...), stream[2:]...)
	}
	cfg, err := jpeg.DecodeConfig(bytes.NewReader(stream))
	if err != nil {
		return nil, errAt(t.Name, lv.Offset, "JPEG level %dx%d: %v", lv.Width, lv.Height, err)
	}
	if cfg.Width != lv.Width || cfg.Height != lv.Height {
		return nil, errAt(t.Name, lv.Offset, "JPEG level is %d x %d, the mip table wants %d x %d", cfg.Width, cfg.Height, lv.Width, lv.Height)
	}
	// Every 8 x 8 block of the first component codes at least one bit (its DC);
	// a stream shorter than that cannot hold the image, and image/jpeg would
	// allocate the whole image before finding out.
	if blocks := ((lv.Width + 7) / 8) * ((lv.Height + 7) / 8); len(stream) < blocks/8 {
		return nil, errAt(t.Name, lv.Offset, "JPEG level of %d bytes is too short for %d x %d pixels", len(stream), lv.Width, lv.Height)
	}
	dec, err := jpeg.Decode(bytes.NewReader(stream))
	if err != nil {
		return nil, errAt(t.Name, lv.Offset, "JPEG level %dx%d: %v", lv.Width, lv.Height, err)
	}
	img := image.NewNRGBA(image.Rect(0, 0, lv.Width, lv.Height))
	if c, ok := dec.(*image.CMYK); ok {
		if transform > 0 {
			return nil, errAt(t.Name, lv.Offset, "JPEG level: 4 channels with a YCCK colour transform; BLP stores B, G, R, A untransformed")
		}
		// image/jpeg inverts Adobe CMYK samples (255 - v); undo it to get the stored bytes.
		for y := 0; y < lv.Height; y++ {
			for x := 0; x < lv.Width; x++ {
				s := c.Pix[c.PixOffset(x, y):]
				p := img.Pix[img.PixOffset(x, y):]
				p[0], p[1], p[2], p[3] = 255-s[2], 255-s[1], 255-s[0], 255-s[3]
				if t.AlphaDepth == 0 {
					p[3] = 255
				}
			}
		}
		return img, nil
	}
	b := dec.Bounds()
	for y := 0; y < lv.Height; y++ {
		for x := 0; x < lv.Width; x++ {
			r, g, bl, _ := dec.At(b.Min.X+x, b.Min.Y+y).RGBA()
			p := img.Pix[img.PixOffset(x, y):]
			p[0], p[1], p[2], p[3] = byte(bl>>8), byte(g>>8), byte(r>>8), 255
		}
	}
	return img, nil
}

type jpegError string

func (e jpegError) Error() string { return string(e) }

// jpegMarkers walks the segments before the scan and reports the frame's
// component count and the APP14 Adobe segment's colour transform (-1 without one).
func jpegMarkers(s []byte) (comps, transform int, err error) {
	transform = -1
	if len(s) < 2 || s[0] != 0xFF || s[1] != 0xD8 {
		return 0, 0, jpegError("no JPEG start-of-image marker")
	}
	for i := 2; ; {
		for i < len(s) && s[i] == 0xFF && i+1 < len(s) && s[i+1] == 0xFF {
			i++ // fill bytes
		}
		if i+4 > len(s) || s[i] != 0xFF {
			return 0, 0, jpegError("malformed JPEG marker sequence")
		}
		m := s[i+1]
		if m == 0xDA || m == 0xD9 { // start of scan, end of image
			if comps == 0 {
				return 0, 0, jpegError("no JPEG frame header before the scan")
			}
			return comps, transform, nil
		}
		n := int(binary.BigEndian.Uint16(s[i+2:]))
		if n < 2 || i+2+n > len(s) {
			return 0, 0, jpegError("JPEG segment runs past the end")
		}
		seg := s[i+4 : i+2+n]
		switch {
		case m == 0xEE && len(seg) >= 12 && bytes.HasPrefix(seg, []byte("Adobe")):
			transform = int(seg[11])
		case m >= 0xC0 && m <= 0xCF && m != 0xC4 && m != 0xC8 && m != 0xCC:
			if len(seg) < 6 {
				return 0, 0, jpegError("short JPEG frame header")
			}
			comps = int(seg[5])
		}
		i += 2 + n
	}
}
