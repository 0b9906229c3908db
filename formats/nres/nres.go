// Package nres reads and writes NRes archives, the container of Parkan's MSH models
// and of the outer *.rlb / *.lib archives that hold them. The layout and the
// reader checks are in formats/msh/FORMAT.md §2; "§2.x" below refers to it.
//
// Decode keeps everything a lossless round trip needs: the raw 36 name bytes (bytes
// after the NUL included), the three attributes and the payloads (as views into the
// archive's bytes, never copies). Encode writes the canonical layout the engine
// writes on close: a 16-byte header, the payloads in directory order, each on an
// 8-byte boundary with zero padding, then the directory at the end; total_size is the
// file size and sort_index is recomputed. For an archive already in that form
// (every engine-written archive), Decode followed by Encode gives the same bytes.
//
// Decode reports every reader check of §2.6: the warnings as warning diagnostics in
// Archive.Diagnostics, and the problems that stop the archive from being read (bad
// magic, a directory outside the file, an entry_count that does not fit, a payload
// past the end of the file) as a *formats.FileError.
package nres

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"sort"
	"strings"

	"animscope/formats"
	"animscope/formats/atomicfile"
	"animscope/formats/bin"
)

// Layout constants of §2.
const (
	Magic      = "NRes"
	Version    = 0x100
	HeaderSize = 16
	EntrySize  = 64
	NameSize   = 36
	Align      = 8
)

// Type ids of outer-archive members (FourCCs read as little-endian u32).
const (
	TypeMESH = 0x4853454D // 'MESH'
	TypeTexm = 0x6D786554 // 'Texm'
	TypeMAT0 = 0x3054414D // 'MAT0'
	TypeWEAR = 0x52414557 // 'WEAR'
	TypeFXID = 0x44495846 // 'FXID'
)

// Field offsets inside a directory entry, for diagnostics.
const (
	FieldType      = 0x00
	FieldAttr1     = 0x04
	FieldAttr2     = 0x08
	FieldSize      = 0x0C
	FieldAttr3     = 0x10
	FieldName      = 0x14
	FieldOffset    = 0x38
	FieldSortIndex = 0x3C
)

// Entry is one directory entry and its payload.
type Entry struct {
	Type  uint32
	Attr1 uint32
	Attr2 uint32
	Attr3 uint32
	// Name is the raw 36-byte name field (NUL-terminated; bytes after the NUL are
	// kept for round trips).
	Name [NameSize]byte
	// Data is the payload. After Decode it is a view into the archive's bytes.
	Data []byte

	// As read by Decode (Encode recomputes both).
	Offset    uint32 // data_offset
	SortIndex uint32
	// DirOffset is the byte offset of this entry's directory record (Decode).
	DirOffset int64
}

// NameString is the name up to its first NUL, read as Latin-1.
func (e *Entry) NameString() string { return Latin1(cstring(e.Name[:])) }

// SetName zeroes the 36 name bytes and copies name (at most 35 bytes, so a NUL
// always follows), as the engine's writer does.
func (e *Entry) SetName(name string) {
	e.Name = [NameSize]byte{}
	copy(e.Name[:NameSize-1], name)
}

// TypeString names the type: "Res8" for a small model stream id, the FourCC text for
// printable tags, the hex value otherwise.
func (e *Entry) TypeString() string { return TypeName(e.Type) }

// TypeName names a type id (see Entry.TypeString).
func TypeName(t uint32) string {
	if t > 0 && t < 256 {
		return fmt.Sprintf("Res%d", t)
	}
	var b [4]byte
	binary.LittleEndian.PutUint32(b[:], t)
	for _, c := range b {
		if c < 0x20 || c > 0x7E {
			return fmt.Sprintf("0x%08X", t)
		}
	}
	return string(b[:])
}

// Archive is a decoded NRes archive.
type Archive struct {
	File      string // the name used in messages
	Version   uint32
	Entries   []Entry
	TotalSize uint32 // as read
	DirOffset int64  // as computed from total_size
	Size      int    // the length of the data decoded
	// Diagnostics are the §2.6 warnings found while reading.
	Diagnostics []formats.Diagnostic
}

