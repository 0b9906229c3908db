package render

import (
	"unsafe"

	"animscope/anim"
	"animscope/shaders"

	"github.com/go-gl/gl/v4.1-core/gl"
	"github.com/go-gl/mathgl/mgl32"
)

// texBuffer is a buffer object seen by shaders as a texture buffer.
type texBuffer struct {
	buf, tex uint32
	size     int // bytes allocated
}

func newTexBuffer(format uint32) texBuffer {
	var t texBuffer
	gl.GenBuffers(1, &t.buf)
	gl.BindBuffer(gl.TEXTURE_BUFFER, t.buf)
	gl.BufferData(gl.TEXTURE_BUFFER, 16, nil, gl.STREAM_DRAW)
	t.size = 16
	gl.GenTextures(1, &t.tex)
	gl.BindTexture(gl.TEXTURE_BUFFER, t.tex)
	gl.TexBuffer(gl.TEXTURE_BUFFER, format, t.buf)
	gl.BindTexture(gl.TEXTURE_BUFFER, 0)
	gl.BindBuffer(gl.TEXTURE_BUFFER, 0)
	return t
}

// upload replaces the buffer's contents with p's n bytes. The storage is
// orphaned (given anew, n bytes, filled in the same call) every time, so that the
// driver need not wait for the draws of the previous frame that still read it.
// Giving exactly n bytes with the data, rather than a larger empty store and a
// copy into it, halves the crowd's upload (2 × 6.7 MB a frame for 1,000 of a
// 140-bone character: 2.9 ms down to 1.2 ms under llvmpipe).
func (t *texBuffer) upload(p unsafe.Pointer, n int) {
	if n == 0 {
		return
	}
	gl.BindBuffer(gl.TEXTURE_BUFFER, t.buf)
	gl.BufferData(gl.TEXTURE_BUFFER, n, p, gl.STREAM_DRAW)
	t.size = n
	gl.BindBuffer(gl.TEXTURE_BUFFER, 0)
}

func (t *texBuffer) bind(unit uint32) {
	gl.ActiveTexture(gl.TEXTURE0 + unit)
	gl.BindTexture(gl.TEXTURE_BUFFER, t.tex)
}

func (t *texBuffer) delete() {
	gl.DeleteTextures(1, &t.tex)
	gl.DeleteBuffers(1, &t.buf)
}

// Texture units of the bone program's buffers (samplers of different types
// must not share one).
const (
	unitModel = iota
	unitPivot
	unitBones
	unitOffset
)

// noOffset is one character's place: the origin (a package variable: cgo refuses
// a pointer into a struct that holds Go pointers).
var noOffset [3]float32

// BoneIndices are the 8 triangles of a GPU bone over its six corners (0 the
// root, 1–4 the ring, 5 the tip), in AppendBone's order: for each ring corner k,
// (root, k, k+1) and (tip, k+1, k).
func BoneIndices() [BoneVertices]uint8 {
	var idx [BoneVertices]uint8
	for k := uint8(0); k < 4; k++ {
		r0, r1 := 1+k, 1+(k+1)&3
		copy(idx[k*6:], []uint8{0, r0, r1, 5, r1, r0})
	}
	return idx
}

// bonePass draws skeletons on the GPU (shaders.BonesVert): each frame uploads
// the posed model matrices (48 bytes a node) and nothing else; the bone list and
// the pivots are uploaded once per skeleton, and the octahedra are made by the
// vertex shader, six corners a bone, all bones of all characters in one indexed
// draw. It replaces building AppendSkeleton's 24
// vertices per bone on the CPU every frame.
type bonePass struct {
	prog                                      uint32
	uScene, uView, uProj, uHasPivot, uJoints  int32
	uNodes, uBoneCount, uSelected, uPointSize int32
	uRootColor, uTipColor, uSelRoot, uSelTip  int32
	uJointColor, uSelectedColor               int32
	uLit                                      int32
	vao, ebo                                  uint32
	idxBones                                  int // bones the index buffer holds
	model, pivot, bones, offset               texBuffer
	skel                                      *anim.Skeleton // whose bones and pivots are uploaded
	skelNodes                                 int
	nBones                                    int32
	maxTexels                                 int
	scratch                                   []int32
}

