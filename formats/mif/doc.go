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
// inside the asset root (formats.ResolveRef). Errors are *formats.FileError
// values with the file, line and column (columns count characters, a tab as one);
// every limit (nesting, expression depth, number size, macro expansion, values,
// output size) is a named error.
//
// Write prints an IFF file as MIF that compiles back to the same bytes, naming
// each value after the field the swg layout tables give it; Check compares a
// source with those tables and reports where it departs from what the client
// reads. The package registers a decoder for ".mif" with formats, so a source
// opens wherever the compiled file would.
package mif
