// Package blp decodes Blizzard's BLP textures: BLP1 (Warcraft III, early World of
// Warcraft tools) and BLP2 (World of Warcraft), every mip level, in every encoding
// the two versions use:
//
//   - palettized: 8-bit indices into a 256-entry BGRA palette, followed by a separate
//     alpha plane of 0, 1, 4 or 8 bits per pixel (the palette's own alpha byte is not
//     used);
//   - DXT1, DXT3 and DXT5 blocks (BLP2);
//   - uncompressed BGRA, 4 bytes a pixel (BLP2 encoding 3);
//   - JPEG (BLP1 compression 0): every level is a shared JPEG header followed by
//     that level's bytes, decoded with image/jpeg; the JPEG's channels hold B, G, R
//     (and A in a 4-channel JPEG), so red and blue are swapped back.
//
// Importing the package registers the "blp" format with the image package, so
// image.Decode reads mip 0 of a BLP.
//
// Hostile input: the header, the mip table and each level's byte range are checked
// against the file before anything the size of the image is allocated; a file is
// read through a bounded reader (MaxFileSize), and a side may not exceed MaxSide.
package blp
