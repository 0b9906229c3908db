package vcatest

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
)

// TexturedPack writes a small textured VoxelCore pack under dir and returns the
// entity file and an animation for it:
//
//   - content/test/entities/totem.json names the skeleton test:totem: bone "body"
//     (model test-body, a box textured "entities/checker": orange and white
//     2×2-texel checks, its top-left texel white) and its child "head" one unit
//     up (model test-head, a box whose faces show slot "$0");
//   - content/test/animations/swap.vca (60 fps, 60 frames) sets $0 to
//     "faces:a" (textures/faces/a.png: green, its top-left quarter white) at
//     frame 0 and to "faces:b" (blue, its top-left quarter white and a
//     transparent 2×2 hole in the middle) from frame 30 (t = 0.5 s), and turns
//     the head from 0 to 90 degrees about y.
func TexturedPack(dir string) (entity, clip string, err error) {
	pack := filepath.Join(dir, "content", "test")
	files := map[string][]byte{
		"entities/totem.json":           []byte(`{"skeleton-name": "test:totem"}`),
		"skeletons/totem.json":          []byte(`{"root": {"nodes": [{"name": "body", "model": "test-body", "nodes": [{"name": "head", "model": "test-head", "offset": [0, 1, 0]}]}]}}`),
		"models/test-body.vcm":          []byte("@box from (-0.5,0,-0.5) to (0.5,1,0.5) texture \"entities/checker\"\n"),
		"models/test-head.vcm":          []byte("@box from (-0.35,0,-0.35) to (0.35,0.7,0.35) texture \"$0\"\n"),
		"animations/swap.vca":           []byte(swapVCA),
		"textures/entities/checker.png": pngOf(checker()),
		"textures/faces/a.png":          pngOf(quartered(color.NRGBA{40, 180, 60, 255}, false)),
		"textures/faces/b.png":          pngOf(quartered(color.NRGBA{40, 80, 220, 255}, true)),
	}
	for name, data := range files {
		p := filepath.Join(pack, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return "", "", err
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			return "", "", err
		}
	}
	return filepath.Join(pack, "entities", "totem.json"), filepath.Join(pack, "animations", "swap.vca"), nil
}

const swapVCA = `# swap.vca: the head's slot $0 shows faces:a, then faces:b from frame 30.
@configure fps 60 frames 60
@texture name $0 {
    @key frame 0 value "faces:a"
    @key frame 30 value "faces:b"
}
@rotate bone head by y {
    @key frame 0 value 0
    @key frame 60 value 90
}
`

// checker is 8×8 texels of orange and white 2×2 checks, white at the top left.
func checker() *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, 8, 8))
	for y := 0; y < 8; y++ {
		for x := 0; x < 8; x++ {
			c := color.NRGBA{255, 255, 255, 255}
			if (x/2+y/2)%2 == 1 {
				c = color.NRGBA{230, 120, 30, 255}
			}
			img.SetNRGBA(x, y, c)
		}
	}
	return img
}

// quartered is 8×8 texels of c with a white top-left quarter and, with hole, a
// transparent 2×2 square in the middle.
func quartered(c color.NRGBA, hole bool) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, 8, 8))
	for y := 0; y < 8; y++ {
		for x := 0; x < 8; x++ {
			p := c
			if x < 4 && y < 4 {
				p = color.NRGBA{255, 255, 255, 255}
			}
			if hole && x >= 3 && x < 5 && y >= 3 && y < 5 {
				p = color.NRGBA{0, 0, 0, 0}
			}
			img.SetNRGBA(x, y, p)
		}
	}
	return img
}

func pngOf(img image.Image) []byte {
	var b bytes.Buffer
	_ = png.Encode(&b, img) // writing to memory does not fail
	return b.Bytes()
}
