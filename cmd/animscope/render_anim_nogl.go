//go:build !cgo

package main

import (
	"errors"
	"image"

	"animscope/formats"
	"animscope/viewer/animout"
)

// renderFrames is never reached: runRender stops at haveGL.
func renderFrames(*formats.Asset, []string, formats.Options, animout.Shot, func(int, *image.RGBA) error) error {
	return errors.New("this build has no GL")
}
