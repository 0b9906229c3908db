// Package all registers every decoder with formats.Open, and every other kind a
// family registers (data and texture kinds, source kinds, texture slot names,
// character customisers); import it for effect.
package all

import (
	_ "animscope/formats/dbc"     // World of Warcraft client databases (data)
	_ "animscope/formats/m2"      // World of Warcraft M2
	_ "animscope/formats/mif"     // SWG MIF sources, compiled to IFF
	_ "animscope/formats/msh"     // Parkan MSH in NRes archives
	_ "animscope/formats/swg"     // Star Wars Galaxies IFF
	_ "animscope/formats/texture" // textures: BLP, DDS, Texm, PNG, JPEG
	_ "animscope/formats/vca"     // VoxelCore
	_ "animscope/formats/vfs"     // MPQ archives as ARCHIVE:MEMBER

	// World of Warcraft characters dressed by the game's tables (a customiser).
	_ "animscope/formats/wowchar"
)
