//go:build !cgo

package main

import (
	"strings"
	"testing"
)

// TestNoGLRefusal: without cgo the viewer refuses, saying why, with exit status 2,
// whatever its arguments; render checks its arguments first, as in the full
// build, and then refuses the same way.
func TestNoGLRefusal(t *testing.T) {
	for _, args := range [][]string{
		nil,
		{"--compare", "a.msh", "b.msh"},
		{"render", "--out", "x.png"},
		{"render", "--size", "64x48", "--out", "x.png"},
		{"shot", "--out", "x.png"},
		{"shot", "--compare", "--rounding-b", "floor", "--panel", "fallback-map", "--out", "x.png"},
	} {
		code, stdout, stderr := runCLI(args...)
		if code != exitUsage || stdout != "" || !strings.Contains(stderr, "has no GL") {
			t.Errorf("animscope %s: exit %d, stdout %q, stderr %q; want 2, nothing, and 'has no GL'",
				strings.Join(args, " "), code, stdout, stderr)
		}
	}
}

// TestNoGLRenderChecksArguments: a wrong render call is refused for what is wrong
// with it, as in the full build.
func TestNoGLRenderChecksArguments(t *testing.T) {
	code, _, stderr := runCLI("render", "--out", "x.png", "--size", "bad")
	if code != exitUsage || !strings.Contains(stderr, "--size") || strings.Contains(stderr, "has no GL") {
		t.Errorf("render --size bad: exit %d, stderr %q; want 2 and the --size refusal", code, stderr)
	}
}
