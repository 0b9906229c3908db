package anim

import (
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

//go:noinline
func mulAdd32(a, b, c float32) float32 { return a*b + c }

//go:noinline
func mulRoundedAdd32(a, b, c float32) float32 { return float32(a*b) + c }

// TestExplicitRoundingBlocksFMA checks the premise of every bit-exact rule in the
// project. Go may compile a*b + c into one fused multiply-add (one rounding instead
// of two), and does on amd64 with GOAMD64=v3 and on arm64. The engines rounded the
// product, so the engine arithmetic is written float32(a*b) + c: by the Go spec an
// explicit conversion rounds and may not be fused. .ci/fma-check proves, from the
// machine code, that no fused instruction is left in anim and formats.
// (1+2⁻¹²)² − (1+2⁻¹¹) is 2⁻²⁴ fused and 0 with the product rounded first.
func TestExplicitRoundingBlocksFMA(t *testing.T) {
	a, c := float32(1+1.0/4096), -float32(1+1.0/2048)
	if got := mulRoundedAdd32(a, a, c); got != 0 {
		t.Fatalf("float32(a*b) + c = %g, want 0: this compiler fuses through an explicit conversion, so the engine rules are not exact in this build", got)
	}
	if mulAdd32(a, a, c) != 0 {
		t.Logf("this build fuses a plain a*b + c (FMA); the engine code rounds its products explicitly, so it is unaffected")
	}
}

// TestDot3Cross3MatchMgl32: Dot3 and Cross3 give mgl32's Vec3.Dot and Vec3.Cross
// bit for bit where the build does not fuse (where it does, mgl32's change and
// these do not).
func TestDot3Cross3MatchMgl32(t *testing.T) {
	a, c := float32(1+1.0/4096), -float32(1+1.0/2048)
	if mulAdd32(a, a, c) != 0 {
		t.Skip("this build fuses a*b + c: mgl32's results differ from the rounded products by design")
	}
	r := rand.New(rand.NewPCG(9, 10))
	f := func() float32 { return r.Float32()*8 - 4 }
	for i := 0; i < 5000; i++ {
		u, v := mgl32.Vec3{f(), f(), f()}, mgl32.Vec3{f(), f(), f()}
		if got, want := Dot3(u, v), u.Dot(v); got != want {
			t.Fatalf("Dot3(%v, %v) = %v, want %v", u, v, got, want)
		}
		if got, want := Cross3(u, v), u.Cross(v); got != want {
			t.Fatalf("Cross3(%v, %v) = %v, want %v", u, v, got, want)
		}
	}
}
