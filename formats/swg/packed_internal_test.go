package swg

import (
	"testing"
	"unsafe"
)

// A key record fills one 64-byte cache line: a frame reads a node's two keys
// from two adjacent lines.
func TestKeyRecSize(t *testing.T) {
	if got := unsafe.Sizeof(keyRec{}); got != 64 {
		t.Errorf("keyRec is %d bytes, want 64", got)
	}
}
