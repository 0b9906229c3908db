package render

import (
	"fmt"
	"unsafe"

	"animscope/anim"
	"animscope/formats"
	"animscope/shaders"

	"github.com/go-gl/gl/v4.1-core/gl"
	"github.com/go-gl/mathgl/mgl32"
)

// MeshData is one drawable part as the renderer needs it (the viewer fills it from
// formats.Mesh). Skinned parts have Joints and Weights (up to four influences, joint
// indices into the skin palette); rigid parts have Node >= 0 and follow skin[Node].
type MeshData struct {
	Name      string
	Positions []mgl32.Vec3
	Joints    [][4]uint16
	Weights   [][4]float32
	// Joints2 and Weights2 are the fifth to eighth influences (may be nil).
	Joints2  [][4]uint16
	Weights2 [][4]float32
	Indices  []uint32
	Node     int
	Hidden   bool
	// Normals and UVs (either may be nil) serve textured, lit materials.
	Normals []mgl32.Vec3
	UVs     []mgl32.Vec2
}

type meshVertex struct {
	Pos     [3]float32
	Joints  [4]uint16
	Weights [4]float32
	Joints2 [4]uint16
	Weight2 [4]float32
	Normal  [3]float32
	UV      [2]float32
}

const meshVertexSize = int32(unsafe.Sizeof(meshVertex{}))

type gpuMesh struct {
	vao, vbo, ebo uint32
	count         int32
	hidden        bool
	// material: a material draws this mesh (it is not drawn flat).
	material   bool
	hasNormals bool
	// centroid (bind pose) and the joint that carries it place the mesh in
	// depth for sorting transparent layers.
	centroid mgl32.Vec3
	joint    int
}

// SceneGPU holds one scene's meshes and its skin palette on the GPU.
type SceneGPU struct {
	meshes         []gpuMesh
	palBuf, palTex uint32
	joints         int
	// byInput maps an index into NewSceneGPU's meshes to meshes (-1: not uploaded).
	byInput []int
	// Triangles is the number of triangles uploaded.
	Triangles int

	mats     []gpuMaterial
	textures []uint32
	// States holds each material's colour and UV matrix for the next DrawScene
	// (SetMaterials fills white and identity; the caller writes the sampled state
	// each frame).
	States []formats.MaterialState
	order  []int32   // transparent layers, sorted each frame
	depth  []float32 // their view depth this frame
}

