package texture_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/png"
	"strings"
	"testing"

	"animscope/formats/blp"
	"animscope/formats/blp/blptest"
	"animscope/formats/dds/ddstest"
	"animscope/formats/texture"
)

func TestParse(t *testing.T) {
	img := image.NewNRGBA(image.Rect(0, 0, 4, 2))
	for i := range img.Pix {
		img.Pix[i] = byte(i * 11)
	}
	var pngData bytes.Buffer
	png.Encode(&pngData, img)
	blpData, _ := blptest.Encode(img, blptest.Format{Version: 2, Encoding: blp.BGRA, AlphaDepth: 8, Mips: true})
	ddsFormat := ddstest.A8B8G8R8
	ddsFormat.Mips = true
	ddsData, _ := ddstest.Encode(img, ddsFormat)
	for _, tc := range []struct {
		name, format string
		data         []byte
		levels       int
	}{
		{"a.png", "png", pngData.Bytes(), 1},
		{"a.blp", "blp", blpData, 3},
		{"a.dds", "dds", ddsData, 3},
	} {
		tex, err := texture.Parse(tc.name, tc.data)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if tex.Format != tc.format || tex.Levels != tc.levels || tex.Width != 4 || tex.Height != 2 {
			t.Errorf("%s: %s, %d levels, %dx%d; want %s, %d, 4x2", tc.name, tex.Format, tex.Levels, tex.Width, tex.Height, tc.format, tc.levels)
		}
		got, err := tex.Mip(0)
		if err != nil || !bytes.Equal(got.Pix, img.Pix) {
			t.Errorf("%s: level 0 differs from the source (%v)", tc.name, err)
		}
		if _, err := tex.Mip(tc.levels); !errors.Is(err, texture.ErrNoLevel) {
			t.Errorf("%s: Mip(%d) = %v, want ErrNoLevel", tc.name, tc.levels, err)
		}
	}
}

// TestHugePNGRefusedFromHeader: a PNG whose header claims 100000 x 100000 is refused
// before its pixels are allocated.
func TestHugePNGRefusedFromHeader(t *testing.T) {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], 100000)
	binary.BigEndian.PutUint32(ihdr[4:], 100000)
	ihdr[8], ihdr[9] = 8, 6 // 8-bit RGBA
	chunk := append([]byte("IHDR"), ihdr...)
	binary.Write(&b, binary.BigEndian, uint32(13))
	b.Write(chunk)
	binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(chunk))
	_, err := texture.Parse("huge.png", b.Bytes())
	if err == nil || !strings.Contains(err.Error(), "huge.png: png of 100000 x 100000") {
		t.Errorf("got %v, want the size refused", err)
	}
	if _, err := texture.Parse("x.txt", []byte("text")); err == nil || !strings.Contains(err.Error(), "not a texture") {
		t.Errorf("text: got %v", err)
	}
}
