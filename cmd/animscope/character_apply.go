package main

import (
	"fmt"
	"image"

	"animscope/formats"
	"animscope/formats/m2"
	"animscope/formats/texture"
	"animscope/formats/wowchar"
)

// applyCharacter dresses a character model opened from a mount that holds the
// game's character tables as the tables choose for cust (all 0 by default):
// the hair and facial geosets over the default geosets (not over an explicit
// --geosets), and the composited body skin, the hair and the fur in their
// texture slots (not over a --texture of that slot). Without tables nothing
// changes; a broken table or a texture that cannot be had is a warning
// (formats.Diagnostic on the scene) and the fallback stays.
func applyCharacter(a *formats.Asset, cust wowchar.Customization, geosetsGiven bool, slotsGiven map[int]bool) {
	if len(a.Files) == 0 {
		return
	}
	m, ok := characterMount(a.Files[0])
	if !ok {
		return
	}
	defer m.Close()
	char, warns := wowchar.Find(m, a.Files[0])
	for _, w := range warns {
		a.Diagnostics = append(a.Diagnostics, formats.DiagWarnf(m.Name, -1, "%s", w))
	}
	if char == nil {
		return
	}
	ch := char.Choose(cust)
	res := ch.Composite(wowchar.MountImages(m))
	for _, w := range res.Warnings {
		a.Diagnostics = append(a.Diagnostics, formats.DiagWarnf(m.Name, -1, "%s", w))
	}
	if groups := formats.GeosetsOf(a); groups != nil && !geosetsGiven {
		show := formats.GeosetSet{}
		var ids []int
		for _, mesh := range a.Meshes {
			show[mesh.Group] = !mesh.Hidden
			ids = append(ids, mesh.Group)
		}
		ch.Override(show, ids)
		formats.ApplyGeosets(a.Meshes, groups, show)
	}
	ts, ok := a.Materials.(formats.TextureSlots)
	if !ok {
		return
	}
	// The images live in memory under a name beside the model's file (its
	// archive's, for a member), as texture.Read serves them.
	base := formats.ArchiveOf(a.Files[0])
	if base == "" {
		base = a.Files[0]
	}
	put := func(slot int, what string, img image.Image) {
		if img == nil || slotsGiven[slot] || !hasSlot(ts, slot) {
			return
		}
		name := fmt.Sprintf("%s:character %s %s.png", base, cust, what)
		if err := texture.Provide(name, img); err != nil {
			a.Diagnostics = append(a.Diagnostics, formats.DiagWarnf(name, -1, "%v", err))
			return
		}
		if err := ts.FillSlot(slot, name); err != nil {
			a.Diagnostics = append(a.Diagnostics, formats.DiagWarnf(name, -1, "%v", err))
		}
	}
	if res.Body != nil {
		put(m2.TextureBody, "body", res.Body)
	}
	if res.Hair != nil {
		put(m2.TextureHair, "hair", res.Hair)
	}
	if res.Fur != nil {
		put(m2.TextureFur, "fur", res.Fur)
	}
}

func hasSlot(ts formats.TextureSlots, slot int) bool {
	for _, s := range ts.TextureSlots() {
		if s.Type == slot {
			return true
		}
	}
	return false
}
