package tre

import (
	"bytes"
	"encoding/binary"
	"io"
	"path/filepath"
	"strings"

	"animscope/formats"
)

// A .toc file indexes the members of a set of tree files: a 36-byte header (" COT"
// — the tag "TOC " as a u32 —, version "1000", u8 tocCompressor, u8
// nameCompressor, two unused bytes, u32 fileCount, tocStoredSize,
// nameStoredSize, nameUncompressedSize, treeFileCount, treeNameBlockSize), the
// tree files' names (NUL-terminated), the table (24 bytes an entry: u8
// compressor, u8 unused, u16 treeFileIndex, u32 crc, u32 nameLength, u32 offset,
// u32 length, u32 compressedLength) and the name block. An entry's name starts
// where the previous one ended (names follow each other, each NUL-terminated);
// its data lies in the tree file it indexes, at offset. Tree files are looked
// for beside the .toc.

// TOC layout constants.
const (
	TOCMagic      = " COT"
	TOCVersion    = "1000"
	TOCHeaderSize = 36
)

// TOCEntry is one member of a .toc set.
type TOCEntry struct {
	Entry
	TreeFile int // index into TOC.TreeFiles
}

// TOC is an open .toc set.
type TOC struct {
	Name      string
	TreeFiles []string // as named in the .toc
	Entries   []TOCEntry

	// table is where the table of contents lies in the file, plain says it
	// is stored uncompressed (so that an entry's place in it is a place in
	// the file), for the messages about an entry.
	table int64
	plain bool

	trees []*Archive // by tree-file index, opened on demand, beside the .toc
	// open holds each tree file opened, by its name: a file that several
	// indexes name is opened once (a .toc of a few KiB naming one tree file
	// 2,000 times opened and held it 2,000 times, 2 GB for a 100 KiB file).
	open map[string]*Archive
	dir  string
}

// OpenTOC reads the .toc at path; its tree files open when a member is read.
func OpenTOC(path string) (*TOC, error) {
	data, err := formats.ReadFile(path)
	if err != nil {
		return nil, err
	}
	t, err := DecodeTOC(path, data)
	if err != nil {
		return nil, err
	}
	t.dir = filepath.Dir(path)
	return t, nil
}

// DecodeTOC decodes a .toc held in memory; name is used in messages.
func DecodeTOC(name string, data []byte) (*TOC, error) {
	errf := func(off int64, format string, args ...any) error {
		return formats.FileErrorf(name, off, format, args...)
	}
	if len(data) < TOCHeaderSize {
		return nil, errf(0, "%d bytes is shorter than the %d-byte header", len(data), TOCHeaderSize)
	}
	if string(data[:4]) != TOCMagic {
		return nil, errf(0, "magic %q, want %q (TOC)", data[:4], TOCMagic)
	}
	if string(data[4:8]) != TOCVersion {
		return nil, errf(4, "version %q is not supported (0001 is)", data[4:8])
	}
	le := binary.LittleEndian
	tocComp, nameComp := uint32(data[8]), uint32(data[9])
	count := int64(le.Uint32(data[12:]))
	tocStored, nameStored, nameSize := int64(le.Uint32(data[16:])), int64(le.Uint32(data[20:])), int64(le.Uint32(data[24:]))
	treeCount, treeNames := int64(le.Uint32(data[28:])), int64(le.Uint32(data[32:]))
	if count > MaxEntries {
		return nil, errf(12, "%d entries are more than the %d a .toc may hold", count, MaxEntries)
	}
	if count*EntrySize > MaxTableSize || nameSize > MaxTableSize {
		return nil, errf(12, "a table of %d entries or a %d-byte name block is more than the %d-byte limit", count, nameSize, MaxTableSize)
	}
	pos := int64(TOCHeaderSize)
	block := func(n int64, what string) ([]byte, error) {
		if n < 0 || n > int64(len(data))-pos {
			return nil, errf(pos, "%s (%d bytes) runs past the end of the %d-byte file", what, n, len(data))
		}
		b := data[pos : pos+n]
		pos += n
		return b, nil
	}
	tn, err := block(treeNames, "the tree-file names")
	if err != nil {
		return nil, err
	}
	t := &TOC{Name: name}
	for len(tn) > 0 && int64(len(t.TreeFiles)) < treeCount {
		end := bytes.IndexByte(tn, 0)
		if end < 0 {
			return nil, errf(TOCHeaderSize, "a tree-file name has no terminating NUL")
		}
		t.TreeFiles = append(t.TreeFiles, string(tn[:end]))
		tn = tn[end+1:]
	}
	if int64(len(t.TreeFiles)) != treeCount {
		return nil, errf(28, "%d tree files are counted, %d named", treeCount, len(t.TreeFiles))
	}
	tocOff := pos
	raw, err := block(tocStored, "the table of contents")
	if err != nil {
		return nil, err
	}
	toc, err := unpack(raw, tocComp, int(count*EntrySize))
	if err != nil {
		return nil, errf(tocOff, "the table of contents: %v", err)
	}
	nameOff := pos
	raw, err = block(nameStored, "the name block")
	if err != nil {
		return nil, err
	}
	names, err := unpack(raw, nameComp, int(nameSize))
	if err != nil {
		return nil, errf(nameOff, "the name block: %v", err)
	}
	t.table, t.plain = tocOff, tocComp == CompNone
	t.Entries = make([]TOCEntry, count)
	next := int64(0)
	for i := range t.Entries {
		e := toc[i*EntrySize:]
		en := TOCEntry{TreeFile: int(le.Uint16(e[2:]))}
		en.Compressor, en.CRC = uint32(e[0]), le.Uint32(e[4:])
		nameLen := int64(le.Uint32(e[8:]))
		en.Offset, en.Length, en.CompressedLength = le.Uint32(e[12:]), le.Uint32(e[16:]), le.Uint32(e[20:])
		en.TableOffset = int64(i * EntrySize)
		if en.TreeFile >= len(t.TreeFiles) {
			return nil, errf(tocOff, "entry %d: tree file %d of %d", i, en.TreeFile, len(t.TreeFiles))
		}
		if nameLen > int64(len(names))-next-1 || names[next+nameLen] != 0 {
			return nil, errf(nameOff, "entry %d: its %d-byte name at %d does not end in a NUL inside the %d-byte name block", i, nameLen, next, len(names))
		}
		en.Name = string(names[next : next+nameLen])
		next += nameLen + 1
		t.Entries[i] = en
	}
	return t, nil
}

