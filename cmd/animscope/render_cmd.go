package main

import (
	"fmt"
	"io"
)

// runRender draws a scene off-screen to a PNG. Owned by the viewer work (issue 3).
func runRender(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "animscope render: not built yet")
	return exitInvalid
}
