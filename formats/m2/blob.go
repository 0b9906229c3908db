package m2

import (
	"encoding/binary"
	"math"

	"animscope/formats"
	"animscope/formats/bin"
)

// blob is one file's bytes with the name used in messages. Every field read goes
// through a bounds check first (arr, need), so offsets may be unaligned and no read
// can run past the data.
type blob struct {
	name string
	data []byte
}

// m2array is a checked M2Array: count records of size bytes at offset, all inside
// the blob. field is where the (count, offset) pair itself is stored.
type m2array struct {
	count  uint32
	offset uint32
	field  int64
	size   int
}

// at returns the byte offset of record i.
func (a m2array) at(i int) int { return int(a.offset) + i*a.size }

func (b *blob) errf(off int64, format string, args ...any) error {
	return formats.FileErrorf(b.name, off, format, args...)
}

// need checks that n bytes at off lie inside the blob.
func (b *blob) need(off int64, n int, what string) error {
	if off < 0 || off > int64(len(b.data)) || int64(n) > int64(len(b.data))-off {
		return b.errf(off, "%s: %d bytes at 0x%x pass the end of the file (%d bytes)", what, n, off, len(b.data))
	}
	return nil
}

// arr reads the M2Array stored at field and checks that count·size bytes at its
// offset lie inside the blob before anything reads or allocates them.
func (b *blob) arr(field int64, what string, size int) (m2array, error) {
	return b.arrIn(field, b, what, size)
}

// arrIn reads the M2Array stored at field of b, whose offset points into target
// (a .anim file's inner arrays are named in the .m2).
func (b *blob) arrIn(field int64, target *blob, what string, size int) (m2array, error) {
	if err := b.need(field, 8, what+" (array header)"); err != nil {
		return m2array{}, err
	}
	a := m2array{count: b.u32(int(field)), offset: b.u32(int(field) + 4), field: field, size: size}
	if a.count == 0 {
		a.offset = 0 // an empty array's offset is never used
		return a, nil
	}
	if !target.holds(a.count, a.offset, size) {
		where := "the file"
		if target != b {
			where = target.name
		}
		return m2array{}, b.errf(field, "%s: %d × %d bytes at 0x%x pass the end of %s (%d bytes)",
			what, a.count, size, a.offset, where, len(target.data))
	}
	return a, nil
}

// holds reports whether count elements of size bytes from offset lie inside b
// (what arrIn accepts of an array that is not empty).
func (b *blob) holds(count, offset uint32, size int) bool {
	return bin.Fits(uint64(count), uint64(size), uint64(len(b.data))) &&
		uint64(offset) <= uint64(len(b.data))-uint64(count)*uint64(size)
}

// Unchecked little-endian reads; callers check the range first.
func (b *blob) u8(o int) uint8    { return b.data[o] }
func (b *blob) u16(o int) uint16  { return binary.LittleEndian.Uint16(b.data[o:]) }
func (b *blob) i16(o int) int16   { return int16(b.u16(o)) }
func (b *blob) u32(o int) uint32  { return binary.LittleEndian.Uint32(b.data[o:]) }
func (b *blob) i32(o int) int32   { return int32(b.u32(o)) }
func (b *blob) f32(o int) float32 { return math.Float32frombits(b.u32(o)) }

// str reads an M2Array<char> as a string without its trailing NULs. A NUL inside
// the name (converted files store a leading one) is shown as a space.
func (b *blob) str(field int64, what string) (string, error) {
	a, err := b.arr(field, what, 1)
	if err != nil || a.count == 0 {
		return "", err
	}
	s := b.data[a.offset : a.offset+a.count]
	for len(s) > 0 && s[len(s)-1] == 0 {
		s = s[:len(s)-1]
	}
	out := []byte(string(s))
	for i, c := range out {
		if c == 0 {
			out[i] = ' '
		}
	}
	return string(out), nil
}

// maxMagnitude bounds every float a model stores for geometry and keys. Larger (or
// non-finite) values are rejected at load: no real model comes near it, and the
// bound keeps every interpolation and skinning product finite.
const maxMagnitude = 1e9

// finite reports whether every value is finite and within maxMagnitude.
func finite(vs ...float32) bool {
	for _, v := range vs {
		if !(v >= -maxMagnitude && v <= maxMagnitude) {
			return false
		}
	}
	return true
}