func newBonePass() (*bonePass, error) {
	p := &bonePass{}
	var err error
	if p.prog, err = linkProgram(shaders.BonesVert, shaders.SolidFrag); err != nil {
		return nil, err
	}
	u := func(name string) int32 { return uniform(p.prog, name) }
	p.uScene, p.uView, p.uProj, p.uHasPivot, p.uJoints = u("uScene"), u("uView"), u("uProj"), u("uHasPivot"), u("uJoints")
	p.uNodes, p.uBoneCount, p.uSelected, p.uPointSize = u("uNodes"), u("uBoneCount"), u("uSelected"), u("uPointSize")
	p.uRootColor, p.uTipColor, p.uSelRoot, p.uSelTip = u("uRootColor"), u("uTipColor"), u("uSelRootColor"), u("uSelTipColor")
	p.uJointColor, p.uSelectedColor, p.uLit = u("uJointColor"), u("uSelectedColor"), u("uLit")
	gl.UseProgram(p.prog)
	gl.Uniform1i(u("uModel"), unitModel)
	gl.Uniform1i(u("uPivot"), unitPivot)
	gl.Uniform1i(u("uBones"), unitBones)
	gl.Uniform1i(u("uOffset"), unitOffset)
	setColor := func(loc int32, c [4]float32) { gl.Uniform4f(loc, c[0], c[1], c[2], c[3]) }
	setColor(p.uRootColor, BoneRootColor)
	setColor(p.uTipColor, BoneTipColor)
	setColor(p.uSelRoot, mix(SelectedColor, BoneRootColor, 0.3))
	setColor(p.uSelTip, SelectedColor)
	setColor(p.uJointColor, JointColor)
	setColor(p.uSelectedColor, SelectedColor)
	gl.UseProgram(0)
	// The vertex array holds no attribute (the shader makes the corners from
	// gl_VertexID), only the triangles' indices (useIndices).
	gl.GenVertexArrays(1, &p.vao)
	gl.GenBuffers(1, &p.ebo)
	p.model = newTexBuffer(gl.RGBA32F)
	p.pivot = newTexBuffer(gl.RGB32F)
	p.bones = newTexBuffer(gl.RG32I)
	p.offset = newTexBuffer(gl.RGB32F)
	var max int32
	gl.GetIntegerv(gl.MAX_TEXTURE_BUFFER_SIZE, &max)
	p.maxTexels = int(max)
	if p.maxTexels < 65536 { // the least GL 4.1 allows
		p.maxTexels = 65536
	}
	return p, CheckError()
}

func (p *bonePass) delete() {
	gl.DeleteProgram(p.prog)
	gl.DeleteVertexArrays(1, &p.vao)
	gl.DeleteBuffers(1, &p.ebo)
	for _, t := range []*texBuffer{&p.model, &p.pivot, &p.bones, &p.offset} {
		t.delete()
	}
}

// useIndices makes the index buffer hold the triangles of at least bones bones:
// bone b's are BoneIndices moved to its corners, 6·b onwards. One draw call
// then draws every bone (small instances of six vertices each cost more: a
// software rasteriser runs the vertex stage once per instance). The buffer only
// grows, to twice the need.
func (p *bonePass) useIndices(bones int) {
	if bones <= p.idxBones {
		return
	}
	p.idxBones = max(bones, 2*p.idxBones)
	pattern := BoneIndices()
	idx := make([]uint32, p.idxBones*BoneVertices)
	for b := 0; b < p.idxBones; b++ {
		for j, k := range pattern {
			idx[b*BoneVertices+j] = uint32(6*b) + uint32(k)
		}
	}
	gl.BindVertexArray(p.vao)
	gl.BindBuffer(gl.ELEMENT_ARRAY_BUFFER, p.ebo)
	gl.BufferData(gl.ELEMENT_ARRAY_BUFFER, len(idx)*4, unsafe.Pointer(&idx[0]), gl.STATIC_DRAW)
}

// useSkeleton uploads s's bone list (parent, child: one per node with a parent)
// and pivots when s is not the skeleton uploaded last.
func (p *bonePass) useSkeleton(s *anim.Skeleton) {
	if p.skel == s && p.skelNodes == s.Len() {
		return
	}
	p.skel, p.skelNodes = s, s.Len()
	p.scratch = p.scratch[:0]
	for i, par := range s.Parents {
		if par >= 0 {
			p.scratch = append(p.scratch, par, int32(i))
		}
	}
	p.nBones = int32(len(p.scratch) / 2)
	if len(p.scratch) > 0 {
		p.bones.upload(unsafe.Pointer(&p.scratch[0]), len(p.scratch)*4)
	}
	if len(s.Pivot) > 0 {
		p.pivot.upload(unsafe.Pointer(&s.Pivot[0]), len(s.Pivot)*12)
	}
}

