package viewer

// Tooltip texts of the controls whose meaning is not on their face. The GUI shows
// them on hover; the readings' own tooltips are their declared help
// (formats.Reading.Help), so that the window and `--help` say the same thing.
const (
	// HelpMapped and HelpFallback explain the branch column (MSH: the branch the
	// engine took to choose the node's key for the frame).
	HelpMapped = "mapped: the frame index is inside the clip and the node's frame map\n" +
		"names a key below its fallback key; the pose interpolates that key\n" +
		"and the next one (MSH)."
	HelpFallback = "fallback: the frame index is outside the clip (t < 0 or past the\n" +
		"last frame), the node has no frame map, or its map names the fallback\n" +
		"key; the pose is that fallback key exactly, no interpolation (MSH)."
	// HelpKeyNotation explains the key table's k0 / k1 / alpha cells.
	HelpKeyNotation = "k0, k1: the two keys the channel interpolates between (indices into\n" +
		"the channel's keys); alpha: the weight of k1 (0 = exactly k0).\n" +
		"k1 = -1: the result is exactly key k0. \"t 15 (+2)\": channel t's k0,\n" +
		"and 2 more channels; hover the cell for every channel."
	// HelpBlendSync explains the blend's two ways of timing clip B.
	HelpBlendSync = "synced: B's time follows A's, scaled to B's duration (A at 25% of\n" +
		"its clip puts B at 25% of its own). free: B has its own time (t B)."
	// HelpBlendWeight explains the weight slider.
	HelpBlendWeight = "0 is clip A alone, 1 is clip B alone; in between, each node's\n" +
		"translation and scale mix linearly and rotations by the shortest arc."
	// HelpRest explains the rest-pose toggle.
	HelpRest = "Show the rest pose (B): the bind pose where the skeleton defines one,\n" +
		"otherwise the clip's first frame."
)
