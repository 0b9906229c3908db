package blp

import "image"

// decodePalette reads w*h palette indices, then the alpha plane: depth bits a
// pixel, packed from the lowest bit of each byte up (1 bit: 0 or 255; 4 bits: the
// nibble times 17; 8 bits: the byte). Depth 0 is opaque. The palette's own fourth
// byte is not alpha: the game ignores it.
func decodePalette(img *image.NRGBA, src, palette []byte, depth int) {
	n := img.Rect.Dx() * img.Rect.Dy()
	alpha := src[n:]
	for i := 0; i < n; i++ {
		e := palette[4*int(src[i]):]
		p := img.Pix[4*i:]
		p[0], p[1], p[2] = e[2], e[1], e[0]
		switch depth {
		case 0:
			p[3] = 255
		case 1:
			p[3] = 255 * (alpha[i>>3] >> (i & 7) & 1)
		case 4:
			p[3] = 17 * (alpha[i>>1] >> (4 * (i & 1)) & 15)
		case 8:
			p[3] = alpha[i]
		}
	}
}

// decodeBGRA reads 4 bytes a pixel, blue first. Alpha depth 0 means the fourth
// byte is not alpha and the texture is opaque.
func decodeBGRA(img *image.NRGBA, src []byte, hasAlpha bool) {
	for i := 0; i < len(img.Pix); i += 4 {
		p := img.Pix[i:]
		p[0], p[1], p[2], p[3] = src[i+2], src[i+1], src[i], src[i+3]
		if !hasAlpha {
			p[3] = 255
		}
	}
}
