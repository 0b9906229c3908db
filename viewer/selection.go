package viewer

// MatchedA maps a node of scene B back to scene A, or −1.
func (s *State) MatchedA(j int) int {
	if s.Match == nil {
		return -1
	}
	for _, p := range s.Match.Pairs {
		if int(p[1]) == j {
			return int(p[0])
		}
	}
	return -1
}

// MatchedB maps a node of scene A to its match in scene B, or −1.
func (s *State) MatchedB(i int) int {
	if s.Match == nil || i < 0 {
		return -1
	}
	for _, p := range s.Match.Pairs {
		if int(p[0]) == i {
			return int(p[1])
		}
	}
	return -1
}
