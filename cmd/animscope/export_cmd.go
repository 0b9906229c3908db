package main

import (
	"fmt"
	"io"
)

// runExport writes a scene as glTF 2.0. Owned by the glTF work (issue 9).
func runExport(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "animscope export: not built yet")
	return exitInvalid
}
