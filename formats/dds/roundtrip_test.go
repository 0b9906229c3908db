package dds_test

import (
	"bytes"
	"image"
	"testing"

	"animscope/formats/blp/blptest"
	"animscope/formats/dds"
	"animscope/formats/dds/ddstest"
)

// TestRoundTrip writes every format with ddstest (32 x 16, every mip) and decodes
// every level back. Uncompressed levels must come back exactly as each channel
// quantised to its mask's width and widened back (ddstest.Expect); DXT within what
// its 5:6:5 endpoints and interpolants can hold, and DXT1's transparent pixels
// exactly transparent black.
func TestRoundTrip(t *testing.T) {
	for _, f := range ddstest.All {
		t.Run(f.Name, func(t *testing.T) {
			f.Mips = true
			src := smoothImage(32, 16)
			if f.Punch {
				src = punchImage(32, 16)
			}
			data, err := ddstest.Encode(src, f)
			if err != nil {
				t.Fatal(err)
			}
			tex, err := dds.Parse(f.Name, data)
			if err != nil {
				t.Fatal(err)
			}
			if tex.Encoding != f.Encoding || tex.PixelFormat() != f.Name && f.Encoding == dds.Masked {
				t.Errorf("format: got %v %s, want %v %s", tex.Encoding, tex.PixelFormat(), f.Encoding, f.Name)
			}
			want := blptest.Levels(src, true)
			if len(tex.Levels) != len(want) || len(want) != 6 {
				t.Fatalf("levels: got %d, want %d (32x16 down to 1x1)", len(tex.Levels), len(want))
			}
			for n, w := range want {
				got, err := tex.Mip(n)
				if err != nil {
					t.Fatalf("mip %d: %v", n, err)
				}
				if got.Rect != w.Rect {
					t.Fatalf("mip %d: got %v, want %v", n, got.Rect, w.Rect)
				}
				for i := 0; i < len(w.Pix); i += 4 {
					var c [4]byte
					copy(c[:], w.Pix[i:i+4])
					var g [4]byte
					copy(g[:], got.Pix[i:i+4])
					if f.Encoding == dds.Masked {
						if e := ddstest.Expect(c, f); g != e {
							t.Fatalf("mip %d pixel %d: got %v, want %v (from %v)", n, i/4, g, e, c)
						}
						continue
					}
					tolRGB, tolA, wa := 12<<n, 8, int(c[3])
					switch {
					case f.Encoding == dds.DXT1 && f.Punch:
						tolA, wa = 0, 255*int(c[3]>>7)
					case f.Encoding == dds.DXT1:
						tolA, wa = 0, 255
					}
					if d := abs(int(g[3]) - wa); d > tolA {
						t.Fatalf("mip %d pixel %d: alpha %d, want %d", n, i/4, g[3], wa)
					}
					if wa == 0 && f.Encoding == dds.DXT1 {
						if g != [4]byte{} {
							t.Fatalf("mip %d pixel %d: got %v, want transparent black", n, i/4, g)
						}
						continue
					}
					for k := 0; k < 3; k++ {
						if d := abs(int(g[k]) - int(c[k])); d > tolRGB {
							t.Fatalf("mip %d pixel %d channel %d: got %d, want %d (tolerance %d)", n, i/4, k, g[k], c[k], tolRGB)
						}
					}
				}
			}
			// image.Decode finds the registered format and returns level 0.
			img, format, err := image.Decode(bytes.NewReader(data))
			if err != nil || format != "dds" {
				t.Fatalf("image.Decode: format %q, %v", format, err)
			}
			m0, _ := tex.Mip(0)
			if !bytes.Equal(img.(*image.NRGBA).Pix, m0.Pix) {
				t.Errorf("image.Decode differs from Mip(0)")
			}
			cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
			if err != nil || format != "dds" || cfg.Width != 32 || cfg.Height != 16 {
				t.Errorf("image.DecodeConfig: %+v %q %v, want 32x16 dds", cfg, format, err)
			}
		})
	}
}

// BenchmarkMipDXT5 decodes a 256 x 256 DXT5 level.
func BenchmarkMipDXT5(b *testing.B) {
	data, err := ddstest.Encode(smoothImage(256, 256), ddstest.DXT5)
	if err != nil {
		b.Fatal(err)
	}
	tex, err := dds.Parse("b.dds", data)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := tex.Mip(0); err != nil {
			b.Fatal(err)
		}
	}
}
