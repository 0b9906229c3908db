package vfs

import (
	"io"
	"io/fs"
	"path/filepath"

	"animscope/formats"
)

// folder is a folder of files on disk as a formats.ArchiveReader: its regular
// files (unreadable folders and anything else are left out), found when it is
// opened, named by their '/'-separated paths from the folder as they are
// spelled, each referred to by its index. A file is read as the disk file it
// is, through the reference rules (a symbolic link out of the folder is
// refused) and ReadFile's cap.
type folder struct {
	root  string
	files []folderFile
}

type folderFile struct {
	path string
	size int64
}

func openFolder(root string) (formats.ArchiveReader, error) {
	f := &folder{root: root}
	filepath.WalkDir(root, func(fp string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return nil
		}
		rel, err := filepath.Rel(root, fp)
		if err != nil {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return nil
		}
		f.files = append(f.files, folderFile{path: filepath.ToSlash(rel), size: info.Size()})
		return nil
	})
	return f, nil
}

func (f *folder) Len() int { return len(f.files) }

func (f *folder) Member(i int) formats.ArchiveMember {
	x := f.files[i]
	return formats.ArchiveMember{Name: x.path, Size: x.size, Packed: x.size, Named: true, Ref: i}
}

// disk is the member's path on disk, resolved inside the folder.
func (f *folder) disk(m formats.ArchiveMember) (string, error) {
	return formats.ResolveRef(filepath.Join(f.root, "."), f.files[m.Ref].path, f.root)
}

func (f *folder) ReadMember(m formats.ArchiveMember, _ int64) ([]byte, error) {
	p, err := f.disk(m)
	if err != nil {
		return nil, err
	}
	return formats.ReadFile(p)
}

func (f *folder) WriteMember(w io.Writer, m formats.ArchiveMember, _ int64) (int64, error) {
	p, err := f.disk(m)
	if err != nil {
		return 0, err
	}
	r, size, err := formats.OpenRegular(p)
	if err != nil {
		return 0, err
	}
	defer r.Close()
	return io.Copy(w, io.NewSectionReader(r, 0, size))
}

func (f *folder) Close() error { return nil }

// FileName is the file's path on disk.
func (f *folder) FileName(m formats.ArchiveMember) string {
	return filepath.Join(f.root, filepath.FromSlash(f.files[m.Ref].path))
}
