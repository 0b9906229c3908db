package anim

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

// TestLocalToModelAVXMatchesGo compares LocalToModel, with the assembly loop
// (where this machine has it) and with the Go loop, with the formula's
// definition (LocalMatrix, then mulAffineTo), bit for bit, on random skeletons
// with and without offsets, pivots, post and pre rotations and a root (more
// nodes than one chunk of the post/pre path), and on odd values
// (non-unit and zero quaternions, negative and zero scales, huge and tiny
// numbers, NaN). A NaN matches any NaN: which operand's NaN an x86 operation
// passes on depends on the operand order the compiler picked.
func TestLocalToModelAVXMatchesGo(t *testing.T) {
	if !haveAVX2 {
		t.Log("no AVX2 on this target: comparing the Go loop with itself")
	}
	saved := haveAVX2
	defer func() { haveAVX2 = saved }()
	r := rand.New(rand.NewPCG(3, 4))
	odd := []float32{0, -0.0, 1e-30, -1e30, 1e38, float32(math.NaN()), float32(math.Inf(1)), 1.4e-45}
	f := func() float32 {
		if r.IntN(50) == 0 {
			return odd[r.IntN(len(odd))]
		}
		return r.Float32()*4 - 2
	}
	vec := func() mgl32.Vec3 { return mgl32.Vec3{f(), f(), f()} }
	for trial := range 96 {
		n := []int{1, 2, 3, 7, 64, 1000}[trial%6]
		s := &Skeleton{Names: make([]string, n), Parents: make([]int32, n)}
		for i := range n {
			s.Parents[i] = -1
			switch {
			case i == 0 || r.IntN(8) == 0:
			case trial%3 == 0 && r.IntN(4) != 0:
				// Chains: the parent is the node just composed (the assembly
				// loop keeps its columns in registers).
				s.Parents[i] = int32(i - 1)
			default:
				s.Parents[i] = int32(r.IntN(i))
			}
		}
		if trial&1 != 0 {
			s.Offset = make([]mgl32.Vec3, n)
			for i := range s.Offset {
				s.Offset[i] = vec()
			}
		}
		if trial&2 != 0 {
			s.Pivot = make([]mgl32.Vec3, n)
			for i := range s.Pivot {
				s.Pivot[i] = vec()
			}
		}
		if trial&8 != 0 {
			s.Post, s.Pre = make([]mgl32.Quat, n), make([]mgl32.Quat, n)
			for i := range n {
				s.Post[i] = mgl32.Quat{W: f(), V: vec()}
				s.Pre[i] = mgl32.Quat{W: f(), V: vec()}
			}
			if trial&16 != 0 {
				s.Pre = nil
			}
		}
		var root *Affine
		if trial&4 != 0 {
			root = &Affine{}
			for k := range root {
				root[k] = f()
			}
		}
		local := make([]Transform, n)
		for i := range local {
			local[i] = Transform{T: vec(), Q: mgl32.Quat{W: f(), V: vec()}, S: vec()}
		}
		// want: the formula's definition, LocalMatrix then mulAffineTo per node.
		want := make([]Affine, n+1)
		want[n][0] = 7
		for i, p := range s.Parents {
			var l Affine
			s.LocalMatrix(i, &local[i], &l)
			switch {
			case p >= 0:
				mulAffineTo(&want[i], &want[p], &l)
			case root != nil:
				mulAffineTo(&want[i], root, &l)
			default:
				want[i] = l
			}
		}
		for _, asm := range []bool{true, false} {
			got := make([]Affine, n+1)
			got[n][0] = 7 // a guard cell past the nodes: must stay
			haveAVX2 = asm && saved
			LocalToModel(s, local, root, got[:n])
			for i := range got {
				for k := range got[i] {
					if !same32(got[i][k], want[i][k]) {
						t.Fatalf("asm %v, trial %d (n %d, offset %v, pivot %v, post %v, pre %v, root %v): node %d cell %d = %v (%#x), want %v (%#x)",
							asm && saved, trial, n, s.Offset != nil, s.Pivot != nil, s.Post != nil, s.Pre != nil, root != nil, i, k, got[i][k], math.Float32bits(got[i][k]), want[i][k], math.Float32bits(want[i][k]))
					}
				}
			}
		}
	}
}

// TestLocalToModelBadParent: a parent index past the nodes fails as the Go loop
// does (an index panic), with the assembly loop too, after the nodes before it.
func TestLocalToModelBadParent(t *testing.T) {
	s := &Skeleton{Names: make([]string, 3), Parents: []int32{-1, 0, 9}}
	local := []Transform{IdentityTransform, IdentityTransform, IdentityTransform}
	model := make([]Affine, 3)
	defer func() {
		if recover() == nil {
			t.Fatal("LocalToModel with parent 9 of 3 nodes did not panic")
		}
		if model[1] != IdentityAffine {
			t.Errorf("node 1 before the bad parent = %v, want the identity", model[1])
		}
	}()
	LocalToModel(s, local, nil, model)
}

// BenchmarkLocalToModelChain1000 runs LocalToModel on a 1,000-node chain-like
// skeleton with offsets and pivots (most nodes' parent is the node just
// written: the latency case) with the Go loop and the assembly loop.
func BenchmarkLocalToModelChain1000(b *testing.B) {
	s, local := chain(1000)
	model := make([]Affine, len(local))
	saved := haveAVX2
	defer func() { haveAVX2 = saved }()
	for _, asm := range []bool{false, true} {
		name := "go"
		if asm {
			name = "asm"
		}
		b.Run(name, func(b *testing.B) {
			if asm && !saved {
				b.Skip("no AVX2 on this machine")
			}
			haveAVX2 = asm
			for range b.N {
				LocalToModel(s, local, nil, model)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(local)), "ns/node")
		})
	}
}
