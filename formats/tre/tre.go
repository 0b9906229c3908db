// Package tre reads Star Wars Galaxies tree files (.tre), versions 0004 and 0005:
// a 36-byte header, the members' data, a table of contents (24 bytes a member)
// and a block of NUL-terminated names, the last two each stored plain or zlib-
// compressed, and each member stored plain or zlib-compressed on its own.
//
// Header (little-endian): "EERT" (the tag TREE as a u32), the version "4000" or
// "5000", then u32 fileCount, tocOffset, tocCompressor, tocCompressedSize,
// nameCompressor, nameCompressedSize, nameUncompressedSize. The name block follows
// the table directly. A table entry is u32 crc, length, offset, compressor,
// compressedLength, nameOffset. Compressor 0 is none, 2 is zlib.
//
// Reading is bounded: every block must lie inside the file, the unpacked table
// and names are capped (MaxTableSize, MaxEntries), the entries' names together
// may take no more than the name block (a writer stores each name once; entries
// pointing into one long name are refused), and an inflated block grows only
// with what its input really unpacks to. WriteMember streams a member as it
// unpacks, under the caller's limit; Read allocates one buffer of the stated
// size, after unpacking the member once without keeping it when that size is
// more than 64 times what is stored (a zlib bomb, or a lie).
package tre

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strings"

	"animscope/formats"
)

// Layout constants.
const (
	Magic      = "EERT"
	HeaderSize = 36
	EntrySize  = 24
	// Compressors.
	CompNone = 0
	CompZlib = 2
	// MaxTableSize caps the unpacked table of contents and name block.
	MaxTableSize = 64 << 20
	// MaxEntries caps a table's entries (the largest tree files and .toc sets
	// of the game index some hundred thousand members): every entry becomes a
	// listed file of a mount.
	MaxEntries = 1 << 20
	// MaxMemberSize caps one unpacked member.
	MaxMemberSize = 512 << 20
)

// Versions read.
var versions = map[string]bool{"4000": true, "5000": true}

// Entry is one member.
type Entry struct {
	Name             string
	CRC              uint32
	Length           uint32
	Offset           uint32
	Compressor       uint32
	CompressedLength uint32
	// TableOffset is where the entry lies in the unpacked table (for messages).
	TableOffset int64
}

// Stored is how many bytes the member occupies in the file.
func (e *Entry) Stored() uint32 {
	if e.Compressor == CompNone {
		return e.Length
	}
	return e.CompressedLength
}

// Archive is an open tree file.
type Archive struct {
	Name    string
	Version string
	Entries []Entry

	formats.FileCloser // the file an archive from Open reads

	r    io.ReaderAt
	size int64
}

// Open opens the tree file at path (a regular file), read in place; Close closes it.
func Open(path string) (*Archive, error) { return formats.OpenArchiveFile(path, NewArchive) }

func (a *Archive) errf(off int64, format string, args ...any) error {
	return formats.FileErrorf(a.Name, off, format, args...)
}

func (a *Archive) read(off, n int64, what string) ([]byte, error) {
	if off < 0 || n < 0 || off > a.size || n > a.size-off {
		return nil, a.errf(off, "%s (%d bytes at %d) lies outside the %d-byte file", what, n, off, a.size)
	}
	buf := make([]byte, n)
	if _, err := a.r.ReadAt(buf, off); err != nil && n > 0 {
		return nil, a.errf(off, "reading %s: %v", what, err)
	}
	return buf, nil
}

// unpack returns a block of want bytes stored with compressor c.
func unpack(data []byte, c uint32, want int) ([]byte, error) {
	switch c {
	case CompNone:
		if len(data) != want {
			return nil, fmt.Errorf("stored plain in %d bytes, want %d", len(data), want)
		}
		return data, nil
	case CompZlib:
		zr, err := zlib.NewReader(bytes.NewReader(data))
		if err != nil {
			return nil, errors.New(formats.ZlibWhy(err))
		}
		var buf bytes.Buffer
		buf.Grow(min(want, 64<<10))
		n, err := io.Copy(&buf, io.LimitReader(zr, int64(want)+1))
		if err != nil {
			return nil, errors.New(formats.ZlibWhy(err))
		}
		if n != int64(want) {
			return nil, fmt.Errorf("unpacks to %d bytes, want %d", n, want)
		}
		return buf.Bytes(), nil
	default:
		return nil, fmt.Errorf("compressor %d is not one of 0 (none) and 2 (zlib)", c)
	}
}

