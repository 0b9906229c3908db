package texture_test

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/jpeg"
	"runtime"
	"strings"
	"testing"

	"animscope/formats/texture"
)

// pngFile writes a PNG of w x h (bit depth and colour type as IHDR has them)
// whose image data is the zlib stream of raw (nil: an all-zero image, at the
// best compression).
func pngFile(t *testing.T, w, h int, depth, colour byte, channels int, raw []byte) []byte {
	t.Helper()
	if raw == nil {
		row := 1 + (w*int(depth)*channels+7)/8
		raw = make([]byte, row*h)
	}
	var z bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&z, zlib.BestCompression)
	zw.Write(raw)
	zw.Close()
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	put := func(typ string, data []byte) {
		binary.Write(&b, binary.BigEndian, uint32(len(data)))
		c := append([]byte(typ), data...)
		b.Write(c)
		binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(c))
	}
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = depth, colour
	put("IHDR", ihdr)
	put("IDAT", z.Bytes())
	put("IEND", nil)
	return b.Bytes()
}

// TestImageDensity: a PNG or JPEG whose header declares more pixels than its
// bytes can hold (deflate expands at most 1032:1; a JPEG spends at least a bit
// on each 8 x 8 block) is refused from the header, naming the file and the
// offset, before the standard library's decoder allocates the image (a 69-byte
// PNG of 8192 x 8192 at 64 bits a pixel allocated 512 MB). All-zero images at
// the best compression, the densest a writer makes, still decode.
func TestImageDensity(t *testing.T) {
	var small bytes.Buffer
	if err := jpeg.Encode(&small, image.NewGray(image.Rect(0, 0, 16, 16)), &jpeg.Options{Quality: 1}); err != nil {
		t.Fatal(err)
	}
	// The same JPEG with its frame header (SOF0) claiming 8192 x 8192.
	jpegBomb := append([]byte(nil), small.Bytes()...)
	sof := bytes.Index(jpegBomb, []byte{0xFF, 0xC0})
	binary.BigEndian.PutUint16(jpegBomb[sof+5:], 8192)
	binary.BigEndian.PutUint16(jpegBomb[sof+7:], 8192)
	var dense bytes.Buffer
	if err := jpeg.Encode(&dense, image.NewGray(image.Rect(0, 0, 2048, 2048)), &jpeg.Options{Quality: 1}); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name    string
		data    []byte
		wantErr string // "" when it decodes
	}{
		{"bomb.png", pngFile(t, 8192, 8192, 16, 6, 4, make([]byte, 100)),
			"bomb.png: offset 0x21: png of 8192 x 8192 at 64 bits a pixel needs at least 520223 bytes of image data, the file has 15"},
		{"grey.png", pngFile(t, 8192, 8192, 8, 0, 1, make([]byte, 100)),
			"grey.png: offset 0x21: png of 8192 x 8192 at 8 bits a pixel needs at least 65027 bytes of image data"},
		{"bomb.jpg", jpegBomb, "bomb.jpg: jpeg of 8192 x 8192 needs at least 131072 bytes (a bit for each 8 x 8 block), the file has"},
		{"zero-1bit.png", pngFile(t, 8192, 8192, 1, 0, 1, nil), ""},
		{"zero-rgba.png", pngFile(t, 4096, 4096, 8, 6, 4, nil), ""},
		{"zero-rgba64.png", pngFile(t, 2048, 2048, 16, 6, 4, nil), ""},
		{"tall.png", pngFile(t, 1, 8192, 8, 0, 1, nil), ""},
		{"small.jpg", small.Bytes(), ""},
		{"dense.jpg", dense.Bytes(), ""},
	} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		tex, err := texture.Parse(tc.name, tc.data)
		if err == nil {
			_, err = tex.Mip(0)
		}
		runtime.ReadMemStats(&after)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if tc.wantErr == "" && err != nil || tc.wantErr != "" && !strings.HasPrefix(got, tc.wantErr) {
			t.Errorf("%s: got error %q, want %q", tc.name, got, tc.wantErr)
		}
		if alloc := after.TotalAlloc - before.TotalAlloc; tc.wantErr != "" && alloc > 1<<20 {
			t.Errorf("%s: refused after allocating %d bytes, want under 1 MB", tc.name, alloc)
		}
	}
}
