package vfs

import "animscope/formats"

// An MPQ, SWG tree file or .toc named as "ARCHIVE:MEMBER" anywhere a file is named opens as a mount of
// that archive, so that the member's companions come from the same archive.
func init() {
	formats.RegisterTree(func(p string, _ []byte) (formats.Tree, func() error, bool, error) {
		// The file itself, not its first 4 KiB: an MPQ header may lie further.
		if !IsArchiveFile(p) {
			return nil, nil, false, nil
		}
		m, err := Open(p)
		if err != nil {
			return nil, nil, true, err
		}
		return m, m.Close, true, nil
	})
}