// NewArchive reads a tree file of size bytes from r; name is used in messages.
func NewArchive(name string, r io.ReaderAt, size int64) (*Archive, error) {
	a := &Archive{Name: name, r: r, size: size}
	h, err := a.read(0, HeaderSize, "the header")
	if err != nil {
		return nil, err
	}
	if string(h[:4]) != Magic {
		return nil, a.errf(0, "magic %q, want %q (TREE)", h[:4], Magic)
	}
	a.Version = string(h[4:8])
	if !versions[a.Version] {
		return nil, a.errf(4, "version %q is not supported (0004 and 0005 are)", a.Version)
	}
	le := binary.LittleEndian
	count := int64(le.Uint32(h[8:]))
	tocOff := int64(le.Uint32(h[12:]))
	tocComp, tocStored := le.Uint32(h[16:]), int64(le.Uint32(h[20:]))
	nameComp, nameStored, nameSize := le.Uint32(h[24:]), int64(le.Uint32(h[28:])), int64(le.Uint32(h[32:]))
	if count > MaxEntries {
		return nil, a.errf(8, "%d entries are more than the %d a tree file may hold", count, MaxEntries)
	}
	if count*EntrySize > MaxTableSize {
		return nil, a.errf(8, "%d entries make a %d-byte table, more than the %d-byte limit", count, count*EntrySize, MaxTableSize)
	}
	if nameSize > MaxTableSize {
		return nil, a.errf(32, "a %d-byte name block is more than the %d-byte limit", nameSize, MaxTableSize)
	}
	if tocComp == CompNone && tocStored != count*EntrySize {
		return nil, a.errf(20, "a plain table of %d entries is %d bytes, not %d", count, count*EntrySize, tocStored)
	}
	raw, err := a.read(tocOff, tocStored, "the table of contents")
	if err != nil {
		return nil, err
	}
	toc, err := unpack(raw, tocComp, int(count*EntrySize))
	if err != nil {
		return nil, a.errf(tocOff, "the table of contents: %v", err)
	}
	nameOff := tocOff + tocStored
	raw, err = a.read(nameOff, nameStored, "the name block")
	if err != nil {
		return nil, err
	}
	names, err := unpack(raw, nameComp, int(nameSize))
	if err != nil {
		return nil, a.errf(nameOff, "the name block: %v", err)
	}
	// The names are slices of one string holding the block. Together (each with
	// its NUL) they may take no more than the block: a writer stores each name
	// once, and entries that point into one long name (offsets 0, 1, 2, ... of it)
	// would otherwise make every command that lists or matches them copy the
	// long name once per entry.
	block := string(names)
	budget := int64(len(block))
	a.Entries = make([]Entry, count)
	for i := range a.Entries {
		e := toc[i*EntrySize:]
		en := Entry{CRC: le.Uint32(e), Length: le.Uint32(e[4:]), Offset: le.Uint32(e[8:]), Compressor: le.Uint32(e[12:]),
			CompressedLength: le.Uint32(e[16:]), TableOffset: int64(i * EntrySize)}
		no := int64(le.Uint32(e[20:]))
		if no >= int64(len(block)) {
			return nil, a.errf(tocOff, "entry %d: name offset %d is outside the %d-byte name block", i, no, len(block))
		}
		// The search for the NUL stops where the budget does, so the whole
		// table costs at most one pass over the block.
		look := block[no:min(int64(len(block)), no+budget)]
		end := int64(strings.IndexByte(look, 0))
		if end < 0 {
			if int64(len(look)) == budget {
				// A plain table's entry is at a known place in the file.
				at := tocOff
				if tocComp == CompNone {
					at += int64(i*EntrySize) + 20
				}
				return nil, a.errf(at, "entry %d: the names of entries 0 to %d take more than the %d-byte name block (entries share name bytes)", i, i, len(block))
			}
			return nil, a.errf(nameOff, "entry %d: its name at %d has no terminating NUL", i, no)
		}
		budget -= end + 1
		en.Name = block[no : no+end]
		a.Entries[i] = en
	}
	return a, nil
}

