package blptest

import (
	"bytes"
	"errors"
	"image"
)

// JPEG4 writes a 4-component baseline JPEG the way BLP1 files hold their JPEG
// content: the four channels B, G, R, A stored as they are (no colour transform,
// no JFIF or Adobe segment). Go's encoder writes only 1 or 3 components, so this
// small writer exists for the 4-channel case. Every 8 x 8 block is flat: it
// stores the block's top-left pixel as its DC coefficient (quantiser 1) and no AC
// coefficients, so a decoder reproduces that value exactly (blocks at the right
// and bottom edges are cut by the frame's size).
func JPEG4(img *image.NRGBA) ([]byte, error) {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	if w == 0 || h == 0 || w > 65535 || h > 65535 {
		return nil, errors.New("blptest: JPEG4 wants a size from 1 to 65535")
	}
	var b bytes.Buffer
	seg := func(marker byte, payload []byte) {
		b.Write([]byte{0xFF, marker, byte((len(payload) + 2) >> 8), byte(len(payload) + 2)})
		b.Write(payload)
	}
	b.Write([]byte{0xFF, 0xD8})
	dqt := make([]byte, 65) // table 0, 8-bit, every quantiser 1
	for i := 1; i < 65; i++ {
		dqt[i] = 1
	}
	seg(0xDB, dqt)
	sof := []byte{8, byte(h >> 8), byte(h), byte(w >> 8), byte(w), 4}
	for c := 0; c < 4; c++ {
		sof = append(sof, byte(c+1), 0x11, 0)
	}
	seg(0xC0, sof)
	// DC table 0: the standard luminance DC table (categories 0..11).
	dcBits := []byte{0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0}
	seg(0xC4, append(append([]byte{0x00}, dcBits...), 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11))
	// AC table 0: end-of-block only, a 1-bit code.
	seg(0xC4, []byte{0x10, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x00})
	sos := []byte{4}
	for c := 0; c < 4; c++ {
		sos = append(sos, byte(c+1), 0x00)
	}
	seg(0xDA, append(sos, 0, 63, 0))

	// Canonical codes of the DC table.
	var codes [12]struct{ code, n uint32 }
	code, k := uint32(0), 0
	for l := 1; l <= 16; l++ {
		for i := 0; i < int(dcBits[l-1]); i++ {
			codes[k] = struct{ code, n uint32 }{code, uint32(l)}
			code++
			k++
		}
		code <<= 1
	}
	var bw bitWriter
	var pred [4]int
	for by := 0; by < h; by += 8 {
		for bx := 0; bx < w; bx += 8 {
			p := img.Pix[img.PixOffset(bx, by):]
			for c := 0; c < 4; c++ {
				dc := (int(p[c]) - 128) * 8 // a flat block of value v has DC 8(v − 128)
				diff := dc - pred[c]
				pred[c] = dc
				mag, bits := diff, diff
				if mag < 0 {
					mag = -mag
					bits = diff - 1
				}
				cat := 0
				for mag>>cat != 0 {
					cat++
				}
				bw.put(codes[cat].code, codes[cat].n)
				bw.put(uint32(bits)&(1<<cat-1), uint32(cat))
				bw.put(0, 1) // end of block
			}
		}
	}
	bw.flush()
	b.Write(bw.out)
	b.Write([]byte{0xFF, 0xD9})
	return b.Bytes(), nil
}

// bitWriter packs bits most significant first, stuffing a zero after every 0xFF.
type bitWriter struct {
	out  []byte
	acc  uint32
	nacc uint32
}

func (w *bitWriter) put(v, n uint32) {
	for i := int(n) - 1; i >= 0; i-- {
		w.acc = w.acc<<1 | (v>>uint(i))&1
		w.nacc++
		if w.nacc == 8 {
			w.emit()
		}
	}
}

func (w *bitWriter) emit() {
	c := byte(w.acc)
	w.out = append(w.out, c)
	if c == 0xFF {
		w.out = append(w.out, 0)
	}
	w.acc, w.nacc = 0, 0
}

// flush pads the last byte with 1 bits.
func (w *bitWriter) flush() {
	for w.nacc != 0 {
		w.put(1, 1)
	}
}
