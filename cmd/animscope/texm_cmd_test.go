package main

import (
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"animscope/formats/msh/mshtest"
	"animscope/formats/texture"
	"animscope/formats/vca/vcatest"
)

// TestTextureTexmMember: `texture ARCHIVE:MEMBER` converts a Texm member of an
// NRes archive (mshtest.TexturedArchive: BODY.TEX, 565, 4 levels); level 1 is
// the 4×4 level as the texture package decodes it; a missing member exits 1
// naming it. `inspect` lists the WEAR rows, their materials and Texm files.
func TestTextureTexmMember(t *testing.T) {
	data, err := mshtest.TexturedArchive()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	arch := filepath.Join(dir, "tank.rlb")
	os.WriteFile(arch, data, 0o644)
	out := filepath.Join(dir, "body.png")
	if code, _, stderr := runCLI("texture", "--mip", "1", "--out", out, arch+":BODY.TEX"); code != exitOK {
		t.Fatalf("texture: exit %d: %s", code, stderr)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	tx, err := texture.Read(arch + ":BODY.TEX")
	if err != nil {
		t.Fatal(err)
	}
	want, _ := tx.Mip(1)
	if img.Bounds().Dx() != 4 || img.Bounds().Dy() != 4 {
		t.Fatalf("level 1 is %v, want 4 x 4", img.Bounds())
	}
	for y := 0; y < 4; y++ {
		for x := 0; x < 4; x++ {
			r, g, b, _ := img.At(x, y).RGBA()
			w := want.NRGBAAt(x, y)
			if uint8(r>>8) != w.R || uint8(g>>8) != w.G || uint8(b>>8) != w.B {
				t.Errorf("pixel (%d, %d) = %d %d %d, want %v", x, y, r>>8, g>>8, b>>8, w)
			}
		}
	}
	code, _, stderr := runCLI("texture", "--out", out, arch+":NOSUCH.TEX")
	if code != exitInvalid || !strings.Contains(stderr, `no member "NOSUCH.TEX"`) {
		t.Errorf("missing member: exit %d, stderr %q", code, stderr)
	}
	code, stdout, stderr := runCLI("inspect", arch)
	if code != exitOK {
		t.Fatalf("inspect: exit %d: %s", code, stderr)
	}
	for _, want := range []string{"wear:", `wear_from: "` + arch + `:tank.wea"`, `material: "HEAD"`, `file: "` + arch + `:BODY.TEX"`, "texm_format: 4444"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("inspect lacks %q", want)
		}
	}
}

// TestInspectVoxelCoreTextures: `inspect` of a textured VoxelCore entity with an
// animation lists the meshes' textures and what @texture sets slot $0 to.
func TestInspectVoxelCoreTextures(t *testing.T) {
	entity, clip, err := vcatest.TexturedPack(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runCLI("inspect", entity, clip)
	if code != exitOK {
		t.Fatalf("inspect: exit %d: %s", code, stderr)
	}
	for _, want := range []string{"textures:", `name: "entities/checker"`, "checker.png", `name: "$0"`, "slot: true",
		"slot_textures:", `name: "faces:b"`, filepath.Join("faces", "b.png")} {
		if !strings.Contains(stdout, want) {
			t.Errorf("inspect lacks %q:\n%s", want, stdout)
		}
	}
}
