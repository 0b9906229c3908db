// Package iff reads and writes the IFF container of Star Wars Galaxies (SOE's
// variant): nested FORM and chunk blocks with big-endian sizes, little-endian
// payloads and no padding. A FORM's size counts its 4-byte name plus its children;
// a chunk's size is its payload. Every size is checked against the bytes that remain
// in the enclosing block before anything is read or allocated
// (formats/swg/FORMAT.md §2).
//
// Reading is a cursor (the client's Iff enterForm/enterChunk/exitForm): peek at the
// next block of the current level, enter it if it matches, read a chunk's payload
// through a bounded little-endian reader, exit; errors name the file and the
// offset. TopForm names a file's top form from its first bytes, for sniffing.
// Parse builds the whole tree, for the MIF writer (package mif) and tests.
// Writer builds files, for the test writers (package swgtest).
package iff
