package main

import (
	"fmt"
	"io"
)

// runViewer opens the viewer window. Owned by the viewer work (issue 3).
func runViewer(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "animscope: the viewer is not built yet")
	return exitInvalid
}
