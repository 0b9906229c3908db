package dds_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"image/color"
	"strings"
	"testing"

	"animscope/formats/dds"
	"animscope/formats/dds/ddstest"
)

// TestMaskedWorkedPixels decodes hand-made pixels with the numbers worked out:
// n-bit v becomes round(v * 255 / (2^n - 1)).
func TestMaskedWorkedPixels(t *testing.T) {
	for _, tc := range []struct {
		f    ddstest.Format
		px   []byte
		want color.NRGBA
	}{
		// 0x8410: red 16 -> 16*255/31 = 131.6 -> 132; green 32 -> 32*255/63 = 129.5
		// -> 130 (halves round up); blue 16 -> 132.
		{ddstest.R5G6B5, []byte{0x10, 0x84}, color.NRGBA{132, 130, 132, 255}},
		// 0xFFFF: every channel at its largest: 255.
		{ddstest.R5G6B5, []byte{0xff, 0xff}, color.NRGBA{255, 255, 255, 255}},
		// 0x8421 as A1R5G5B5: alpha 1 -> 255, red 1 -> 8.2 -> 8, green 1, blue 1.
		{ddstest.A1R5G5B5, []byte{0x21, 0x84}, color.NRGBA{8, 8, 8, 255}},
		// The same bits as X1R5G5B5: the top bit is not alpha.
		{ddstest.X1R5G5B5, []byte{0x21, 0x04}, color.NRGBA{8, 8, 8, 255}},
		// 0x7A3C as A4R4G4B4: alpha 7*17 = 119, red 10*17 = 170, green 3*17 = 51, blue 12*17 = 204.
		{ddstest.A4R4G4B4, []byte{0x3C, 0x7A}, color.NRGBA{170, 51, 204, 119}},
		// Bytes B G R A in memory for A8R8G8B8.
		{ddstest.A8R8G8B8, []byte{1, 2, 3, 4}, color.NRGBA{3, 2, 1, 4}},
		{ddstest.X8R8G8B8, []byte{1, 2, 3, 4}, color.NRGBA{3, 2, 1, 255}},
		{ddstest.A8B8G8R8, []byte{1, 2, 3, 4}, color.NRGBA{1, 2, 3, 4}},
		{ddstest.R8G8B8, []byte{1, 2, 3}, color.NRGBA{3, 2, 1, 255}},
		{ddstest.L8, []byte{77}, color.NRGBA{77, 77, 77, 255}},
		{ddstest.A8L8, []byte{77, 9}, color.NRGBA{77, 77, 77, 9}},
		{ddstest.A8, []byte{9}, color.NRGBA{0, 0, 0, 9}},
	} {
		tex, err := dds.Parse(tc.f.Name, ddstest.Assemble(tc.f, 1, 1, [][]byte{tc.px}))
		if err != nil {
			t.Fatal(err)
		}
		img, err := tex.Mip(0)
		if err != nil {
			t.Fatal(err)
		}
		if got := img.NRGBAAt(0, 0); got != tc.want {
			t.Errorf("%s % x: got %v, want %v", tc.f.Name, tc.px, got, tc.want)
		}
	}
}

// TestDXT1TransparentBlack: a DDS DXT1 block in three-colour mode (c0 <= c1) has
// transparent black at index 3 (Direct3D's rule; DDS has no flag to turn it off),
// and in four-colour mode index 3 is the second interpolant, opaque.
func TestDXT1TransparentBlack(t *testing.T) {
	block := func(c0, c1 uint16, idx uint32) []byte {
		b := binary.LittleEndian.AppendUint16(nil, c0)
		b = binary.LittleEndian.AppendUint16(b, c1)
		return binary.LittleEndian.AppendUint32(b, idx)
	}
	for _, tc := range []struct {
		name string
		b    []byte
		want [4]color.NRGBA
	}{
		// c0 = red 31 -> 255, c1 = blue 255: index 2 = 2*255/3 = 170, index 3 = 85.
		{"four", block(0xF800, 0x001F, 0b11_10_01_00), [4]color.NRGBA{{255, 0, 0, 255}, {0, 0, 255, 255}, {170, 0, 85, 255}, {85, 0, 170, 255}}},
		// c0 <= c1: index 2 = 255/2 = 127, index 3 transparent black.
		{"three", block(0x001F, 0xF800, 0b11_10_01_00), [4]color.NRGBA{{0, 0, 255, 255}, {255, 0, 0, 255}, {127, 0, 127, 255}, {0, 0, 0, 0}}},
	} {
		tex, err := dds.Parse("b.dds", ddstest.Assemble(ddstest.DXT1, 4, 1, [][]byte{tc.b}))
		if err != nil {
			t.Fatal(err)
		}
		img, _ := tex.Mip(0)
		for x := 0; x < 4; x++ {
			if got := img.NRGBAAt(x, 0); got != tc.want[x] {
				t.Errorf("%s pixel %d: got %v, want %v", tc.name, x, got, tc.want[x])
			}
		}
	}
}

// TestPixelFormatNames: the uncompressed formats are named from their masks.
func TestPixelFormatNames(t *testing.T) {
	for _, f := range ddstest.All {
		data, err := ddstest.Encode(smoothImage(4, 4), f)
		if err != nil {
			t.Fatal(err)
		}
		tex, err := dds.Parse(f.Name, data)
		if err != nil {
			t.Fatal(err)
		}
		want := f.Name
		if f.Encoding != dds.Masked {
			want = f.Encoding.String()
		}
		if got := tex.PixelFormat(); got != want {
			t.Errorf("got %q, want %q", got, want)
		}
	}
}

