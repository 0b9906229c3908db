package gui

import (
	"image"

	"animscope/formats"
	"animscope/render"
	"animscope/viewer"

	"github.com/go-gl/mathgl/mgl32"
)

// MeshData converts a scene's meshes for the renderer.
func MeshData(ms []formats.Mesh) []render.MeshData {
	out := make([]render.MeshData, len(ms))
	for i, m := range ms {
		out[i] = render.MeshData{Name: m.Name, Positions: m.Positions, Joints: m.Joints, Weights: m.Weights,
			Joints2: m.Joints2, Weights2: m.Weights2,
			Indices: m.Indices, Node: m.Node, Hidden: m.Hidden, Normals: m.Normals, UVs: m.UVs}
	}
	return out
}

// sceneMatrix is the scene's placement in the Y-up world under the view toggles.
func sceneMatrix(s *viewer.State, sc *viewer.Scene) mgl32.Mat4 {
	up := sc.Asset.UpAxis
	if s.View.UpOverride != 0 {
		up = s.View.UpOverride
	}
	return render.SceneMatrix(up, sc.Asset.MirrorX && !s.View.NoMirror)
}

// SceneBounds is the world box of the scene's current pose: its joints and its
// (visible) mesh vertices, skinned on the CPU.
func SceneBounds(sc *viewer.Scene, m mgl32.Mat4) render.Bounds {
	b := render.EmptyBounds()
	for _, p := range sc.PosePoints(sc.Pose, nil, 1) {
		b.Add(m.Mul4x1(p.Vec4(1)).Vec3())
	}
	return b
}

// drawer keeps the GPU copies of the scenes in step with the state.
type drawer struct {
	r    *render.Renderer
	gpus [2]*render.SceneGPU
	gens [2]viewer.Revision
	// frame and opts are handed to GL by pointer: fields, so that drawing does
	// not allocate.
	frame render.Frame
	opts  render.DrawOptions
	crowd crowdView
	// motion holds the onion skin's and the overlays' vertices (ui_ghosts.go).
	motion motionDraw
	// transparent clears to the background colour with alpha 0 (a screenshot
	// with a transparent background).
	transparent bool
	// clear, when set, is the clear colour instead (an exported animation's
	// --background; ui_exportanim.go, headless_anim.go).
	clear *[4]float32
}

func (d *drawer) gpu(slot int, sc *viewer.Scene) *render.SceneGPU {
	if sc == nil {
		return nil
	}
	if d.gpus[slot] == nil || d.gens[slot] != sc.Gen {
		d.gpus[slot].Delete()
		d.gpus[slot] = render.NewSceneGPU(MeshData(sc.Meshes), sc.Skel.Len())
		if mats := materialData(sc); len(mats) > 0 {
			d.gpus[slot].SetMaterials(mats)
		}
		d.gens[slot] = sc.Gen
	}
	return d.gpus[slot]
}

// materialData reads the scene's textures and converts its materials for the
// renderer (nil without materials).
func materialData(sc *viewer.Scene) []render.MaterialData {
	mats := sc.ReadTextures()
	if len(mats) == 0 {
		return nil
	}
	out := make([]render.MaterialData, len(mats))
	for i, m := range mats {
		out[i] = render.MaterialData{Mesh: m.Mesh, Image: sc.TextureImage(m.Texture), Blend: m.Blend,
			TwoSided: m.TwoSided, Unlit: m.Unlit, WrapU: m.WrapU, WrapV: m.WrapV, FlipV: m.FlipV, Nearest: m.Nearest,
			OpaqueTexture: m.OpaqueTexture}
		if cs := sc.TextureChoices(i); len(cs) > 1 {
			out[i].Choices = make([]*image.NRGBA, len(cs))
			for k, c := range cs {
				out[i].Choices[k] = sc.TextureImage(c.Path)
			}
		}
	}
	return out
}

func (d *drawer) delete() {
	for i := range d.gpus {
		d.gpus[i].Delete()
		d.gpus[i] = nil
	}
}

// drawOptions are the renderer's switches for a scene under the state's toggles.
func drawOptions(s *viewer.State, sc *viewer.Scene, cell float32) render.DrawOptions {
	return render.DrawOptions{
		Scene: sceneMatrix(s, sc), GridCell: cell,
		ShowGrid: s.View.Grid, ShowAxes: s.View.Axes,
		ShowMesh: s.View.Mesh, ShowBones: s.View.Bones, Joints: s.View.Joints,
		Wireframe: s.View.Wireframe, Untextured: s.View.NoTextures, Selected: s.Selected,
	}
}

