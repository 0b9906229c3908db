// Package atomicfile replaces a file atomically: the bytes go to a temporary file
// in the same folder, which is synced and renamed over the target, so a reader sees
// either the old file or the complete new one. Every writer in animscope (encoders,
// export, render, the viewer's recent list) uses it.
//
// Only regular files are replaced: an existing target that is anything else (a
// device such as /dev/full, a named pipe, a socket, a folder) is refused. An
// existing file keeps its permission bits; a new one gets 0644. A symbolic link is
// written through: the file it points to is replaced and the link stays a link.
package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// ErrNotRegular is wrapped by the error for a target that exists and is not a
// regular file.
var ErrNotRegular = errors.New("not a regular file")

// maxLinks bounds how many symbolic links Target follows (a loop ends there).
const maxLinks = 40

// Target is the file Write would replace for path: path itself, or the file at the
// end of its chain of symbolic links (which need not exist yet). exists says
// whether it exists; mode is its permission bits then. It fails with ErrNotRegular
// when the target exists and is not a regular file.
func Target(path string) (target string, mode fs.FileMode, exists bool, err error) {
	target = path
	for range maxLinks {
		st, err := os.Lstat(target)
		if errors.Is(err, fs.ErrNotExist) {
			return target, 0o644, false, nil
		}
		if err != nil {
			return "", 0, false, err
		}
		if st.Mode()&fs.ModeSymlink != 0 {
			link, err := os.Readlink(target)
			if err != nil {
				return "", 0, false, err
			}
			if !filepath.IsAbs(link) {
				link = filepath.Join(filepath.Dir(target), link)
			}
			target = link
			continue
		}
		if !st.Mode().IsRegular() {
			what := "is " + Describe(st.Mode())
			if target != path {
				what = fmt.Sprintf("points to %s, which is %s", target, Describe(st.Mode()))
			}
			return "", 0, false, fmt.Errorf("%s %s, %w: only regular files are written", path, what, ErrNotRegular)
		}
		return target, st.Mode().Perm(), true, nil
	}
	return "", 0, false, fmt.Errorf("%s: more than %d symbolic links (a loop?)", path, maxLinks)
}

// Describe names what a file that is not a regular file is ("a folder", "a
// named pipe", …), in the words every message of animscope uses, whether it
// refuses to write the file (here) or to read it (formats.ReadFile).
func Describe(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a folder"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	}
	return "a special file"
}

// Write replaces the regular file at path (or at the end of its symbolic links)
// with data, keeping an existing file's permission bits (0644 for a new file).
func Write(path string, data []byte) error {
	return WriteFunc(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// WriteFunc is Write for content that write streams into w (a large file need not be
// held in memory first); an error from write leaves path as it was.
func WriteFunc(path string, write func(w io.Writer) error) error {
	target, mode, _, err := Target(path)
	if err != nil {
		return err
	}
	dir, base := filepath.Split(target)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".tmp*")
	if err != nil {
		return userPath(path, err)
	}
	tmp := f.Name()
	err = write(f)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp, mode)
	}
	if err == nil {
		err = os.Rename(tmp, target)
	}
	if err != nil {
		os.Remove(tmp)
		return userPath(path, err)
	}
	return nil
}

// userPath reports err as about path, the name the caller gave: the temporary
// file's name means nothing to a user ("open dir/.x.glb.tmp2636893740: no such
// file or directory" becomes "write dir/x.glb: no such file or directory").
func userPath(path string, err error) error {
	var pe *fs.PathError
	var le *os.LinkError
	switch {
	case errors.As(err, &pe):
		err = pe.Err
	case errors.As(err, &le):
		err = le.Err
	}
	return &fs.PathError{Op: "write", Path: path, Err: err}
}
