package wowchar

import (
	"fmt"
	"sort"
)

// Geosets are the geosets the tables choose: the hair style's and the facial
// style's.
type Geosets struct {
	HairGeoset int  `json:"hair_geoset"` // the group-0 geoset of the hair style, 0 for none
	Bald       bool `json:"bald"`        // the style shows the scalp (geoset 1)
	HairKnown  bool `json:"-"`           // CharHairGeosets has the style
	// Facial are the values of groups 1, 2 and 3 (Facial[g-1]).
	Facial      [3]int `json:"facial"`
	FacialKnown bool   `json:"-"` // CharacterFacialHairStyles has the style
}

func (t *Tables) geosets(ch *Choice) Geosets {
	var g Geosets
	hairRow, facialRow := false, false
	for _, h := range t.Hair {
		if h.Race == ch.Race.ID && h.Sex == uint32(ch.Sex) && int(h.Variation) == ch.Custom.Hair {
			hairRow = true
			if h.Geoset < 0 || h.Geoset > 99 {
				ch.Notes = append(ch.Notes, fmt.Sprintf("hair style %d names geoset %d, outside group 0 (0-99): ignored", ch.Custom.Hair, h.Geoset))
				break
			}
			g.HairGeoset, g.Bald, g.HairKnown = int(h.Geoset), h.ShowScalp != 0, true
			break
		}
	}
	if !hairRow {
		ch.Notes = append(ch.Notes, fmt.Sprintf("no hair style %d in CharHairGeosets: hair geosets left as they were", ch.Custom.Hair))
	}
	for _, f := range t.Facial {
		if f.Race == ch.Race.ID && f.Sex == uint32(ch.Sex) && int(f.Variation) == ch.Custom.Facial {
			facialRow, g.FacialKnown = true, true
			for grp := 1; grp <= 3; grp++ {
				v, _ := f.Group(grp)
				if v < 0 || v > 99 {
					// Not a geoset value (a table read in the wrong layout).
					ch.Notes = append(ch.Notes, fmt.Sprintf("facial style %d gives group %d the value %d, outside 0-99: the facial geosets are left as they were", ch.Custom.Facial, grp, v))
					g.FacialKnown, g.Facial = false, [3]int{}
					break
				}
				g.Facial[grp-1] = int(v)
			}
			break
		}
	}
	if !facialRow {
		ch.Notes = append(ch.Notes, fmt.Sprintf("no facial style %d in CharacterFacialHairStyles: facial geosets left as they were", ch.Custom.Facial))
	}
	return g
}

// Visible says whether the tables show geoset id, and whether they decide it
// at all (decided false: another rule, such as the characters' defaults, does).
func (g Geosets) Visible(id int) (visible, decided bool) {
	group := id / 100
	switch {
	case id > 0 && id < 100 && g.HairKnown:
		return id == g.HairGeoset || (g.Bald && id == 1), true
	case group >= 1 && group <= 3 && g.FacialKnown:
		v := g.Facial[group-1]
		return v != 0 && id == group*100+v, true
	}
	return false, false
}

// Groups are the chosen geoset ids per geoset group the tables decide (0 hair,
// 1-3 facial); a group with no id listed shows nothing. Groups the tables do
// not know are absent.
func (g Geosets) Groups() map[int][]int {
	out := map[int][]int{}
	if g.HairKnown {
		ids := []int{}
		if g.HairGeoset > 0 {
			ids = append(ids, g.HairGeoset)
		}
		if g.Bald && g.HairGeoset != 1 {
			ids = append(ids, 1)
		}
		sort.Ints(ids)
		out[0] = ids
	}
	if g.FacialKnown {
		for grp := 1; grp <= 3; grp++ {
			out[grp] = []int{}
			if v := g.Facial[grp-1]; v != 0 {
				out[grp] = []int{grp*100 + v}
			}
		}
	}
	return out
}

// Override sets show[id], for each of a model's geoset ids the tables decide,
// to what they choose, leaving the others as they are (the characters'
// defaults, or what the user chose): the customisation overrides the geoset
// defaults for the hair and facial groups only.
func (g Geosets) Override(show map[int]bool, ids []int) {
	for _, id := range ids {
		if v, decided := g.Visible(id); decided {
			show[id] = v
		}
	}
}
