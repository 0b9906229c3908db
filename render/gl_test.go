package render

import (
	"image"
	"math"
	"os"
	"runtime"
	"testing"
	"unsafe"

	"animscope/anim"

	"github.com/go-gl/gl/v4.1-core/gl"
	"github.com/go-gl/glfw/v3.3/glfw"
	"github.com/go-gl/mathgl/mgl32"
)

// withContext runs f with a hidden window's GL 4.1 core context current and a
// renderer, or skips where there is no display (run under xvfb-run).
func withContext(t testing.TB, f func(r *Renderer)) {
	t.Helper()
	if os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		t.Skip("no display (DISPLAY unset): GL tests need X11; run under xvfb-run")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if err := glfw.Init(); err != nil || !glfwUp() {
		t.Skipf("glfw cannot start: %v", err)
	}
	defer glfw.Terminate()
	glfw.DefaultWindowHints()
	glfw.WindowHint(glfw.ContextVersionMajor, 4)
	glfw.WindowHint(glfw.ContextVersionMinor, 1)
	glfw.WindowHint(glfw.OpenGLProfile, glfw.OpenGLCoreProfile)
	glfw.WindowHint(glfw.OpenGLForwardCompatible, glfw.True)
	glfw.WindowHint(glfw.Visible, glfw.False)
	win, err := glfw.CreateWindow(64, 64, "render test", nil, nil)
	if err != nil {
		t.Skipf("no GL 4.1 core context: %v", err)
	}
	defer win.Destroy()
	win.MakeContextCurrent()
	defer glfw.DetachCurrentContext()
	if err := Init(); err != nil {
		t.Fatal(err)
	}
	r, err := NewRenderer()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Delete()
	f(r)
}

// glfwUp says whether glfw.Init took (the binding logs a display it cannot open
// and returns nil; the next call panics).
func glfwUp() (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	glfw.GetTime()
	return true
}

// testRig is a three-node chain posed per character, and a camera on it.
type testRig struct {
	skel    *anim.Skeleton
	model   []anim.Affine
	skin    []anim.Affine
	offsets []mgl32.Vec3
	frame   Frame
}

func newTestRig(chars int) *testRig {
	g := &testRig{skel: &anim.Skeleton{Names: []string{"root", "mid", "tip"}, Parents: []int32{-1, 0, 1},
		Pivot: []mgl32.Vec3{{0, 0, 0}, {0, 0.1, 0}, {0.05, 0, 0}}}}
	for c := 0; c < chars; c++ {
		bend := float32(c) * 0.3
		s, co := float32(math.Sin(float64(bend))), float32(math.Cos(float64(bend)))
		g.model = append(g.model,
			anim.Affine{1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0},
			anim.Affine{co, s, 0, -s, co, 0, 0, 0, 1, 0, 1, 0},
			anim.Affine{1, 0, 0, 0, 1, 0, 0, 0, 1, -s * 0.9, 1 + co*0.9, 0.1})
		g.offsets = append(g.offsets, mgl32.Vec3{float32(c%3-1) * 1.5, 0, float32(c/3-1) * 1.5})
	}
	g.skin = g.model
	g.frame = Frame{Viewport: [4]int32{0, 0, 96, 96}, Background: DefaultBackground,
		View: mgl32.LookAtV(mgl32.Vec3{0.5, 4, 6}, mgl32.Vec3{0, 0.8, 0}, mgl32.Vec3{0, 1, 0}),
		Proj: mgl32.Perspective(mgl32.DegToRad(45), 1, 0.1, 100)}
	return g
}

// draw renders into a fresh 96×96 target and reads it back.
func drawTarget(t *testing.T, draw func()) *image.RGBA {
	t.Helper()
	tg, err := NewTarget(96, 96)
	if err != nil {
		t.Fatal(err)
	}
	defer tg.Delete()
	tg.Bind()
	draw()
	img := ReadPixels(0, 0, 96, 96)
	tg.Unbind()
	if err := CheckError(); err != nil {
		t.Fatal(err)
	}
	return img
}

func countDrawn(img *image.RGBA) int {
	bg := DefaultBackground
	n := 0
	for y := 0; y < img.Rect.Dy(); y++ {
		for x := 0; x < img.Rect.Dx(); x++ {
			c := img.RGBAAt(x, y)
			if absDiff(c.R, uint8(bg[0]*255+0.5)) > 3 || absDiff(c.G, uint8(bg[1]*255+0.5)) > 3 || absDiff(c.B, uint8(bg[2]*255+0.5)) > 3 {
				n++
			}
		}
	}
	return n
}

func absDiff(a, b uint8) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}

// differing counts the pixels whose channels differ by more than tol.
func differing(a, b *image.RGBA, tol int) int {
	n := 0
	for i := 0; i+3 < len(a.Pix); i += 4 {
		for k := 0; k < 3; k++ {
			if absDiff(a.Pix[i+k], b.Pix[i+k]) > tol {
				n++
				break
			}
		}
	}
	return n
}

