package blp_test

import (
	"bytes"
	"image"
	"testing"

	"animscope/formats/blp"
	"animscope/formats/blp/blptest"
)

// TestRoundTrip writes every encoding with blptest and decodes every level back.
// Palettized and BGRA levels must come back exactly (alpha quantised to the
// depth); DXT within what its 5:6:5 endpoints and interpolants can hold; JPEG
// within what quality 90 keeps.
func TestRoundTrip(t *testing.T) {
	for _, fx := range fixtures {
		t.Run(fx.name, func(t *testing.T) {
			src := source(fx)
			data, err := blptest.Encode(src, fx.f)
			if err != nil {
				t.Fatal(err)
			}
			tex, err := blp.Parse(fx.name, data)
			if err != nil {
				t.Fatal(err)
			}
			if tex.Version != fx.f.Version || tex.Encoding != fx.f.Encoding || tex.AlphaDepth != fx.f.AlphaDepth {
				t.Errorf("header: got v%d %v alpha %d, want v%d %v alpha %d", tex.Version, tex.Encoding, tex.AlphaDepth, fx.f.Version, fx.f.Encoding, fx.f.AlphaDepth)
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
				tolRGB, tolA := 0, 0
				switch fx.f.Encoding {
				case blp.DXT1, blp.DXT3, blp.DXT5:
					tolRGB, tolA = 12, 8 // 5:6:5 endpoints, 4 colours a block; 4-bit or 8 interpolated alphas
				case blp.JPEG:
					tolRGB = 12
				}
				// Point-sampled levels double the gradient's step at each level.
				tolRGB <<= n
				for i := 0; i < len(w.Pix); i += 4 {
					wa := blptest.QuantizeAlpha(w.Pix[i+3], fx.f.AlphaDepth)
					switch fx.f.Encoding {
					case blp.DXT3, blp.DXT5:
						wa = w.Pix[i+3]
					case blp.DXT1:
						wa = blptest.QuantizeAlpha(w.Pix[i+3], fx.f.AlphaDepth)
					case blp.JPEG:
						wa = 255
					}
					if d := abs(int(got.Pix[i+3]) - int(wa)); d > tolA {
						t.Fatalf("mip %d pixel %d: alpha %d, want %d", n, i/4, got.Pix[i+3], wa)
					}
					if fx.f.Encoding == blp.DXT1 && wa == 0 {
						continue // transparent black
					}
					for k := 0; k < 3; k++ {
						if d := abs(int(got.Pix[i+k]) - int(w.Pix[i+k])); d > tolRGB {
							t.Fatalf("mip %d pixel %d channel %d: got %d, want %d (tolerance %d)", n, i/4, k, got.Pix[i+k], w.Pix[i+k], tolRGB)
						}
					}
				}
			}
			// image.Decode finds the registered format and returns level 0.
			img, format, err := image.Decode(bytes.NewReader(data))
			if err != nil || format != "blp" {
				t.Fatalf("image.Decode: format %q, %v", format, err)
			}
			m0, _ := tex.Mip(0)
			if !bytes.Equal(img.(*image.NRGBA).Pix, m0.Pix) {
				t.Errorf("image.Decode differs from Mip(0)")
			}
			cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
			if err != nil || format != "blp" || cfg.Width != 32 || cfg.Height != 16 {
				t.Errorf("image.DecodeConfig: %+v %q %v, want 32x16 blp", cfg, format, err)
			}
		})
	}
}

// BenchmarkMipDXT5 decodes a 256 x 256 DXT5 level (the samples' skin size).
func BenchmarkMipDXT5(b *testing.B) {
	data, err := blptest.Encode(smoothImage(32, 16), blptest.Format{Version: 2, Encoding: blp.DXT5, AlphaDepth: 8})
	if err != nil {
		b.Fatal(err)
	}
	// Widen to 256 x 256: the header's size and level 0's bytes (blocks repeat).
	big := blptest.Assemble(blptest.Format{Version: 2, Encoding: blp.DXT5, AlphaDepth: 8}, 256, 256, nil, nil,
		[][]byte{bytes.Repeat(data[len(data)-16:], 64*64)})
	tex, err := blp.Parse("b.blp", big)
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
