package blp_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"animscope/formats/blp"
	"animscope/formats/blp/blptest"
	"animscope/formats/samples"
)

func pix(t *testing.T, tex *blp.Texture, mip, x, y int) color.NRGBA {
	t.Helper()
	img, err := tex.Mip(mip)
	if err != nil {
		t.Fatal(err)
	}
	return img.NRGBAAt(x, y)
}

// TestPaletteAlphaPlane: alpha comes from the plane after the indices (1 bit from
// the low bit up, 4 bits low nibble first, times 17), never from the palette's
// fourth byte, which is 0x42 here.
func TestPaletteAlphaPlane(t *testing.T) {
	pal := make([]byte, 1024)
	copy(pal[0:], []byte{10, 20, 30, 0x42})   // entry 0: B G R
	copy(pal[4:], []byte{200, 100, 50, 0x42}) // entry 1
	idx := []byte{0, 1, 1, 0, 1, 0, 0, 1}     // 8 x 1
	for _, tc := range []struct {
		depth int
		plane []byte
		want  [8]byte
	}{
		{0, nil, [8]byte{255, 255, 255, 255, 255, 255, 255, 255}},
		{1, []byte{0b1010_0110}, [8]byte{0, 255, 255, 0, 0, 255, 0, 255}},
		{4, []byte{0x3F, 0x01, 0xA0, 0x0B}, [8]byte{255, 51, 17, 0, 0, 170, 187, 0}},
		{8, []byte{1, 2, 3, 4, 5, 6, 7, 8}, [8]byte{1, 2, 3, 4, 5, 6, 7, 8}},
	} {
		for _, v := range []int{1, 2} {
			f := blptest.Format{Version: v, Encoding: blp.Palette, AlphaDepth: tc.depth}
			data := blptest.Assemble(f, 8, 1, pal, nil, [][]byte{append(append([]byte(nil), idx...), tc.plane...)})
			tex, err := blp.Parse("p.blp", data)
			if err != nil {
				t.Fatal(err)
			}
			for x := 0; x < 8; x++ {
				got := pix(t, tex, 0, x, 0)
				want := color.NRGBA{30, 20, 10, tc.want[x]}
				if idx[x] == 1 {
					want = color.NRGBA{50, 100, 200, tc.want[x]}
				}
				if got != want {
					t.Errorf("BLP%d depth %d pixel %d: got %v, want %v", v, tc.depth, x, got, want)
				}
			}
		}
	}
}

