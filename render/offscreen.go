package render

import (
	"fmt"
	"image"

	"github.com/go-gl/gl/v4.1-core/gl"
)

// Target is an off-screen framebuffer: an RGBA8 colour and a 24-bit depth
// renderbuffer, without multisampling (so that llvmpipe's output is deterministic).
type Target struct {
	fbo, color, depth uint32
	W, H              int
}

// NewTarget makes a w×h off-screen framebuffer.
func NewTarget(w, h int) (*Target, error) {
	if w <= 0 || h <= 0 || w > 16384 || h > 16384 {
		return nil, fmt.Errorf("bad target size %dx%d", w, h)
	}
	t := &Target{W: w, H: h}
	gl.GenFramebuffers(1, &t.fbo)
	gl.BindFramebuffer(gl.FRAMEBUFFER, t.fbo)
	gl.GenRenderbuffers(1, &t.color)
	gl.BindRenderbuffer(gl.RENDERBUFFER, t.color)
	gl.RenderbufferStorage(gl.RENDERBUFFER, gl.RGBA8, int32(w), int32(h))
	gl.FramebufferRenderbuffer(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.RENDERBUFFER, t.color)
	gl.GenRenderbuffers(1, &t.depth)
	gl.BindRenderbuffer(gl.RENDERBUFFER, t.depth)
	gl.RenderbufferStorage(gl.RENDERBUFFER, gl.DEPTH_COMPONENT24, int32(w), int32(h))
	gl.FramebufferRenderbuffer(gl.FRAMEBUFFER, gl.DEPTH_ATTACHMENT, gl.RENDERBUFFER, t.depth)
	st := gl.CheckFramebufferStatus(gl.FRAMEBUFFER)
	gl.BindFramebuffer(gl.FRAMEBUFFER, 0)
	if st != gl.FRAMEBUFFER_COMPLETE {
		t.Delete()
		return nil, fmt.Errorf("framebuffer incomplete: 0x%x", st)
	}
	return t, nil
}

// Bind makes t the draw and read framebuffer.
func (t *Target) Bind() { gl.BindFramebuffer(gl.FRAMEBUFFER, t.fbo) }

// Unbind returns to the window's framebuffer.
func (t *Target) Unbind() { gl.BindFramebuffer(gl.FRAMEBUFFER, 0) }

// Read returns the target's pixels, top row first.
func (t *Target) Read() *image.RGBA {
	t.Bind()
	defer t.Unbind()
	return ReadPixels(0, 0, t.W, t.H)
}

// Delete frees the framebuffer.
func (t *Target) Delete() {
	gl.DeleteFramebuffers(1, &t.fbo)
	gl.DeleteRenderbuffers(1, &t.color)
	gl.DeleteRenderbuffers(1, &t.depth)
}

// ReadPixels reads a w×h block of the bound read framebuffer at x, y (GL
// coordinates, bottom left) and returns it with the top row first.
func ReadPixels(x, y, w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	if w == 0 || h == 0 {
		return img
	}
	gl.PixelStorei(gl.PACK_ALIGNMENT, 1)
	gl.ReadPixels(int32(x), int32(y), int32(w), int32(h), gl.RGBA, gl.UNSIGNED_BYTE, gl.Ptr(img.Pix))
	FlipRows(img)
	return img
}

// FlipRows turns an image upside down in place (GL reads bottom row first).
func FlipRows(img *image.RGBA) {
	h := img.Rect.Dy()
	row := make([]byte, img.Stride)
	for y := 0; y < h/2; y++ {
		a := img.Pix[y*img.Stride : (y+1)*img.Stride]
		b := img.Pix[(h-1-y)*img.Stride : (h-y)*img.Stride]
		copy(row, a)
		copy(a, b)
		copy(b, row)
	}
}
