//go:build cgo

package main

import (
	"fmt"
	"image"
	"io"
	"runtime"

	"animscope/viewer/gui"
)

// haveGL says whether this build has the viewer and render: it was built with cgo,
// which GLFW and OpenGL need. nogl.go is the build without them.
const haveGL = true

// GLFW and OpenGL need the main goroutine on the main OS thread.
func init() { runtime.LockOSThread() }

var renderStill = gui.RenderStill

// openViewer runs the viewer window until it closes. A missing or broken display
// (gui.ErrNoDisplay) is an error like any other: status 1.
func openViewer(v viewerArgs, stderr io.Writer) int {
	cfg := gui.Config{Files: v.files, Compare: v.compare, CompareA: v.compareA, CompareB: v.compareB,
		Watch: v.watch, Opts: v.opts, OptsB: v.optsB, Load: v.load}
	if err := gui.Run(cfg); err != nil {
		fmt.Fprintf(stderr, "animscope: %v\n", err)
		return exitInvalid
	}
	return exitOK
}

// hasDisplay says whether a window system is reachable (the viewer and render
// need one).
func hasDisplay() bool { return gui.HasDisplay() }

// shootWindow draws the whole window off-screen (shot).
func shootWindow(a shotArgs) (*image.RGBA, error) {
	return gui.RenderWindow(gui.WindowShot{Files: a.files, CompareA: a.compareA, CompareB: a.compareB,
		Compare: a.compare, Opts: a.opts, OptsB: a.optsB, Load: a.load, W: a.w, H: a.h, Clip: a.clip,
		T: a.t, Select: a.sel, Blend: a.blend, BlendClip: a.clipB, Weight: a.weight, Panel: a.panel, Beside: a.beside, Scale: a.scale,
		Motion: a.motion})
}
