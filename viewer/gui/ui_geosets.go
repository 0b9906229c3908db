package gui

import (
	"fmt"
	"path/filepath"

	"animscope/formats"
	"animscope/viewer"

	"github.com/inkyblackness/imgui-go/v4"
)

// geosetsView is the Geosets panel's and the slot pickers' text, built once per
// scene generation (the panels allocate nothing while the scene stays).
type geosetsView struct {
	gen    viewer.Revision
	scene  *viewer.Scene
	groups []formats.GeosetGroup
	titles []string   // per group: "hair (group 0)"
	labels [][]string // per group, per id: "2"
	chosen []string   // per group: the preview of what it draws
	slots  []formats.TextureSlot
	slotT  []string   // per slot: "body (body skin)"
	slotV  []string   // per slot: the file's base name or "(empty)"
	slotC  [][]string // per slot, per candidate: base name
	paths  []string   // per slot: the path typed into its file field
	pathID []string   // per slot: the field's ImGui id
}

func (u *UI) refreshGeosets(sc *viewer.Scene) *geosetsView {
	v := &u.geos
	if v.scene == sc && v.gen == sc.Gen {
		return v
	}
	*v = geosetsView{gen: sc.Gen, scene: sc, groups: sc.GeosetGroups(), slots: sc.TextureSlots()}
	for _, g := range v.groups {
		name := g.Name
		if name == "" {
			name = "geosets"
		}
		v.titles = append(v.titles, fmt.Sprintf("%s (group %d)", name, g.Group))
		var ls []string
		for _, id := range g.IDs {
			ls = append(ls, fmt.Sprint(id))
		}
		v.labels = append(v.labels, ls)
		switch c := sc.GroupChoice(g); c {
		case viewer.GeosetNone:
			v.chosen = append(v.chosen, "none")
		case viewer.GeosetSeveral:
			v.chosen = append(v.chosen, "several")
		default:
			v.chosen = append(v.chosen, fmt.Sprint(c))
		}
	}
	for _, s := range v.slots {
		v.slotT = append(v.slotT, fmt.Sprintf("%s (%s)", s.Name, s.Label))
		val := "(empty)"
		if s.File != "" {
			val = filepath.Base(s.File)
		}
		v.slotV = append(v.slotV, val)
		var cs []string
		for _, c := range s.Candidates {
			cs = append(cs, filepath.Base(c))
		}
		v.slotC = append(v.slotC, cs)
		v.paths = append(v.paths, s.File)
		v.pathID = append(v.pathID, "file##slot"+s.Name)
	}
	return v
}

func hasGeosets(u *UI) bool {
	for _, g := range u.S.Scene.GeosetGroups() {
		if g.Name != "" { // a character's groups (other models draw every submesh)
			return true
		}
	}
	return false
}

// geosetsPanel picks, per geoset group, which variant the character draws (or
// none), with All and Defaults.
func (u *UI) geosetsPanel() {
	s := u.S
	sc := s.Scene
	if sc == nil {
		return
	}
	v := u.refreshGeosets(sc)
	if len(v.groups) == 0 {
		coloured(colDim, "This scene has no geosets.")
		return
	}
	if imgui.Button("All") {
		u.report(sc.ShowAllGeosets())
	}
	tooltip("Draw every geoset at once (every hair style, cape and glove).")
	imgui.SameLine()
	if imgui.Button("Defaults") {
		u.report(sc.DefaultGeosets())
	}
	tooltip("What the game shows a character without equipment at the default customisation.")
	for gi, g := range v.groups {
		if !imgui.BeginCombo(v.titles[gi], v.chosen[gi]) {
			continue
		}
		if imgui.SelectableV("none##none", v.chosen[gi] == "none", 0, imgui.Vec2{}) {
			u.report(sc.ChooseGeoset(g, viewer.GeosetNone))
		}
		for k, id := range g.IDs {
			if id == 0 && g.Name != "" {
				continue // the body is no variant
			}
			if imgui.SelectableV(v.labels[gi][k], v.chosen[gi] == v.labels[gi][k], 0, imgui.Vec2{}) {
				u.report(sc.ChooseGeoset(g, id))
			}
		}
		imgui.EndCombo()
	}
}

// slotPickers lists the scene's texture slots (Materials panel): the file in
// each, a file beside it to choose or any file's path to type, and the slot's
// warning when it is empty.
func (u *UI) slotPickers(sc *viewer.Scene) {
	v := u.refreshGeosets(sc)
	if len(v.slots) == 0 {
		return
	}
	imgui.Text("Texture slots")
	for i, sl := range v.slots {
		if imgui.BeginCombo(v.slotT[i], v.slotV[i]) {
			if imgui.SelectableV("(empty)", sl.File == "", 0, imgui.Vec2{}) && sl.File != "" {
				u.report(sc.FillSlot(sl.Type, ""))
			}
			for k, c := range sl.Candidates {
				if imgui.SelectableV(v.slotC[i][k], c == sl.File, 0, imgui.Vec2{}) && c != sl.File {
					u.report(sc.FillSlot(sl.Type, c))
				}
			}
			imgui.EndCombo()
		}
		if sl.File == "" {
			tooltip(sl.Sought)
		}
		if imgui.InputTextV(v.pathID[i], &v.paths[i], imgui.InputTextFlagsEnterReturnsTrue, nil) && v.paths[i] != sl.File {
			u.report(sc.FillSlot(sl.Type, v.paths[i]))
		}
		tooltip("Any texture file for this slot: type its path and press Enter (an empty path empties the slot).")
	}
}

// report puts an error of a panel's action in the diagnostics.
func (u *UI) report(err error) {
	if err != nil {
		u.S.AddDiag(formats.Error, "%v", err)
	}
}
