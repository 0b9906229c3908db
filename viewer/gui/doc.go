// Package gui is animscope's window: GLFW for the window and input, OpenGL (the
// render package) for the scene, Dear ImGui (imgui-go) for the panels. It draws
// and edits a viewer.State, the plain-Go model, and holds no viewer state of its
// own beyond GL objects and panel layout.
//
//   - app.go: Run, the window loop (input, Evaluate, draw, UI, screenshots).
//   - draw.go: the scene's GPU data and draw options, camera framing, picking.
//   - headless.go: off-screen stills for `animscope render` (RenderStill), and
//     HasDisplay / InitGLFW, which turn a missing or broken display into
//     ErrNoDisplay instead of a crash.
//   - headless_anim.go: an animation's frames off-screen for `render --out
//     NAME.gif|…` (RenderFrames; the files are viewer/animout's).
//   - ui_exportanim.go: File > Export animation, one frame drawn per window
//     frame and encoded on a goroutine.
//   - platform.go, fonts.go: GLFW input to ImGui, the embedded fonts.
//   - ui*.go: the panels.
//
// It needs cgo and a display (tests run under xvfb-run); a CGO_ENABLED=0 build of
// cmd/animscope leaves it out.
package gui
