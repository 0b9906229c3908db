package formats

import (
	"fmt"
	"strings"

	"animscope/anim"
)

// ClipRenamer is implemented by clips that can be given another name (SWG .ans,
// VCA tracks: clips a file binds to the scene, named after that file or its
// track). Merge renames a bound clip whose name an earlier clip of the scene
// already has, so that every clip of a scene has a name of its own: the next
// free "NAME.N" (walk, walk.1, walk.2), the suffix M2 gives repeated variations.
type ClipRenamer interface {
	Renamed(name string) anim.Clip
}

// uniqueName returns c, or c renamed when an earlier clip has its name (in any
// case: --clip matches names in any case). A clip that cannot be renamed keeps
// its name, and Asset.Clip reports the name as ambiguous.
func uniqueName(earlier []anim.Clip, c anim.Clip) anim.Clip {
	r, ok := c.(ClipRenamer)
	if !ok {
		return c
	}
	taken := map[string]bool{}
	for _, e := range earlier {
		taken[strings.ToLower(e.Info().Name)] = true
	}
	name := c.Info().Name
	if !taken[strings.ToLower(name)] {
		return c
	}
	for n := 1; ; n++ {
		cand := fmt.Sprintf("%s.%d", name, n)
		if !taken[strings.ToLower(cand)] {
			return r.Renamed(cand)
		}
	}
}
