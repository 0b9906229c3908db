package dds_test

import (
	"errors"
	"testing"

	"animscope/formats/dds"
	"animscope/formats/dds/ddstest"
	"animscope/formats/internal/fuzzseed"
)

// seeds are ddstest's files: every format with mips, and a truncated one.
func seeds(t testing.TB) map[string][]byte {
	out := map[string][]byte{}
	for _, f := range ddstest.All {
		f.Mips = true
		data, err := ddstest.Encode(smoothImage(8, 4), f)
		if err != nil {
			t.Fatal(err)
		}
		out["seed-"+f.Name] = data
	}
	cut := out["seed-DXT5"]
	out["seed-DXT5-truncated"] = cut[:len(cut)-10]
	return out
}

// FuzzParse: any input either fails with a FormatError naming the file, or parses,
// and then every level decodes to its size.
func FuzzParse(f *testing.F) {
	for _, data := range seeds(f) {
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		tex, err := dds.Parse("f.dds", data)
		if err != nil {
			var fe *dds.FormatError
			if !errors.As(err, &fe) || fe.File != "f.dds" || fe.Offset < 0 || fe.Msg == "" {
				t.Fatalf("error without file and offset: %v", err)
			}
			return
		}
		if len(tex.Levels) == 0 {
			t.Fatal("parsed without levels")
		}
		for n, lv := range tex.Levels {
			img, err := tex.Mip(n)
			if err != nil {
				t.Fatalf("mip %d of a parsed file: %v", n, err)
			}
			if img.Rect.Dx() != lv.Width || img.Rect.Dy() != lv.Height {
				t.Fatalf("mip %d: %v, want %dx%d", n, img.Rect, lv.Width, lv.Height)
			}
		}
	})
}

// TestWriteFuzzSeeds (re)writes the FuzzParse seed corpus from ddstest; it does
// nothing without -write-seeds:
//
//	go test ./formats/dds -run TestWriteFuzzSeeds -args -write-seeds
func TestWriteFuzzSeeds(t *testing.T) {
	fuzzseed.Skip(t)
	for name, data := range seeds(t) {
		fuzzseed.Write(t, "FuzzParse", name, data)
	}
}
