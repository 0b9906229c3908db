package formats

import "strings"

// NodeMatch pairs the nodes of two scenes for comparison (`diff`, the viewer's
// compare mode): by index when both are of one family whose Traits say MatchByIndex
// (MSH) and have the same node count, otherwise by case-insensitive name, the first
// unused node of that name in B's file order.
type NodeMatch struct {
	By    string     // "index" or "name"
	Pairs [][2]int32 // (skeleton node in A, skeleton node in B), in A's file order
	OnlyA []int32    // A's nodes without a partner, in file order
	OnlyB []int32
}

// MatchNodes matches the nodes of a and b.
func MatchNodes(a, b *Asset) *NodeMatch {
	sa, sb := a.Skeleton, b.Skeleton
	oa, ob := sa.FileOrder(), sb.FileOrder()
	m := &NodeMatch{OnlyA: []int32{}, OnlyB: []int32{}}
	if a.Family == b.Family && TraitsOf(a.Family).MatchByIndex && sa.Len() == sb.Len() {
		m.By = "index"
		for _, i := range oa {
			m.Pairs = append(m.Pairs, [2]int32{int32(i), int32(i)})
		}
		return m
	}
	m.By = "name"
	byName := map[string][]int{}
	for _, j := range ob {
		k := strings.ToLower(sb.Names[j])
		byName[k] = append(byName[k], j)
	}
	used := make([]bool, sb.Len())
	for _, i := range oa {
		k := strings.ToLower(sa.Names[i])
		cands := byName[k]
		if len(cands) == 0 {
			m.OnlyA = append(m.OnlyA, int32(i))
			continue
		}
		byName[k] = cands[1:]
		used[cands[0]] = true
		m.Pairs = append(m.Pairs, [2]int32{int32(i), int32(cands[0])})
	}
	for _, j := range ob {
		if !used[j] {
			m.OnlyB = append(m.OnlyB, int32(j))
		}
	}
	return m
}
