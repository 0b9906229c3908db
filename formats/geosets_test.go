package formats

import (
	"slices"
	"strings"
	"testing"
)

var testGroups = []GeosetGroup{
	{Group: 0, Name: "hair", IDs: []int{0, 2, 3}, Shown: []bool{true, true, false}},
	{Group: 4, Name: "gloves", IDs: []int{401, 402}, Shown: []bool{true, false}},
}

func ids(s GeosetSet) []int {
	var out []int
	for id, on := range s {
		if on {
			out = append(out, id)
		}
	}
	slices.Sort(out)
	return out
}

// TestParseGeosets reads --geosets: defaults, all, a list; an id the model lacks
// and a word that is no id are errors that say what is wrong.
func TestParseGeosets(t *testing.T) {
	cases := []struct {
		spec, err string
		want      []int
	}{
		{spec: "defaults", want: []int{0, 2, 401}},
		{spec: "all", want: []int{0, 2, 3, 401, 402}},
		{spec: "0, 3,402", want: []int{0, 3, 402}},
		{spec: "7", err: "geoset 7 is not in the model (it has 0, 2, 3, 401, 402)"},
		{spec: "hair", err: `"hair" is not a geoset id`},
		{spec: "70000", err: "is not a geoset id"},
	}
	for _, c := range cases {
		got, err := ParseGeosets(c.spec, testGroups)
		switch {
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%q: error %v, want %q", c.spec, err, c.err)
		case c.err == "" && (err != nil || !slices.Equal(ids(got), c.want)):
			t.Errorf("%q: got %v, %v; want %v", c.spec, ids(got), err, c.want)
		}
	}
}

// TestApplyGeosets hides the geosets of the groups that are not chosen and
// leaves meshes outside every group as they are.
func TestApplyGeosets(t *testing.T) {
	meshes := []Mesh{{Group: 0}, {Group: 2}, {Group: 3}, {Group: 401}, {Group: 402}, {Group: 900, Hidden: true}, {Group: 901}}
	ApplyGeosets(meshes, testGroups, GeosetSet{3: true, 402: true})
	var hidden []bool
	for _, m := range meshes {
		hidden = append(hidden, m.Hidden)
	}
	if want := []bool{true, true, false, true, false, true, false}; !slices.Equal(hidden, want) {
		t.Errorf("hidden %v, want %v", hidden, want)
	}
}
