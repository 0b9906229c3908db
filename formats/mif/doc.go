// Package mif reads and writes MIF, the text form in which Star Wars Galaxies
// content is authored and from which SOE's mIFF tool ("make IFF") compiles the
// IFF files the client reads.
//
// Compile follows mIFF's grammar (its lexer and parser): form and chunk blocks
// with names of up to four characters (padded with spaces), the value types
// int8 … uint32, float, double, string/cstring, wstring and labelhash, integer and
// float expressions with enum symbols, include and includeIFF, #pragma, and what
// the C preprocessor mIFF runs first provides (#include, object-like #define,
// comments). It adds tag "ABCD" and float exponents. Files a source names resolve
// inside the asset root (formats.ResolveRef): an absolute name, "..", a symbolic
// link out of the root and an #include loop are errors naming both files. A
// source that is a member of an archive (Options.Tree) reads the files it names
// from that archive only, by the same rules (formats.ReadTreeRef), never from the
// disk. Errors are *formats.FileError values with the file, line and column
// (columns count characters, a tab as one); a message never quotes the text of
// an included file (it says what kind of token is wrong there, not what it
// reads: a source could name a file the user never meant to show). Every limit
// (nesting, expression depth, number size, macro expansion, values, output
// size) is a named error.
//
// A source is compiled as it is read: each value's bytes go straight to the
// output, and the source map keeps one 16-byte mark per block and value (no
// object per token or value), so memory grows with the output, about 17 bytes
// per one-byte value besides the source itself.
//
// Write prints an IFF file as MIF that compiles back to the same bytes, naming
// each value after the field the swg layout tables give it; Check compares a
// source with those tables and reports where it departs from what the client
// reads. The package registers a decoder for ".mif" with formats, so a source
// opens wherever the compiled file would, and the source kind "mif"
// (formats.SourceKind: Compile, Check and Write), through which the command
// line prints a file as MIF and validate checks a source.
package mif
