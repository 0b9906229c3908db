// Package bin is the bounded binary reader every decoder uses: each read checks
// the bytes that remain, and counts are checked against the remaining bytes before
// anything is allocated, so a bad file gives an error with its offset, never a
// panic or a huge allocation.
package bin

import (
	"encoding/binary"
	"fmt"
	"math"
)

// Error is a read past the data or a count that does not fit.
type Error struct {
	Offset int64
	Msg    string
}

func (e *Error) Error() string { return fmt.Sprintf("offset 0x%x: %s", e.Offset, e.Msg) }

// Errf makes an *Error.
func Errf(off int64, format string, args ...any) error {
	return &Error{Offset: off, Msg: fmt.Sprintf(format, args...)}
}

// Fits reports whether count records of size bytes fit in the avail bytes that
// remain, without overflowing.
func Fits(count, size, avail uint64) bool {
	if size == 0 {
		return true
	}
	return count <= avail/size
}

// CheckRange checks that [off, off+count·size) lies inside a buffer of n bytes and
// returns a named error otherwise.
func CheckRange(what string, off, count, size uint64, n int) error {
	if off > uint64(n) {
		return Errf(int64(off), "%s starts at 0x%x, past the end of the data (%d bytes)", what, off, n)
	}
	if !Fits(count, size, uint64(n)-off) {
		return Errf(int64(off), "%s: %d × %d bytes do not fit in the %d bytes that remain", what, count, size, uint64(n)-off)
	}
	return nil
}

// Reader is a little-endian cursor over a byte slice. After the first failed read
// every later read returns zero and Err keeps the first error, so a decoder can read
// a record field by field and check once.
type Reader struct {
	Data  []byte
	Pos   int
	Base  int64 // added to offsets in errors (a member's offset in its archive)
	Order binary.ByteOrder
	err   error
}

// NewReader returns a little-endian reader over data.
func NewReader(data []byte) *Reader { return &Reader{Data: data, Order: binary.LittleEndian} }

// NewBigEndian returns a big-endian reader over data.
func NewBigEndian(data []byte) *Reader { return &Reader{Data: data, Order: binary.BigEndian} }

// Err is the first error.
func (r *Reader) Err() error { return r.err }

// Offset is the current absolute offset (Base + Pos).
func (r *Reader) Offset() int64 { return r.Base + int64(r.Pos) }

// Remaining is the number of unread bytes.
func (r *Reader) Remaining() int {
	if r.Pos >= len(r.Data) {
		return 0
	}
	return len(r.Data) - r.Pos
}

// Fail records an error at the current offset (if none is recorded yet).
func (r *Reader) Fail(format string, args ...any) {
	if r.err == nil {
		r.err = Errf(r.Offset(), format, args...)
	}
}

func (r *Reader) take(n int, what string) []byte {
	if r.err != nil {
		return nil
	}
	if n < 0 || n > r.Remaining() {
		r.err = Errf(r.Offset(), "%s needs %d bytes, only %d remain", what, n, r.Remaining())
		return nil
	}
	b := r.Data[r.Pos : r.Pos+n]
	r.Pos += n
	return b
}

// Seek moves to an absolute position within Data (not counting Base).
func (r *Reader) Seek(pos int) {
	if r.err != nil {
		return
	}
	if pos < 0 || pos > len(r.Data) {
		r.err = Errf(r.Base+int64(pos), "seek past the end of the data (%d bytes)", len(r.Data))
		return
	}
	r.Pos = pos
}

// Skip advances n bytes.
func (r *Reader) Skip(n int) { r.take(n, "skip") }

// Bytes returns the next n bytes (a sub-slice, not a copy).
func (r *Reader) Bytes(n int) []byte { return r.take(n, "a byte block") }

// U8 reads a byte.
func (r *Reader) U8() uint8 {
	b := r.take(1, "a byte")
	if b == nil {
		return 0
	}
	return b[0]
}

// U16 reads a 16-bit unsigned integer.
func (r *Reader) U16() uint16 {
	b := r.take(2, "a 16-bit value")
	if b == nil {
		return 0
	}
	return r.Order.Uint16(b)
}

// I16 reads a 16-bit signed integer.
func (r *Reader) I16() int16 { return int16(r.U16()) }

// U32 reads a 32-bit unsigned integer.
func (r *Reader) U32() uint32 {
	b := r.take(4, "a 32-bit value")
	if b == nil {
		return 0
	}
	return r.Order.Uint32(b)
}

// I32 reads a 32-bit signed integer.
func (r *Reader) I32() int32 { return int32(r.U32()) }

// F32 reads an IEEE float32.
func (r *Reader) F32() float32 { return math.Float32frombits(r.U32()) }

// Count reads nothing: it checks that count records of size bytes fit in what
// remains, and records an error naming what otherwise. Call it before allocating.
func (r *Reader) Count(what string, count uint64, size int) bool {
	if r.err != nil {
		return false
	}
	if !Fits(count, uint64(size), uint64(r.Remaining())) {
		r.err = Errf(r.Offset(), "%s: count %d × %d bytes does not fit in the %d bytes that remain", what, count, size, r.Remaining())
		return false
	}
	return true
}
