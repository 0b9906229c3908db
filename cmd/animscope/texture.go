package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"image/png"
	"io"
	"path/filepath"
	"strings"

	"animscope/formats"
	"animscope/formats/atomicfile"
)

// textureFlags are texture's flags.
type textureFlags struct {
	out *string
	mip *int
}

func newTextureFlags() (*flag.FlagSet, *textureFlags) {
	fs := flag.NewFlagSet("texture", flag.ContinueOnError)
	f := &textureFlags{}
	f.out = fs.String("out", "", "the PNG to write")
	f.mip = fs.Int("mip", 0, "mip level (0 is the full size)")
	return fs, f
}

// runTexture converts a texture (BLP, DDS, Texm — also an NRes member, ARCHIVE:MEMBER —, PNG, JPEG) to a PNG:
// `animscope texture FILE --out FILE.png [--mip N]`.
func runTexture(args []string, stdout, stderr io.Writer) int {
	fs, f := newTextureFlags()
	out, mip := f.out, f.mip
	files, err := parseInterleaved(fs, args)
	if err != nil {
		return exitFor("texture", err, stderr)
	}
	if len(files) != 1 {
		return exitFor("texture", usagef("want one texture FILE, got %d", len(files)), stderr)
	}
	if *out == "" {
		return exitFor("texture", usagef("--out FILE.png is required"), stderr)
	}
	if *mip < 0 {
		return exitFor("texture", usagef("--mip %d: want a level from 0", *mip), stderr)
	}
	if err := checkOutNotInput(*out, files); err != nil {
		return exitFor("texture", err, stderr)
	}
	// PNG bytes under another name (x.dds, x.blp) would pass for a texture of
	// that kind and replace one; render and shot refuse an unknown extension too.
	if !strings.EqualFold(filepath.Ext(*out), ".png") {
		return exitFor("texture", usagef("--out %s: want a .png file", *out), stderr)
	}
	tex, err := formats.ReadTexture(files[0])
	if err != nil {
		return exitFor("texture", err, stderr)
	}
	img, err := tex.Mip(*mip)
	if errors.Is(err, formats.ErrNoLevel) {
		// Said once: the level asked for and the levels there are.
		if tex.Levels == 1 {
			return exitFor("texture", usagef("--mip %d: %s has one mip level, 0", *mip, files[0]), stderr)
		}
		return exitFor("texture", usagef("--mip %d: %s has mip levels 0 to %d", *mip, files[0], tex.Levels-1), stderr)
	}
	if err != nil {
		return exitFor("texture", err, stderr)
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		fmt.Fprintf(stderr, "animscope texture: %v\n", err)
		return exitInvalid
	}
	if err := atomicfile.Write(*out, buf.Bytes()); err != nil {
		fmt.Fprintf(stderr, "animscope texture: %v\n", err)
		return exitInvalid
	}
	return exitOK
}
