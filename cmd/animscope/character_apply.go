package main

import (
	"animscope/formats"
)

// applyCharacter dresses a character model opened from a mount that holds the
// game's character tables as the tables choose for cust (the default when
// --character is not given), through its family's customiser: the hair and
// facial geosets over the default geosets (not over an explicit --geosets),
// and the composited body skin, the hair and the fur in their texture slots
// (not over a --texture of that slot). Without tables nothing changes; a
// broken table or a texture that cannot be had is a warning
// (formats.Diagnostic on the scene) and the fallback stays.
func applyCharacter(a *formats.Asset, cust formats.Customization, geosetsGiven bool, slotsGiven map[int]bool) {
	if len(a.Files) == 0 {
		return
	}
	char, warns := formats.FindCharacter(a.Files[0])
	a.Diagnostics = append(a.Diagnostics, warns...)
	if char == nil {
		return
	}
	defer char.Close()
	char.Dress(a, cust, geosetsGiven, slotsGiven)
}
