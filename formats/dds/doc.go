// Package dds decodes DirectDraw Surface textures (.dds), the texture files of Star
// Wars Galaxies and of many other Direct3D games: DXT1 (with its one-bit alpha
// mode), DXT3, DXT5 and uncompressed pixels described by bit masks, every mip level.
//
// Layout: the magic "DDS ", a 124-byte header (size, flags, height, width, pitch,
// depth, mip count, 11 reserved words, a 32-byte pixel format, four caps words, a
// reserved word), then the levels one after the other, largest first, each packed
// without padding. The pixel format is either a FourCC (DXT1, DXT3, DXT5) or a bit
// count (8, 16, 24 or 32) with red, green, blue and alpha masks; its flags say
// which masks count: RGB, luminance (the red mask holds a grey level), alpha only,
// and "alpha pixels" for the alpha mask beside colour or luminance.
//
// Decoding rules:
//   - DXT blocks follow Direct3D: a DXT1 block whose first colour is not larger
//     than the second has three colours and a transparent black (alpha 0); the
//     interpolants round down (see formats/internal/dxt). DXT3 and DXT5 blocks
//     always use four colours.
//   - An uncompressed channel of n bits is the n-bit unsigned normalised value
//     v / (2^n - 1), written to 8 bits rounded to nearest (Direct3D's UNORM
//     conversion); a channel wider than 8 bits keeps its top 8 bits. Without an
//     alpha mask the texture is opaque; a luminance texture repeats its grey in red,
//     green and blue; an alpha-only texture is black.
//   - A mip count of 0 means one level. Cube maps, volume textures, the DX10
//     extended header and the premultiplied DXT2 and DXT4 are refused as
//     unsupported.
//
// Importing the package registers the "dds" format with the image package, so
// image.Decode reads mip 0 of a DDS file.
//
// Hostile input: the header, the pixel format, the mip count and every level's byte
// range are checked against the file before anything the size of the image is
// allocated; a file is read through a bounded reader (MaxFileSize), and a side may
// not exceed MaxSide.
package dds
