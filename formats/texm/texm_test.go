package texm

import (
	"encoding/binary"
	"image/color"
	"strings"
	"testing"
)

// header is a Texm header of a w×h texture of the format with mips levels.
func header(w, h, mips, format uint32) []byte {
	b := []byte(Magic)
	for _, v := range []uint32{w, h, mips, 0, 0, 0, format} {
		b = binary.LittleEndian.AppendUint32(b, v)
	}
	return b
}

func u16s(vs ...uint16) []byte {
	var b []byte
	for _, v := range vs {
		b = binary.LittleEndian.AppendUint16(b, v)
	}
	return b
}

// TestPixelFormats decodes one 2×1 level of each format from hand-made words:
// the channel order and the widening (a 5-bit 16 is 16<<3 | 16>>2 = 132, a
// 6-bit 32 is 32<<2 | 32>>4 = 130, a 4-bit 1 is 17).
func TestPixelFormats(t *testing.T) {
	pal := make([]byte, PaletteSize)
	copy(pal[4:], []byte{1, 2, 3, 99}) // entry 1: B G R, the fourth byte unused
	for _, tc := range []struct {
		format uint32
		pixels []byte
		want   [2]color.NRGBA
	}{
		{565, u16s(0xF800, 0x8410), [2]color.NRGBA{{255, 0, 0, 255}, {132, 130, 132, 255}}},
		{565, u16s(0x07E0, 0x001F), [2]color.NRGBA{{0, 255, 0, 255}, {0, 0, 255, 255}}},
		{556, u16s(0x07C0, 0x003F), [2]color.NRGBA{{0, 255, 0, 255}, {0, 0, 255, 255}}},
		{556, u16s(0x8420, 0xF800), [2]color.NRGBA{{132, 132, 130, 255}, {255, 0, 0, 255}}},
		{4444, u16s(0xF123, 0x0F00), [2]color.NRGBA{{17, 34, 51, 255}, {255, 0, 0, 0}}},
		{888, []byte{10, 20, 30, 99, 0, 0, 255, 0}, [2]color.NRGBA{{30, 20, 10, 255}, {255, 0, 0, 255}}},
		{8888, []byte{10, 20, 30, 40, 0, 255, 0, 128}, [2]color.NRGBA{{30, 20, 10, 40}, {0, 255, 0, 128}}},
		{0, append(append([]byte(nil), pal...), 1, 0), [2]color.NRGBA{{3, 2, 1, 255}, {0, 0, 0, 255}}},
	} {
		data := append(header(2, 1, 1, tc.format), tc.pixels...)
		tx, err := Parse("t.tex", data)
		if err != nil {
			t.Fatalf("format %d: %v", tc.format, err)
		}
		img, err := tx.Mip(0)
		if err != nil {
			t.Fatal(err)
		}
		for x := 0; x < 2; x++ {
			if got := img.NRGBAAt(x, 0); got != tc.want[x] {
				t.Errorf("format %d pixel %d = %v, want %v", tc.format, x, got, tc.want[x])
			}
		}
	}
}

// TestBadInput: each broken header or size is an error naming the offset; the
// sizes are checked before anything is allocated.
func TestBadInput(t *testing.T) {
	good := append(header(2, 2, 2, 8888), make([]byte, 4*5)...)
	if _, err := Parse("ok", good); err != nil {
		t.Fatalf("the good texture: %v", err)
	}
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"short", []byte("Texm"), "offset 0x0: 4 bytes"},
		{"magic", append([]byte("Texn"), good[4:]...), `magic "Texn"`},
		{"zero width", header(0, 2, 1, 8888), "offset 0x4: size 0 x 2"},
		{"huge", header(1<<30, 1<<30, 1, 8888), "offset 0x4: size 1073741824"},
		{"mips", header(2, 2, 0, 8888), "offset 0xC: mip count 0"},
		{"many mips", header(2, 2, 1000, 8888), "mip count 1000"},
		{"format", header(2, 2, 1, 5551), "offset 0x1C: pixel format 5551"},
		{"no palette", header(2, 2, 1, 0), "offset 0x20: the palette needs 1024 bytes"},
		{"truncated level", good[:len(good)-1], "offset 0x30: mip level 1 (1 x 1, format 8888) needs 4 bytes, 3 are left"},
		{"big with no pixels", header(8192, 8192, 14, 8888), "mip level 0 (8192 x 8192, format 8888) needs 268435456 bytes, 0 are left"},
		{"trailing", append(append([]byte(nil), good...), 1, 2, 3), "offset 0x34: 3 bytes after the pixels"},
		{"page count", append(append([]byte(nil), good...), 'P', 'a', 'g', 'e', 2, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8), "Page chunk of 2 rectangles needs 16 bytes"},
	} {
		_, err := Parse("bad.tex", tc.data)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "bad.tex: ") {
			t.Errorf("%s: error %v, want one naming bad.tex and %q", tc.name, err, tc.want)
		}
	}
	flagged := append([]byte(nil), good...)
	binary.LittleEndian.PutUint32(flagged[16:], 7)
	binary.LittleEndian.PutUint32(flagged[20:], 1)
	tx, err := Parse("f.tex", flagged)
	if err != nil || len(tx.Warnings) != 2 || !strings.Contains(tx.Warnings[0], "flags4 0x7") || !strings.Contains(tx.Warnings[1], "flags5 0x1") {
		t.Errorf("flags: %v %v, want two warnings", tx, err)
	}
}