// TestBadHeaders: each fault is refused with a FormatError that names the file and
// the offset of the fault, before anything the image's size is allocated.
func TestBadHeaders(t *testing.T) {
	good, err := ddstest.Encode(smoothImage(16, 8), ddstest.Format{Name: "DXT5", Encoding: dds.DXT5, Mips: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := dds.Parse("good.dds", good); err != nil {
		t.Fatalf("the unmodified fixture: %v", err)
	}
	set := func(off int, v uint32) func([]byte) []byte {
		return func(b []byte) []byte { binary.LittleEndian.PutUint32(b[off:], v); return b }
	}
	masked := func(f ddstest.Format, edit func([]byte) []byte) func([]byte) []byte {
		return func([]byte) []byte { return edit(ddstest.Assemble(f, 2, 2, [][]byte{make([]byte, 4*f.BitCount/8)})) }
	}
	for _, tc := range []struct {
		name   string
		edit   func([]byte) []byte
		offset int64
		msg    string
	}{
		{"empty", func([]byte) []byte { return nil }, 0, "not a DDS"},
		{"magic", func(b []byte) []byte { b[0] = 'X'; return b }, 0, "not a DDS"},
		{"short header", func(b []byte) []byte { return b[:100] }, 100, "inside the 128-byte DDS header"},
		{"header size", set(4, 120), 4, "header size 120"},
		{"pixel format size", set(76, 0), 76, "pixel format size 0"},
		{"zero width", set(16, 0), 16, "width 0"},
		{"huge width", set(16, 1<<20), 16, "width 1048576"},
		{"huge height", set(12, 0xffffffff), 12, "height 4294967295"},
		{"cube map", set(112, 0x200|0xfe00), 112, "cube map"},
		{"volume", set(112, 0x200000), 112, "volume"},
		{"mip count", set(28, 6), 28, "mip count 6: a 16 x 8 texture has at most 5 levels"},
		{"huge mip count", set(28, 0xffffffff), 28, "mip count 4294967295"},
		{"truncated level 0", func(b []byte) []byte { return b[:128+100] }, 128, "mip level 0 (16 x 8, 128 bytes of DXT5) runs past the end"},
		{"truncated last level", func(b []byte) []byte { return b[:len(b)-1] }, int64(len(good) - 16), "mip level 4 (1 x 1, 16 bytes of DXT5) runs past the end"},
		{"big size, no bytes", func(b []byte) []byte { b = set(16, 4096)(b); return set(12, 4096)(b)[:128] }, 128, "mip level 0 (4096 x 4096"},
		{"fourcc", func(b []byte) []byte { copy(b[84:], "ATI2"); return b }, 84, `FourCC "ATI2"`},
		{"premultiplied", func(b []byte) []byte { copy(b[84:], "DXT2"); return b }, 84, "premultiplied"},
		{"dx10", func(b []byte) []byte { copy(b[84:], "DX10"); return b }, 84, "DX10"},
		{"no pixel flags", set(80, 0), 80, "neither FourCC"},
		{"bit count", masked(ddstest.A8R8G8B8, set(88, 12)), 88, "12 bits a pixel"},
		{"mask outside", masked(ddstest.R5G6B5, set(92, 0xf8000)), 92, "outside the 16 bits"},
		{"mask gaps", masked(ddstest.A8R8G8B8, set(96, 0xf0f0)), 96, "not contiguous"},
		{"masks overlap", masked(ddstest.A8R8G8B8, set(100, 0xff00)), 100, "overlaps"},
		{"no masks", masked(ddstest.X8R8G8B8, func(b []byte) []byte {
			return set(100, 0)(set(96, 0)(set(92, 0)(b)))
		}), 92, "no channel mask"},
	} {
		data := tc.edit(append([]byte(nil), good...))
		_, err := dds.Parse("bad.dds", data)
		var fe *dds.FormatError
		if !errors.As(err, &fe) {
			t.Errorf("%s: got %v, want a FormatError", tc.name, err)
			continue
		}
		if fe.File != "bad.dds" || fe.Offset != tc.offset || !strings.Contains(fe.Msg, tc.msg) {
			t.Errorf("%s: got %q at 0x%x, want %q at 0x%x", tc.name, err, fe.Offset, tc.msg, tc.offset)
		}
	}
}

// TestBadMipLevel: Mip refuses a level the texture does not have.
func TestBadMipLevel(t *testing.T) {
	data, _ := ddstest.Encode(smoothImage(4, 4), ddstest.DXT1)
	tex, err := dds.Parse("one.dds", data)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{-1, 1} {
		if _, err := tex.Mip(n); err == nil || !strings.Contains(err.Error(), "levels 0 to 0") {
			t.Errorf("Mip(%d): got %v, want an error naming levels 0 to 0", n, err)
		}
	}
}

// TestReadAllBounded: a stream longer than MaxFileSize is refused without
// reading past the limit.
func TestReadAllBounded(t *testing.T) {
	r := &countingReader{}
	_, err := dds.ReadAll("big.dds", r)
	if err == nil || !strings.Contains(err.Error(), "larger than") {
		t.Fatalf("got %v, want a size error", err)
	}
	if r.n > dds.MaxFileSize+1<<16 {
		t.Errorf("read %d bytes, want at most about %d", r.n, dds.MaxFileSize+1)
	}
	if _, err := dds.ReadAll("small.dds", bytes.NewReader([]byte("DDS "))); err != nil {
		t.Errorf("small stream: %v", err)
	}
}

type countingReader struct{ n int }

func (r *countingReader) Read(p []byte) (int, error) {
	r.n += len(p)
	return len(p), nil
}
