package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"animscope/formats"
	"animscope/viewer"
)

// A toy data kind and a toy texture kind, registered from this file alone: the
// commands (validate, inspect, texture) and the viewer's texture loading read
// them with no change anywhere else.
//
// "TOYDATA N" is data whose verdict is a warning when N is odd and an error at
// offset 8 when N is no number. "TOYTEX W H R G B A" is a texture of W x H
// pixels of one colour, with two mip levels (the second of half the size).

func init() {
	formats.RegisterData(formats.DataKind{
		Name:        "toy-data",
		Description: "a toy data file",
		Sniff:       func(_ string, head []byte) bool { return bytes.HasPrefix(head, []byte("TOYDATA")) },
		Read: func(src *formats.Source) (*formats.Data, error) {
			f := strings.Fields(string(src.Data))
			n := 0
			if len(f) == 2 {
				n, _ = strconv.Atoi(f[1])
			}
			if len(f) != 2 || fmt.Sprint(n) != f[1] {
				return nil, formats.FileErrorf(src.Name, 8, "want a number after the magic")
			}
			var diags []formats.Diagnostic
			if n%2 != 0 {
				diags = append(diags, formats.DiagWarnf(src.Name, 8, "%d is odd", n))
			}
			name := src.Name
			return &formats.Data{Key: "toy", Value: struct {
				N int `json:"n"`
			}{n}, Diagnostics: diags, Text: func(w io.Writer) {
				fmt.Fprintf(w, "files:   %s\nformat:  toy data (%d)\n", name, n)
			}}, nil
		},
	})
	formats.RegisterTexture(formats.TextureKind{
		Name:  "toytex",
		Sniff: func(head []byte) bool { return bytes.HasPrefix(head, []byte("TOYTEX ")) },
		Parse: parseToyTexture,
	})
}

type toyTexture struct {
	w, h int
	c    color.NRGBA
}

func parseToyTexture(name string, data []byte) (*formats.Texture, error) {
	var t toyTexture
	if _, err := fmt.Sscanf(string(data), "TOYTEX %d %d %d %d %d %d", &t.w, &t.h, &t.c.R, &t.c.G, &t.c.B, &t.c.A); err != nil || t.w < 2 || t.h < 2 {
		return nil, formats.FileErrorf(name, 7, "want a size of at least 2 x 2 and a colour")
	}
	return &formats.Texture{Name: name, Format: "toytex", Width: t.w, Height: t.h, Levels: 2, Pixels: t}, nil
}

func (t toyTexture) Mip(n int) (*image.NRGBA, error) {
	img := image.NewNRGBA(image.Rect(0, 0, t.w>>n, t.h>>n))
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = t.c.R, t.c.G, t.c.B, t.c.A
	}
	return img, nil
}

func (t toyTexture) Describe() string { return fmt.Sprintf("toy %d x %d, 2 mip levels", t.w, t.h) }

func TestToyDataKind(t *testing.T) {
	dir := t.TempDir()
	even := writeScene(t, dir, "even.toy", "TOYDATA 4")
	odd := writeScene(t, dir, "odd.toy", "TOYDATA 3")
	bad := writeScene(t, dir, "bad.toy", "TOYDATA x")
	for _, tc := range []struct {
		file, wantOut, wantErr string
		wantCode               int
	}{
		{even, even + ": valid\n", "", exitOK},
		{odd, odd + ": valid, with 1 warning\n", "warning: " + odd + ": offset 0x8: 3 is odd\n", exitOK},
		{bad, bad + ": invalid (1 error, 0 warnings)\n", bad + ": offset 0x8: want a number after the magic\n", exitInvalid},
	} {
		code, stdout, stderr := runCLI("validate", tc.file)
		if code != tc.wantCode || stdout != tc.wantOut || stderr != tc.wantErr {
			t.Errorf("validate %s: got exit %d, %q, %q; want exit %d, %q, %q", filepath.Base(tc.file), code, stdout, stderr, tc.wantCode, tc.wantOut, tc.wantErr)
		}
	}
	code, stdout, stderr := runCLI("inspect", odd)
	if want := "files:   " + odd + "\nformat:  toy data (3)\n"; code != exitOK || stdout != want || stderr != "" {
		t.Errorf("inspect: got exit %d, %q, %q; want exit 0, %q", code, stdout, stderr, want)
	}
	code, stdout, _ = runCLI("inspect", "--json", odd)
	want := fmt.Sprintf(`{"files":[%q],"format":"toy-data","toy":{"n":3},"diagnostics":[{"severity":"warning","file":%q,"offset":8,"message":"3 is odd"}]}`, odd, odd)
	var compact bytes.Buffer
	if err := json.Compact(&compact, []byte(stdout)); code != exitOK || err != nil || compact.String() != want {
		t.Errorf("inspect --json: got exit %d, %s (%v); want %s", code, stdout, err, want)
	}
	if code, _, stderr := runCLI("inspect", bad); code != exitInvalid || stderr != bad+": offset 0x8: want a number after the magic\n" {
		t.Errorf("inspect of the bad file: got exit %d, %q", code, stderr)
	}
	// Batch validation of a folder names the kind as the file's family.
	code, stdout, _ = runCLI("validate", "--json", dir, "*.toy")
	for _, f := range []string{even, odd, bad} {
		if !strings.Contains(stdout, fmt.Sprintf(`{"file":%q,"family":"toy-data"`, f)) {
			t.Errorf("validate --json %s: no line with family toy-data for %s in %s", dir, filepath.Base(f), stdout)
		}
	}
	if code != exitInvalid {
		t.Errorf("validate --json %s: exit %d, want %d", dir, code, exitInvalid)
	}
}

