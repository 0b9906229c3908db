package gltf

import (
	"encoding/binary"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"testing"

	"animscope/formats"
	"animscope/formats/msh/mshtest"
	"animscope/formats/vca/vcatest"

	"github.com/qmuntal/gltf"
)

// texcoords reads primitive 0's TEXCOORD_0 of mesh mi.
func texcoords(t *testing.T, doc *gltf.Document, mi int) [][2]float32 {
	t.Helper()
	acc := doc.Accessors[doc.Meshes[mi].Primitives[0].Attributes[gltf.TEXCOORD_0]]
	bv := doc.BufferViews[*acc.BufferView]
	data := doc.Buffers[bv.Buffer].Data[bv.ByteOffset+acc.ByteOffset:]
	stride := bv.ByteStride
	if stride == 0 {
		stride = 8
	}
	out := make([][2]float32, acc.Count)
	for i := range out {
		r := data[i*stride:]
		out[i] = [2]float32{math.Float32frombits(binary.LittleEndian.Uint32(r)), math.Float32frombits(binary.LittleEndian.Uint32(r[4:]))}
	}
	return out
}

// TestExportVoxelCoreMaterials: the textured VoxelCore pack with its animation
// exports two materials (MASK, double-sided): the body's checker, and the
// head's slot $0 with the texture it shows at the clip's start (faces:a, whose
// top-left texel is white); texture coordinates are flipped to glTF's top-row
// origin (v' = 1 − v); the validator accepts the file.
func TestExportVoxelCoreMaterials(t *testing.T) {
	entity, clip, err := vcatest.TexturedPack(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	a, err := formats.Open([]string{entity, clip}, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var warns []string
	doc, err := Export(a, ExportOptions{Warn: func(s string) { warns = append(warns, s) }})
	if err != nil {
		t.Fatal(err)
	}
	if len(warns) != 0 {
		t.Errorf("warnings: %v", warns)
	}
	if len(doc.Materials) != 2 || len(doc.Images) != 2 {
		t.Fatalf("%d materials, %d images; want 2 and 2", len(doc.Materials), len(doc.Images))
	}
	for i, want := range []string{"checker.png", "a.png"} {
		m := doc.Materials[i]
		if m.AlphaMode != gltf.AlphaMask || !m.DoubleSided || m.PBRMetallicRoughness.BaseColorTexture == nil {
			t.Errorf("material %d: alpha %v double-sided %v texture %v, want MASK, double-sided, textured", i, m.AlphaMode, m.DoubleSided, m.PBRMetallicRoughness.BaseColorTexture)
			continue
		}
		tex := m.PBRMetallicRoughness.BaseColorTexture.Index
		if s := doc.Samplers[*doc.Textures[tex].Sampler]; s.MagFilter != gltf.MagNearest || s.MinFilter != gltf.MinLinearMipMapNearest || s.WrapS != gltf.WrapRepeat {
			t.Errorf("material %d: sampler %+v, want NEAREST / LINEAR_MIPMAP_NEAREST, repeating", i, s)
		}
		if name := doc.Images[*doc.Textures[tex].Source].Name; name != want {
			t.Errorf("material %d: image %q, want %q", i, name, want)
		}
	}
	img := embeddedPNG(t, doc, doc.Materials[1].PBRMetallicRoughness.BaseColorTexture.Index)
	if r, g, b, _ := img.At(0, 0).RGBA(); r>>8 != 255 || g>>8 != 255 || b>>8 != 255 {
		t.Errorf("faces:a texel (0, 0) = %d %d %d, want white", r>>8, g>>8, b>>8)
	}
	for mi := range a.Meshes {
		uv := texcoords(t, doc, mi)
		for v, want := range a.Meshes[mi].UVs {
			if uv[v] != [2]float32{want[0], 1 - want[1]} {
				t.Fatalf("mesh %d vertex %d: texcoord %v, want (%v, 1 − %v)", mi, v, uv[v], want[0], want[1])
			}
		}
	}
	glb, err := EncodeBytes(doc)
	if err != nil {
		t.Fatal(err)
	}
	validateGLB(t, "vca textured", glb)
}

// TestExportMSHMaterials: the textured MSH archive exports its two materials:
// BODY.TEX (565, OPAQUE) and HEAD.TEX (4444, MASK, double-sided from batch flag
// 0x0002) with the Texm level 0 embedded; texture coordinates as stored; the
// validator accepts the file.
func TestExportMSHMaterials(t *testing.T) {
	data, err := mshtest.TexturedArchive()
	if err != nil {
		t.Fatal(err)
	}
	arch := filepath.Join(t.TempDir(), "tank.rlb")
	os.WriteFile(arch, data, 0o644)
	doc, glb, warns := exportMaterials(t, arch)
	if len(warns) != 0 {
		t.Errorf("warnings: %v", warns)
	}
	if len(doc.Materials) != 2 || len(doc.Images) != 2 {
		t.Fatalf("%d materials, %d images; want 2 and 2", len(doc.Materials), len(doc.Images))
	}
	if m := doc.Materials[0]; m.AlphaMode != gltf.AlphaOpaque || m.DoubleSided {
		t.Errorf("BODY: alpha %v double-sided %v, want OPAQUE, one-sided", m.AlphaMode, m.DoubleSided)
	}
	if m := doc.Materials[1]; m.AlphaMode != gltf.AlphaMask || !m.DoubleSided {
		t.Errorf("HEAD: alpha %v double-sided %v, want MASK, double-sided", m.AlphaMode, m.DoubleSided)
	}
	head := embeddedPNG(t, doc, doc.Materials[1].PBRMetallicRoughness.BaseColorTexture.Index)
	if _, _, _, al := head.At(3, 3).RGBA(); al != 0 {
		t.Errorf("HEAD texel (3, 3) alpha %d, want 0 (the hole)", al>>8)
	}
	if got := color.NRGBAModel.Convert(head.At(6, 6)).(color.NRGBA); got != (color.NRGBA{34, 68, 238, 255}) {
		t.Errorf("HEAD texel (6, 6) = %v, want the blue (34, 68, 238) 4444 keeps", got)
	}
	validateGLB(t, "msh textured", glb)
}
