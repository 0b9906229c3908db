package vca

import (
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

//go:noinline
func mulAdd(a, b, c float32) float32 { return a*b + c }

// TestMat4MatchesMgl32: mul4, mul4x1 and quatMat4 give mgl32's bits. Where the
// build fuses a*b + c (GOAMD64=v3, arm64) mgl32's own results change and ours do
// not, so the comparison only means something in a build that does not fuse.
func TestMat4MatchesMgl32(t *testing.T) {
	if a := float32(1 + 1.0/4096); mulAdd(a, a, -(1+1.0/2048)) != 0 {
		t.Skip("this build fuses a*b + c: mgl32's results differ from the rounded products by design")
	}
	r := rand.New(rand.NewPCG(7, 8))
	f := func() float32 { return r.Float32()*8 - 4 }
	mat := func() (m mgl32.Mat4) {
		for i := range m {
			m[i] = f()
		}
		return m
	}
	for i := 0; i < 2000; i++ {
		a, b := mat(), mat()
		v := mgl32.Vec4{f(), f(), f(), f()}
		q := mgl32.Quat{W: f(), V: mgl32.Vec3{f(), f(), f()}}
		if got, want := mul4(a, b), a.Mul4(b); got != want {
			t.Fatalf("mul4(%v, %v) = %v, want %v", a, b, got, want)
		}
		if got, want := mul4x1(a, v), a.Mul4x1(v); got != want {
			t.Fatalf("mul4x1(%v, %v) = %v, want %v", a, v, got, want)
		}
		if got, want := quatMat4(q), q.Mat4(); got != want {
			t.Fatalf("quatMat4(%v) = %v, want %v", q, got, want)
		}
	}
}
