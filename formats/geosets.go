package formats

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// GeosetGroup is one group of a model's switchable mesh variants (an M2
// character's geoset group: hair styles, gloves, boots, capes …). Meshes belong
// to a geoset by their Mesh.Group (the geoset id).
type GeosetGroup struct {
	Group int    `json:"group"`
	Name  string `json:"name"` // what the game calls it ("" when it has no name)
	// IDs are the geoset ids of the group the model has, ascending; Shown says,
	// per id, whether it is drawn by default.
	IDs   []int  `json:"ids"`
	Shown []bool `json:"shown"`
}

// Geosets is the capability (on Asset.Details) of a scene whose meshes are
// geosets: GeosetGroups lists its groups in ascending order. A mesh whose
// geoset is in no group is always drawn.
type Geosets interface {
	GeosetGroups() []GeosetGroup
}

// GeosetsOf lists the scene's geoset groups, nil when it has none.
func GeosetsOf(a *Asset) []GeosetGroup {
	if a == nil {
		return nil
	}
	if g, ok := a.Details.(Geosets); ok {
		return g.GeosetGroups()
	}
	return nil
}

// GeosetSet is which geoset ids are drawn.
type GeosetSet map[int]bool

// DefaultGeosets is the set each group shows by default.
func DefaultGeosets(groups []GeosetGroup) GeosetSet {
	s := GeosetSet{}
	for _, g := range groups {
		for i, id := range g.IDs {
			if i < len(g.Shown) && g.Shown[i] {
				s[id] = true
			}
		}
	}
	return s
}

// AllGeosets is the set of every geoset id.
func AllGeosets(groups []GeosetGroup) GeosetSet {
	s := GeosetSet{}
	for _, g := range groups {
		for _, id := range g.IDs {
			s[id] = true
		}
	}
	return s
}

// ParseGeosets reads a --geosets value: "defaults", "all", or a comma-separated
// list of geoset ids (exactly those are drawn). An id the model lacks is an error
// that lists the ids it has.
func ParseGeosets(spec string, groups []GeosetGroup) (GeosetSet, error) {
	switch spec {
	case "", "defaults":
		return DefaultGeosets(groups), nil
	case "all":
		return AllGeosets(groups), nil
	}
	ids, err := GeosetIDs(spec)
	if err != nil {
		return nil, err
	}
	all := AllGeosets(groups)
	s := GeosetSet{}
	for _, id := range ids {
		if !all[id] {
			return nil, fmt.Errorf("geoset %d is not in the model (it has %s)", id, joinIDs(all))
		}
		s[id] = true
	}
	return s, nil
}

// GeosetIDs reads a comma-separated list of geoset ids (0–65535).
func GeosetIDs(spec string) ([]int, error) {
	var ids []int
	for _, f := range strings.Split(spec, ",") {
		id, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || id < 0 || id > 0xFFFF {
			return nil, fmt.Errorf("%q is not a geoset id (want defaults, all or ID,ID,…)", f)
		}
		ids = append(ids, id)
	}
	return ids, nil
}

func joinIDs(s GeosetSet) string {
	if len(s) == 0 {
		return "none"
	}
	ids := make([]int, 0, len(s))
	for id := range s {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = strconv.Itoa(id)
	}
	return strings.Join(parts, ", ")
}

// ApplyGeosets hides the meshes whose geoset is in one of groups but not in
// show, and shows the others of those groups. Meshes of geosets outside the
// groups keep their Hidden as it is.
func ApplyGeosets(meshes []Mesh, groups []GeosetGroup, show GeosetSet) {
	known := AllGeosets(groups)
	for i := range meshes {
		if id := meshes[i].Group; known[id] {
			meshes[i].Hidden = !show[id]
		}
	}
}
