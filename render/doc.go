// Package render holds everything of animscope that calls OpenGL (4.1 core): shader
// programs, mesh and palette buffers, skeleton drawing, grid and axes, the Dear ImGui
// draw-list renderer and off-screen capture. The camera and the CPU-built geometry
// (bones, joints, grid) are plain Go and are tested without a GL context.
package render
