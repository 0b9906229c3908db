package swg

import (
	"testing"
	"unsafe"

	"animscope/anim"
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

// The offsets run_amd64.s reads and writes.
func TestKeyRecLayout(t *testing.T) {
	var r keyRec
	var x anim.Transform
	for _, c := range []struct {
		name      string
		got, want uintptr
	}{
		{"keyRec.q", unsafe.Offsetof(r.q), 0},
		{"keyRec.a", unsafe.Offsetof(r.a), 16},
		{"arc.theta (keyRec 32)", unsafe.Offsetof(r.a.theta), 16},
		{"arc.ooSin (keyRec 36)", unsafe.Offsetof(r.a.ooSin), 20},
		{"arc.linear (keyRec 40)", unsafe.Offsetof(r.a.linear), 24},
		{"arc.opposite (keyRec 41)", unsafe.Offsetof(r.a.opposite), 25},
		{"keyRec.t", unsafe.Offsetof(r.t), 44},
		{"Transform.T", unsafe.Offsetof(x.T), 0},
		{"Transform.Q", unsafe.Offsetof(x.Q), 12},
		{"Transform.S", unsafe.Offsetof(x.S), 28},
		{"Transform", unsafe.Sizeof(x), 40},
	} {
		if c.got != c.want {
			t.Errorf("%s at %d, want %d", c.name, c.got, c.want)
		}
	}
}
