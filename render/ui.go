package render

import (
	"image"

	"animscope/shaders"

	"github.com/go-gl/gl/v4.1-core/gl"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/inkyblackness/imgui-go/v4"
)

// UIRenderer draws Dear ImGui draw data with OpenGL 4.1 core.
type UIRenderer struct {
	prog          uint32
	locProj, locT int32
	vao, vbo, ebo uint32
	fontTex       uint32
	textures      map[imgui.TextureID]uint32
}

// NewUIRenderer compiles the UI program and uploads the current ImGui context's
// font atlas.
func NewUIRenderer() (*UIRenderer, error) {
	r := &UIRenderer{textures: map[imgui.TextureID]uint32{}}
	// Render draws each command from its VtxOffset (DrawElementsBaseVertex), so
	// ImGui may put more than 65,536 vertices in one window's list (a graph of
	// many curves) instead of asserting.
	io := imgui.CurrentIO()
	io.SetBackendFlags(io.GetBackendFlags() | imgui.BackendFlagsRendererHasVtxOffset)
	var err error
	if r.prog, err = linkProgram(shaders.UIVert, shaders.UIFrag); err != nil {
		return nil, err
	}
	r.locProj, r.locT = uniform(r.prog, "uProj"), uniform(r.prog, "uTex")
	gl.GenVertexArrays(1, &r.vao)
	gl.GenBuffers(1, &r.vbo)
	gl.GenBuffers(1, &r.ebo)
	gl.BindVertexArray(r.vao)
	gl.BindBuffer(gl.ARRAY_BUFFER, r.vbo)
	gl.BindBuffer(gl.ELEMENT_ARRAY_BUFFER, r.ebo)
	size, pos, uv, col := imgui.VertexBufferLayout()
	gl.EnableVertexAttribArray(0)
	gl.VertexAttribPointerWithOffset(0, 2, gl.FLOAT, false, int32(size), uintptr(pos))
	gl.EnableVertexAttribArray(1)
	gl.VertexAttribPointerWithOffset(1, 2, gl.FLOAT, false, int32(size), uintptr(uv))
	gl.EnableVertexAttribArray(2)
	gl.VertexAttribPointerWithOffset(2, 4, gl.UNSIGNED_BYTE, true, int32(size), uintptr(col))
	gl.BindVertexArray(0)
	r.ReloadFonts()
	return r, CheckError()
}

// ReloadFonts uploads the font atlas again (after the fonts changed).
func (r *UIRenderer) ReloadFonts() {
	fonts := imgui.CurrentIO().Fonts()
	img := fonts.TextureDataRGBA32()
	if r.fontTex == 0 {
		gl.GenTextures(1, &r.fontTex)
	}
	gl.BindTexture(gl.TEXTURE_2D, r.fontTex)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR)
	gl.PixelStorei(gl.UNPACK_ROW_LENGTH, 0)
	gl.TexImage2D(gl.TEXTURE_2D, 0, gl.RGBA, int32(img.Width), int32(img.Height), 0, gl.RGBA, gl.UNSIGNED_BYTE, img.Pixels)
	fonts.SetTextureID(imgui.TextureID(r.fontTex))
	r.textures[imgui.TextureID(r.fontTex)] = r.fontTex
}

// SetImage uploads img as the texture id (0 makes a new one) and returns the id
// for imgui.Image. Pixels are sampled nearest, for data images.
func (r *UIRenderer) SetImage(id imgui.TextureID, img *image.RGBA) imgui.TextureID {
	tex := uint32(id)
	if tex == 0 {
		gl.GenTextures(1, &tex)
		r.textures[imgui.TextureID(tex)] = tex
	}
	gl.BindTexture(gl.TEXTURE_2D, tex)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE)
	gl.PixelStorei(gl.UNPACK_ALIGNMENT, 1)
	w, h := img.Rect.Dx(), img.Rect.Dy()
	if w > 0 && h > 0 {
		gl.TexImage2D(gl.TEXTURE_2D, 0, gl.RGBA, int32(w), int32(h), 0, gl.RGBA, gl.UNSIGNED_BYTE, gl.Ptr(img.Pix))
	}
	gl.BindTexture(gl.TEXTURE_2D, 0)
	return imgui.TextureID(tex)
}