// tree opens (once) the tree file an entry's data lies in, beside the .toc.
func (t *TOC) tree(i int) (*Archive, error) {
	if t.trees == nil {
		t.trees = make([]*Archive, len(t.TreeFiles))
	}
	if t.trees[i] != nil {
		return t.trees[i], nil
	}
	name := t.TreeFiles[i]
	if a := t.open[name]; a != nil {
		t.trees[i] = a
		return a, nil
	}
	if strings.ContainsAny(name, `/\`) || name == ".." || name == "." || name == "" {
		return nil, formats.FileErrorf(t.Name, t.treeNameAt(i), "tree file %d, %q, is not a plain file name beside it: refused", i, name)
	}
	p, err := formats.ResolveRef(filepath.Join(t.dir, "."), name, t.dir)
	if err != nil {
		return nil, formats.FileErrorf(t.Name, t.treeNameAt(i), "tree file %d, %q: %v", i, name, err)
	}
	a, err := Open(p)
	if err != nil {
		return nil, err
	}
	if t.open == nil {
		t.open = map[string]*Archive{}
	}
	t.open[name] = a
	t.trees[i] = a
	return a, nil
}

// treeNameAt is where the name of tree file i lies in the .toc (the names
// follow the header, each NUL-terminated).
func (t *TOC) treeNameAt(i int) int64 {
	at := int64(TOCHeaderSize)
	for _, n := range t.TreeFiles[:i] {
		at += int64(len(n)) + 1
	}
	return at
}

// checkEntry is the error of an entry whose own fields are wrong for its
// tree file (a compressor none of the two, data outside the file), named by
// the .toc, where those fields are, and the entry's place in its table.
func (t *TOC) checkEntry(e *TOCEntry, a *Archive) error {
	i := e.TableOffset / EntrySize
	at := t.table
	if t.plain {
		at += e.TableOffset
	}
	where := t.Name + ":" + e.Name
	switch off, n := int64(e.Offset), int64(e.Stored()); {
	case e.Compressor != CompNone && e.Compressor != CompZlib:
		return formats.FileErrorf(where, at, "entry %d: compressor %d is not one of 0 (none) and 2 (zlib)", i, e.Compressor)
	case n > a.size-off:
		return formats.FileErrorf(where, at, "entry %d: its %d stored bytes at %d lie outside the %d-byte tree file %s", i, n, off, a.size, a.Name)
	}
	return nil
}

// opened lists the tree files opened so far, each once, in the order of the
// first index that names it.
func (t *TOC) opened() []*Archive {
	var out []*Archive
	seen := map[*Archive]bool{}
	for _, a := range t.trees {
		if a != nil && !seen[a] {
			seen[a] = true
			out = append(out, a)
		}
	}
	return out
}

// Load opens every tree file the set names, so that reads may run concurrently.
func (t *TOC) Load() error {
	for i := range t.TreeFiles {
		if _, err := t.tree(i); err != nil {
			return err
		}
	}
	return nil
}

// Read reads one member from its tree file (Load first when reading from several
// goroutines).
func (t *TOC) Read(e *TOCEntry) ([]byte, error) {
	a, err := t.tree(e.TreeFile)
	if err != nil {
		return nil, err
	}
	if err := t.checkEntry(e, a); err != nil {
		return nil, err
	}
	ent := e.Entry
	return a.Read(&ent)
}

// ReadLimit is Read for a member of at most limit bytes (see Archive.ReadLimit).
func (t *TOC) ReadLimit(e *TOCEntry, limit int64) ([]byte, error) {
	a, err := t.tree(e.TreeFile)
	if err != nil {
		return nil, err
	}
	if err := t.checkEntry(e, a); err != nil {
		return nil, err
	}
	ent := e.Entry
	return a.ReadLimit(&ent, limit)
}

// WriteMember streams one member to w (see Archive.WriteMember).
func (t *TOC) WriteMember(w io.Writer, e *TOCEntry, limit int64) (int64, error) {
	a, err := t.tree(e.TreeFile)
	if err != nil {
		return 0, err
	}
	if err := t.checkEntry(e, a); err != nil {
		return 0, err
	}
	ent := e.Entry
	return a.WriteMember(w, &ent, limit)
}

// TreePaths lists the tree files opened so far (all of them after Load), as
// paths beside the .toc.
func (t *TOC) TreePaths() []string {
	var out []string
	for _, a := range t.opened() {
		out = append(out, a.Name)
	}
	return out
}

// Close closes the tree files.
func (t *TOC) Close() error {
	var first error
	for _, a := range t.opened() {
		if err := a.Close(); err != nil && first == nil {
			first = err
		}
	}
	return first
}

var _ io.Closer = (*TOC)(nil)
