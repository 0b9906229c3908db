// Package shaders holds animscope's GLSL sources (OpenGL 4.1 core), embedded with
// go:embed so that the binary needs no files beside it.
package shaders

import _ "embed"

// Mesh draws skinned and rigid meshes: every vertex carries four joint indices and
// weights into a palette of 3×4 matrices held in a texture buffer (rigid parts use one
// joint with weight 1). Flat shading from screen-space derivatives with a headlight.
var (
	//go:embed mesh.vert
	MeshVert string
	//go:embed mesh.frag
	MeshFrag string
)

// Solid draws coloured geometry built on the CPU (bones, joints, grid, axes); Lit
// chooses flat headlight shading (octahedra) or the plain colour (lines, points).
var (
	//go:embed solid.vert
	SolidVert string
	//go:embed solid.frag
	SolidFrag string
)

// UI draws Dear ImGui's draw lists.
var (
	//go:embed ui.vert
	UIVert string
	//go:embed ui.frag
	UIFrag string
)

// Bones draws skeletons from the posed model matrices in a texture buffer: bones
// as octahedra built in the vertex shader (six corners a bone), joints as
// points, for one character or a crowd (drawn with SolidFrag).
var (
	//go:embed bones.vert
	BonesVert string
)
