package render

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

// TestBoneIndices: the GPU bone's indexed triangles over its six corners (root,
// ring 0–3, tip) are AppendBone's 24 vertices, in AppendBone's order.
func TestBoneIndices(t *testing.T) {
	a, b := mgl32.Vec3{1, 2, 3}, mgl32.Vec3{1.5, 4, 2}
	v := AppendBone(nil, a, b, BoneRootColor, BoneTipColor)
	if len(v) != BoneVertices {
		t.Fatalf("AppendBone: %d vertices, want %d", len(v), BoneVertices)
	}
	// Triangle k's second vertex is ring corner k.
	corners := [6][3]float32{[3]float32(a), v[1].Pos, v[7].Pos, v[13].Pos, v[19].Pos, [3]float32(b)}
	for i, c := range BoneIndices() {
		if c > 5 {
			t.Fatalf("index %d = %d, want a corner 0..5", i, c)
		}
		if got, want := corners[c], v[i].Pos; got != want {
			t.Errorf("vertex %d: corner %d at %v, AppendBone has %v", i, c, got, want)
		}
	}
	// The four ring corners are distinct.
	for i := 1; i <= 4; i++ {
		for j := i + 1; j <= 4; j++ {
			if corners[i] == corners[j] {
				t.Errorf("ring corners %d and %d coincide at %v", i-1, j-1, corners[i])
			}
		}
	}
}
