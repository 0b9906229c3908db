package gui

import "github.com/go-gl/glfw/v3.3/glfw"

// preferredWindow is the window size the viewer asks for when nothing says
// otherwise (screen coordinates before the monitor's content scale).
var preferredWindow = [2]int{1440, 900}

// defaultWindowSize is preferredWindow shrunk to fit mon's work area, so that no
// panel starts off-screen on a small display (1024×640 and up); without a
// monitor it is preferredWindow.
func defaultWindowSize(mon *glfw.Monitor) (w, h int) {
	if mon == nil {
		return preferredWindow[0], preferredWindow[1]
	}
	_, _, ww, wh := mon.GetWorkarea()
	sx, sy := mon.GetContentScale()
	return fitWindow(preferredWindow, [2]int{ww, wh}, [2]float32{sx, sy})
}

// fitWindow shrinks want to the work area (work, in pixels), given that GLFW
// multiplies the requested size by the content scale (ScaleToMonitor). A work
// area or scale that is unknown (0) leaves want as it is.
func fitWindow(want, work [2]int, scale [2]float32) (w, h int) {
	w, h = want[0], want[1]
	if work[0] > 0 && scale[0] > 0 {
		w = min(w, int(float32(work[0])/scale[0]))
	}
	if work[1] > 0 && scale[1] > 0 {
		h = min(h, int(float32(work[1])/scale[1]))
	}
	return w, h
}
