package texture

import (
	"encoding/binary"
	"fmt"
)

// The standard library's PNG and JPEG decoders allocate the whole image as soon
// as the pixel data starts, whatever follows: a 69-byte PNG declaring 8192 x 8192
// at 64 bits a pixel allocated 512 MB before failing. These checks bound the
// image by the bytes the file holds first.
const (
	// maxDeflateRatio is the most that deflate expands: 258 bytes from one
	// length code of at least 2 bits, about 1032:1.
	maxDeflateRatio = 1032
	// minJPEGBitsPerBlock: every 8 x 8 block of the first component takes at
	// least one Huffman code of at least one bit (its DC difference), in
	// baseline and progressive files alike.
	minJPEGBitsPerBlock = 1
)

// checkPNGDensity fails when the IDAT chunks of a PNG of w x h hold fewer bytes
// than deflate needs for its pixels (bits a pixel from IHDR).
func checkPNGDensity(name string, data []byte, w, h int) error {
	if len(data) < 33 {
		return nil // the decoder's own error (no full IHDR)
	}
	depth, colour := int(data[24]), data[25]
	channels := map[byte]int{0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[colour]
	if channels == 0 || depth == 0 {
		return nil // the decoder refuses it
	}
	idat, first := 0, -1
	for off := 8; off+8 <= len(data); {
		n := int(binary.BigEndian.Uint32(data[off:]))
		typ := string(data[off+4 : off+8])
		if n < 0 || n > len(data)-off-8 {
			n = len(data) - off - 8 // cut short: count what is there
		}
		if typ == "IDAT" {
			if first < 0 {
				first = off
			}
			idat += n
		}
		if typ == "IEND" {
			break
		}
		off += 12 + n
	}
	pixelBytes := (int64(w)*int64(h)*int64(depth*channels) + 7) / 8
	need := pixelBytes / maxDeflateRatio
	if int64(idat) < need {
		if first < 0 {
			first = len(data)
		}
		return fmt.Errorf("%s: offset 0x%X: png of %d x %d at %d bits a pixel needs at least %d bytes of image data, the file has %d",
			name, first, w, h, depth*channels, need, idat)
	}
	return nil
}

// checkJPEGDensity fails when a JPEG of w x h is shorter than one bit for each
// 8 x 8 block of its first component.
func checkJPEGDensity(name string, data []byte, w, h int) error {
	blocks := int64((w+7)/8) * int64((h+7)/8)
	need := blocks * minJPEGBitsPerBlock / 8
	if int64(len(data)) < need {
		return fmt.Errorf("%s: jpeg of %d x %d needs at least %d bytes (a bit for each 8 x 8 block), the file has %d",
			name, w, h, need, len(data))
	}
	return nil
}
