package viewer

import (
	"errors"
	"fmt"

	"animscope/formats"
)

// The Geosets panel's model: which geoset of each group the scene draws, and
// which file fills each texture slot. Changing either bumps Gen, so the renderer
// uploads the meshes (and reads the textures) again; drawing a frame costs
// nothing more.

// GeosetGroups lists the scene's geoset groups (nil when it has none).
func (sc *Scene) GeosetGroups() []formats.GeosetGroup {
	if sc == nil {
		return nil
	}
	return formats.GeosetsOf(sc.Asset)
}

// geosetShown says whether geoset id is drawn (some mesh of it is visible).
func (sc *Scene) geosetShown(id int) bool {
	for i := range sc.Meshes {
		if sc.Meshes[i].Group == id && !sc.Meshes[i].Hidden {
			return true
		}
	}
	return false
}

// Group choices that are not one geoset id.
const (
	GeosetNone    = -1 // no geoset of the group is drawn
	GeosetSeveral = -2 // more than one is
)

// variant says whether id is one of group g's variants: a character's body
// (geoset 0, in group 0 with the hair styles) is none, and stays as it is.
func variant(g formats.GeosetGroup, id int) bool { return id != 0 || g.Name == "" }

// GroupChoice is the geoset of group g the scene draws: its id, GeosetNone or
// GeosetSeveral.
func (sc *Scene) GroupChoice(g formats.GeosetGroup) int {
	choice := GeosetNone
	for _, id := range g.IDs {
		if variant(g, id) && sc.geosetShown(id) {
			if choice != GeosetNone {
				return GeosetSeveral
			}
			choice = id
		}
	}
	return choice
}

// shown is the set of geoset ids drawn now.
func (sc *Scene) shown(groups []formats.GeosetGroup) formats.GeosetSet {
	s := formats.GeosetSet{}
	for _, g := range groups {
		for _, id := range g.IDs {
			if sc.geosetShown(id) {
				s[id] = true
			}
		}
	}
	return s
}

// ChooseGeoset draws geoset id alone of group g (GeosetNone: none of it).
func (sc *Scene) ChooseGeoset(g formats.GeosetGroup, id int) error {
	groups := sc.GeosetGroups()
	if groups == nil {
		return errors.New("this scene has no geosets")
	}
	s := sc.shown(groups)
	for _, x := range g.IDs {
		if variant(g, x) {
			delete(s, x)
		}
	}
	if id != GeosetNone {
		s[id] = true
	}
	return sc.setGeosets(s)
}

// ShowAllGeosets draws every geoset; DefaultGeosets what the scene shows when
// opened.
func (sc *Scene) ShowAllGeosets() error { return sc.setGeosets(formats.AllGeosets(sc.GeosetGroups())) }
func (sc *Scene) DefaultGeosets() error {
	return sc.setGeosets(formats.DefaultGeosets(sc.GeosetGroups()))
}

// setGeosets draws exactly the geosets in show (of the scene's groups).
func (sc *Scene) setGeosets(show formats.GeosetSet) error {
	groups := sc.GeosetGroups()
	if groups == nil {
		return errors.New("this scene has no geosets")
	}
	formats.ApplyGeosets(sc.Meshes, groups, show)
	sc.nextRevision()
	return nil
}

// TextureSlots lists the scene's texture slots (nil without).
func (sc *Scene) TextureSlots() []formats.TextureSlot {
	if sc == nil {
		return nil
	}
	return formats.SlotsOf(sc.Asset)
}

// FillSlot puts file in texture slot typ ("" empties it); the renderer reads the
// textures again on the next frame.
func (sc *Scene) FillSlot(typ int, file string) error {
	ts, ok := sc.Asset.Materials.(formats.TextureSlots)
	if !ok {
		return errors.New("this scene has no texture slots")
	}
	var err error
	if p := guarded(func() { err = ts.FillSlot(typ, file) }); p != nil {
		return fmt.Errorf("texture slot %d: %v", typ, p)
	}
	if err != nil {
		return err
	}
	sc.nextRevision()
	return nil
}
