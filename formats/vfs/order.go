package vfs

import (
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// DataFolderArchives lists the archives of a game data folder: its MPQs (*.mpq
// files and those of its immediate sub-folders, such as WoW's Data/enUS) in the
// game's load order, or nothing when the folder holds none.
//
// The order follows World of Warcraft's: base archives (common, expansion,
// lichking, the locale's) first, by name, the root folder's before a
// sub-folder's; then the patches (patch.MPQ, patch-2.MPQ, ..., then lettered
// patch-X archives), the root folder's before the locale's, each by number.
// Later archives override earlier ones.
//
// A folder of SWG tree files (*.tre, and no MPQ) mounts them in name order, a
// later name overriding an earlier one (SWG's own order comes from the client's
// configuration, which animscope does not read).
func DataFolderArchives(dir string) ([]string, error) {
	mpqs, err := folderArchives(dir, ".mpq")
	if err != nil || len(mpqs) > 0 {
		return mpqs, err
	}
	tres, err := folderArchives(dir, ".tre")
	if err != nil {
		return nil, err
	}
	sort.Strings(tres)
	return tres, nil
}

func folderArchives(dir, ext string) ([]string, error) {
	var found []archiveRank
	add := func(d string, depth int) error {
		ents, err := os.ReadDir(d)
		if err != nil {
			return err
		}
		for _, e := range ents {
			if e.Type().IsRegular() && strings.EqualFold(filepath.Ext(e.Name()), ext) {
				found = append(found, rankArchive(filepath.Join(d, e.Name()), depth))
			}
		}
		return nil
	}
	if err := add(dir, 0); err != nil {
		return nil, err
	}
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if e.IsDir() {
			add(filepath.Join(dir, e.Name()), 1)
		}
	}
	sort.SliceStable(found, func(i, j int) bool { return found[i].less(found[j]) })
	out := make([]string, len(found))
	for i, f := range found {
		out[i] = f.path
	}
	return out, nil
}

type archiveRank struct {
	path  string
	patch bool
	depth int
	num   int    // patch number (patch.MPQ is 1); letters rank after numbers
	name  string // lower-case base name
}

func rankArchive(p string, depth int) archiveRank {
	name := strings.ToLower(strings.TrimSuffix(filepath.Base(p), filepath.Ext(p)))
	r := archiveRank{path: p, depth: depth, name: name}
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
