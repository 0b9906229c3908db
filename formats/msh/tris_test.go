package msh

import (
	"math/rand/v2"
	"reflect"
	"testing"
)

// TestDecodeTrisIsPortable holds the host-order view to the field-by-field
// decoding, for whole records and a cut last record, from an even address (the
// view) and an odd one (a decoded copy).
func TestDecodeTrisIsPortable(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, size := range []int{0, 15, 16, 17, 16 * 1000, 16*1000 + 9} {
		for shift := 0; shift < 2; shift++ {
			buf := make([]byte, size+shift)
			for i := range buf {
				buf[i] = byte(r.Uint32())
			}
			b := buf[shift:]
			got, want := decodeTris(b), decodeTrisPortable(b)
			if len(got) != len(want) || (len(want) > 0 && !reflect.DeepEqual(got, want)) {
				t.Fatalf("%d bytes: got %d tris, want %d (or they differ)", size, len(got), len(want))
			}
			if len(want) > 0 && (got[0].Flags != uint16(b[0])|uint16(b[1])<<8 || got[len(got)-1].Sel != uint16(b[16*len(got)-2])|uint16(b[16*len(got)-1])<<8) {
				t.Fatalf("%d bytes: first Flags %#x or last Sel %#x is not the file's", size, got[0].Flags, got[len(got)-1].Sel)
			}
			if len(got) > 0 && cap(got) != len(got) {
				t.Fatalf("%d bytes: cap %d, want %d (an append must not write into the file's bytes)", size, cap(got), len(got))
			}
		}
	}
}
