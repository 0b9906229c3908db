package formats

import (
	"fmt"
	"testing"

	"animscope/anim"
)

func TestMatchNodes(t *testing.T) {
	asset := func(family string, fileIndex []int32, names ...string) *Asset {
		s := &anim.Skeleton{Names: names, Parents: make([]int32, len(names)), FileIndex: fileIndex}
		for i := range s.Parents {
			s.Parents[i] = -1
		}
		return &Asset{Family: family, Skeleton: s}
	}
	tests := []struct {
		name         string
		a, b         *Asset
		by           string
		pairs        string
		onlyA, onlyB string
	}{
		{"msh same count: by index", asset(FamilyMSH, nil, "a", "b", "c"), asset(FamilyMSH, nil, "x", "y", "z"),
			"index", "[[0 0] [1 1] [2 2]]", "[]", "[]"},
		{"msh other count: by name, any case", asset(FamilyMSH, nil, "a", "b", "c"), asset(FamilyMSH, nil, "B", "A"),
			"name", "[[0 1] [1 0]]", "[2]", "[]"},
		{"other family: by name", asset(FamilyM2, nil, "Root", "arm"), asset(FamilyM2, nil, "root", "leg", "ARM"),
			"name", "[[0 0] [1 2]]", "[]", "[1]"},
		// B's skeleton order is not its file order: the first node of a repeated name
		// is the first in the file (node 1, file index 0), and pairs follow A's file order.
		{"repeated names, file order", asset(FamilyM2, []int32{1, 0}, "x", "y"), asset(FamilyM2, []int32{1, 0}, "dup", "dup"),
			"name", "[]", "[1 0]", "[1 0]"},
		{"repeated names pair in file order", asset(FamilyM2, nil, "dup", "dup"), asset(FamilyM2, []int32{1, 0}, "dup", "dup"),
			"name", "[[0 1] [1 0]]", "[]", "[]"},
	}
	for _, tc := range tests {
		m := MatchNodes(tc.a, tc.b)
		got := fmt.Sprint(m.By, " ", m.Pairs, " ", m.OnlyA, " ", m.OnlyB)
		want := fmt.Sprint(tc.by, " ", tc.pairs, " ", tc.onlyA, " ", tc.onlyB)
		if got != want {
			t.Errorf("%s: got %s, want %s", tc.name, got, want)
		}
	}
}
