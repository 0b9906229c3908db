package main

import (
	"bytes"
	"encoding/binary"
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"animscope/formats/blp"
	"animscope/formats/blp/blptest"
	"animscope/formats/m2/m2test"
	"animscope/formats/mpq/mpqtest"

	"github.com/qmuntal/gltf"
)

// TestExportAndInspectMaterials: a synthetic M2 naming TEST\SKIN.BLP with a BLP
// beside it. `export` embeds the texture (the scene goes through formats.Open,
// which keeps the Materials capability), `inspect` lists the texture, the file
// found for it, the render flag and the texture units.
func TestExportAndInspectMaterials(t *testing.T) {
	dir := t.TempDir()
	data, _ := m2test.Synthetic(256, false)
	model := filepath.Join(dir, "Test.m2")
	os.WriteFile(model, data, 0o644)
	img := image.NewNRGBA(image.Rect(0, 0, 4, 4))
	for i := range img.Pix {
		img.Pix[i] = byte(i * 13)
	}
	tex, _ := blptest.Encode(img, blptest.Format{Version: 2, Encoding: blp.DXT1, Mips: true})
	os.WriteFile(filepath.Join(dir, "SKIN.BLP"), tex, 0o644)

	out := filepath.Join(dir, "out.glb")
	if code, _, stderr := runCLI("export", "--bind-pose", "--out", out, model); code != exitOK {
		t.Fatalf("export: exit %d: %s", code, stderr)
	}
	glb, _ := os.ReadFile(out)
	doc := new(gltf.Document)
	if err := gltf.NewDecoder(bytes.NewReader(glb)).Decode(doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Materials) != 1 || len(doc.Images) != 1 || doc.Images[0].Name != "SKIN.BLP" || doc.Materials[0].AlphaMode != gltf.AlphaBlend {
		t.Errorf("export: %d materials, %d images; want the one blended material with SKIN.BLP", len(doc.Materials), len(doc.Images))
	}

	code, stdout, stderr := runCLI("inspect", model)
	if code != exitOK {
		t.Fatalf("inspect: exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		`name: "TEST\\SKIN.BLP"`, `file: "` + filepath.Join(dir, "SKIN.BLP") + `"`,
		"render_flags:", `mode: "alpha"`, "materials:", "texcoords:", "texture_animations:",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("inspect lacks %q", want)
		}
	}
}

// TestExportSkin: a model whose texture is a replaceable creature skin takes the
// best-named .blp beside it, or the one --skin names; a --skin that is not there
// is a usage error.
func TestExportSkin(t *testing.T) {
	dir := t.TempDir()
	data, _ := m2test.Synthetic(256, false)
	texAt := binary.LittleEndian.Uint32(data[0x5C+4:])
	binary.LittleEndian.PutUint32(data[texAt:], 11) // texture 0: creature skin 1
	model := filepath.Join(dir, "Test.m2")
	os.WriteFile(model, data, 0o644)
	img := image.NewNRGBA(image.Rect(0, 0, 4, 4))
	tex, _ := blptest.Encode(img, blptest.Format{Version: 2, Encoding: blp.DXT1})
	for _, n := range []string{"TestSkin_b.blp", "testskin_a.blp", "Other.blp"} {
		os.WriteFile(filepath.Join(dir, n), tex, 0o644)
	}
	out := filepath.Join(dir, "out.glb")
	for _, tc := range []struct {
		args      []string
		code      int
		image, in string
	}{
		{nil, exitOK, "TestSkin_b.blp", ""},
		{[]string{"--skin", "testskin_a.blp"}, exitOK, "testskin_a.blp", ""},
		{[]string{"--skin", "Other.blp"}, exitOK, "Other.blp", ""},
		{[]string{"--skin", "missing.blp"}, exitUsage, "", "TestSkin_b.blp, testskin_a.blp"},
		{[]string{"--skin", "../x.blp"}, exitUsage, "", "--skin"},
	} {
		os.Remove(out)
		args := append(append([]string{"export", "--bind-pose", "--out", out}, tc.args...), model)
		code, _, stderr := runCLI(args...)
		if code != tc.code || !strings.Contains(stderr, tc.in) {
			t.Errorf("%v: exit %d (%s), want %d mentioning %q", tc.args, code, stderr, tc.code, tc.in)
			continue
		}
		if code != exitOK {
			if _, err := os.Stat(out); err == nil {
				t.Errorf("%v: a failing export wrote %s", tc.args, out)
			}
			continue
		}
		glb, _ := os.ReadFile(out)
		doc := new(gltf.Document)
		if err := gltf.NewDecoder(bytes.NewReader(glb)).Decode(doc); err != nil {
			t.Fatal(err)
		}
		if len(doc.Images) != 1 || doc.Images[0].Name != tc.image {
			t.Errorf("%v: images %d, want %s", tc.args, len(doc.Images), tc.image)
		}
	}
}

// TestExportMaterialsFromArchive: a model inside an MPQ finds its named texture in
// the same archive (at its game path) and export embeds it.
func TestExportMaterialsFromArchive(t *testing.T) {
	dir := t.TempDir()
	data, _ := m2test.Synthetic(256, false)
	img := image.NewNRGBA(image.Rect(0, 0, 4, 4))
	for i := range img.Pix {
		img.Pix[i] = byte(i * 7)
	}
	tex, _ := blptest.Encode(img, blptest.Format{Version: 2, Encoding: blp.BGRA, AlphaDepth: 8})
	arch, err := mpqtest.Build([]mpqtest.File{
		{Name: `Creature\Test\Test.m2`, Data: data},
		{Name: `TEST\SKIN.BLP`, Data: tex},
	}, mpqtest.Options{Listfile: true})
	if err != nil {
		t.Fatal(err)
	}
	mpq := filepath.Join(dir, "test.mpq")
	os.WriteFile(mpq, arch, 0o644)
	out := filepath.Join(dir, "out.glb")
	code, _, stderr := runCLI("export", "--bind-pose", "--out", out, mpq+`:Creature\Test\Test.m2`)
	if code != exitOK || strings.Contains(stderr, "not found") {
		t.Fatalf("export: exit %d: %s", code, stderr)
	}
	glb, _ := os.ReadFile(out)
	doc := new(gltf.Document)
	if err := gltf.NewDecoder(bytes.NewReader(glb)).Decode(doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Images) != 1 || doc.Images[0].Name != "SKIN.BLP" {
		t.Errorf("images %d, want SKIN.BLP from the archive", len(doc.Images))
	}
}
