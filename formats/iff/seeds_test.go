package iff

import (
	"encoding/binary"
	"fmt"
	"testing"

	"animscope/formats/internal/fuzzseed"
)

// TestWriteFuzzSeeds (re)writes the FuzzIFF seed corpus from the package's own
// Writer; it does nothing without -write-seeds:
//
//	go test ./formats/iff -run TestWriteFuzzSeeds -args -write-seeds
func TestWriteFuzzSeeds(t *testing.T) {
	fuzzseed.Skip(t)
	full := sample()
	var deep Writer
	for i := 0; i < 12; i++ {
		deep.Form(fmt.Sprintf("%04d", i))
	}
	deep.Chunk("LEAF").U32(0xDEADBEEF).End()
	for i := 0; i < 12; i++ {
		deep.End()
	}
	var chunks Writer
	chunks.Form("SKTM").Form("0002").Chunk("INFO").I32(2).End().Chunk("NAME").CString("root").CString("child").End().
		Chunk("PRNT").I32(-1).I32(0).End().Chunk("ODD ").Raw([]byte{1, 2, 3}).End().End().End()
	big := append([]byte(nil), full...)
	binary.BigEndian.PutUint32(big[4:], 0xFFFFFFFF)
	inner := append([]byte(nil), full...)
	binary.BigEndian.PutUint32(inner[16:], 0xFFFFFFF0)
	seeds := []struct {
		name string
		data []byte
	}{
		{"seed-sample", full},
		{"seed-empty-form", []byte("FORM\x00\x00\x00\x04SKTM")},
		{"seed-one-chunk", new(Writer).Chunk("DATA").U16(1).F32(0.5).End().Bytes()},
		{"seed-nested-12", deep.Bytes()},
		{"seed-sktm-like", chunks.Bytes()},
		{"seed-form-size-ffffffff", big},
		{"seed-inner-size-past-parent", inner},
		{"seed-truncated-half", full[:len(full)/2]},
	}
	for _, s := range seeds {
		fuzzseed.Write(t, "FuzzIFF", s.name, s.data)
	}
}
