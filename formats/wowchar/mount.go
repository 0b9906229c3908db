package wowchar

import (
	"os"
	"path/filepath"
	"strings"

	"animscope/formats"
	"animscope/formats/vfs"
)

// mountOf mounts what a character model at name was opened from: the game
// data folder (or archive) of an ARCHIVE:MEMBER, or the folder above
// Character\ for a file on disk. ok is false when name is no character path.
func mountOf(name string) (m *vfs.Mount, ok bool) {
	if _, _, ok = ModelIdentity(name); !ok {
		return nil, false
	}
	var err error
	if arch := formats.ArchiveOf(name); arch != "" {
		set := []string{arch}
		if all, _ := vfs.DataFolderArchives(filepath.Dir(arch)); containsPath(all, arch) {
			set = all // the archive's data folder, in the game's order
		}
		m, err = vfs.OpenSet(set)
	} else {
		// .../<root>/Character/<Race>/<Sex>/<file>: the root is mounted only
		// when it is a game data folder or holds DBFilesClient (a model in any
		// other Character folder does not index the folders around it).
		root := filepath.Dir(filepath.Dir(filepath.Dir(filepath.Dir(name))))
		if archives, _ := vfs.DataFolderArchives(root); len(archives) == 0 && !hasEntry(root, "DBFilesClient") {
			return nil, false
		}
		m, err = vfs.Open(root)
	}
	if err != nil {
		return nil, false
	}
	return m, true
}

// hasEntry says whether folder dir holds an entry called name (any case).
func hasEntry(dir, name string) bool {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return false
	}
	for _, e := range entries {
		if strings.EqualFold(e.Name(), name) {
			return true
		}
	}
	return false
}

func containsPath(list []string, p string) bool {
	abs, _ := filepath.Abs(p)
	for _, q := range list {
		if qa, _ := filepath.Abs(q); qa == abs {
			return true
		}
	}
	return false
}