// TestDXTWorkedBlocks decodes hand-made blocks with the numbers worked out.
func TestDXTWorkedBlocks(t *testing.T) {
	block := func(c0, c1 uint16, idx uint32) []byte {
		b := binary.LittleEndian.AppendUint16(nil, c0)
		b = binary.LittleEndian.AppendUint16(b, c1)
		return binary.LittleEndian.AppendUint32(b, idx)
	}
	// c0 = 0xF800 (red 31 -> 255), c1 = 0x001F (blue 31 -> 255); four-colour mode:
	// index 2 = (2*255 + 0)/3 = 170, index 3 = 85. Pixels 0..3 use indices 0..3.
	four := block(0xF800, 0x001F, 0b11_10_01_00)
	// Three-colour mode (c0 <= c1): index 2 = (0 + 255)/2 = 127, index 3 = black,
	// transparent with alpha bits, opaque without.
	three := block(0x001F, 0xF800, 0b11_10_01_00)
	for _, tc := range []struct {
		name  string
		f     blptest.Format
		level []byte
		want  [4]color.NRGBA
	}{
		{"dxt1-four", blptest.Format{Version: 2, Encoding: blp.DXT1}, four,
			[4]color.NRGBA{{255, 0, 0, 255}, {0, 0, 255, 255}, {170, 0, 85, 255}, {85, 0, 170, 255}}},
		{"dxt1-three-opaque", blptest.Format{Version: 2, Encoding: blp.DXT1}, three,
			[4]color.NRGBA{{0, 0, 255, 255}, {255, 0, 0, 255}, {127, 0, 127, 255}, {0, 0, 0, 255}}},
		{"dxt1-three-punch", blptest.Format{Version: 2, Encoding: blp.DXT1, AlphaDepth: 1}, three,
			[4]color.NRGBA{{0, 0, 255, 255}, {255, 0, 0, 255}, {127, 0, 127, 255}, {0, 0, 0, 0}}},
		// DXT3: alpha nibbles 0x0, 0xF, 0x8, 0x1 -> 0, 255, 136, 17; its colour block is
		// always four-colour, even with c0 <= c1.
		{"dxt3", blptest.Format{Version: 2, Encoding: blp.DXT3, AlphaDepth: 8},
			append([]byte{0xF0, 0x18, 0, 0, 0, 0, 0, 0}, three...),
			[4]color.NRGBA{{0, 0, 255, 0}, {255, 0, 0, 255}, {85, 0, 170, 136}, {170, 0, 85, 17}}},
		// DXT5, a0 = 200 > a1 = 60: code 2 = (6*200 + 60)/7 = 180, code 7 = (200 + 6*60)/7 = 80.
		{"dxt5-eight", blptest.Format{Version: 2, Encoding: blp.DXT5, AlphaDepth: 8},
			append([]byte{200, 60, 0b10_001_000, 0b0000_1110, 0, 0, 0, 0}, four...),
			[4]color.NRGBA{{255, 0, 0, 200}, {0, 0, 255, 60}, {170, 0, 85, 180}, {85, 0, 170, 80}}},
		// DXT5, a0 = 60 <= a1 = 200: code 2 = (4*60 + 200)/5 = 88, 6 = 0, 7 = 255.
		{"dxt5-six", blptest.Format{Version: 2, Encoding: blp.DXT5, AlphaDepth: 8},
			append([]byte{60, 200, 0b11_110_010, 0b0000_1111, 0, 0, 0, 0}, four...),
			[4]color.NRGBA{{255, 0, 0, 88}, {0, 0, 255, 0}, {170, 0, 85, 255}, {85, 0, 170, 255}}},
	} {
		tex, err := blp.Parse(tc.name, blptest.Assemble(tc.f, 4, 4, nil, nil, [][]byte{tc.level}))
		if err != nil {
			t.Fatal(err)
		}
		for x := 0; x < 4; x++ {
			if got := pix(t, tex, 0, x, 0); got != tc.want[x] {
				t.Errorf("%s pixel %d: got %v, want %v", tc.name, x, got, tc.want[x])
			}
		}
	}
}

// TestBGRAAlphaDepth: the fourth byte is alpha only when the alpha depth says so.
func TestBGRAAlphaDepth(t *testing.T) {
	for _, tc := range []struct {
		depth int
		want  color.NRGBA
	}{{0, color.NRGBA{3, 2, 1, 255}}, {8, color.NRGBA{3, 2, 1, 4}}} {
		f := blptest.Format{Version: 2, Encoding: blp.BGRA, AlphaDepth: tc.depth}
		tex, err := blp.Parse("b.blp", blptest.Assemble(f, 1, 1, nil, nil, [][]byte{{1, 2, 3, 4}}))
		if err != nil {
			t.Fatal(err)
		}
		if got := pix(t, tex, 0, 0, 0); got != tc.want {
			t.Errorf("depth %d: got %v, want %v", tc.depth, got, tc.want)
		}
	}
}

