package gltf

import (
	"bytes"
	"image"
	"image/draw"
	"path/filepath"
	"strings"
	"testing"

	"animscope/formats"
	"animscope/formats/swg/swgtest"
	"animscope/formats/texture"

	"github.com/qmuntal/gltf"
)

// TestExportSWGMaterials: the textured SWG box (skeleton and mesh opened
// together, the shaders and DDS textures found under the tree's root) exports
// two opaque materials with the DDS textures' level 0 embedded as PNG (DXT1
// repeating, DXT5 clamped, as the shaders' address modes say); the part whose
// shader is missing has no material; the validator accepts the file.
func TestExportSWGMaterials(t *testing.T) {
	root := t.TempDir()
	mesh, err := swgtest.WriteTexturedScene(root)
	if err != nil {
		t.Fatal(err)
	}
	skt := filepath.Join(root, filepath.FromSlash(swgtest.TexturedSkeleton))
	a, err := formats.Open([]string{skt, mesh}, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var warns []string
	doc, err := Export(a, ExportOptions{BindPose: true, Warn: func(s string) { warns = append(warns, s) }})
	if err != nil {
		t.Fatal(err)
	}
	if len(warns) != 0 {
		t.Errorf("warnings: %v", warns)
	}
	if len(doc.Materials) != 2 || len(doc.Textures) != 2 || len(doc.Images) != 2 {
		t.Fatalf("%d materials, %d textures, %d images; want 2 each", len(doc.Materials), len(doc.Textures), len(doc.Images))
	}
	wantWrap := map[string]gltf.WrappingMode{"box_checker.dds": gltf.WrapRepeat, "box_stripes.dds": gltf.WrapClampToEdge}
	for i, m := range doc.Materials {
		if m.AlphaMode != gltf.AlphaOpaque || m.DoubleSided || m.PBRMetallicRoughness.BaseColorTexture == nil {
			t.Errorf("material %d %+v: want OPAQUE, single-sided, textured", i, m)
			continue
		}
		ti := m.PBRMetallicRoughness.BaseColorTexture.Index
		tx := doc.Textures[ti]
		s := doc.Samplers[*tx.Sampler]
		if w, ok := wantWrap[tx.Name]; !ok || s.WrapS != w || s.WrapT != w {
			t.Errorf("texture %q: wrap %v/%v, want %v", tx.Name, s.WrapS, s.WrapT, wantWrap[tx.Name])
		}
		dds, err := texture.Read(filepath.Join(root, "texture", tx.Name))
		if err != nil {
			t.Fatal(err)
		}
		want, _ := dds.Mip(0)
		// An opaque image is written as an RGB PNG: compare in NRGBA.
		img := embeddedPNG(t, doc, ti)
		got := image.NewNRGBA(want.Rect)
		draw.Draw(got, got.Rect, img, img.Bounds().Min, draw.Src)
		if img.Bounds() != want.Rect || !bytes.Equal(got.Pix, want.Pix) {
			t.Errorf("texture %q: the embedded PNG is not the DDS's level 0", tx.Name)
		}
	}
	untextured := 0
	for _, m := range doc.Meshes {
		if m.Primitives[0].Material == nil {
			untextured++
			if !strings.Contains(m.Name, "box_missing") {
				t.Errorf("mesh %q has no material", m.Name)
			}
		}
	}
	if untextured != 1 {
		t.Errorf("%d meshes without material, want 1 (the missing shader's)", untextured)
	}
	glb, err := EncodeBytes(doc)
	if err != nil {
		t.Fatal(err)
	}
	validateGLB(t, "swg textured", glb)
}
