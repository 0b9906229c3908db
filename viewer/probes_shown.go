package viewer

// Probes (which keys every node used) cost time at every frame, most with many
// nodes; only some panels display them. The window tells the state each frame,
// through ShowProbes, whether one of those is visible, and Evaluate records
// probes only then. A state no window drives (render, thumbnails, tests that
// never call ShowProbes) keeps recording them, as before.

// probeNeed is what the window last said: unknown (record), off or on.
type probeNeed uint8

const (
	probesUnknown probeNeed = iota
	probesOff
	probesOn
)

// PanelShowsProbes says whether panel id displays probes: the key table, the dope
// sheet (the key pair in use, the branch of each cell), the compare table and the
// fallback map. The inspector shows the selected node's probe, so it needs them
// only while a node is selected: the UI asks ShowsProbes of it with that in mind.
func PanelShowsProbes(id string) bool {
	switch id {
	case PanelKeys, PanelDopeSheet, PanelCompare, PanelFallbackMap:
		return true
	}
	return false
}

// ShowProbes says whether a panel visible this frame displays probes; the next
// Evaluate records them only when one does.
func (s *State) ShowProbes(shown bool) {
	if shown {
		s.probes = probesOn
	} else {
		s.probes = probesOff
	}
}

// WantsProbes says whether Evaluate records probes.
func (s *State) WantsProbes() bool { return s.probes != probesOff }
