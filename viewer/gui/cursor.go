package gui

import (
	"github.com/go-gl/glfw/v3.3/glfw"
	"github.com/inkyblackness/imgui-go/v4"
)

// cursors shows the mouse cursor ImGui asks for (a splitter bar asks for a
// resize arrow, a text field for an I-beam), created once per shape.
type cursors struct {
	shape   imgui.MouseCursorID
	byShape map[imgui.MouseCursorID]*glfw.Cursor
}

// update sets the window's cursor to ImGui's choice for this frame.
func (c *cursors) update(win *glfw.Window) {
	want := imgui.MouseCursor()
	if want == c.shape {
		return
	}
	c.shape = want
	var std glfw.StandardCursor
	switch want {
	case imgui.MouseCursorResizeEW:
		std = glfw.HResizeCursor
	case imgui.MouseCursorResizeNS:
		std = glfw.VResizeCursor
	case imgui.MouseCursorTextInput:
		std = glfw.IBeamCursor
	case imgui.MouseCursorHand:
		std = glfw.HandCursor
	default:
		win.SetCursor(nil) // the arrow
		return
	}
	if c.byShape == nil {
		c.byShape = map[imgui.MouseCursorID]*glfw.Cursor{}
	}
	cur, ok := c.byShape[want]
	if !ok {
		cur = glfw.CreateStandardCursor(std)
		c.byShape[want] = cur
	}
	win.SetCursor(cur)
}
