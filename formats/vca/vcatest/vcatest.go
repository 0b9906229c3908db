// Package vcatest writes large valid VoxelCore models for tests and benchmarks
// (memory bounds, speed): the same text any VCM writer would produce.
package vcatest

import (
	"fmt"
	"strings"
)

// Boxes is a VCM model of one bone "root" holding n boxes, about 40 bytes each.
func Boxes(n int) []byte {
	var b strings.Builder
	b.WriteString("@bone name 'root' {\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "  @box from (%d,0,-0.1) to (%d.5,0.5,0.1)\n", i%100, i%100)
	}
	b.WriteString("}\n")
	return []byte(b.String())
}

// Bones is a VCM model of n bones: "root" and n−1 children of it, each moved along
// X and holding one box (six meshes per bone, one per side texture).
func Bones(n int) []byte {
	var b strings.Builder
	b.WriteString("@bone name 'root' {\n")
	for i := 0; i < n-1; i++ {
		fmt.Fprintf(&b, "  @bone name 'b%d' move (%d,0,0) {\n    @box from (-0.1,0,-0.1) to (0.1,0.5,0.1)\n  }\n", i, i%7)
	}
	b.WriteString("}\n")
	return []byte(b.String())
}
