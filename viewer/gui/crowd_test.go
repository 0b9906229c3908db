package gui

import (
	"image"
	"os"
	"path/filepath"
	"testing"

	"animscope/render"
	"animscope/viewer"
)

// TestCrowdDraw draws the demo as a crowd of 9 off-screen: with only the joints
// shown, every instance's root joint is drawn where its pose and its grid place
// put it; the bones alone and the meshes alone draw something; no GL error.
func TestCrowdDraw(t *testing.T) {
	const w, h = 320, 240
	tests := []struct {
		name string
		set  func(v *viewer.Toggles)
	}{
		{"joints", func(v *viewer.Toggles) { *v = viewer.Toggles{Joints: true} }},
		{"bones", func(v *viewer.Toggles) { *v = viewer.Toggles{Bones: true} }},
		{"meshes", func(v *viewer.Toggles) { *v = viewer.Toggles{Mesh: true} }},
		{"all", func(v *viewer.Toggles) {}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			withGL(t, func(hd *Headless) {
				defer func() { hd.d.crowd = crowdView{} }()
				s := demoState(t)
				s.Tr.T = 5
				s.Crowd = viewer.Crowd{On: true, N: 9, Seed: 1}
				defer s.Crowd.Close()
				tc.set(&s.View)
				cam := render.NewCamera()
				img, err := hd.Render(s, w, h, &cam, 1)
				if err != nil {
					t.Fatalf("render: %v", err)
				}
				if dir := os.Getenv("ANIMSCOPE_UISHOTS"); dir != "" {
					_ = writePNGFile(filepath.Join(dir, "crowd-draw-"+tc.name+".png"), img)
				}
				if n := countNonBackground(img); n < w*h/100 {
					t.Errorf("%d non-background pixels, want a drawn crowd", n)
				}
				if tc.name != "joints" {
					return
				}
				c := &s.Crowd
				m := sceneMatrix(s, s.Scene)
				nodes := s.Scene.Skel.Len()
				view, proj := cam.View(), cam.Proj(float32(w)/h)
				for i, off := range c.Offsets {
					p := s.Scene.Skel.JointPosition(0, c.Model[i*nodes:(i+1)*nodes])
					x, y, ok := render.Project(m.Mul4x1(p.Vec4(1)).Vec3().Add(off), view, proj, w, h)
					if !ok {
						t.Errorf("instance %d: root joint off screen", i)
						continue
					}
					if !jointDrawnNear(img, int(x), int(y)) {
						t.Errorf("instance %d: no joint drawn near (%.0f, %.0f)", i, x, y)
					}
				}
				// A click on instance 4's head joint picks the head; one on an empty
				// corner picks nothing.
				head := s.Scene.Skel.Len() - 1
				for i, name := range s.Scene.Skel.Names {
					if name == "head" {
						head = i
					}
				}
				p := s.Scene.Skel.JointPosition(head, c.Model[4*nodes:5*nodes])
				x, y, _ := render.Project(m.Mul4x1(p.Vec4(1)).Vec3().Add(c.Offsets[4]), view, proj, w, h)
				if got := pickCrowdJoint(s, view, proj, w, h, x, y, 10); got != head {
					t.Errorf("pick at instance 4's head (%.0f, %.0f) = node %d, want %d", x, y, got, head)
				}
				if got := pickCrowdJoint(s, view, proj, w, h, 1, 1, 10); got != -1 {
					t.Errorf("pick in the corner = node %d, want -1", got)
				}
			})
		})
	}
}

// jointDrawnNear says whether a pixel of the joints' colour (near white) lies
// within 2 pixels of (x, y).
func jointDrawnNear(img *image.RGBA, x, y int) bool {
	for dy := -2; dy <= 2; dy++ {
		for dx := -2; dx <= 2; dx++ {
			if !(image.Point{x + dx, y + dy}.In(img.Rect)) {
				continue
			}
			c := img.RGBAAt(x+dx, y+dy)
			if c.R > 200 && c.G > 200 && c.B > 200 {
				return true
			}
		}
	}
	return false
}
