// Package atomicfile replaces a file atomically: the bytes go to a temporary file
// in the same folder, which is synced and renamed over the target, so a reader sees
// either the old file or the complete new one. Every writer in animscope (encoders,
// export, render, the viewer's recent list) uses it.
package atomicfile

import (
	"os"
	"path/filepath"
)

// Write replaces path with data (mode 0644).
func Write(path string, data []byte) error {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".tmp*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp, 0o644)
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}
