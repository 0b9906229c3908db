package gui

import (
	"fmt"
	"image/color"
	"slices"

	"animscope/viewer"

	"github.com/inkyblackness/imgui-go/v4"
)

// characterView is the Character panel's text and swatches, built once per
// scene generation (a choice bumps the Gen; the panel allocates nothing while
// the scene stays).
type characterView struct {
	gen   viewer.Revision
	scene *viewer.Scene
	ch    *viewer.Character
	title string
	rows  []characterRow
}

// characterRow is one choice of the customisation: a combo of the values the
// tables offer the race and sex.
type characterRow struct {
	label   string // "skin colour"
	values  []int
	items   []string // per value: its Selectable's label
	swatch  []imgui.Vec4
	swID    []string // per value: its swatch's ImGui id
	hasSw   bool     // the row's values are colours
	current int      // the value drawn now
	cur     int      // its index in values, -1 when the tables do not offer it
	preview string
	curSw   imgui.Vec4
	curID   string // the current swatch's ImGui id
	none    string // the line of a choice the tables offer nothing of
	key     string // the choice's key in the customisation
}

func hasCharacter(u *UI) bool { return u.S.Scene.Character() != nil }

func swatchVec(c color.NRGBA) imgui.Vec4 {
	return imgui.Vec4{X: float32(c.R) / 255, Y: float32(c.G) / 255, Z: float32(c.B) / 255, W: 1}
}

func (u *UI) refreshCharacter(sc *viewer.Scene) *characterView {
	v := &u.char
	if v.scene == sc && v.gen == sc.Gen {
		return v
	}
	ch := sc.Character()
	*v = characterView{gen: sc.Gen, scene: sc, ch: ch}
	if ch == nil {
		return v
	}
	v.title = ch.Title
	c := ch.Custom
	row := func(label string, values []int, cur int, colors map[int]color.NRGBA, key string) {
		r := characterRow{label: label, values: values, current: cur, cur: slices.Index(values, cur), hasSw: colors != nil, key: key,
			curID: "##current swatch " + label, none: label + ": none offered"}
		for _, val := range values {
			item := fmt.Sprint(val)
			if col, ok := colors[val]; ok {
				item = fmt.Sprintf("%d  #%02x%02x%02x", val, col.R, col.G, col.B)
				r.swatch = append(r.swatch, swatchVec(col))
			} else {
				r.swatch = append(r.swatch, imgui.Vec4{})
			}
			r.items = append(r.items, item+"##"+label)
			r.swID = append(r.swID, fmt.Sprintf("##%s swatch %d", label, val))
		}
		if r.cur >= 0 {
			r.preview = r.items[r.cur][:len(r.items[r.cur])-len(label)-2]
			r.curSw = r.swatch[r.cur]
		} else {
			r.preview = fmt.Sprintf("%d (not offered)", cur)
		}
		v.rows = append(v.rows, r)
	}
	for _, choice := range ch.Choices {
		row(choice.Label, choice.Values, c.Value(choice.Key), choice.Colors, choice.Key)
	}
	return v
}

// characterPanel picks the character's customisation from what the game's
// tables offer its race and sex; a choice dresses the scene once.
func (u *UI) characterPanel() {
	sc := u.S.Scene
	if sc == nil {
		return
	}
	v := u.refreshCharacter(sc)
	if v.ch == nil {
		coloured(colDim, "This scene is no character of a mount with the game's tables.")
		return
	}
	imgui.Text(v.title)
	tooltip("Each choice lists only what the game's tables (CharSections, CharHairGeosets, CharacterFacialHairStyles) offer this race and sex.")
	sw := imgui.Vec2{X: imgui.FrameHeight(), Y: imgui.FrameHeight()}
	for i := range v.rows {
		r := &v.rows[i]
		if r.hasSw {
			if r.curSw.W > 0 {
				imgui.ColorButton(r.curID, r.curSw, imgui.ColorEditFlagsNoTooltip, sw)
			} else {
				imgui.Dummy(sw)
			}
			imgui.SameLine()
		}
		if len(r.values) == 0 {
			coloured(colDim, r.none)
			continue
		}
		if !imgui.BeginCombo(r.label, r.preview) {
			continue
		}
		for k, val := range r.values {
			if r.hasSw {
				if r.swatch[k].W > 0 {
					imgui.ColorButton(r.swID[k], r.swatch[k], imgui.ColorEditFlagsNoTooltip, sw)
				} else {
					imgui.Dummy(sw)
				}
				imgui.SameLine()
			}
			if imgui.SelectableV(r.items[k], k == r.cur, 0, imgui.Vec2{}) && val != r.current {
				c := v.ch.Custom.With(r.key, val)
				warns, err := sc.Customize(c)
				u.report(err)
				for _, w := range warns {
					u.S.AddDiag(w.Severity, "%s", w)
				}
			}
		}
		imgui.EndCombo()
	}
}