// NewSceneGPU uploads meshes for a skeleton of joints nodes. Triangles that name a
// vertex past the end and influences that name a joint past the palette are dropped
// (the influence goes to joint 0 with its weight), so a bad mesh cannot read outside
// its buffers.
func NewSceneGPU(meshes []MeshData, joints int) *SceneGPU {
	s := &SceneGPU{joints: max(joints, 1)}
	gl.GenBuffers(1, &s.palBuf)
	gl.BindBuffer(gl.TEXTURE_BUFFER, s.palBuf)
	pal := make([]anim.Affine, s.joints)
	for i := range pal {
		pal[i] = anim.IdentityAffine
	}
	gl.BufferData(gl.TEXTURE_BUFFER, len(pal)*48, unsafe.Pointer(&pal[0]), gl.STREAM_DRAW)
	gl.GenTextures(1, &s.palTex)
	gl.BindTexture(gl.TEXTURE_BUFFER, s.palTex)
	gl.TexBuffer(gl.TEXTURE_BUFFER, gl.RGBA32F, s.palBuf)
	gl.BindTexture(gl.TEXTURE_BUFFER, 0)
	gl.BindBuffer(gl.TEXTURE_BUFFER, 0)

	s.byInput = make([]int, len(meshes))
	for mi, m := range meshes {
		s.byInput[mi] = -1
		nv := len(m.Positions)
		if nv == 0 {
			continue
		}
		var centroid mgl32.Vec3
		hasNormals := len(m.Normals) >= nv
		verts := make([]meshVertex, nv)
		for i, p := range m.Positions {
			v := meshVertex{Pos: [3]float32(p)}
			if m.Joints != nil && i < len(m.Joints) {
				v.Joints = m.Joints[i]
				if i < len(m.Weights) {
					v.Weights = m.Weights[i]
				}
				if i < len(m.Joints2) && i < len(m.Weights2) {
					v.Joints2, v.Weight2 = m.Joints2[i], m.Weights2[i]
				}
				for k := range v.Joints {
					if int(v.Joints[k]) >= s.joints {
						v.Joints[k] = 0
					}
					if int(v.Joints2[k]) >= s.joints {
						v.Joints2[k] = 0
					}
				}
			} else {
				n := m.Node
				if n < 0 || n >= s.joints {
					n = 0
				}
				v.Joints = [4]uint16{uint16(n)}
				v.Weights = [4]float32{1}
			}
			if hasNormals {
				v.Normal = [3]float32(m.Normals[i])
			}
			if i < len(m.UVs) {
				v.UV = [2]float32(m.UVs[i])
			}
			centroid = centroid.Add(p)
			verts[i] = v
		}
		idx := make([]uint32, 0, len(m.Indices))
		for t := 0; t+2 < len(m.Indices); t += 3 {
			a, b, c := m.Indices[t], m.Indices[t+1], m.Indices[t+2]
			if int(a) < nv && int(b) < nv && int(c) < nv {
				idx = append(idx, a, b, c)
			}
		}
		if len(idx) == 0 {
			continue
		}
		g := gpuMesh{count: int32(len(idx)), hidden: m.Hidden, hasNormals: hasNormals,
			centroid: centroid.Mul(1 / float32(nv)), joint: dominantJoint(&verts[0])}
		gl.GenVertexArrays(1, &g.vao)
		gl.BindVertexArray(g.vao)
		gl.GenBuffers(1, &g.vbo)
		gl.BindBuffer(gl.ARRAY_BUFFER, g.vbo)
		gl.BufferData(gl.ARRAY_BUFFER, len(verts)*int(meshVertexSize), unsafe.Pointer(&verts[0]), gl.STATIC_DRAW)
		gl.EnableVertexAttribArray(0)
		gl.VertexAttribPointerWithOffset(0, 3, gl.FLOAT, false, meshVertexSize, 0)
		gl.EnableVertexAttribArray(1)
		gl.VertexAttribIPointerWithOffset(1, 4, gl.UNSIGNED_SHORT, meshVertexSize, 12)
		gl.EnableVertexAttribArray(2)
		gl.VertexAttribPointerWithOffset(2, 4, gl.FLOAT, false, meshVertexSize, 20)
		gl.EnableVertexAttribArray(3)
		gl.VertexAttribIPointerWithOffset(3, 4, gl.UNSIGNED_SHORT, meshVertexSize, 36)
		gl.EnableVertexAttribArray(4)
		gl.VertexAttribPointerWithOffset(4, 4, gl.FLOAT, false, meshVertexSize, 44)
		gl.EnableVertexAttribArray(5)
		gl.VertexAttribPointerWithOffset(5, 3, gl.FLOAT, false, meshVertexSize, 60)
		gl.EnableVertexAttribArray(6)
		gl.VertexAttribPointerWithOffset(6, 2, gl.FLOAT, false, meshVertexSize, 72)
		gl.GenBuffers(1, &g.ebo)
		gl.BindBuffer(gl.ELEMENT_ARRAY_BUFFER, g.ebo)
		gl.BufferData(gl.ELEMENT_ARRAY_BUFFER, len(idx)*4, unsafe.Pointer(&idx[0]), gl.STATIC_DRAW)
		gl.BindVertexArray(0)
		s.byInput[mi] = len(s.meshes)
		s.meshes = append(s.meshes, g)
		s.Triangles += len(idx) / 3
	}
	return s
}

// dominantJoint is the joint with the largest weight of a vertex.
func dominantJoint(v *meshVertex) int {
	j, w := int(v.Joints[0]), v.Weights[0]
	for k := 1; k < 4; k++ {
		if v.Weights[k] > w {
			j, w = int(v.Joints[k]), v.Weights[k]
		}
	}
	return j
}

// Meshes is the number of uploaded parts.
func (s *SceneGPU) Meshes() int { return len(s.meshes) }

// UploadPalette copies the skin palette (one 3×4 matrix per node) to the GPU. It
// allocates nothing.
func (s *SceneGPU) UploadPalette(skin []anim.Affine) {
	n := min(len(skin), s.joints)
	if n == 0 {
		return
	}
	gl.BindBuffer(gl.TEXTURE_BUFFER, s.palBuf)
	gl.BufferSubData(gl.TEXTURE_BUFFER, 0, n*48, unsafe.Pointer(&skin[0]))
	gl.BindBuffer(gl.TEXTURE_BUFFER, 0)
}

