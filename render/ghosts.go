package render

import (
	"unsafe"

	"animscope/anim"

	"github.com/go-gl/gl/v4.1-core/gl"
)

// DrawGhostMeshes starts the onion skin in the frame begun by Begin, before the
// scene: the grid and the axes (the caller then draws the scene without them)
// and, with o.ShowMesh, each ghost pose's meshes drawn flat in its tint (RGB and
// alpha) without writing depth, so that the scene's meshes drawn next cover
// them. Ghost g's skin palette is skin[g·n : (g+1)·n] for a skeleton of n nodes.
// gpu may be nil (no mesh). Steady-state calls allocate nothing.
func (r *Renderer) DrawGhostMeshes(f *Frame, o *DrawOptions, gpu *SceneGPU, nodes int, skin []anim.Affine, tints [][4]float32) {
	r.drawBackdrop(f, o)
	if nodes == 0 || len(tints) == 0 || !o.ShowMesh || gpu == nil || len(gpu.meshes) == 0 {
		return
	}
	ghosts := min(len(tints), len(skin)/nodes)
	gl.Enable(gl.BLEND)
	gl.BlendFuncSeparate(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA, gl.ONE, gl.ONE_MINUS_SRC_ALPHA) // coverage adds up: an opaque picture stays opaque
	r.drawGhostMeshes(f, o, gpu, nodes, skin, tints[:ghosts])
	gl.Disable(gl.BLEND)
}

// DrawGhostSkeletons draws each ghost pose's bones and joints (as o.ShowBones and
// o.Joints say, without a selection) in its tint, blended, over what is drawn
// (the depth buffer is cleared first, as the scene's skeleton draws over its
// meshes). Ghost g's model matrices are model[g·n : (g+1)·n]. Steady-state calls
// allocate nothing.
func (r *Renderer) DrawGhostSkeletons(f *Frame, o *DrawOptions, skel *anim.Skeleton, model []anim.Affine, tints [][4]float32) {
	if skel == nil || skel.Len() == 0 || len(tints) == 0 || (!o.ShowBones && !o.Joints) {
		return
	}
	ghosts := min(len(tints), len(model)/skel.Len())
	gl.Clear(gl.DEPTH_BUFFER_BIT)
	gl.Enable(gl.BLEND)
	gl.BlendFuncSeparate(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA, gl.ONE, gl.ONE_MINUS_SRC_ALPHA) // coverage adds up: an opaque picture stays opaque
	r.drawGhostBones(f, o, skel, model, tints[:ghosts])
	gl.Disable(gl.BLEND)
}

// drawGhostMeshes draws every visible part of gpu once per ghost, flat in the
// ghost's tint, through the crowd's palette buffer (one instance at the origin).
func (r *Renderer) drawGhostMeshes(f *Frame, o *DrawOptions, gpu *SceneGPU, n int, skin []anim.Affine, tints [][4]float32) {
	r.useMeshProgram(f, o)
	gl.Uniform1i(r.mMaterial, 0)
	gl.Uniform1i(r.mWire, 0)
	gl.DepthMask(false)
	if Mirrored(o.Scene) {
		gl.FrontFace(gl.CW)
	}
	gl.Uniform1i(r.crowd.uNodes, int32(n))
	r.crowd.offset.upload(unsafe.Pointer(&noOffset), 12)
	for g, c := range tints {
		gl.Uniform4f(r.mColor, c[0], c[1], c[2], c[3])
		r.crowd.palette.upload(unsafe.Pointer(&skin[g*n]), n*48)
		r.crowd.offset.bind(unitMeshOffset)
		r.crowd.palette.bind(0)
		drawVisibleInstanced(gpu, 1)
	}
	gl.Uniform1i(r.crowd.uNodes, 0)
	gl.ActiveTexture(gl.TEXTURE0 + unitMeshOffset)
	gl.BindTexture(gl.TEXTURE_BUFFER, 0)
	gl.ActiveTexture(gl.TEXTURE0)
	gl.BindTexture(gl.TEXTURE_BUFFER, 0)
	gl.DepthMask(true)
	gl.FrontFace(gl.CCW)
}

// drawGhostBones draws each ghost's skeleton with the bone program's colours
// set to its tint (the root end darker, as the scene's bones are), then puts
// the scene's colours back.
func (r *Renderer) drawGhostBones(f *Frame, o *DrawOptions, skel *anim.Skeleton, model []anim.Affine, tints [][4]float32) {
	p := r.bones
	n := skel.Len()
	opts := &r.motion.opts // a field: GL reads it by pointer
	*opts = *o
	opts.Selected = -1
	opts.JointSize = max(o.JointSize, 6) * 0.7
	for g, c := range tints {
		gl.UseProgram(p.prog)
		root := [4]float32{c[0] * 0.55, c[1] * 0.55, c[2] * 0.55, c[3]}
		gl.Uniform4f(p.uRootColor, root[0], root[1], root[2], root[3])
		gl.Uniform4f(p.uTipColor, c[0], c[1], c[2], c[3])
		gl.Uniform4f(p.uJointColor, c[0], c[1], c[2], c[3])
		p.draw(f, opts, skel, model[g*n:(g+1)*n], nil)
	}
	gl.UseProgram(p.prog)
	setColor := func(loc int32, c [4]float32) { gl.Uniform4f(loc, c[0], c[1], c[2], c[3]) }
	setColor(p.uRootColor, BoneRootColor)
	setColor(p.uTipColor, BoneTipColor)
	setColor(p.uJointColor, JointColor)
}
