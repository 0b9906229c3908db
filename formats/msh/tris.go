package msh

import (
	"encoding/binary"
	"unsafe"
)

// hostLittleEndian says the machine stores integers as the file does.
var hostLittleEndian = binary.NativeEndian.Uint16([]byte{1, 0}) == 1

// decodeTris decodes Res7's whole records. A Tri is the record's eight
// little-endian u16 in file order without padding, so on a little-endian host
// the records are the Tris' bytes: the Tris are then a view of the stream, as
// the File's other streams are (no copy, nothing allocated), when the stream
// starts at an address a Tri may have (even; NRes payloads are 8-byte aligned).
// Otherwise they are decoded field by field into a slice of their own.
func decodeTris(b []byte) []Tri {
	n := len(b) / triSize
	if n == 0 {
		return nil
	}
	p := unsafe.Pointer(unsafe.SliceData(b))
	if hostLittleEndian && unsafe.Sizeof(Tri{}) == triSize && uintptr(p)%unsafe.Alignof(Tri{}) == 0 {
		return unsafe.Slice((*Tri)(p), n)[:n:n]
	}
	return decodeTrisPortable(b)
}

// decodeTrisPortable decodes Res7 field by field (any host).
func decodeTrisPortable(b []byte) []Tri {
	tris := make([]Tri, len(b)/triSize)
	for i := range tris {
		// Field by field: a Tri literal is assembled on the stack with 2-byte
		// stores and copied with one 16-byte move, which stalls on them.
		r, t := b[i*triSize:i*triSize+triSize], &tris[i]
		t.Flags, t.Sel = le.Uint16(r), le.Uint16(r[14:])
		t.Links[0], t.Links[1], t.Links[2] = le.Uint16(r[2:]), le.Uint16(r[4:]), le.Uint16(r[6:])
		t.Normal[0], t.Normal[1], t.Normal[2] = int16(le.Uint16(r[8:])), int16(le.Uint16(r[10:])), int16(le.Uint16(r[12:]))
	}
	return tris
}
