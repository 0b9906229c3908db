//go:build cgo

package main

import "animscope/viewer/gui"

// renderFrames draws an animation's frames off-screen (render_anim.go).
var renderFrames = gui.RenderFrames
