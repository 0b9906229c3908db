package anim

import "testing"

//go:noinline
func mulAdd32(a, b, c float32) float32 { return a*b + c }

// TestNoFMAContraction guards every bit-exact rule in the project: Go may compile
// a*b + c into one fused multiply-add (one rounding instead of two), and Go 1.26
// does so on amd64 when built with GOAMD64=v3 and on arm64 always. The engines
// rounded the product, so such a build gives different last bits. (1+2⁻¹²)² − (1+2⁻¹¹)
// is 2⁻²⁴ fused and 0 with the product rounded first.
func TestNoFMAContraction(t *testing.T) {
	a := float32(1 + 1.0/4096)
	if got := mulAdd32(a, a, -(1 + 1.0/2048)); got != 0 {
		t.Fatalf("a*b + c is fused in this build (got %g, want 0): the engine rules need a target without FMA contraction (amd64 with GOAMD64=v1 or v2)", got)
	}
}
