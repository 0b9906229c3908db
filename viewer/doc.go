// Package viewer is the viewer's model, in plain Go: what the window shows and
// what the user changes, without any window, GL or cgo, so that it builds with
// CGO_ENABLED=0 and its tests run without a display.
//
//   - State is one viewer session: the open scene (and scene B in compare mode),
//     the selected node, the view toggles, the diagnostics, the readings.
//   - Scene is a decoded asset bound for drawing: skeleton, clips, the pose of the
//     current frame (Evaluate), billboard buffers (DrawnPose).
//   - State.Transport is the clock: play, pause, loop, ping-pong, range, speed, step.
//   - Selection and matching: Select, MatchedA/MatchedB (nodes of the two scenes
//     paired by formats' node matching), the node tree (TreeView).
//   - Compare: the fallback map of two scenes (State.FallbackMap, built once per
//     scene pair, reading and clip), how it is shown (MapView: fit, zoom, scroll
//     a cell into view, the marked cell), next/previous difference and picking a
//     cell (MapStep, MapPick), what differs per channel (KeyDiffs, DiffWords),
//     each side's label (SideLabel).
//   - Files: the open dialog's FileBrowser, the asset browser, recent files, file
//     watching (PollWatch).
//
// Package viewer/gui draws all of this with GLFW, OpenGL and Dear ImGui (one
// window, headless stills for `animscope render`); it is the only part that needs
// cgo and a display.
package viewer