// Decode reads an NRes archive. file names it in messages. The entries' Data are
// views into data.
func Decode(file string, data []byte) (*Archive, error) {
	n := len(data)
	if n < HeaderSize {
		return nil, formats.FileErrorf(file, 0, "NRes header needs %d bytes, the file has %d", HeaderSize, n)
	}
	if string(data[:4]) != Magic {
		return nil, formats.FileErrorf(file, 0, "bad magic %q, want %q", data[:4], Magic)
	}
	le := binary.LittleEndian
	a := &Archive{File: file, Version: le.Uint32(data[4:]), TotalSize: le.Uint32(data[12:]), Size: n}
	count := int32(le.Uint32(data[8:]))
	if a.Version != Version {
		a.warn(4, "version 0x%X, want 0x%X", a.Version, Version)
	}
	if count < 0 {
		return nil, formats.FileErrorf(file, 8, "entry_count %d is negative", count)
	}
	if !bin.Fits(uint64(count), EntrySize, uint64(n-HeaderSize)) {
		return nil, formats.FileErrorf(file, 8, "entry_count %d does not fit: it needs %d directory bytes, the file has %d after the header",
			count, uint64(count)*EntrySize, n-HeaderSize)
	}
	total := int64(a.TotalSize)
	if total > int64(n) {
		return nil, formats.FileErrorf(file, 12, "total_size %d is larger than the file (%d bytes): the directory would end past EOF", total, n)
	}
	if total < int64(n) {
		a.warn(12, "total_size %d is not the file size %d: the directory does not end at EOF (%d trailing bytes)", total, n, int64(n)-total)
	}
	dirOff := total - int64(count)*EntrySize
	a.DirOffset = dirOff
	if dirOff < HeaderSize {
		return nil, formats.FileErrorf(file, 12, "directory offset %d (total_size %d − %d·64) is below the %d-byte header", dirOff, total, count, HeaderSize)
	}
	a.Entries = make([]Entry, count)
	for i := range a.Entries {
		off := dirOff + int64(i)*EntrySize
		r := data[off : off+EntrySize]
		e := &a.Entries[i]
		e.DirOffset = off
		e.Type = le.Uint32(r[0:])
		e.Attr1 = le.Uint32(r[4:])
		e.Attr2 = le.Uint32(r[8:])
		size := le.Uint32(r[12:])
		e.Attr3 = le.Uint32(r[16:])
		copy(e.Name[:], r[20:56])
		e.Offset = le.Uint32(r[56:])
		e.SortIndex = le.Uint32(r[60:])
		end := uint64(e.Offset) + uint64(size)
		if bin.CheckRange("payload", uint64(e.Offset), uint64(size), 1, n) != nil {
			return nil, formats.FileErrorf(file, off+FieldOffset, "entry %d (%s %q): payload 0x%X..0x%X runs past the end of the file (%d bytes)",
				i, e.TypeString(), e.NameString(), e.Offset, end, n)
		}
		e.Data = data[e.Offset:end:end]
		if e.Offset%Align != 0 {
			a.warn(off+FieldOffset, "entry %d (%s %q): data_offset 0x%X is not a multiple of 8", i, e.TypeString(), e.NameString(), e.Offset)
		}
		if size > 0 && (int64(e.Offset) < HeaderSize || int64(end) > dirOff) {
			a.warn(off+FieldOffset, "entry %d (%s %q): payload 0x%X..0x%X lies outside the data area [0x10, 0x%X)",
				i, e.TypeString(), e.NameString(), e.Offset, end, dirOff)
		}
	}
	a.checkSortIndex()
	a.checkLayout(data)
	return a, nil
}

func (a *Archive) warn(off int64, format string, args ...any) {
	a.Diagnostics = append(a.Diagnostics, formats.DiagWarnf(a.File, off, format, args...))
}

