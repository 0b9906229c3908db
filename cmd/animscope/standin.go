package main

import (
	"fmt"
	"io"

	"animscope/formats"
)

// warnStandIn prints, for a scene posed on a stand-in skeleton (an SWG clip or
// mesh without its .skt), the warning `export` prints among the scene's
// diagnostics, so that `render` and `sample`, which print no other warnings, do
// not draw or sample torn poses in silence.
func warnStandIn(a *formats.Asset, stderr io.Writer) {
	if d, ok := a.StandInWarning(); ok {
		fmt.Fprintf(stderr, "warning: %s\n", d)
	}
}