// Delete frees the GPU objects.
func (s *SceneGPU) Delete() {
	if s == nil {
		return
	}
	for _, m := range s.meshes {
		gl.DeleteVertexArrays(1, &m.vao)
		gl.DeleteBuffers(1, &m.vbo)
		gl.DeleteBuffers(1, &m.ebo)
	}
	s.meshes = nil
	s.deleteMaterials()
	gl.DeleteTextures(1, &s.palTex)
	gl.DeleteBuffers(1, &s.palBuf)
}

// Renderer draws scenes: grid, axes, meshes and skeletons.
type Renderer struct {
	meshProg                                  uint32
	mView, mProj, mScene, mPal, mColor, mWire int32
	solidProg                                 uint32
	sModel, sView, sProj, sPoint, sLit        int32
	gridVAO, gridVBO, axisVAO, axisVBO        uint32
	gridN, axisN                              int32
	// Material uniforms and the samplers of the wrap and filter modes.
	mMaterial, mTextured, mTex, mUnlit, mNormals, mAlphaKey, mBlend, mUV int32
	mOpaqueTex                                                           int32
	samplers                                                             [8]uint32
	bones                                                                *bonePass
	crowd                                                                crowdMeshes
	motion                                                               motionPass // ghosts and overlays (ghosts.go, trail.go)
	// tmp holds a matrix handed to GL by pointer (a field, so that it does not
	// move to the heap every frame).
	tmp mgl32.Mat4
}

// Frame is one viewport's camera and placement.
type Frame struct {
	// Viewport is x, y, w, h in framebuffer pixels (y from the bottom, as GL has it).
	Viewport   [4]int32
	View, Proj mgl32.Mat4
	Background [4]float32
}

// DrawOptions say what to draw of one scene.
type DrawOptions struct {
	Scene                       mgl32.Mat4 // SceneMatrix: up axis and mirror
	GridCell                    float32
	ShowGrid, ShowAxes          bool
	ShowMesh, ShowBones, Joints bool
	Wireframe                   bool
	// Untextured draws every mesh flat, as without materials.
	Untextured bool
	MeshColor  [4]float32
	JointSize  float32 // pixels
	Selected   int
}

// DefaultBackground is the viewport colour.
var DefaultBackground = [4]float32{0.15, 0.15, 0.17, 1}

// DefaultMeshColor is the flat mesh colour.
var DefaultMeshColor = [4]float32{0.72, 0.70, 0.66, 1}

func newLines(verts []SolidVertex) (vao, vbo uint32) {
	gl.GenVertexArrays(1, &vao)
	gl.BindVertexArray(vao)
	gl.GenBuffers(1, &vbo)
	gl.BindBuffer(gl.ARRAY_BUFFER, vbo)
	if len(verts) > 0 {
		gl.BufferData(gl.ARRAY_BUFFER, len(verts)*28, unsafe.Pointer(&verts[0]), gl.STATIC_DRAW)
	}
	solidAttribs()
	gl.BindVertexArray(0)
	return vao, vbo
}

func solidAttribs() {
	gl.EnableVertexAttribArray(0)
	gl.VertexAttribPointerWithOffset(0, 3, gl.FLOAT, false, 28, 0)
	gl.EnableVertexAttribArray(1)
	gl.VertexAttribPointerWithOffset(1, 4, gl.FLOAT, false, 28, 12)
}

