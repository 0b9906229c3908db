package texture_test

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"os"
	"path/filepath"

	"animscope/formats/blp"
	"animscope/formats/blp/blptest"
	"animscope/formats/texture"
)

// Decode a texture: texture.Read recognises BLP, DDS, Texm, PNG and JPEG by their
// content and gives every mip level as straight RGBA. Here an 8 × 4 BLP2 with
// DXT1 blocks and its mips, as the project's BLP writer builds it.
func ExampleRead() {
	img := image.NewNRGBA(image.Rect(0, 0, 8, 4))
	for y := 0; y < 4; y++ {
		for x := 0; x < 8; x++ {
			c := color.NRGBA{R: 255, A: 255} // the left half red, the right half blue
			if x >= 4 {
				c = color.NRGBA{B: 255, A: 255}
			}
			img.SetNRGBA(x, y, c)
		}
	}
	data, err := blptest.Encode(img, blptest.Format{Version: 2, Encoding: blp.DXT1, Mips: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	dir, err := os.MkdirTemp("", "animscope-example")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "stripes.blp")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		fmt.Println(err)
		return
	}

	tex, err := texture.Read(path)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s %dx%d, %d levels\n", tex.Format, tex.Width, tex.Height, tex.Levels)
	for _, n := range []int{0, 1} {
		level, err := tex.Mip(n)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("level %d: %v, first pixel %v, last %v\n", n, level.Bounds().Size(),
			level.NRGBAAt(0, 0), level.NRGBAAt(level.Bounds().Dx()-1, 0))
	}
	_, err = tex.Mip(tex.Levels)
	fmt.Println("a level past the last is ErrNoLevel:", errors.Is(err, texture.ErrNoLevel))
	// Output:
	// blp 8x4, 4 levels
	// level 0: (8,4), first pixel {255 0 0 255}, last {0 0 255 255}
	// level 1: (4,2), first pixel {255 0 0 255}, last {0 0 255 255}
	// a level past the last is ErrNoLevel: true
}