// TestSampleFacts checks the facts the samples' provenance notes give.
func TestSampleFacts(t *testing.T) {
	dir := samples.Dir(t, "m2")
	rabbit, err := os.ReadFile(filepath.Join(dir, "RabbitSkin.blp"))
	if err != nil {
		t.Fatal(err)
	}
	tex, err := blp.Parse("RabbitSkin.blp", rabbit)
	if err != nil {
		t.Fatal(err)
	}
	// blizzardry's tests: BLP2, 8 mip levels, largest 128 x 128, smallest 1 x 1.
	last := tex.Levels[len(tex.Levels)-1]
	if tex.Version != 2 || len(tex.Levels) != 8 || tex.Width != 128 || tex.Height != 128 || last.Width != 1 || last.Height != 1 {
		t.Errorf("RabbitSkin.blp: v%d, %d levels, %dx%d, smallest %dx%d; want v2, 8, 128x128, 1x1",
			tex.Version, len(tex.Levels), tex.Width, tex.Height, last.Width, last.Height)
	}
	data, err := os.ReadFile(filepath.Join(dir, "murloc2_Blue.blp"))
	if err != nil {
		t.Fatal(err)
	}
	if tex, err = blp.Parse("murloc2_Blue.blp", data); err != nil || tex.Encoding != blp.DXT5 || len(tex.Levels) != 9 {
		t.Errorf("murloc2_Blue.blp: %v %v, want DXT5 with 9 levels", tex, err)
	}
}

// TestHostile: broken headers and mip tables fail with the offset of the fault,
// before anything the size of the image is allocated.
func TestHostile(t *testing.T) {
	good, err := blptest.Encode(testImage(32, 16), blptest.Format{Version: 2, Encoding: blp.Palette, AlphaDepth: 8, Mips: true})
	if err != nil {
		t.Fatal(err)
	}
	jpg, err := blptest.Encode(jpegImage(32, 16), blptest.Format{Version: 1, Encoding: blp.JPEG, Mips: true})
	if err != nil {
		t.Fatal(err)
	}
	big := jpegBig(t)
	set := func(data []byte, off int, v uint32) []byte {
		c := append([]byte(nil), data...)
		binary.LittleEndian.PutUint32(c[off:], v)
		return c
	}
	for _, tc := range []struct {
		name string
		data []byte
		off  int64
	}{
		{"empty", nil, 0},
		{"magic", []byte("BLP3xxxxxxxxxxxxxxxxxxx"), 0},
		{"header cut", good[:100], 100},
		{"type 0", set(good, 4, 0), 4},
		{"alpha depth 3", func() []byte { c := append([]byte(nil), good...); c[9] = 3; return c }(), 9},
		{"encoding 9", func() []byte { c := append([]byte(nil), good...); c[8] = 9; return c }(), 8},
		{"width 0", set(good, 12, 0), 12},
		{"height 2^32-1", set(good, 16, 0xFFFFFFFF), 16},
		{"width 8192", set(good, 12, 8192), 12},
		{"mip 0 offset 0", set(good, 20, 0), 20},
		{"mip 0 past the end", set(good, 20, uint32(len(good))), 20},
		{"mip 2 size 2^32-1", set(good, 84+8, 0xFFFFFFFF), 28},
		{"mip 1 too short", set(good, 84+4, 10), 84 + 4},
		{"palette cut", good[:148+500], 148 + 500},
		{"jpeg header size huge", set(jpg, 156, 0x7FFFFFFF), 156},
		{"jpeg level garbage", set(jpg, 28+64, 3), -1},
		{"jpeg level claims 4096 x 4096", big, int64(binary.LittleEndian.Uint32(big[28:]))}, // level 0's offset
	} {
		tex, err := blp.Parse(tc.name, tc.data)
		if err == nil {
			_, err = tex.Mip(0)
		}
		var fe *blp.FormatError
		if !errors.As(err, &fe) {
			t.Errorf("%s: got %v, want a FormatError", tc.name, err)
			continue
		}
		if fe.File != tc.name || (tc.off >= 0 && fe.Offset != tc.off) {
			t.Errorf("%s: error %q at 0x%x, want the file named and offset 0x%x", tc.name, err, fe.Offset, tc.off)
		}
	}
}