// NewRenderer compiles the programs and builds the static geometry. A GL 4.1 core
// context must be current and Init called.
func NewRenderer() (*Renderer, error) {
	r := &Renderer{}
	var err error
	if r.meshProg, err = linkProgram(shaders.MeshVert, shaders.MeshFrag); err != nil {
		return nil, fmt.Errorf("mesh program: %w", err)
	}
	if r.solidProg, err = linkProgram(shaders.SolidVert, shaders.SolidFrag); err != nil {
		return nil, fmt.Errorf("solid program: %w", err)
	}
	r.mView, r.mProj, r.mScene = uniform(r.meshProg, "uView"), uniform(r.meshProg, "uProj"), uniform(r.meshProg, "uScene")
	r.mPal, r.mColor, r.mWire = uniform(r.meshProg, "uPalette"), uniform(r.meshProg, "uColor"), uniform(r.meshProg, "uWire")
	r.sModel, r.sView, r.sProj = uniform(r.solidProg, "uModel"), uniform(r.solidProg, "uView"), uniform(r.solidProg, "uProj")
	r.sPoint, r.sLit = uniform(r.solidProg, "uPointSize"), uniform(r.solidProg, "uLit")
	r.mMaterial, r.mTextured, r.mTex = uniform(r.meshProg, "uMaterial"), uniform(r.meshProg, "uTextured"), uniform(r.meshProg, "uTex")
	r.mUnlit, r.mNormals, r.mAlphaKey = uniform(r.meshProg, "uUnlit"), uniform(r.meshProg, "uHasNormals"), uniform(r.meshProg, "uAlphaKey")
	r.mBlend, r.mUV = uniform(r.meshProg, "uBlend"), uniform(r.meshProg, "uUV")
	r.mOpaqueTex = uniform(r.meshProg, "uOpaqueTex")
	r.samplers = newSamplers()
	// The palette and the base texture are samplers of different types, which
	// must not share a texture unit (GL refuses the draw): unit 0 and unit 1.
	gl.UseProgram(r.meshProg)
	gl.Uniform1i(r.mPal, 0)
	gl.Uniform1i(r.mTex, 1)
	gl.UseProgram(0)

	grid := GridLines(10)
	r.gridVAO, r.gridVBO = newLines(grid)
	r.gridN = int32(len(grid))
	axes := AxisLines()
	r.axisVAO, r.axisVBO = newLines(axes)
	r.axisN = int32(len(axes))
	r.crowd = newCrowdMeshes(r.meshProg)
	if r.bones, err = newBonePass(); err != nil {
		return nil, fmt.Errorf("bone program: %w", err)
	}
	return r, CheckError()
}

// Delete frees the renderer's GL objects.
func (r *Renderer) Delete() {
	gl.DeleteProgram(r.meshProg)
	gl.DeleteProgram(r.solidProg)
	r.bones.delete()
	r.crowd.delete()
	r.motion.delete()
	gl.DeleteSamplers(int32(len(r.samplers)), &r.samplers[0])
	for _, v := range []uint32{r.gridVAO, r.axisVAO} {
		gl.DeleteVertexArrays(1, &v)
	}
	for _, b := range []uint32{r.gridVBO, r.axisVBO} {
		gl.DeleteBuffers(1, &b)
	}
}

// CheckError returns the pending GL error, if any.
func CheckError() error {
	if e := gl.GetError(); e != gl.NO_ERROR {
		return fmt.Errorf("OpenGL error 0x%x", e)
	}
	return nil
}

// Begin sets the viewport and scissor to f and clears it.
func (r *Renderer) Begin(f *Frame) {
	v := f.Viewport
	gl.Viewport(v[0], v[1], v[2], v[3])
	gl.Enable(gl.SCISSOR_TEST)
	gl.Scissor(v[0], v[1], v[2], v[3])
	bg := f.Background
	gl.ClearColor(bg[0], bg[1], bg[2], bg[3])
	gl.Clear(gl.COLOR_BUFFER_BIT | gl.DEPTH_BUFFER_BIT)
}

// End restores the state the UI renderer expects.
func (r *Renderer) End() {
	gl.Disable(gl.SCISSOR_TEST)
	gl.Disable(gl.DEPTH_TEST)
	gl.PolygonMode(gl.FRONT_AND_BACK, gl.FILL)
	gl.FrontFace(gl.CCW)
	gl.BindVertexArray(0)
	gl.UseProgram(0)
}

func (r *Renderer) useSolid(f *Frame, model *mgl32.Mat4, lit bool, point float32) {
	gl.UseProgram(r.solidProg)
	gl.UniformMatrix4fv(r.sView, 1, false, &f.View[0])
	gl.UniformMatrix4fv(r.sProj, 1, false, &f.Proj[0])
	gl.UniformMatrix4fv(r.sModel, 1, false, &model[0])
	gl.Uniform1f(r.sPoint, point)
	l := int32(0)
	if lit {
		l = 1
	}
	gl.Uniform1i(r.sLit, l)
}

