package texm_test

import (
	"encoding/binary"
	"image"
	"image/color"
	"testing"

	"animscope/formats/texm"
	"animscope/formats/texm/texmtest"
)

// bigHeader is the header of an 8192×8192 palettized Texm of 14 levels with no
// pixels after it: the decoder must refuse it before allocating.
func bigHeader() []byte {
	b := []byte(texm.Magic)
	for _, v := range []uint32{1 << 13, 1 << 13, 14, 0, 0, 0, 0} {
		b = binary.LittleEndian.AppendUint32(b, v)
	}
	return b
}

// TestRoundTrip: Encode then texm.Parse gives back colours each format represents
// exactly, every mip level at its size, and the Page rectangles.
func TestRoundTrip(t *testing.T) {
	img := image.NewNRGBA(image.Rect(0, 0, 8, 2))
	cols := []color.NRGBA{{255, 0, 0, 255}, {0, 255, 0, 255}, {0, 0, 255, 255}, {255, 255, 255, 255}}
	for x := 0; x < 8; x++ {
		for y := 0; y < 2; y++ {
			img.SetNRGBA(x, y, cols[(x+y)%4])
		}
	}
	pages := []texm.Rect{{0, 4, 0, 2}, {4, 4, 0, 2}}
	for _, f := range texm.Formats {
		data, err := texmtest.Encode(img, f, 4, pages)
		if err != nil {
			t.Fatalf("format %d: %v", f, err)
		}
		tx, err := texm.Parse("t.tex", data)
		if err != nil {
			t.Fatalf("format %d: %v", f, err)
		}
		if tx.Mips != 4 || len(tx.Pages) != 2 || tx.Pages[1] != pages[1] || len(tx.Warnings) != 0 {
			t.Errorf("format %d: %d mips, pages %v, warnings %v", f, tx.Mips, tx.Pages, tx.Warnings)
		}
		got, _ := tx.Mip(0)
		for i := range img.Pix {
			if got.Pix[i] != img.Pix[i] {
				t.Errorf("format %d: byte %d = %d, want %d", f, i, got.Pix[i], img.Pix[i])
				break
			}
		}
		for n, want := range [][2]int{{8, 2}, {4, 1}, {2, 1}, {1, 1}} {
			m, err := tx.Mip(n)
			if err != nil || m.Rect.Dx() != want[0] || m.Rect.Dy() != want[1] {
				t.Errorf("format %d level %d: %v %v, want %d x %d", f, n, m.Rect, err, want[0], want[1])
			}
		}
		if _, err := tx.Mip(4); err == nil {
			t.Errorf("format %d: level 4 of 4 decoded", f)
		}
	}
}

func FuzzParse(f *testing.F) {
	img := image.NewNRGBA(image.Rect(0, 0, 4, 4))
	for _, fm := range texm.Formats {
		d, _ := texmtest.Encode(img, fm, 3, []texm.Rect{{0, 1, 2, 3}})
		f.Add(d)
	}
	f.Add(bigHeader())
	f.Fuzz(func(t *testing.T, data []byte) {
		tx, err := texm.Parse("fuzz.tex", data)
		if err != nil {
			return
		}
		for n := 0; n < tx.Mips; n++ {
			if _, err := tx.Mip(n); err != nil {
				t.Fatalf("level %d of a parsed texture: %v", n, err)
			}
		}
	})
}
