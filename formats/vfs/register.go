package vfs

import (
	"animscope/formats"

	// The standard archive kinds, each registered from its own package.
	_ "animscope/formats/mpq"
	_ "animscope/formats/nres"
	_ "animscope/formats/tre"
)

// An archive of a registered kind named as "ARCHIVE:MEMBER" anywhere a file is
// named opens as a mount of that archive, so that the member's companions come
// from the same archive; a game data folder named as "FOLDER:MEMBER" opens as
// the mount of its archives in load order (and "FOLDER:MEMBER@ARCHIVE" names one
// archive's version, see Mount.Version). A folder is a kind too (folder.go).
func init() {
	formats.RegisterMounter(func(p string) (formats.Tree, func() error, error) {
		m, err := Open(p)
		if err != nil {
			return nil, nil, err
		}
		return m, m.Close, nil
	})
	formats.RegisterArchive(formats.ArchiveKind{
		Name:      KindFolder,
		Open:      openFolder,
		Folder:    true,
		Uncounted: true,
	})
}

// DataFolderArchives lists the archives of a game data folder: the files of
// the first archive kind that has any there (its own or in one level of
// sub-folders, such as WoW's Data/enUS), in that kind's load order
// (formats.DataFolderArchives), or nothing when the folder holds none. MPQs
// come first, in World of Warcraft's order (mpq.LoadOrder): base archives,
// then the patches; later archives override earlier ones. A folder of SWG tree
// files (*.tre, and no MPQ) mounts them in name order, a later name overriding
// an earlier one (SWG's own order comes from the client's configuration, which
// animscope does not read).
func DataFolderArchives(dir string) ([]string, error) { return formats.DataFolderArchives(dir) }