func (a *Archive) checkSortIndex() {
	want := SortIndices(a.Entries)
	for i := range a.Entries {
		if a.Entries[i].SortIndex != want[i] {
			a.warn(a.Entries[i].DirOffset+FieldSortIndex, "entry %d: sort_index %d, want %d (case-insensitive order of the names)",
				i, a.Entries[i].SortIndex, want[i])
			return // one warning: the rest follows from it
		}
	}
}

// checkLayout reports overlapping payloads and non-zero bytes between them.
func (a *Archive) checkLayout(data []byte) {
	type span struct {
		start, end int64
		idx        int
	}
	spans := make([]span, 0, len(a.Entries))
	for i := range a.Entries {
		e := &a.Entries[i]
		if len(e.Data) > 0 {
			spans = append(spans, span{int64(e.Offset), int64(e.Offset) + int64(len(e.Data)), i})
		}
	}
	sort.SliceStable(spans, func(i, j int) bool { return spans[i].start < spans[j].start })
	cur := int64(HeaderSize)
	gap := func(from, to int64) {
		if from >= to || from < 0 || to > int64(len(data)) {
			return
		}
		for p := from; p < to; p++ {
			if data[p] != 0 {
				a.warn(p, "non-zero byte 0x%02X in the padding between payloads (0x%X..0x%X)", data[p], from, to)
				return
			}
		}
	}
	for k, s := range spans {
		if k > 0 && s.start < cur {
			a.warn(a.Entries[s.idx].DirOffset+FieldOffset, "entry %d: payload 0x%X..0x%X overlaps entry %d's payload (ends at 0x%X)",
				s.idx, s.start, s.end, spans[k-1].idx, cur)
		} else {
			gap(cur, min(s.start, a.DirOffset))
		}
		cur = max(cur, s.end)
	}
	gap(cur, a.DirOffset)
}

// SortIndices computes the sort_index field of every entry: the value in entry i is
// the index of the entry whose name comes i-th in case-insensitive order of the raw
// name bytes (up to the NUL, ASCII letters folded to lower case, bytes compared as
// unsigned, as _strcmpi does). Equal names keep their directory order, as the
// engine's bubble sort does.
func SortIndices(entries []Entry) []uint32 {
	perm := make([]int, len(entries))
	keys := make([][]byte, len(entries))
	for i := range entries {
		perm[i] = i
		keys[i] = lowerASCII(cstring(entries[i].Name[:]))
	}
	sort.SliceStable(perm, func(x, y int) bool { return bytes.Compare(keys[perm[x]], keys[perm[y]]) < 0 })
	out := make([]uint32, len(entries))
	for i, p := range perm {
		out[i] = uint32(p)
	}
	return out
}

func lowerASCII(b []byte) []byte {
	out := make([]byte, len(b))
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		out[i] = c
	}
	return out
}

func cstring(b []byte) []byte {
	if i := bytes.IndexByte(b, 0); i >= 0 {
		return b[:i]
	}
	return b
}

// Latin1 converts Latin-1 bytes to a string.
func Latin1(b []byte) string {
	ascii := true
	for _, c := range b {
		if c >= 0x80 {
			ascii = false
			break
		}
	}
	if ascii {
		return string(b)
	}
	r := make([]rune, len(b))
	for i, c := range b {
		r[i] = rune(c)
	}
	return string(r)
}

// EncodedSize is the size of the archive Encode writes for entries.
func EncodedSize(entries []Entry) int {
	off := HeaderSize
	for i := range entries {
		off = alignUp(off + len(entries[i].Data))
	}
	return off + len(entries)*EntrySize
}

func alignUp(n int) int { return (n + Align - 1) &^ (Align - 1) }

