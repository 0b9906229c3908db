package mpq

import (
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"animscope/formats"
)

// LoadOrder sorts the MPQ archives of a game data folder in World of Warcraft's
// load order: base archives (common, expansion, lichking, the locale's) first,
// by name, the root folder's before a sub-folder's; then the patches
// (patch.MPQ, patch-2.MPQ, ..., then lettered patch-X archives), the root
// folder's before the locale's, each by number. Later archives override
// earlier ones.
func LoadOrder(files []formats.FolderArchive) {
	ranks := make([]archiveRank, len(files))
	for i, f := range files {
		ranks[i] = rankArchive(f.Path, f.Depth)
	}
	sort.Stable(byRank{files, ranks})
}

// byRank sorts archives and their ranks together.
type byRank struct {
	files []formats.FolderArchive
	ranks []archiveRank
}

func (b byRank) Len() int           { return len(b.files) }
func (b byRank) Less(i, j int) bool { return b.ranks[i].less(b.ranks[j]) }
func (b byRank) Swap(i, j int) {
	b.files[i], b.files[j] = b.files[j], b.files[i]
	b.ranks[i], b.ranks[j] = b.ranks[j], b.ranks[i]
}

type archiveRank struct {
	patch bool
	depth int
	num   int    // patch number (patch.MPQ is 1); letters rank after numbers
	name  string // lower-case base name
}

func rankArchive(p string, depth int) archiveRank {
	name := strings.ToLower(strings.TrimSuffix(filepath.Base(p), filepath.Ext(p)))
	r := archiveRank{depth: depth, name: name}
	if !strings.HasPrefix(name, "patch") {
		return r
	}
	r.patch = true
	r.num = 1
	// The suffix after the last '-' numbers the patch: patch-2, patch-enUS-3;
	// a letter (patch-A) ranks after every number, in alphabetical order.
	parts := strings.Split(name, "-")
	last := parts[len(parts)-1]
	if len(parts) > 1 {
		if n, err := strconv.Atoi(last); err == nil {
			r.num = n
		} else if len(last) == 1 && last[0] >= 'a' && last[0] <= 'z' {
			r.num = 1000 + int(last[0]-'a')
		}
	}
	return r
}

func (a archiveRank) less(b archiveRank) bool {
	if a.patch != b.patch {
		return !a.patch
	}
	if a.depth != b.depth {
		return a.depth < b.depth
	}
	if a.patch && a.num != b.num {
		return a.num < b.num
	}
	return a.name < b.name
}