// frameFramings points cam at the framing boxes of the scene and scene B (each in
// its scene's space, placed by its scene matrix) and returns the grid cell for
// their size.
func frameFramings(s *viewer.State, cam *render.Camera, fa, fb viewer.Framing) float32 {
	b := render.EmptyBounds()
	place := func(sc *viewer.Scene, f viewer.Framing) {
		if sc == nil || f.Empty() {
			return
		}
		m := sceneMatrix(s, sc)
		for k := 0; k < 8; k++ {
			c := f.Lo
			for a := 0; a < 3; a++ {
				if k&(1<<a) != 0 {
					c[a] = f.Hi[a]
				}
			}
			b.Add(m.Mul4x1(c.Vec4(1)).Vec3())
		}
	}
	place(s.Scene, fa)
	place(s.SceneB, fb)
	cam.Frame(b.Lo, b.Hi)
	return render.GridCell(b.Radius())
}

// frameCamera points cam at the scene (and the compare scene) as posed now.
func frameCamera(s *viewer.State, cam *render.Camera) float32 {
	if s.Scene == nil {
		return 1
	}
	b := SceneBounds(s.Scene, sceneMatrix(s, s.Scene))
	if s.SceneB != nil {
		bb := SceneBounds(s.SceneB, sceneMatrix(s, s.SceneB))
		if !bb.Empty() {
			b.Add(bb.Lo)
			b.Add(bb.Hi)
		}
	}
	cam.Frame(b.Lo, b.Hi)
	return render.GridCell(b.Radius())
}

// viewports splits a viewport (x, y, w, h in framebuffer pixels, GL's bottom-left
// origin) into one per scene: side by side when comparing.
func viewports(v [4]int32, compare bool) (vs [2][4]int32, n int) {
	if !compare {
		return [2][4]int32{v}, 1
	}
	half := v[2] / 2
	return [2][4]int32{{v[0], v[1], half, v[3]}, {v[0] + half, v[1], v[2] - half, v[3]}}, 2
}

// background is the 3D view's clear colour, with alpha 0 for a transparent
// screenshot.
func (d *drawer) background() [4]float32 {
	if d.clear != nil {
		return *d.clear
	}
	bg := render.DefaultBackground
	if d.transparent {
		bg[3] = 0
	}
	return bg
}

// drawScenes draws the scene (and the compare scene) into the framebuffer viewport.
func (d *drawer) drawScenes(s *viewer.State, cam *render.Camera, vp [4]int32, cell float32) {
	if s.Scene == nil {
		return
	}
	if s.CrowdShown() {
		d.drawCrowd(s, cam, vp)
		return
	}
	d.leaveCrowd(s)
	scenes := [2]*viewer.Scene{s.Scene, s.SceneB}
	vs, n := viewports(vp, s.SceneB != nil)
	for k := 0; k < n; k++ {
		v, sc := vs[k], scenes[k]
		d.frame = render.Frame{Viewport: v, View: cam.View(), Proj: cam.Proj(float32(v[2]) / float32(max(v[3], 1))), Background: d.background()}
		d.opts = drawOptions(s, sc, cell)
		if k == 1 {
			d.opts.Selected = s.MatchedB(s.Selected)
		}
		d.r.Begin(&d.frame)
		eye, up := viewer.CameraInScene(cam.Eye(), d.frame.View, d.opts.Scene)
		model, skin := sc.DrawnPose(eye, up)
		gpu := d.gpu(k, sc)
		if gpu != nil {
			s.SampleMaterials(sc, gpu.States)
		}
		if k == 0 { // the onion skin, trails and joint overlays (ui_ghosts.go)
			d.drawSceneA(s, sc, gpu, model, skin)
			d.drawOverlays(s, sc, model, cell)
		} else {
			d.r.DrawScene(&d.frame, &d.opts, gpu, sc.Skel, model, skin)
		}
	}
	d.r.End()
}

// jointScreen projects node i of sc to viewport pixels.
func jointScreen(sc *viewer.Scene, i int, m, view, proj mgl32.Mat4, w, h float32) (float32, float32, bool) {
	p := sc.Skel.JointPosition(i, sc.Pose.Model)
	return render.Project(m.Mul4x1(p.Vec4(1)).Vec3(), view, proj, w, h)
}

// PickJoint returns the node whose joint is nearest to (x, y) (viewport pixels,
// origin top left) within radius pixels, or −1.
func PickJoint(sc *viewer.Scene, m, view, proj mgl32.Mat4, w, h, x, y, radius float32) int {
	best, bestD := -1, radius*radius
	for i := 0; i < sc.Skel.Len(); i++ {
		px, py, ok := jointScreen(sc, i, m, view, proj, w, h)
		if !ok {
			continue
		}
		d := (px-x)*(px-x) + (py-y)*(py-y)
		if d <= bestD {
			best, bestD = i, d
		}
	}
	return best
}
