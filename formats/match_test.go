package formats

import (
	"fmt"
	"testing"

	"animscope/anim"
)

// indexed is a test family whose decoder declares MatchByIndex (as MSH's does).
const indexed = "indexed-test"

func init() { Register(Decoder{Name: indexed, Traits: Traits{MatchByIndex: true}}) }

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
		{"match-by-index family, same count: by index", asset(indexed, nil, "a", "b", "c"), asset(indexed, nil, "x", "y", "z"),
			"index", "[[0 0] [1 1] [2 2]]", "[]", "[]"},
		{"match-by-index family, other count: by name, any case", asset(indexed, nil, "a", "b", "c"), asset(indexed, nil, "B", "A"),
			"name", "[[0 1] [1 0]]", "[2]", "[]"},
		{"match-by-index against another family: by name", asset(indexed, nil, "a", "b"), asset(FamilyM2, nil, "B", "A"),
			"name", "[[0 1] [1 0]]", "[]", "[]"},
		{"family without the trait, same count: by name", asset(FamilyM2, nil, "a", "b"), asset(FamilyM2, nil, "b", "c"),
			"name", "[[1 0]]", "[0]", "[1]"},
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
