package msh

import (
	"encoding/binary"
	"unsafe"
)

// hostLittleEndian says the machine stores integers as the file does.
var hostLittleEndian = binary.NativeEndian.Uint16([]byte{1, 0}) == 1

// decodeTris decodes Res7's whole records. A Tri is the record's eight
// little-endian u16 in file order without padding, so on a little-endian host
// the records are the Tris' bytes: one copy (append leaves the part it copies
// unzeroed) instead of a zeroed slice and eight loads and stores a triangle.
func decodeTris(b []byte) []Tri {
	n := len(b) / triSize
	if n == 0 {
		return nil
	}
	if hostLittleEndian && unsafe.Sizeof(Tri{}) == triSize {
		raw := append([]byte(nil), b[:n*triSize]...)
		return unsafe.Slice((*Tri)(unsafe.Pointer(unsafe.SliceData(raw))), n)
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
