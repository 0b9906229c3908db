package main

import (
	"bytes"
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"animscope/formats/blp"
	"animscope/formats/blp/blptest"
	"animscope/formats/m2"

	"github.com/qmuntal/gltf"
)

// TestExportAndInspectMaterials: a synthetic M2 naming TEST\SKIN.BLP with a BLP
// beside it. `export` embeds the texture (the scene goes through formats.Open,
// which keeps the Materials capability), `inspect` lists the texture, the file
// found for it, the render flag and the texture units.
func TestExportAndInspectMaterials(t *testing.T) {
	dir := t.TempDir()
	data, _ := m2.Synthetic(256, false)
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
