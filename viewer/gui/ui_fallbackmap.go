package gui

import (
	"fmt"

	"animscope/viewer"

	"github.com/inkyblackness/imgui-go/v4"
)

func (u *UI) fallbackMap() {
	s := u.S
	a, b, m := s.Scene, s.SceneB, s.Match
	key := [3]int{a.Gen, b.Gen, s.Clip}
	if u.fmap == nil || u.fmapKey != key {
		u.fmap = viewer.BuildFallbackMap(a, b, m, s.Clip, viewer.MapMaxCols)
		u.fmapKey = key
		if u.SetImage != nil {
			u.fmapTex = u.SetImage(u.fmapTex, u.fmap.Image())
		}
	}
	fm := u.fmap
	diffs := 0
	for i := range fm.A {
		if fm.A[i] != fm.B[i] {
			diffs++
		}
	}
	imgui.Text(fmt.Sprintf("%d nodes x %d frames: A | B | difference (%d cells differ)", fm.Rows, fm.Cols, diffs))
	imgui.SameLine()
	jump := func(dir int) {
		if r, c, ok := fm.NextDiff(u.mapRow, u.mapCol, dir); ok {
			u.mapRow, u.mapCol = r, c
			s.Select(int(m.Pairs[r][0]))
			s.Tr.Scrub(float64(c)*fm.Step, s.Info())
		}
	}
	if imgui.Button("previous difference") {
		jump(-1)
	}
	imgui.SameLine()
	if imgui.Button("next difference") {
		jump(1)
	}
	if u.fmapTex == 0 || fm.Rows == 0 {
		return
	}
	w := imgui.ContentRegionAvail().X
	h := min(max(float32(fm.Rows)*2, 40), imgui.ContentRegionAvail().Y)
	if imgui.BeginChildV("fmap", imgui.Vec2{X: 0, Y: max(h, 40)}, false, imgui.WindowFlagsHorizontalScrollbar) {
		imgW := float32(fm.Cols*3 + 2*viewer.MapGap)
		cell := max(w/imgW, 1)
		pos := imgui.CursorScreenPos()
		size := imgui.Vec2{X: imgW * cell, Y: float32(fm.Rows) * max(cell, 2)}
		imgui.Image(u.fmapTex, size)
		if imgui.IsItemClicked() {
			mp := imgui.MousePos().Minus(pos)
			x := int(mp.X / size.X * imgW)
			y := int(mp.Y / size.Y * float32(fm.Rows))
			if r, c, ok := fm.CellAt(x, y); ok {
				u.mapRow, u.mapCol = r, c
				s.Select(int(m.Pairs[r][0]))
				s.Tr.Scrub(float64(c)*fm.Step, s.Info())
			}
		}
	}
	imgui.EndChild()
}