// Read reads one member into memory: one buffer of its stated size. When that
// size is over 64 times what is stored (a zlib bomb, or a lie), the member is
// first unpacked without keeping anything, and only one that really unpacks to
// its size gets its buffer.
func (a *Archive) Read(e *Entry) ([]byte, error) { return a.ReadLimit(e, MaxMemberSize) }

// ReadLimit is Read for a member of at most limit bytes (a caller's budget); a
// larger one is refused before it is read.
func (a *Archive) ReadLimit(e *Entry, limit int64) ([]byte, error) {
	if int64(e.Length) > 64*int64(e.Stored())+1<<20 {
		if _, err := a.WriteMember(io.Discard, e, limit); err != nil {
			return nil, err
		}
	}
	w := &formats.FixedWriter{B: make([]byte, 0, min(int64(e.Length), limit))}
	if _, err := a.WriteMember(w, e, limit); err != nil {
		return nil, err
	}
	return w.B, nil
}

// WriteMember writes one member to w as it unpacks (zlib streams through) and
// returns the bytes written. A member stated larger than limit or MaxMemberSize
// is refused before anything is read, and it must unpack to exactly its stated
// size. An error of w is returned as it is, unwrapped.
func (a *Archive) WriteMember(w io.Writer, e *Entry, limit int64) (int64, error) {
	where := a.Name + ":" + e.Name
	switch {
	case e.Length > MaxMemberSize:
		return 0, formats.FileErrorf(where, int64(e.Offset), "%d bytes is more than the %d-byte member limit", e.Length, MaxMemberSize)
	case int64(e.Length) > limit:
		return 0, formats.FileErrorf(where, int64(e.Offset), "unpacking its %d bytes would pass the %d bytes this command may still unpack", e.Length, limit)
	}
	if off, n := int64(e.Offset), int64(e.Stored()); n > a.size-off { // e.Offset is at most 4 GiB: no wrap
		return 0, formats.FileErrorf(where, off, "its %d stored bytes at %d lie outside the %d-byte file", n, off, a.size)
	}
	raw, err := a.read(int64(e.Offset), int64(e.Stored()), "the member's data")
	if err != nil {
		return 0, err
	}
	if e.Compressor == CompNone {
		n, err := w.Write(raw)
		return int64(n), err
	}
	if e.Compressor != CompZlib {
		return 0, formats.FileErrorf(where, int64(e.Offset), "compressor %d is not one of 0 (none) and 2 (zlib)", e.Compressor)
	}
	zr, err := zlib.NewReader(bytes.NewReader(raw))
	if err != nil {
		return 0, formats.FileErrorf(where, int64(e.Offset), "%s", formats.ZlibWhy(err))
	}
	cw := &formats.CountingWriter{W: w}
	_, err = io.Copy(cw, io.LimitReader(zr, int64(e.Length)))
	switch {
	case cw.Err != nil:
		return cw.N, cw.Err
	case err != nil:
		return cw.N, formats.FileErrorf(where, int64(e.Offset), "%s", formats.ZlibWhy(err))
	case cw.N == int64(e.Length) && formats.HasMore(zr):
		return cw.N, formats.FileErrorf(where, int64(e.Offset), "unpacks to more than %d bytes, want %d", e.Length, e.Length)
	case cw.N != int64(e.Length):
		return cw.N, formats.FileErrorf(where, int64(e.Offset), "unpacks to %d bytes, want %d", cw.N, e.Length)
	}
	return cw.N, nil
}