// TestJPEGTooShortBeforeDecoding: the short-stream check answers before
// image/jpeg allocates a 4096 x 4096 image.
func TestJPEGTooShortBeforeDecoding(t *testing.T) {
	tex, err := blp.Parse("big.blp", jpegBig(t))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tex.Mip(0); err == nil || !strings.Contains(err.Error(), "too short for 4096 x 4096") {
		t.Errorf("got %v, want the stream refused as too short", err)
	}
	allocs := testing.AllocsPerRun(5, func() { tex.Mip(0) })
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	before := ms.TotalAlloc
	tex.Mip(0)
	runtime.ReadMemStats(&ms)
	if got := ms.TotalAlloc - before; got > 1<<20 {
		t.Errorf("refusing it allocated %d bytes (%v allocations), want well under 1 MiB", got, allocs)
	}
}

// TestImageDecodeLimits: image.Decode reads at most MaxFileSize bytes.
func TestImageDecodeLimits(t *testing.T) {
	huge := bytes.NewReader(append([]byte("BLP2"), make([]byte, blp.MaxFileSize+1)...))
	_, format, err := image.Decode(huge)
	if err == nil || !strings.Contains(err.Error(), "larger than") {
		t.Fatalf("image.Decode of a stream over MaxFileSize: format %q, error %v; want the size refused", format, err)
	}
}

// TestJPEG4Channels: BLP1's 4-channel JPEG (B, G, R, A, no Adobe segment, which
// image/jpeg needs) decodes to the stored channels. blptest.JPEG4 stores every 8 x
// 8 block flat (its top-left pixel), so each level must come back as exactly that.
// Pillow is no reference here: it reads such a JPEG as CMYK and converts it.
func TestJPEG4Channels(t *testing.T) {
	src := testImage(32, 16)
	data, err := blptest.Encode(src, blptest.Format{Version: 1, Encoding: blp.JPEG, AlphaDepth: 8, Mips: true})
	if err != nil {
		t.Fatal(err)
	}
	tex, err := blp.Parse("j4.blp", data)
	if err != nil {
		t.Fatal(err)
	}
	levels := blptest.Levels(src, true)
	if len(tex.Levels) != len(levels) {
		t.Fatalf("%d levels, want %d", len(tex.Levels), len(levels))
	}
	for n, lv := range levels {
		got, err := tex.Mip(n)
		if err != nil {
			t.Fatalf("mip %d: %v", n, err)
		}
		for y := 0; y < lv.Rect.Dy(); y++ {
			for x := 0; x < lv.Rect.Dx(); x++ {
				if g, w := got.NRGBAAt(x, y), lv.NRGBAAt(x&^7, y&^7); g != w {
					t.Fatalf("mip %d (%d, %d): got %v, want %v (the block's top-left pixel)", n, x, y, g, w)
				}
			}
		}
	}
	// Alpha depth 0: the fourth channel is not alpha.
	binary.LittleEndian.PutUint32(data[8:], 0)
	tex, _ = blp.Parse("j4.blp", data)
	if got, _ := tex.Mip(0); got.Pix[3] != 255 {
		t.Errorf("alpha depth 0: alpha %d, want 255", got.Pix[3])
	}
}

// jpegBig is a 1 x 1 BLP1 JPEG whose size fields say 4096 x 4096, frame header
// included: too short to hold that many blocks.
func jpegBig(t *testing.T) []byte {
	t.Helper()
	data, err := blptest.Encode(jpegImage(1, 1), blptest.Format{Version: 1, Encoding: blp.JPEG})
	if err != nil {
		t.Fatal(err)
	}
	binary.LittleEndian.PutUint32(data[12:], 4096)
	binary.LittleEndian.PutUint32(data[16:], 4096)
	sof := bytes.Index(data, []byte{0xFF, 0xC0})
	binary.BigEndian.PutUint16(data[sof+5:], 4096)
	binary.BigEndian.PutUint16(data[sof+7:], 4096)
	return data
}
