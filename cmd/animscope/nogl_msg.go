package main

import (
	"fmt"
	"io"
)

// noGL refuses a command that needs OpenGL in a build without it (nogl.go):
// it says why and what works, and returns the usage status 2.
func noGL(stderr io.Writer, what string) int {
	fmt.Fprintf(stderr, "animscope: %s needs OpenGL, and this build of animscope has no GL "+
		"(it was built without cgo); inspect, validate, sample, diff and export work. "+
		"Build with CGO_ENABLED=1 for the viewer and render.\n", what)
	return exitUsage
}