// DeleteImage frees a texture made by SetImage.
func (r *UIRenderer) DeleteImage(id imgui.TextureID) {
	if tex, ok := r.textures[id]; ok {
		gl.DeleteTextures(1, &tex)
		delete(r.textures, id)
	}
}

// Delete frees the GL objects.
func (r *UIRenderer) Delete() {
	gl.DeleteProgram(r.prog)
	gl.DeleteVertexArrays(1, &r.vao)
	gl.DeleteBuffers(1, &r.vbo)
	gl.DeleteBuffers(1, &r.ebo)
	for _, t := range r.textures {
		gl.DeleteTextures(1, &t)
	}
	r.textures = map[imgui.TextureID]uint32{}
}

// Render draws data into the window's framebuffer of fbW×fbH pixels, for a UI laid
// out in a display of dispW×dispH points.
func (r *UIRenderer) Render(dispW, dispH float32, fbW, fbH int, data imgui.DrawData) {
	if fbW <= 0 || fbH <= 0 || dispW <= 0 || dispH <= 0 || !data.Valid() {
		return
	}
	sx, sy := float32(fbW)/dispW, float32(fbH)/dispH
	data.ScaleClipRects(imgui.Vec2{X: sx, Y: sy})

	gl.Enable(gl.BLEND)
	gl.BlendEquation(gl.FUNC_ADD)
	gl.BlendFuncSeparate(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA, gl.ONE, gl.ONE_MINUS_SRC_ALPHA)
	gl.Disable(gl.CULL_FACE)
	gl.Disable(gl.DEPTH_TEST)
	gl.Enable(gl.SCISSOR_TEST)
	gl.PolygonMode(gl.FRONT_AND_BACK, gl.FILL)
	gl.Viewport(0, 0, int32(fbW), int32(fbH))
	proj := mgl32.Ortho(0, dispW, dispH, 0, -1, 1)
	gl.UseProgram(r.prog)
	gl.Uniform1i(r.locT, 0)
	gl.UniformMatrix4fv(r.locProj, 1, false, &proj[0])
	gl.BindVertexArray(r.vao)
	gl.ActiveTexture(gl.TEXTURE0)

	idxSize := imgui.IndexBufferLayout()
	idxType := uint32(gl.UNSIGNED_SHORT)
	if idxSize == 4 {
		idxType = gl.UNSIGNED_INT
	}

	for _, list := range data.CommandLists() {
		vb, vbLen := list.VertexBuffer()
		ib, ibLen := list.IndexBuffer()
		gl.BindBuffer(gl.ARRAY_BUFFER, r.vbo)
		gl.BufferData(gl.ARRAY_BUFFER, vbLen, vb, gl.STREAM_DRAW)
		gl.BindBuffer(gl.ELEMENT_ARRAY_BUFFER, r.ebo)
		gl.BufferData(gl.ELEMENT_ARRAY_BUFFER, ibLen, ib, gl.STREAM_DRAW)
		for _, cmd := range list.Commands() {
			if cmd.HasUserCallback() {
				cmd.CallUserCallback(list)
				continue
			}
			clip := cmd.ClipRect()
			if clip.Z <= clip.X || clip.W <= clip.Y {
				continue
			}
			gl.Scissor(int32(clip.X), int32(float32(fbH)-clip.W), int32(clip.Z-clip.X), int32(clip.W-clip.Y))
			gl.BindTexture(gl.TEXTURE_2D, uint32(cmd.TextureID()))
			gl.DrawElementsBaseVertexWithOffset(gl.TRIANGLES, int32(cmd.ElementCount()), idxType,
				uintptr(cmd.IndexOffset()*idxSize), int32(cmd.VertexOffset()))
		}
	}
	gl.BindVertexArray(0)
	gl.BindTexture(gl.TEXTURE_2D, 0)
	gl.Disable(gl.SCISSOR_TEST)
	gl.Disable(gl.BLEND)
}