// drawBackdrop sets the scene's GL state and draws the grid and the axes.
func (r *Renderer) drawBackdrop(f *Frame, o *DrawOptions) {
	gl.Enable(gl.DEPTH_TEST)
	gl.DepthFunc(gl.LEQUAL)
	gl.Disable(gl.CULL_FACE)
	gl.Disable(gl.BLEND)
	gl.Enable(gl.PROGRAM_POINT_SIZE)
	cell := o.GridCell
	if cell <= 0 {
		cell = 1
	}
	if o.ShowGrid {
		r.tmp = mgl32.Scale3D(cell, cell, cell)
		r.useSolid(f, &r.tmp, false, 1)
		gl.BindVertexArray(r.gridVAO)
		gl.DrawArrays(gl.LINES, 0, r.gridN)
	}
	if o.ShowAxes {
		r.tmp = o.Scene.Mul4(mgl32.Scale3D(cell*2, cell*2, cell*2))
		r.useSolid(f, &r.tmp, false, 1)
		gl.BindVertexArray(r.axisVAO)
		gl.DrawArrays(gl.LINES, 0, r.axisN)
	}
}

// DrawScene draws one scene into the frame begun by Begin: grid and axes, the
// meshes with the skin palette, then the skeleton over them. skel and model may be
// nil (nothing of the skeleton is drawn); gpu may be nil (no mesh). Steady-state
// calls allocate nothing.
func (r *Renderer) DrawScene(f *Frame, o *DrawOptions, gpu *SceneGPU, skel *anim.Skeleton, model, skin []anim.Affine) {
	r.drawBackdrop(f, o)
	mirrored := Mirrored(o.Scene)
	if o.ShowMesh && gpu != nil && len(gpu.meshes) > 0 {
		if skin != nil {
			gpu.UploadPalette(skin)
		}
		r.useMeshProgram(f, o)
		gl.ActiveTexture(gl.TEXTURE0)
		gl.BindTexture(gl.TEXTURE_BUFFER, gpu.palTex)
		gl.Uniform1i(r.mPal, 0)
		if mirrored {
			gl.FrontFace(gl.CW)
		} else {
			gl.FrontFace(gl.CCW)
		}
		wire := int32(0)
		if o.Wireframe {
			wire = 1
			gl.PolygonMode(gl.FRONT_AND_BACK, gl.LINE)
		}
		gl.Uniform1i(r.mWire, wire)
		gl.Uniform1i(r.mMaterial, 0)
		textured := !o.Wireframe && !o.Untextured && len(gpu.mats) > 0
		for i := range gpu.meshes {
			m := &gpu.meshes[i]
			if m.hidden || (textured && m.material) {
				continue
			}
			gl.BindVertexArray(m.vao)
			gl.DrawElementsWithOffset(gl.TRIANGLES, m.count, gl.UNSIGNED_INT, 0)
		}
		if textured {
			r.drawMaterials(f, o, gpu, skin)
		}
		gl.PolygonMode(gl.FRONT_AND_BACK, gl.FILL)
		gl.FrontFace(gl.CCW)
		gl.BindTexture(gl.TEXTURE_BUFFER, 0)
	}
	if skel == nil || len(model) < skel.Len() || (!o.ShowBones && !o.Joints) {
		return
	}
	// The skeleton draws over the mesh.
	gl.Clear(gl.DEPTH_BUFFER_BIT)
	r.bones.draw(f, o, skel, model[:skel.Len()], nil)
}

// useMeshProgram binds the mesh program with the frame's view and projection,
// the scene transform and the flat mesh colour (the scene's and the crowd's
// meshes alike).
func (r *Renderer) useMeshProgram(f *Frame, o *DrawOptions) {
	gl.UseProgram(r.meshProg)
	gl.UniformMatrix4fv(r.mView, 1, false, &f.View[0])
	gl.UniformMatrix4fv(r.mProj, 1, false, &f.Proj[0])
	gl.UniformMatrix4fv(r.mScene, 1, false, &o.Scene[0])
	c := o.MeshColor
	if c == ([4]float32{}) {
		c = DefaultMeshColor
	}
	gl.Uniform4f(r.mColor, c[0], c[1], c[2], c[3])
}
