package msh

import (
	"math/rand/v2"
	"reflect"
	"testing"
)

// TestDecodeTrisIsPortable holds the host-order copy to the field-by-field
// decoding, for whole records and a cut last record.
func TestDecodeTrisIsPortable(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, size := range []int{0, 15, 16, 17, 16 * 1000, 16*1000 + 9} {
		b := make([]byte, size)
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		got, want := decodeTris(b), decodeTrisPortable(b)
		if len(got) != len(want) || (len(want) > 0 && !reflect.DeepEqual(got, want)) {
			t.Fatalf("%d bytes: got %d tris, want %d (or they differ)", size, len(got), len(want))
		}
		if len(want) > 0 && (got[0].Flags != uint16(b[0])|uint16(b[1])<<8 || got[len(got)-1].Sel != uint16(b[16*len(got)-2])|uint16(b[16*len(got)-1])<<8) {
			t.Fatalf("%d bytes: first Flags %#x or last Sel %#x is not the file's", size, got[0].Flags, got[len(got)-1].Sel)
		}
	}
}
