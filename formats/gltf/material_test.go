package gltf

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"animscope/formats"
	"animscope/formats/blp"
	"animscope/formats/blp/blptest"
	"animscope/formats/m2/m2test"
	"animscope/formats/samples"

	"github.com/qmuntal/gltf"
)

// exportMaterials exports the model at path and returns the document, its .glb and
// the warnings.
func exportMaterials(t *testing.T, path string) (*gltf.Document, []byte, []string) {
	t.Helper()
	a, err := formats.OpenFile(path, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var warns []string
	doc, err := Export(&a.Asset, ExportOptions{BindPose: true, Warn: func(s string) { warns = append(warns, s) }})
	if err != nil {
		t.Fatal(err)
	}
	glb, err := EncodeBytes(doc)
	if err != nil {
		t.Fatal(err)
	}
	return doc, glb, warns
}

// embeddedPNG decodes the image of texture ti.
func embeddedPNG(t *testing.T, doc *gltf.Document, ti int) image.Image {
	t.Helper()
	im := doc.Images[*doc.Textures[ti].Source]
	if im.MimeType != "image/png" || im.BufferView == nil {
		t.Fatalf("image %+v: want an embedded PNG", im)
	}
	bv := doc.BufferViews[*im.BufferView]
	img, err := png.Decode(bytes.NewReader(doc.Buffers[bv.Buffer].Data[bv.ByteOffset : bv.ByteOffset+bv.ByteLength]))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// TestExportMaterials: the synthetic M2 names TEST\SKIN.BLP; a SKIN.BLP beside it
// (a BLP the test writes) is embedded as the PNG of its level 0, every mesh gets the
// material of its texture unit (blend mode 2: BLEND), and the validator accepts it.
func TestExportMaterials(t *testing.T) {
	dir := t.TempDir()
	data, _ := m2test.Synthetic(256, false)
	model := filepath.Join(dir, "Test.m2")
	os.WriteFile(model, data, 0o644)
	src := image.NewNRGBA(image.Rect(0, 0, 8, 8))
	for i := range src.Pix {
		src.Pix[i] = byte(i * 29)
	}
	tex, _ := blptest.Encode(src, blptest.Format{Version: 2, Encoding: blp.BGRA, AlphaDepth: 8, Mips: true})
	os.WriteFile(filepath.Join(dir, "SKIN.BLP"), tex, 0o644)

	doc, glb, warns := exportMaterials(t, model)
	if len(warns) != 0 {
		t.Errorf("warnings: %v", warns)
	}
	if len(doc.Materials) != 1 || len(doc.Textures) != 1 || len(doc.Images) != 1 {
		t.Fatalf("%d materials, %d textures, %d images; want 1 each (both units share one)", len(doc.Materials), len(doc.Textures), len(doc.Images))
	}
	mat := doc.Materials[0]
	if mat.AlphaMode != gltf.AlphaBlend || mat.DoubleSided || mat.PBRMetallicRoughness.BaseColorTexture == nil {
		t.Errorf("material %+v: want BLEND, single-sided, textured", mat)
	}
	for _, m := range doc.Meshes {
		if p := m.Primitives[0]; p.Material == nil || *p.Material != 0 {
			t.Errorf("mesh %q: material %v, want 0", m.Name, p.Material)
		}
	}
	got, ok := embeddedPNG(t, doc, 0).(*image.NRGBA)
	if !ok || !bytes.Equal(got.Pix, src.Pix) {
		t.Errorf("the embedded PNG is not the BLP's level 0")
	}
	validateGLB(t, "materials", glb)

	// Without the texture the material stays, untextured, with a warning.
	os.Remove(filepath.Join(dir, "SKIN.BLP"))
	doc, glb, warns = exportMaterials(t, model)
	if len(doc.Materials) != 1 || len(doc.Images) != 0 || len(warns) == 0 || !strings.Contains(warns[0], `TEST\SKIN.BLP`) {
		t.Errorf("missing texture: %d materials, %d images, warnings %v", len(doc.Materials), len(doc.Images), warns)
	}
	validateGLB(t, "materials without texture", glb)
}

// TestExportSampleMaterials exports the textured samples: Rabbit.m2 with
// RabbitSkin.blp (alpha key: MASK) and Murloc2.m2 with its first skin; the
// validator must accept them.
func TestExportSampleMaterials(t *testing.T) {
	dir := samples.Dir(t, "m2")
	for _, tc := range []struct {
		file, skin string
		mode       gltf.AlphaMode
	}{{"Rabbit.m2", "RabbitSkin.blp", gltf.AlphaMask}, {"Murloc2.m2", "murloc2_Blue.blp", gltf.AlphaOpaque}} {
		doc, glb, _ := exportMaterials(t, filepath.Join(dir, tc.file))
		if len(doc.Materials) == 0 || len(doc.Images) == 0 {
			t.Fatalf("%s: %d materials, %d images", tc.file, len(doc.Materials), len(doc.Images))
		}
		if doc.Materials[0].AlphaMode != tc.mode || doc.Images[0].Name != tc.skin {
			t.Errorf("%s: material 0 %v with image %q, want %v with %s", tc.file, doc.Materials[0].AlphaMode, doc.Images[0].Name, tc.mode, tc.skin)
		}
		validateGLB(t, tc.file+" textured", glb)
	}
}
