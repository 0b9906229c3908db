package render

import (
	"unsafe"

	"animscope/anim"

	"github.com/go-gl/gl/v4.1-core/gl"
	"github.com/go-gl/mathgl/mgl32"
)

// Texture unit of the mesh program's crowd offsets (0 is the palette, 1 the
// base texture).
const unitMeshOffset = 2

// crowdMeshes holds the mesh program's crowd buffers: every character's skin
// palette, one after the other, and their places.
type crowdMeshes struct {
	palette, offset texBuffer
	uNodes, uOffset int32
}

func newCrowdMeshes(meshProg uint32) crowdMeshes {
	c := crowdMeshes{palette: newTexBuffer(gl.RGBA32F), offset: newTexBuffer(gl.RGB32F),
		uNodes: uniform(meshProg, "uNodes"), uOffset: uniform(meshProg, "uOffset")}
	gl.UseProgram(meshProg)
	gl.Uniform1i(c.uOffset, unitMeshOffset)
	gl.Uniform1i(c.uNodes, 0)
	gl.UseProgram(0)
	return c
}

func (c *crowdMeshes) delete() {
	c.palette.delete()
	c.offset.delete()
}

// DrawCrowd draws len(offsets) characters of one skeleton into the frame begun by
// Begin: grid and axes, then every character's meshes (flat, without materials:
// one instanced draw per part) and its skeleton over them (the GPU bones: one
// draw call for every character's bones). Character c's model matrices and
// skin palette are model[c·n : (c+1)·n] and skin[c·n : (c+1)·n] for a skeleton
// of n nodes, and it stands at offsets[c] in the world (after o.Scene). gpu may be nil (no mesh).
// Characters go to the GPU in batches that fit the largest texture buffer.
// Steady-state calls allocate nothing.
func (r *Renderer) DrawCrowd(f *Frame, o *DrawOptions, gpu *SceneGPU, skel *anim.Skeleton, model, skin []anim.Affine, offsets []mgl32.Vec3) {
	r.drawBackdrop(f, o)
	if skel == nil || skel.Len() == 0 {
		return
	}
	n := skel.Len()
	chars := len(offsets)
	if o.ShowMesh && gpu != nil && len(gpu.meshes) > 0 && len(skin) >= chars*n {
		r.drawCrowdMeshes(f, o, gpu, n, skin[:chars*n], offsets)
	}
	if len(model) < chars*n || (!o.ShowBones && !o.Joints) {
		return
	}
	gl.Clear(gl.DEPTH_BUFFER_BIT)
	r.bones.draw(f, o, skel, model[:chars*n], offsets)
}

// drawCrowdMeshes draws every visible part of gpu once per character, flat.
func (r *Renderer) drawCrowdMeshes(f *Frame, o *DrawOptions, gpu *SceneGPU, n int, skin []anim.Affine, offsets []mgl32.Vec3) {
	r.useMeshProgram(f, o)
	gl.Uniform1i(r.mMaterial, 0)
	wire := int32(0)
	if o.Wireframe {
		wire = 1
		gl.PolygonMode(gl.FRONT_AND_BACK, gl.LINE)
	}
	gl.Uniform1i(r.mWire, wire)
	if Mirrored(o.Scene) {
		gl.FrontFace(gl.CW)
	}
	gl.Uniform1i(r.crowd.uNodes, int32(n))
	chars := len(offsets)
	batch := max(r.bones.maxTexels/(3*n), 1)
	for c0 := 0; c0 < chars; c0 += batch {
		c1 := min(c0+batch, chars)
		r.crowd.palette.upload(unsafe.Pointer(&skin[c0*n]), (c1-c0)*n*48)
		r.crowd.offset.upload(unsafe.Pointer(&offsets[c0]), (c1-c0)*12)
		r.crowd.offset.bind(unitMeshOffset)
		r.crowd.palette.bind(0)
		drawVisibleInstanced(gpu, int32(c1-c0))
	}
	gl.Uniform1i(r.crowd.uNodes, 0)
	gl.ActiveTexture(gl.TEXTURE0 + unitMeshOffset)
	gl.BindTexture(gl.TEXTURE_BUFFER, 0)
	gl.ActiveTexture(gl.TEXTURE0)
	gl.BindTexture(gl.TEXTURE_BUFFER, 0)
	gl.PolygonMode(gl.FRONT_AND_BACK, gl.FILL)
	gl.FrontFace(gl.CCW)
}

// drawVisibleInstanced draws each of gpu's visible meshes instances times, with
// the crowd program's palette and offsets already bound (a crowd's batch, or one
// ghost).
func drawVisibleInstanced(gpu *SceneGPU, instances int32) {
	for i := range gpu.meshes {
		m := &gpu.meshes[i]
		if m.hidden {
			continue
		}
		gl.BindVertexArray(m.vao)
		gl.DrawElementsInstanced(gl.TRIANGLES, m.count, gl.UNSIGNED_INT, nil, instances)
	}
}
