//go:build !cgo

package main

import (
	"errors"
	"image"
	"io"

	"animscope/formats"
	"animscope/viewer"
)

// A build without cgo (CGO_ENABLED=0, for servers and CI machines without X11)
// has no GLFW and no OpenGL: inspect, validate, sample, diff and export work as in
// the full build; the viewer and render check their arguments as in the full
// build (a wrong call reads the same in both; render also opens the scene and
// prints its warnings, as it does with no display), then say that this build has
// no GL and exit with status 2.

const haveGL = false

func openViewer(_ viewerArgs, stderr io.Writer) int { return noGL(stderr, "the viewer") }

// renderStill is never reached: runRender stops at haveGL.
func renderStill(*formats.Asset, []string, formats.Options, viewer.Shot, int, int) (*image.RGBA, error) {
	return nil, errors.New("this build has no GL")
}

// hasDisplay: a build without GL never draws.
func hasDisplay() bool { return false }

// shootWindow is never reached: runShot stops at haveGL.
func shootWindow(shotArgs) (*image.RGBA, error) { return nil, errors.New("this build has no GL") }
