package anim

import "testing"

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