// TestGPUBonesMatchCPU: the skeleton drawn by the GPU (bones instanced from
// the model matrices, selected bone included) is the picture of AppendSkeleton's
// CPU-built octahedra drawn with the solid program, as the renderer drew them
// before.
func TestGPUBonesMatchCPU(t *testing.T) {
	withContext(t, func(r *Renderer) {
		g := newTestRig(1)
		g.frame.View = mgl32.LookAtV(mgl32.Vec3{0.6, 1.2, 1.6}, mgl32.Vec3{-0.2, 1.1, 0}, mgl32.Vec3{0, 1, 0})
		o := DrawOptions{Scene: mgl32.Ident4(), ShowBones: true, Selected: 2}
		gpu := drawTarget(t, func() {
			r.Begin(&g.frame)
			r.DrawScene(&g.frame, &o, nil, g.skel, g.model, g.skin)
			r.End()
		})
		cpu := drawTarget(t, func() {
			r.Begin(&g.frame)
			r.drawBackdrop(&g.frame, &o)
			verts := AppendSkeleton(nil, g.skel, g.model, o.Selected)
			vao, vbo := newLines(verts)
			defer gl.DeleteVertexArrays(1, &vao)
			defer gl.DeleteBuffers(1, &vbo)
			r.useSolid(&g.frame, &o.Scene, true, 1)
			gl.BindVertexArray(vao)
			gl.DrawArrays(gl.TRIANGLES, 0, int32(len(verts)))
			r.End()
		})
		if n := countDrawn(cpu); n < 100 {
			t.Fatalf("the CPU skeleton covers %d pixels, want a visible one", n)
		}
		if n := differing(gpu, cpu, 8); n > 0 {
			t.Errorf("%d of %d pixels differ between the GPU and the CPU skeleton", n, countDrawn(cpu))
		}
	})
}

// TestCrowdBatches: a crowd drawn in batches of two characters (as when the
// characters' matrices outgrow the largest texture buffer) is the picture of the
// crowd drawn at once: meshes, bones and joints; and every character is drawn.
func TestCrowdBatches(t *testing.T) {
	withContext(t, func(r *Renderer) {
		g := newTestRig(7)
		mesh := NewSceneGPU([]MeshData{{
			Positions: []mgl32.Vec3{{-0.1, 0, 0}, {0.1, 0, 0}, {0, 0.8, 0}},
			Joints:    [][4]uint16{{1}, {1}, {2}}, Weights: [][4]float32{{1}, {1}, {1}},
			Indices: []uint32{0, 1, 2}, Node: -1}}, 3)
		defer mesh.Delete()
		o := DrawOptions{Scene: mgl32.Ident4(), ShowMesh: true, ShowBones: true, Joints: true, JointSize: 2, Selected: 1}
		draw := func(chars int) *image.RGBA {
			return drawTarget(t, func() {
				r.Begin(&g.frame)
				r.DrawCrowd(&g.frame, &o, mesh, g.skel, g.model, g.skin, g.offsets[:chars])
				r.End()
			})
		}
		whole := draw(7)
		one := draw(1)
		limit := r.bones.maxTexels
		r.bones.maxTexels = 2 * 3 * g.skel.Len() // two characters a batch
		batched := draw(7)
		r.bones.maxTexels = limit
		if n := differing(whole, batched, 0); n > 0 {
			t.Errorf("%d pixels differ between the crowd drawn at once and in batches of two", n)
		}
		if a, b := countDrawn(one), countDrawn(whole); b < 5*a {
			t.Errorf("7 characters cover %d pixels, one %d: want about 7 times as many", b, a)
		}
	})
}

// BenchmarkModelUpload1000x64 is the CPU side of handing the crowd view's bone
// matrices to GL for 1,000 characters of 64 nodes (64,000 matrices, 3 MB): the
// texture buffer's orphaning and copy, as bonePass.draw does each frame. Under
// Xvfb the driver is llvmpipe, whose copy is a memcpy into host memory as a real
// driver's copy into its staging memory is; the draws are not included (with
// llvmpipe they run the GPU's work on the CPU).
func BenchmarkModelUpload1000x64(b *testing.B) {
	withContext(b, func(r *Renderer) {
		model := make([]anim.Affine, 1000*64)
		for i := range model {
			model[i] = anim.IdentityAffine
			model[i][9] = float32(i)
		}
		tb := newTexBuffer(gl.RGBA32F)
		defer tb.delete()
		n := len(model) * int(unsafe.Sizeof(model[0]))
		tb.upload(unsafe.Pointer(&model[0]), n)
		gl.Finish()
		b.ReportAllocs()
		b.SetBytes(int64(n))
		for b.Loop() {
			tb.upload(unsafe.Pointer(&model[0]), n)
		}
		gl.Finish()
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1e6, "ms/frame")
		if err := CheckError(); err != nil {
			b.Fatal(err)
		}
	})
}
