package mshtest

import (
	"encoding/binary"
	"image"
	"image/color"

	"animscope/formats/msh"
	"animscope/formats/nres"
	"animscope/formats/texm/texmtest"

	"github.com/go-gl/mathgl/mgl32"
)

// TexturedModel is a two-node model whose batches name WEAR rows: node "base"
// (static, a box from (0,0,0) to (1,1,1)) uses row 0 and node "top" (a box
// above it, turning 90° about Z over 4 frames) uses row 1, with batch flag
// 0x0002 (two-sided).
func TexturedModel() *msh.Model {
	base := msh.Box(mgl32.Vec3{0, 0, 0}, mgl32.Vec3{1, 1, 1})
	top := msh.Box(mgl32.Vec3{0.2, 0.2, 1}, mgl32.Vec3{0.8, 0.8, 1.6})
	top.Material, top.Flags = 1, 0x0002
	s := float32(0.70710678)
	return &msh.Model{Nodes: []msh.ModelNode{
		{Name: "base", Parent: -1, Keys: []msh.ModelKey{msh.StaticKey(mgl32.Vec3{})}, Parts: msh.Slot00(base)},
		{Name: "top", Parent: 0, Keys: []msh.ModelKey{
			{Time: 0, Rot: mgl32.QuatIdent()},
			{Time: 4, Rot: mgl32.Quat{W: s, V: mgl32.Vec3{0, 0, s}}},
		}, Parts: msh.Slot00(top)},
	}}
}

// Wear is TexturedModel's WEAR table: row 0 BODY, row 1 HEAD.
const Wear = "2\n0 BODY\n1 HEAD\n"

// MAT0 writes a MAT0 payload of header version 6 (metaA, metaB, metaC and metaD
// present) with one phase per texture name ("" for an untextured phase) and no
// animation blocks.
func MAT0(textures ...string) []byte {
	b := binary.LittleEndian.AppendUint16(nil, uint16(len(textures)))
	b = binary.LittleEndian.AppendUint16(b, 0)
	b = append(b, 255, 255)
	b = binary.LittleEndian.AppendUint32(b, 0x3F800000) // metaC 1.0
	b = binary.LittleEndian.AppendUint32(b, 0)
	for _, t := range textures {
		var ph [msh.Mat0PhaseSize]byte
		copy(ph[18:msh.Mat0PhaseSize-1], t)
		b = append(b, ph[:]...)
	}
	return b
}

// BodyTexture is 8×8 texels of orange and white 2×2 checks, white at the top
// left; HeadTexture is 8×8 texels of blue with a white top-left quarter and a
// transparent 2×2 square in the middle.
func BodyTexture() *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, 8, 8))
	for y := 0; y < 8; y++ {
		for x := 0; x < 8; x++ {
			c := color.NRGBA{255, 255, 255, 255}
			if (x/2+y/2)%2 == 1 {
				c = color.NRGBA{240, 120, 32, 255}
			}
			img.SetNRGBA(x, y, c)
		}
	}
	return img
}

func HeadTexture() *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, 8, 8))
	for y := 0; y < 8; y++ {
		for x := 0; x < 8; x++ {
			c := color.NRGBA{34, 68, 238, 255}
			if x < 4 && y < 4 {
				c = color.NRGBA{255, 255, 255, 255}
			}
			if x >= 3 && x < 5 && y >= 3 && y < 5 {
				c = color.NRGBA{0, 0, 0, 0}
			}
			img.SetNRGBA(x, y, c)
		}
	}
	return img
}

func entry(typ uint32, name string, data []byte, attr2 uint32) nres.Entry {
	e := nres.Entry{Type: typ, Data: data, Attr2: attr2}
	e.SetName(name)
	return e
}

// TexturedArchive is an outer archive holding TexturedModel as "tank.msh", its
// WEAR table "tank.wea", the MAT0 materials BODY and HEAD (phase 0 textures
// BODY.TEX and HEAD.TEX) and those two Texm textures: BODY.TEX in format 565
// with 4 mip levels, HEAD.TEX in format 4444 (alpha keyed).
func TexturedArchive() ([]byte, error) {
	model, err := TexturedModel().Encode()
	if err != nil {
		return nil, err
	}
	body, err := texmtest.Encode(BodyTexture(), 565, 4, nil)
	if err != nil {
		return nil, err
	}
	head, err := texmtest.Encode(HeadTexture(), 4444, 1, nil)
	if err != nil {
		return nil, err
	}
	return nres.Encode(0, []nres.Entry{
		entry(0, "tank.msh", model, 0),
		entry(nres.TypeWEAR, "tank.wea", []byte(Wear), 0),
		entry(nres.TypeMAT0, "BODY", MAT0("BODY.TEX"), 6),
		entry(nres.TypeMAT0, "HEAD", MAT0("HEAD.TEX", ""), 6),
		entry(nres.TypeTexm, "BODY.TEX", body, 0),
		entry(nres.TypeTexm, "HEAD.TEX", head, 0),
	}), nil
}
