package render

import (
	"testing"

	"animscope/anim"

	"github.com/go-gl/mathgl/mgl32"
)

func chain(n int) (*anim.Skeleton, []anim.Affine) {
	s := &anim.Skeleton{Names: make([]string, n), Parents: make([]int32, n)}
	model := make([]anim.Affine, n)
	for i := 0; i < n; i++ {
		s.Parents[i] = int32(i - 1)
		model[i] = anim.IdentityAffine
		model[i][10] = float32(i)
	}
	return s, model
}

func TestAppendSkeleton(t *testing.T) {
	tests := []struct {
		name      string
		n, sel    int
		wantVerts int
	}{
		{"single root has no bone", 1, -1, 0},
		{"chain of 5 has 4 bones", 5, -1, 4 * BoneVertices},
		{"selection does not change the count", 5, 2, 4 * BoneVertices},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, model := chain(tc.n)
			v := AppendSkeleton(nil, s, model, tc.sel)
			if len(v) != tc.wantVerts {
				t.Fatalf("vertices = %d, want %d", len(v), tc.wantVerts)
			}
			for i, x := range v {
				if x.Pos[1] < -1e-6 || x.Pos[1] > float32(tc.n-1)+1e-6 {
					t.Errorf("vertex %d at %v, outside the chain", i, x.Pos)
				}
			}
			if tc.sel > 0 {
				// The bone ending at the selected joint is the (sel-1)th.
				tip := v[(tc.sel-1)*BoneVertices+3]
				if tip.Color != SelectedColor {
					t.Errorf("selected bone tip colour %v, want %v", tip.Color, SelectedColor)
				}
			}
		})
	}
}

func TestAppendBoneShape(t *testing.T) {
	a, b := mgl32.Vec3{0, 0, 0}, mgl32.Vec3{0, 0, 2}
	v := AppendBone(nil, a, b, BoneRootColor, BoneTipColor)
	if len(v) != BoneVertices {
		t.Fatalf("vertices = %d, want %d", len(v), BoneVertices)
	}
	if v[0].Pos != [3]float32(a) || v[3].Pos != [3]float32(b) || v[0].Color != BoneRootColor || v[3].Color != BoneTipColor {
		t.Errorf("first triangle starts at %v (%v), second at %v (%v); want the root and the tip in their colours", v[0].Pos, v[0].Color, v[3].Pos, v[3].Color)
	}
	if got := AppendBone(nil, a, a, BoneRootColor, BoneTipColor); len(got) != 0 {
		t.Errorf("zero-length bone gave %d vertices, want 0", len(got))
	}
}

func TestAppendJointsSelectedLast(t *testing.T) {
	s, model := chain(4)
	v := AppendJoints(nil, s, model, 1)
	if len(v) != 4 || v[3].Color != SelectedColor || v[3].Pos[1] != 1 {
		t.Errorf("joints %v; want 4 with the selected (y=1) last in SelectedColor", v)
	}
}

func TestAppendSkeletonAllocatesNothing(t *testing.T) {
	s, model := chain(64)
	buf := make([]SolidVertex, 0, 64*(BoneVertices+1))
	allocs := testing.AllocsPerRun(20, func() {
		buf = AppendSkeleton(buf[:0], s, model, 3)
		buf = AppendJoints(buf, s, model, 3)
	})
	if allocs != 0 {
		t.Errorf("allocations = %v, want 0", allocs)
	}
}

func BenchmarkAppendSkeleton64(b *testing.B) {
	s, model := chain(64)
	buf := make([]SolidVertex, 0, 64*(BoneVertices+1))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		buf = AppendSkeleton(buf[:0], s, model, 3)
	}
}