// draw draws the bones (and joints) of chars characters of skeleton s: model holds
// chars·s.Len() matrices, character c's from c·s.Len(), and offsets (nil for one
// character at the origin) their places in the world. Characters go to the GPU
// in batches that fit the largest texture buffer. Steady-state calls allocate
// nothing.
func (p *bonePass) draw(f *Frame, o *DrawOptions, s *anim.Skeleton, model []anim.Affine, offsets []mgl32.Vec3) {
	n := s.Len()
	if n == 0 {
		return
	}
	chars := len(model) / n
	if offsets != nil {
		chars = min(chars, len(offsets))
	} else {
		chars = min(chars, 1)
	}
	if chars == 0 {
		return
	}
	p.useSkeleton(s)
	gl.UseProgram(p.prog)
	gl.UniformMatrix4fv(p.uView, 1, false, &f.View[0])
	gl.UniformMatrix4fv(p.uProj, 1, false, &f.Proj[0])
	gl.UniformMatrix4fv(p.uScene, 1, false, &o.Scene[0])
	hasPivot := int32(0)
	if len(s.Pivot) >= n {
		hasPivot = 1
	}
	gl.Uniform1i(p.uHasPivot, hasPivot)
	gl.Uniform1i(p.uNodes, int32(n))
	gl.Uniform1i(p.uBoneCount, max(p.nBones, 1))
	sel := int32(-1)
	if o.Selected >= 0 && o.Selected < n {
		sel = int32(o.Selected)
	}
	gl.Uniform1i(p.uSelected, sel)
	gl.BindVertexArray(p.vao)
	p.pivot.bind(unitPivot)
	p.bones.bind(unitBones)
	p.offset.bind(unitOffset)
	p.model.bind(unitModel)
	size := o.JointSize
	if size <= 0 {
		size = 6
	}
	batch := max(p.maxTexels/(3*n), 1)
	for c0 := 0; c0 < chars; c0 += batch {
		c1 := min(c0+batch, chars)
		p.model.upload(unsafe.Pointer(&model[c0*n]), (c1-c0)*n*48)
		if offsets != nil {
			p.offset.upload(unsafe.Pointer(&offsets[c0]), (c1-c0)*12)
		} else {
			p.offset.upload(unsafe.Pointer(&noOffset), 12)
		}
		p.drawBatch(o, int32(c1-c0), int32(n), sel, size, offsets == nil)
	}
	gl.ActiveTexture(gl.TEXTURE0)
	gl.BindTexture(gl.TEXTURE_BUFFER, 0)
}

// drawBatch draws the bones then the joints of chars characters of n nodes whose
// matrices and offsets are uploaded. One character's selected joint draws last and
// larger, as over the others.
func (p *bonePass) drawBatch(o *DrawOptions, chars, n, sel int32, size float32, single bool) {
	if o.ShowBones && p.nBones > 0 {
		gl.Uniform1i(p.uJoints, 0)
		gl.Uniform1i(p.uLit, 1)
		gl.Uniform1f(p.uPointSize, 1)
		p.useIndices(int(chars * p.nBones))
		gl.DrawElements(gl.TRIANGLES, chars*p.nBones*BoneVertices, gl.UNSIGNED_INT, nil)
	}
	if !o.Joints {
		return
	}
	gl.Disable(gl.DEPTH_TEST)
	gl.Uniform1i(p.uJoints, 1)
	gl.Uniform1i(p.uLit, 0)
	gl.Uniform1f(p.uPointSize, size)
	if single && sel >= 0 {
		gl.DrawArrays(gl.POINTS, 0, sel)
		gl.DrawArrays(gl.POINTS, sel+1, n-sel-1)
		gl.Uniform1f(p.uPointSize, size*1.8)
		gl.DrawArrays(gl.POINTS, sel, 1)
	} else {
		gl.DrawArrays(gl.POINTS, 0, chars*n)
	}
	gl.Enable(gl.DEPTH_TEST)
}
