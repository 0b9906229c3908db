package gui

import (
	"fmt"
	"image"
	"image/draw"
	"path/filepath"
	"strings"

	"animscope/formats"
	"animscope/viewer"

	"github.com/inkyblackness/imgui-go/v4"
)

// materialsView is the Materials panel's text and texture previews, built once
// per scene generation (the panel allocates nothing while the scene stays).
type materialsView struct {
	gen       viewer.Revision
	scene     *viewer.Scene
	skins     []string // base names of the skin candidates
	textures  []string // one line per texture file: name, size or error
	failed    []bool
	previews  []imgui.TextureID // per texture, 0 when not shown
	materials []string          // one line per material
}

// refresh rebuilds the view when the scene or its textures changed.
func (u *UI) refreshMaterials(sc *viewer.Scene) *materialsView {
	v := &u.mats
	if v.scene == sc && v.gen == sc.TexturesGen {
		return v
	}
	v.scene, v.gen = sc, sc.TexturesGen
	v.skins = v.skins[:0]
	v.skins = append(v.skins, sc.Skins()...)
	v.textures, v.failed = v.textures[:0], v.failed[:0]
	for i, t := range sc.Textures {
		line := filepath.Base(t.Path)
		if t.Err != nil || t.Image == nil {
			// The texture package's errors start with the path; the line names it once.
			line += ": " + strings.TrimPrefix(fmt.Sprint(t.Err), t.Path+": ")
		} else {
			line += fmt.Sprintf("  %d x %d", t.Image.Rect.Dx(), t.Image.Rect.Dy())
		}
		v.textures = append(v.textures, line)
		v.failed = append(v.failed, t.Err != nil || t.Image == nil)
		for len(v.previews) <= i {
			v.previews = append(v.previews, 0)
		}
		if u.SetImage != nil && t.Image != nil {
			rgba := image.NewRGBA(t.Image.Rect)
			draw.Draw(rgba, rgba.Rect, t.Image, t.Image.Rect.Min, draw.Src)
			v.previews[i] = u.SetImage(v.previews[i], rgba)
		}
	}
	v.materials = v.materials[:0]
	if sc.Asset.Materials != nil {
		for i, m := range sc.Asset.Materials.Materials() {
			tex := "no texture"
			cs := sc.TextureChoices(i)
			switch {
			case m.Texture != "":
				tex = filepath.Base(m.Texture)
			case len(cs) > 1:
				tex = m.TextureRef
			case m.TextureRef != "":
				tex = m.TextureRef + " (not found)"
			}
			for k, c := range cs {
				if k == 0 {
					tex += ", switched over time to"
					continue
				}
				if c.Path == "" {
					tex += " " + c.Ref + " (not found)"
				} else {
					tex += " " + filepath.Base(c.Path)
				}
			}
			flags := ""
			if m.TwoSided {
				flags += ", two-sided"
			}
			if m.Unlit {
				flags += ", unlit"
			}
			v.materials = append(v.materials, fmt.Sprintf("%d  mesh %d  %s%s  %s", i, m.Mesh, m.Blend, flags, tex))
		}
	}
	return v
}

// materialsPanel shows the scene's skin picker, texture files (with previews)
// and materials.
func (u *UI) materialsPanel() {
	s := u.S
	sc := s.Scene
	if sc == nil || sc.Asset.Materials == nil {
		coloured(colDim, "This scene's meshes have no materials.")
		return
	}
	v := u.refreshMaterials(sc)
	tex := !s.View.NoTextures
	if imgui.Checkbox("Textures", &tex) {
		s.View.NoTextures = !tex
	}
	if len(v.skins) > 0 {
		cur := sc.Skin()
		if imgui.BeginCombo("Skin", cur) {
			for _, name := range v.skins {
				if imgui.SelectableV(name, name == cur, 0, imgui.Vec2{}) && name != cur {
					if err := sc.UseSkin(name); err != nil {
						s.AddDiag(formats.Error, "%v", err)
					}
				}
			}
			imgui.EndCombo()
		}
	}
	u.slotPickers(sc)
	imgui.Text("Textures")
	size := imgui.Vec2{X: 48 * u.scale(), Y: 48 * u.scale()}
	for i, line := range v.textures {
		if i < len(v.previews) && v.previews[i] != 0 && !v.failed[i] {
			imgui.Image(v.previews[i], size)
			imgui.SameLine()
		}
		if v.failed[i] {
			coloured(colError, line)
		} else {
			imgui.Text(line)
		}
	}
	if len(v.textures) == 0 {
		coloured(colDim, "none found")
	}
	imgui.Text("Materials")
	for _, line := range v.materials {
		imgui.Text(line)
	}
}
