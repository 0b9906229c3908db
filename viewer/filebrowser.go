package viewer

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// BrowserEntry is one line of the file browser.
type BrowserEntry struct {
	Name string
	Dir  bool
	Size int64
}

// FileBrowser is the File > Open dialog's state: a folder, its entries and the
// files picked (a scene may be several files).
type FileBrowser struct {
	Dir     string
	Entries []BrowserEntry
	Picked  []string // full paths, in pick order
	Err     string
	Hidden  bool // show dot files
	Path    string
}

// NewFileBrowser starts in dir (the working directory when "").
func NewFileBrowser(dir string) *FileBrowser {
	if dir == "" {
		dir, _ = os.Getwd()
	}
	b := &FileBrowser{}
	b.Chdir(dir)
	return b
}

// Chdir lists dir; on failure the browser stays where it was and shows the error.
func (b *FileBrowser) Chdir(dir string) {
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		b.Err = err.Error()
		return
	}
	b.Err = ""
	b.Dir = dir
	b.Path = dir
	b.Entries = b.Entries[:0]
	for _, e := range ents {
		if !b.Hidden && strings.HasPrefix(e.Name(), ".") {
			continue
		}
		be := BrowserEntry{Name: e.Name(), Dir: e.IsDir()}
		if info, err := e.Info(); err == nil {
			be.Size = info.Size()
			if info.Mode()&os.ModeSymlink != 0 {
				if st, err := os.Stat(filepath.Join(dir, e.Name())); err == nil {
					be.Dir = st.IsDir()
				}
			}
		}
		b.Entries = append(b.Entries, be)
	}
	sort.SliceStable(b.Entries, func(i, j int) bool {
		if b.Entries[i].Dir != b.Entries[j].Dir {
			return b.Entries[i].Dir
		}
		return strings.ToLower(b.Entries[i].Name) < strings.ToLower(b.Entries[j].Name)
	})
}

// Up goes to the parent folder.
func (b *FileBrowser) Up() { b.Chdir(filepath.Dir(b.Dir)) }

// Activate opens a folder entry or toggles a file in the pick list.
func (b *FileBrowser) Activate(e BrowserEntry) {
	p := filepath.Join(b.Dir, e.Name)
	if e.Dir {
		b.Chdir(p)
		return
	}
	b.Toggle(p)
}

// Toggle adds p to the picks, or removes it.
func (b *FileBrowser) Toggle(p string) {
	for i, q := range b.Picked {
		if q == p {
			b.Picked = append(b.Picked[:i], b.Picked[i+1:]...)
			return
		}
	}
	b.Picked = append(b.Picked, p)
}

// IsPicked says whether p is in the pick list.
func (b *FileBrowser) IsPicked(p string) bool {
	for _, q := range b.Picked {
		if q == p {
			return true
		}
	}
	return false
}
