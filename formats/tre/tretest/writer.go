// Package tretest writes small SWG tree files (.tre) for tests and fuzz seeds.
package tretest

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"

	"animscope/formats/tre"
)

// File is one member; Zlib stores it compressed.
type File struct {
	Name string
	Data []byte
	Zlib bool
	// Length, when not 0, is the stated length instead of len(Data) (a member
	// that lies about its size).
	Length uint32
	// Raw, when not nil, is stored as it is, as zlib data (ZlibZeros), with
	// Length as its stated length; Data and Zlib are then unused.
	Raw []byte
}

// ZlibZeros is a zlib stream of n zero bytes (about 1 KiB per MiB), made
// without holding them: with File.Raw, a decompression bomb.
func ZlibZeros(n int) []byte {
	var b bytes.Buffer
	w, _ := zlib.NewWriterLevel(&b, zlib.BestCompression)
	zero := make([]byte, 64<<10)
	for ; n > 0; n -= len(zero) {
		w.Write(zero[:min(n, len(zero))])
	}
	w.Close()
	return b.Bytes()
}

// Options shape the file.
type Options struct {
	Version   string // "4000" or "5000" (default)
	ZlibTable bool   // compress the table of contents
	ZlibNames bool   // compress the name block
	// NameOffsets, when set, replaces each entry's name offset (hostile tables).
	NameOffsets []uint32
}

func deflate(b []byte) []byte {
	var out bytes.Buffer
	w := zlib.NewWriter(&out)
	w.Write(b)
	w.Close()
	return out.Bytes()
}

// Build writes a tree file holding files.
func Build(files []File, opt Options) []byte {
	if opt.Version == "" {
		opt.Version = "5000"
	}
	le := binary.LittleEndian
	body := make([]byte, tre.HeaderSize)
	toc := make([]byte, len(files)*tre.EntrySize)
	var names []byte
	for i, f := range files {
		stored, comp := f.Data, uint32(tre.CompNone)
		switch {
		case f.Raw != nil:
			stored, comp = f.Raw, tre.CompZlib
		case f.Zlib:
			stored, comp = deflate(f.Data), tre.CompZlib
		}
		e := toc[i*tre.EntrySize:]
		le.PutUint32(e, crc32.ChecksumIEEE([]byte(f.Name)))
		length := uint32(len(f.Data))
		if f.Length != 0 {
			length = f.Length
		}
		le.PutUint32(e[4:], length)
		le.PutUint32(e[8:], uint32(len(body)))
		le.PutUint32(e[12:], comp)
		le.PutUint32(e[16:], uint32(len(stored)))
		no := uint32(len(names))
		if i < len(opt.NameOffsets) {
			no = opt.NameOffsets[i]
		}
		le.PutUint32(e[20:], no)
		names = append(append(names, f.Name...), 0)
		body = append(body, stored...)
	}
	tocOff := len(body)
	tocStored, tocComp := toc, uint32(tre.CompNone)
	if opt.ZlibTable {
		tocStored, tocComp = deflate(toc), tre.CompZlib
	}
	nameStored, nameComp := names, uint32(tre.CompNone)
	if opt.ZlibNames {
		nameStored, nameComp = deflate(names), tre.CompZlib
	}
	body = append(append(body, tocStored...), nameStored...)
	h := body[:tre.HeaderSize]
	copy(h, tre.Magic)
	copy(h[4:], opt.Version)
	le.PutUint32(h[8:], uint32(len(files)))
	le.PutUint32(h[12:], uint32(tocOff))
	le.PutUint32(h[16:], tocComp)
	le.PutUint32(h[20:], uint32(len(tocStored)))
	le.PutUint32(h[24:], nameComp)
	le.PutUint32(h[28:], uint32(len(nameStored)))
	le.PutUint32(h[32:], uint32(len(names)))
	return body
}

// TOCEntry places one member of a tree file in a .toc.
type TOCEntry struct {
	Name     string
	TreeFile int
	// The member's place in its tree file (read back from the tree file).
	Offset, Length, CompressedLength, Compressor uint32
}

// BuildTOC writes a .toc indexing entries in the named tree files.
func BuildTOC(treeFiles []string, entries []TOCEntry, zlibTable, zlibNames bool) []byte {
	le := binary.LittleEndian
	var treeNames, names []byte
	for _, n := range treeFiles {
		treeNames = append(append(treeNames, n...), 0)
	}
	toc := make([]byte, len(entries)*tre.EntrySize)
	for i, e := range entries {
		t := toc[i*tre.EntrySize:]
		t[0] = byte(e.Compressor)
		le.PutUint16(t[2:], uint16(e.TreeFile))
		le.PutUint32(t[4:], crc32.ChecksumIEEE([]byte(e.Name)))
		le.PutUint32(t[8:], uint32(len(e.Name)))
		le.PutUint32(t[12:], e.Offset)
		le.PutUint32(t[16:], e.Length)
		le.PutUint32(t[20:], e.CompressedLength)
		names = append(append(names, e.Name...), 0)
	}
	tocStored, tocComp := toc, byte(tre.CompNone)
	if zlibTable {
		tocStored, tocComp = deflate(toc), tre.CompZlib
	}
	nameStored, nameComp := names, byte(tre.CompNone)
	if zlibNames {
		nameStored, nameComp = deflate(names), tre.CompZlib
	}
	h := make([]byte, tre.TOCHeaderSize)
	copy(h, tre.TOCMagic)
	copy(h[4:], tre.TOCVersion)
	h[8], h[9] = tocComp, nameComp
	le.PutUint32(h[12:], uint32(len(entries)))
	le.PutUint32(h[16:], uint32(len(tocStored)))
	le.PutUint32(h[20:], uint32(len(nameStored)))
	le.PutUint32(h[24:], uint32(len(names)))
	le.PutUint32(h[28:], uint32(len(treeFiles)))
	le.PutUint32(h[32:], uint32(len(treeNames)))
	return append(append(append(h, treeNames...), tocStored...), nameStored...)
}

// SharedNames writes a hostile tree file of count empty members whose names all
// point into one name of nameLen bytes, member i at its byte i (so the entries'
// names, read each to the NUL, add up to about count × nameLen bytes); the table
// and names are zlib-compressed, so the file is a few KiB.
func SharedNames(count, nameLen int) []byte {
	files := make([]File, count)
	offs := make([]uint32, count)
	files[0].Name = string(bytes.Repeat([]byte{'a'}, nameLen))
	for i := 1; i < count; i++ {
		files[i].Name = "x"
		offs[i] = uint32(i)
	}
	return Build(files, Options{ZlibTable: true, ZlibNames: true, NameOffsets: offs})
}
