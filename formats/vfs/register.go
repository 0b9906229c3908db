package vfs

import (
	"os"

	"animscope/formats"
)

// An MPQ, SWG tree file or .toc named as "ARCHIVE:MEMBER" anywhere a file is named opens as a mount of
// that archive, so that the member's companions come from the same archive; a
// game data folder named as "FOLDER:MEMBER" opens as the mount of its archives
// in load order (and "FOLDER:MEMBER@ARCHIVE" names one archive's version, see
// Mount.Version).
func init() {
	formats.RegisterTree(func(p string, _ []byte) (formats.Tree, func() error, bool, error) {
		if st, err := os.Stat(p); err == nil && st.IsDir() {
			if archives, err := DataFolderArchives(p); err != nil || len(archives) == 0 {
				return nil, nil, false, nil
			}
		} else if !IsArchiveFile(p) { // the file itself, not its first 4 KiB: an MPQ header may lie further
			return nil, nil, false, nil
		}
		m, err := Open(p)
		if err != nil {
			return nil, nil, true, err
		}
		return m, m.Close, true, nil
	})
}