// Encode writes entries as a canonical NRes archive (§2.4) with the given version
// (0 means 0x100): payloads in directory order from offset 16, each zero-padded to
// a multiple of 8, the directory at the end, total_size = the file size, sort_index
// recomputed. Entry.Offset and Entry.SortIndex are ignored.
func Encode(version uint32, entries []Entry) []byte {
	if version == 0 {
		version = Version
	}
	out := make([]byte, EncodedSize(entries))
	le := binary.LittleEndian
	copy(out, Magic)
	le.PutUint32(out[4:], version)
	le.PutUint32(out[8:], uint32(len(entries)))
	le.PutUint32(out[12:], uint32(len(out)))
	offs := make([]int, len(entries))
	off := HeaderSize
	for i := range entries {
		offs[i] = off
		copy(out[off:], entries[i].Data)
		off = alignUp(off + len(entries[i].Data))
	}
	sortIdx := SortIndices(entries)
	for i := range entries {
		e := &entries[i]
		r := out[off+i*EntrySize:]
		le.PutUint32(r[0:], e.Type)
		le.PutUint32(r[4:], e.Attr1)
		le.PutUint32(r[8:], e.Attr2)
		le.PutUint32(r[12:], uint32(len(e.Data)))
		le.PutUint32(r[16:], e.Attr3)
		copy(r[20:56], e.Name[:])
		le.PutUint32(r[56:], uint32(offs[i]))
		le.PutUint32(r[60:], sortIdx[i])
	}
	return out
}

// Encode writes the archive in canonical form (see the package function Encode).
func (a *Archive) Encode() []byte { return Encode(a.Version, a.Entries) }

// FindType returns the index of the first entry of type t and how many entries have
// that type; -1 when none does.
func (a *Archive) FindType(t uint32) (idx, count int) {
	idx = -1
	for i := range a.Entries {
		if a.Entries[i].Type == t {
			if idx < 0 {
				idx = i
			}
			count++
		}
	}
	return idx, count
}

// Find returns the first entry whose name equals name case-insensitively, or -1.
func (a *Archive) Find(name string) int {
	for i := range a.Entries {
		if strings.EqualFold(a.Entries[i].NameString(), name) {
			return i
		}
	}
	return -1
}

// CheckUniqueNames fails on an archive in which two entries share a name
// (case-insensitively): members are found by name, so the second could never be
// opened, and which one a command means would depend on the lookup (the MSH
// decoder's first match, a mount's later entry). Entries without a name are
// not compared. The error names the second entry's name field.
func (a *Archive) CheckUniqueNames() error {
	seen := make(map[string]int, len(a.Entries))
	for i := range a.Entries {
		e := &a.Entries[i]
		n := strings.ToLower(e.NameString())
		if n == "" {
			continue
		}
		if j, ok := seen[n]; ok {
			return formats.FileErrorf(a.File, e.DirOffset+FieldName, "entry %d is named %q like entry %d: members are found by name, so a name must be unique in the archive",
				i, e.NameString(), j)
		}
		seen[n] = i
	}
	return nil
}

// IsModel reports whether the archive is itself an MSH model: it has a Res1 or Res2
// stream.
func (a *Archive) IsModel() bool {
	for i := range a.Entries {
		if t := a.Entries[i].Type; t == 1 || t == 2 {
			return true
		}
	}
	return false
}

// IsModelMember reports whether an outer-archive entry holds a nested MSH model: its
// name ends in .msh (any case) or its type is 'MESH'.
func IsModelMember(e *Entry) bool {
	return e.Type == TypeMESH || strings.HasSuffix(strings.ToLower(e.NameString()), ".msh")
}

// Member describes one entry for listings (`inspect`).
type Member struct {
	Index  int    `json:"index"`
	Name   string `json:"name"`
	Type   string `json:"type"`
	Size   int    `json:"size"`
	Offset uint32 `json:"offset"`
	Attr1  uint32 `json:"attr1"`
	Attr2  uint32 `json:"attr2"`
	Attr3  uint32 `json:"attr3"`
	Model  bool   `json:"model"`
}

// Members lists the entries.
func (a *Archive) Members() []Member {
	out := make([]Member, len(a.Entries))
	for i := range a.Entries {
		e := &a.Entries[i]
		out[i] = Member{Index: i, Name: e.NameString(), Type: e.TypeString(), Size: len(e.Data), Offset: e.Offset,
			Attr1: e.Attr1, Attr2: e.Attr2, Attr3: e.Attr3, Model: IsModelMember(e)}
	}
	return out
}

// WriteFile replaces path with data atomically (atomicfile.Write).
func WriteFile(path string, data []byte) error { return atomicfile.Write(path, data) }
