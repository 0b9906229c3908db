package main

import (
	"fmt"
	"io"
	"strings"

	"animscope/formats"
)

// warnTextures prints a warning for each texture the scene's materials draw
// that cannot be decoded (each file once): the renderer draws that material
// untextured, as export leaves the glTF material without one, and the user is
// told the same thing by both.
func warnTextures(a *formats.Asset, stderr io.Writer) {
	seen := map[string]bool{}
	for _, p := range sceneReads(a)[len(a.Files):] { // the textures
		if seen[p] {
			continue
		}
		seen[p] = true
		tx, err := formats.ReadTexture(p)
		if err == nil {
			_, err = tx.Mip(0)
		}
		if err != nil {
			msg := err.Error()
			if !strings.HasPrefix(msg, p) {
				msg = p + ": " + msg
			}
			fmt.Fprintf(stderr, "warning: texture %s; the material is drawn untextured\n", msg)
		}
	}
}
