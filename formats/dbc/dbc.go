package dbc

import (
	"encoding/binary"
	"fmt"
	"math"
)

// Magic starts every WDBC file.
const Magic = "WDBC"

// HeaderSize is the size of the header before the records.
const HeaderSize = 20

// MaxFileSize bounds what the readers read (the largest 3.3.5 table, Spell.dbc,
// is about 70 MB).
const MaxFileSize = 256 << 20

// Header is the file's header as stored.
type Header struct {
	Records    uint32 // record count
	Fields     uint32 // field count
	RecordSize uint32 // bytes per record
	StringSize uint32 // string block size
}

// File is a checked WDBC file. Its records and strings are slices of the data
// given to Parse.
type File struct {
	Name string
	Header
	records []byte
	strings []byte
	// Trailing is the number of bytes after the string block (a writer leaves
	// none; readers ignore them).
	Trailing int
}

// FormatError is a malformed file; Offset is where the fault lies.
type FormatError struct {
	File   string
	Offset int64
	Msg    string
}

func (e *FormatError) Error() string {
	f := e.File
	if f == "" {
		f = "dbc"
	}
	return fmt.Sprintf("%s: offset 0x%x: %s", f, e.Offset, e.Msg)
}

func errAt(name string, off int64, format string, args ...any) error {
	return &FormatError{File: name, Offset: off, Msg: fmt.Sprintf(format, args...)}
}

// Parse checks a whole WDBC file: the magic, and that the records and the string
// block the header gives fit in data. It copies nothing.
func Parse(name string, data []byte) (*File, error) {
	if len(data) < HeaderSize {
		return nil, errAt(name, 0, "%d bytes: too short for a WDBC header (%d)", len(data), HeaderSize)
	}
	if string(data[:4]) != Magic {
		return nil, errAt(name, 0, "magic %q, not %q", data[:4], Magic)
	}
	le := binary.LittleEndian
	h := Header{Records: le.Uint32(data[4:]), Fields: le.Uint32(data[8:]), RecordSize: le.Uint32(data[12:]), StringSize: le.Uint32(data[16:])}
	if h.Records > 0 && h.RecordSize == 0 {
		return nil, errAt(name, 0xc, "record size 0 with %d records", h.Records)
	}
	if uint64(h.Fields)*4 > uint64(h.RecordSize) && h.Records > 0 {
		return nil, errAt(name, 0x8, "%d fields of 4 bytes do not fit a record of %d bytes", h.Fields, h.RecordSize)
	}
	have := uint64(len(data) - HeaderSize)
	recBytes := uint64(h.Records) * uint64(h.RecordSize)
	if recBytes > have {
		return nil, errAt(name, 0x4, "%d records of %d bytes need %d bytes after the header; the file has %d", h.Records, h.RecordSize, recBytes, have)
	}
	if uint64(h.StringSize) > have-recBytes {
		return nil, errAt(name, 0x10, "string block of %d bytes at offset 0x%x runs past the end of the file (%d bytes)", h.StringSize, HeaderSize+recBytes, len(data))
	}
	end := HeaderSize + int(recBytes)
	f := &File{Name: name, Header: h, records: data[HeaderSize:end], strings: data[end : end+int(h.StringSize)]}
	f.Trailing = len(data) - end - int(h.StringSize)
	return f, nil
}

// Rows is the record count.
func (f *File) Rows() int { return int(f.Records) }

// RecordOffset is the file offset of record row's field (for messages).
func (f *File) RecordOffset(row, field int) int64 {
	return HeaderSize + int64(row)*int64(f.RecordSize) + 4*int64(field)
}

// StringBlockOffset is the file offset of the string block.
func (f *File) StringBlockOffset() int64 { return HeaderSize + int64(len(f.records)) }

// Uint32 is field (a 4-byte column index) of record row. The caller keeps row
// below Rows and field below Fields (Check of a layout does).
func (f *File) Uint32(row, field int) uint32 {
	at := row*int(f.RecordSize) + 4*field
	return binary.LittleEndian.Uint32(f.records[at:])
}

// Int32 is field of record row as a signed value.
func (f *File) Int32(row, field int) int32 { return int32(f.Uint32(row, field)) }

// Float32 is field of record row as an IEEE float.
func (f *File) Float32(row, field int) float32 { return math.Float32frombits(f.Uint32(row, field)) }

// String is the string that field of record row names in the string block.
func (f *File) String(row, field int) (string, error) {
	off := f.Uint32(row, field)
	if uint64(off) >= uint64(len(f.strings)) {
		if off == 0 && len(f.strings) == 0 {
			return "", nil // no string block: every string is empty
		}
		return "", errAt(f.Name, f.RecordOffset(row, field), "record %d field %d: string offset %d outside the string block of %d bytes", row, field, off, len(f.strings))
	}
	for i := int(off); i < len(f.strings); i++ {
		if f.strings[i] == 0 {
			return string(f.strings[off:i]), nil
		}
	}
	return "", errAt(f.Name, f.RecordOffset(row, field), "record %d field %d: the string at block offset %d has no terminating NUL", row, field, off)
}

// isString reports whether field of record row points at the start of a string
// in the block (offset 0, or just after a NUL). Layout detection uses it.
func (f *File) isString(row, field int) bool {
	off := f.Uint32(row, field)
	if off == 0 {
		return true
	}
	return uint64(off) < uint64(len(f.strings)) && f.strings[off-1] == 0
}

// stringColumns reports whether every row holds a string start in each of fields
// (and at least one of them is not empty, when nonEmpty).
func (f *File) stringColumns(fields []int, nonEmpty bool) bool {
	seen := false
	for row := 0; row < f.Rows(); row++ {
		for _, c := range fields {
			if c >= int(f.Fields) || !f.isString(row, c) {
				return false
			}
			if f.Uint32(row, c) != 0 {
				seen = true
			}
		}
	}
	return seen || !nonEmpty
}
