package blp_test

import (
	"errors"
	"testing"

	"animscope/formats/blp"
	"animscope/formats/blp/blptest"
	"animscope/formats/internal/fuzzseed"
)

// FuzzParse: any input either fails with a FormatError naming the file, or parses,
// and then every level either decodes to its size or fails the same way.
func FuzzParse(f *testing.F) {
	for _, fx := range fixtures {
		data, err := blptest.Encode(source(fx), fx.f)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	j4, _ := blptest.Encode(testImage(16, 8), blptest.Format{Version: 1, Encoding: blp.JPEG, AlphaDepth: 8, Mips: true})
	f.Add(j4)
	f.Fuzz(func(t *testing.T, data []byte) {
		check := func(err error) {
			var fe *blp.FormatError
			if !errors.As(err, &fe) || fe.File != "f.blp" || fe.Offset < 0 || fe.Msg == "" {
				t.Fatalf("error without file and offset: %v", err)
			}
		}
		tex, err := blp.Parse("f.blp", data)
		if err != nil {
			check(err)
			return
		}
		if len(tex.Levels) == 0 {
			t.Fatal("parsed without levels")
		}
		for n, lv := range tex.Levels {
			img, err := tex.Mip(n)
			if err != nil {
				check(err)
				continue
			}
			if img.Rect.Dx() != lv.Width || img.Rect.Dy() != lv.Height {
				t.Fatalf("mip %d: %v, want %dx%d", n, img.Rect, lv.Width, lv.Height)
			}
		}
	})
}

// TestWriteFuzzSeeds (re)writes the FuzzParse seed corpus from blptest; it does
// nothing without -write-seeds:
//
//	go test ./formats/blp -run TestWriteFuzzSeeds -args -write-seeds
func TestWriteFuzzSeeds(t *testing.T) {
	fuzzseed.Skip(t)
	for _, fx := range fixtures {
		data, err := blptest.Encode(source(fx), fx.f)
		if err != nil {
			t.Fatal(err)
		}
		fuzzseed.Write(t, "FuzzParse", "seed-"+fx.name, data)
	}
	j4, _ := blptest.Encode(testImage(16, 8), blptest.Format{Version: 1, Encoding: blp.JPEG, AlphaDepth: 8, Mips: true})
	fuzzseed.Write(t, "FuzzParse", "seed-blp1-jpeg-4-channels", j4)
	cut, _ := blptest.Encode(testImage(8, 8), blptest.Format{Version: 2, Encoding: blp.DXT5, AlphaDepth: 8, Mips: true})
	fuzzseed.Write(t, "FuzzParse", "seed-dxt5-truncated", cut[:len(cut)-20])
}
