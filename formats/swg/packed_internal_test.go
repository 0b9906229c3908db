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

// PackedShape counts c's nodes by how they sample: keyed with every channel
// animated, other keyed, general; and its key sets.
func PackedShape(c *Clip) (all, keyed, general, sets int) {
	for i := range c.nodes {
		switch nd := &c.nodes[i]; {
		case nd.kind == nodeKeyed && nd.anim == animAll:
			all++
		case nd.kind == nodeKeyed:
			keyed++
		case nd.kind == nodeGeneral:
			general++
		}
	}
	return all, keyed, general, len(c.sets)
}