func TestToyTextureKind(t *testing.T) {
	dir := t.TempDir()
	tex := writeScene(t, dir, "green.toytex", "TOYTEX 4 2 0 200 0 255")
	bad := writeScene(t, dir, "bad.toytex", "TOYTEX 1 1 0 0 0 0")
	if code, stdout, stderr := runCLI("validate", tex, bad); code != exitInvalid ||
		stdout != tex+": valid\n"+bad+": invalid (1 error, 0 warnings)\n" || stderr != bad+": offset 0x7: want a size of at least 2 x 2 and a colour\n" {
		t.Errorf("validate: got exit %d, %q, %q", code, stdout, stderr)
	}
	if code, stdout, stderr := runCLI("inspect", tex); code != exitOK || stdout != "files:   "+tex+"\nformat:  texture (toy 4 x 2, 2 mip levels)\n" {
		t.Errorf("inspect: got exit %d, %q, %q", code, stdout, stderr)
	}
	code, stdout, stderr := runCLI("inspect", "--json", tex)
	var got inspectTextureOut
	if err := json.Unmarshal([]byte(stdout), &got); code != exitOK || err != nil {
		t.Fatalf("inspect --json: exit %d, %v, %s", code, err, stderr)
	}
	if want := (inspectTexture{Format: "toytex", Width: 4, Height: 2, Levels: 2, Description: "toy 4 x 2, 2 mip levels"}); got.Format != "texture" || got.Texture != want {
		t.Errorf("inspect --json: got %+v, want format texture, %+v", got, want)
	}
	for _, tc := range []struct {
		mip  int
		w, h int
	}{{0, 4, 2}, {1, 2, 1}} {
		out := filepath.Join(dir, fmt.Sprintf("mip%d.png", tc.mip))
		if code, _, stderr := runCLI("texture", tex, "--mip", fmt.Sprint(tc.mip), "--out", out); code != exitOK {
			t.Fatalf("texture --mip %d: exit %d, %s", tc.mip, code, stderr)
		}
		written, err := formats.ReadTexture(out) // a PNG: a texture kind too
		if err != nil {
			t.Fatal(err)
		}
		img, err := written.Mip(0)
		if err != nil {
			t.Fatal(err)
		}
		if b := img.Bounds(); b.Dx() != tc.w || b.Dy() != tc.h || color.NRGBAModel.Convert(img.At(0, 0)) != (color.NRGBA{0, 200, 0, 255}) {
			t.Errorf("texture --mip %d: got %v, %v; want %d x %d of green", tc.mip, b, img.At(0, 0), tc.w, tc.h)
		}
	}
	if code, _, stderr := runCLI("texture", tex, "--mip", "2", "--out", filepath.Join(dir, "x.png")); code != exitUsage || !strings.Contains(stderr, "has mip levels 0 to 1") {
		t.Errorf("texture --mip 2: got exit %d, %q; want a usage error naming levels 0 to 1", code, stderr)
	}
	// The viewer reads the material's texture through the same registry.
	a := &formats.Asset{Files: []string{"toy"}, Materials: formats.StaticMaterials{{Mesh: 0, Texture: tex}}}
	sc := &viewer.Scene{Asset: a}
	sc.ReadTextures()
	if img := sc.TextureImage(tex); img == nil || img.Rect.Dx() != 4 || img.NRGBAAt(1, 1) != (color.NRGBA{0, 200, 0, 255}) {
		t.Errorf("viewer texture of %s: got %v (%+v), want 4 x 2 of green", tex, img, sc.Textures)
	}
}
