package formats

import (
	"bytes"
	"errors"
	"image"
	"io"
	"strings"
	"testing"
)

// Toy kinds of this test: "DKSNIFF" data recognised by content, ".dkext" files
// by name, and "DKCOMP" companions.
func init() {
	text := func(kind string) func(src *Source) (*Data, error) {
		return func(src *Source) (*Data, error) {
			if bytes.Contains(src.Data, []byte("bad")) {
				return nil, FileErrorf(src.Name, 3, "%s says bad", kind)
			}
			return &Data{Key: kind, Value: len(src.Data), Diagnostics: []Diagnostic{DiagWarnf(src.Name, -1, "%s read %d bytes", kind, len(src.Data))},
				Text: func(w io.Writer) { io.WriteString(w, kind) }}, nil
		}
	}
	RegisterData(DataKind{Name: "dk-sniff", Sniff: func(_ string, head []byte) bool { return bytes.HasPrefix(head, []byte("DKSNIFF")) }, Read: text("dk-sniff")})
	RegisterData(DataKind{Name: "dk-ext", Extensions: []string{".dkext"}, Read: text("dk-ext")})
	RegisterData(DataKind{Name: "dk-companion", Companion: true,
		Sniff: func(_ string, head []byte) bool { return bytes.HasPrefix(head, []byte("DKCOMP")) },
		Read: func(src *Source) (*Data, error) {
			return nil, &CompanionError{FileError: &FileError{File: src.Name, Offset: -1, Msg: "part of owner.dk"}}
		}})
}

func TestDataVerdictOrder(t *testing.T) {
	for _, tc := range []struct {
		name, data, wantKind, wantErr string
		wantDiags                     int
	}{
		{"a.bin", "DKSNIFF", "dk-sniff", "", 1},
		{"a.dkext", "DKSNIFF", "dk-sniff", "", 1}, // content first, then names
		{"a.dkext", "plain", "dk-ext", "", 1},
		{"a.dkext", "bad", "dk-ext", "a.dkext: offset 0x3: dk-ext says bad", 0},
		{"a.dksrc", "plain", "", "", 0}, // a source is a scene: not this verdict's
		{"a.bin", "DKCOMP", "", "", 0},  // a companion is refused where scenes are decoded
		{"a.bin", "nothing", "", "", 0},
	} {
		kind, d, err := DataVerdict(&Source{Name: tc.name, Data: []byte(tc.data)})
		gotErr := ""
		if err != nil {
			gotErr = err.Error()
		}
		if kind != tc.wantKind || gotErr != tc.wantErr || (err == nil && kind != "" && (d.Kind != kind || len(d.Diagnostics) != tc.wantDiags)) {
			t.Errorf("%s %q: got kind %q, %+v, %q; want kind %q, %d diagnostics, %q", tc.name, tc.data, kind, d, gotErr, tc.wantKind, tc.wantDiags, tc.wantErr)
		}
	}
}

func TestCompanionKindIsRefusedWhenOpened(t *testing.T) {
	_, err := OpenData("x.bin", []byte("DKCOMP"), Options{})
	var ce *CompanionError
	if !errors.As(err, &ce) || err.Error() != "x.bin: part of owner.dk" {
		t.Errorf("OpenData of a companion: got %v, want its CompanionError", err)
	}
}

type dkPixels struct{ desc string }

func (p dkPixels) Mip(int) (*image.NRGBA, error) { return image.NewNRGBA(image.Rect(0, 0, 1, 1)), nil }
func (p dkPixels) Describe() string              { return p.desc }

func init() {
	kind := func(name string, magic string, fallback bool) TextureKind {
		return TextureKind{Name: name, Fallback: fallback,
			Sniff: func(head []byte) bool { return strings.HasPrefix(string(head), magic) },
			Parse: func(n string, data []byte) (*Texture, error) {
				return &Texture{Name: n, Format: name, Width: 1, Height: 1, Levels: 1, Pixels: dkPixels{name}}, nil
			}}
	}
	// Registered out of order: a fallback that takes anything starting "DKT",
	// and two kinds whose magics both match "DKTEX".
	RegisterTexture(kind("dk-any", "DKT", true))
	RegisterTexture(kind("dk-tex2", "DKTE", false))
	RegisterTexture(kind("dk-tex1", "DKTEX", false))
}

func TestTextureKindOrder(t *testing.T) {
	for _, tc := range []struct{ data, want string }{
		{"DKTEX", "dk-tex1"}, // kinds by name
		{"DKTE!", "dk-tex2"},
		{"DKT!!", "dk-any"}, // the fallback last
	} {
		tx, err := ParseTexture("t", []byte(tc.data))
		if err != nil || tx.Format != tc.want {
			t.Errorf("ParseTexture(%q): got %+v, %v; want format %s", tc.data, tx, err, tc.want)
		}
	}
	if _, err := ParseTexture("t", []byte("nothing")); !errors.Is(err, ErrNotTexture) || err.Error() != "t: "+ErrNotTexture.Error() {
		t.Errorf("ParseTexture of no texture: got %v, want ErrNotTexture", err)
	}
	tx, _ := ParseTexture("t", []byte("DKTEX"))
	if _, err := tx.Mip(1); !errors.Is(err, ErrNoLevel) {
		t.Errorf("Mip(1) of a one-level texture: got %v, want ErrNoLevel", err)
	}
	// The texture data kind gives the same verdict.
	kind, d, err := DataVerdict(&Source{Name: "t", Data: []byte("DKTE!")})
	if kind != "texture" || err != nil || d.Value.(textureInfo).Format != "dk-tex2" {
		t.Errorf("DataVerdict of a texture: got %q, %+v, %v", kind, d, err)
	}
}
