package viewer

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"animscope/formats"
)

// browserEntry is one line of the file browser.
type browserEntry struct {
	Name string
	Dir  bool
	Size int64
}

// FileBrowser is the File > Open dialog's state: a folder, its entries and the
// files picked (a scene may be several files).
type FileBrowser struct {
	Dir     string
	Entries []browserEntry
	Picked  []string // full paths, in pick order
	Err     string
	Hidden  bool // show dot files
	Path    string
	// All lists every file; otherwise only folders and files of a supported type
	// (supportedExtensions).
	All bool
	// Cursor is the highlighted entry (the arrow keys move it, Enter opens it), or −1.
	Cursor int
}

// NewFileBrowser starts in dir (the working directory when "" or unreadable).
func NewFileBrowser(dir string) *FileBrowser {
	b := &FileBrowser{Cursor: -1}
	if dir != "" {
		b.Chdir(dir)
	}
	if b.Dir == "" {
		wd, _ := os.Getwd()
		b.Err = ""
		b.Chdir(wd)
	}
	return b
}

// supportedExtensions are the file name extensions (lower case, with the dot) of
// the registered decoders, sorted: what the dialog's type filter shows.
func supportedExtensions() []string {
	var out []string
	for _, d := range formats.Decoders() {
		for _, e := range d.Extensions {
			if !containsString(out, e) {
				out = append(out, e)
			}
		}
	}
	sort.Strings(out)
	return out
}

func containsString(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// FilterLabel is the type filter's label: "Supported (.ans .lmg …)".
func FilterLabel() string {
	return "Supported types (" + strings.Join(supportedExtensions(), " ") + ")"
}

// supported says whether name has an extension a decoder reads.
func supported(name string, exts []string) bool {
	return containsString(exts, strings.ToLower(filepath.Ext(name)))
}

// SetAll switches the type filter (all files, or supported types only) and lists
// the folder again.
func (b *FileBrowser) SetAll(all bool) {
	b.All = all
	b.Chdir(b.Dir)
}

// HumanSize is a file size for the dialog's size column: "512 B", "1.5 KiB",
// "23.0 MiB".
func HumanSize(n int64) string {
	if n < 1024 {
		return fmt.Sprintf("%d B", n)
	}
	units := []string{"KiB", "MiB", "GiB", "TiB"}
	v := float64(n) / 1024
	i := 0
	for v >= 1024 && i < len(units)-1 {
		v /= 1024
		i++
	}
	return fmt.Sprintf("%.1f %s", v, units[i])
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
	if dir != b.Dir {
		b.Cursor = -1
	}
	b.Dir = dir
	b.Path = dir
	b.Entries = b.Entries[:0]
	var exts []string
	if !b.All {
		exts = supportedExtensions()
	}
	for _, e := range ents {
		if !b.Hidden && strings.HasPrefix(e.Name(), ".") {
			continue
		}
		be := browserEntry{Name: e.Name(), Dir: e.IsDir()}
		if info, err := e.Info(); err == nil {
			be.Size = info.Size()
			if info.Mode()&os.ModeSymlink != 0 {
				if st, err := os.Stat(filepath.Join(dir, e.Name())); err == nil {
					be.Dir = st.IsDir()
				}
			}
		}
		if !be.Dir && !b.All && !supported(be.Name, exts) {
			continue
		}
		b.Entries = append(b.Entries, be)
	}
	if b.Cursor >= len(b.Entries) {
		b.Cursor = len(b.Entries) - 1
	}
	sort.SliceStable(b.Entries, func(i, j int) bool {
		if b.Entries[i].Dir != b.Entries[j].Dir {
			return b.Entries[i].Dir
		}
		return strings.ToLower(b.Entries[i].Name) < strings.ToLower(b.Entries[j].Name)
	})
}

// GoTo follows a path typed in the dialog's path field: a folder is listed, a
// file opens (it is picked, in its folder, and the action is BrowserOpen), and
// a path that is neither says so in Err ("PATH: no such file or folder") and
// leaves the listing where it was, with the typed path in the field.
func (b *FileBrowser) GoTo(p string) browserAction {
	p = strings.TrimSpace(p)
	if p == "" {
		b.Path = b.Dir
		return BrowserStay
	}
	if strings.HasPrefix(p, "~/") {
		if home, err := os.UserHomeDir(); err == nil {
			p = filepath.Join(home, p[2:])
		}
	}
	st, err := os.Stat(p)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		b.Err = p + ": no such file or folder"
		return BrowserStay
	case err != nil:
		b.Err = err.Error()
		return BrowserStay
	case st.IsDir():
		b.Chdir(p)
		return BrowserStay
	}
	if abs, err := filepath.Abs(p); err == nil {
		p = abs
	}
	b.Chdir(filepath.Dir(p))
	if !b.IsPicked(p) {
		b.Picked = append(b.Picked, p)
	}
	return BrowserOpen
}

// Up goes to the parent folder.
func (b *FileBrowser) Up() { b.Chdir(filepath.Dir(b.Dir)) }

// activate opens a folder entry or toggles a file in the pick list.
func (b *FileBrowser) activate(e browserEntry) {
	p := filepath.Join(b.Dir, e.Name)
	if e.Dir {
		b.Chdir(p)
		return
	}
	b.toggle(p)
}

// toggle adds p to the picks, or removes it.
func (b *FileBrowser) toggle(p string) {
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

// BrowserKey is a key the open dialog answers.
type BrowserKey int

// The open dialog's keys.
const (
	BrowserEnter     BrowserKey = iota // open the picks, or the entry under the cursor
	BrowserEscape                      // close the dialog
	BrowserUp                          // cursor up
	BrowserDown                        // cursor down
	BrowserBackspace                   // the parent folder
)

// browserAction is what the dialog must do after a key or a click.
type browserAction int

// The dialog's actions.
const (
	BrowserStay  browserAction = iota // keep the dialog open
	BrowserOpen                       // open TakePicks() and close
	BrowserClose                      // close without opening
)

// Key answers a key: Enter opens the picked files (or the file under the cursor
// when none is picked, or enters the folder under it), Escape closes, the arrows
// move the cursor, Backspace goes up.
func (b *FileBrowser) Key(k BrowserKey) browserAction {
	switch k {
	case BrowserEscape:
		return BrowserClose
	case BrowserUp:
		if len(b.Entries) > 0 {
			b.Cursor = max(0, b.Cursor-1)
		}
	case BrowserDown:
		if len(b.Entries) > 0 {
			b.Cursor = min(len(b.Entries)-1, b.Cursor+1)
		}
	case BrowserBackspace:
		b.Up()
	case BrowserEnter:
		if len(b.Picked) > 0 {
			return BrowserOpen
		}
		if b.Cursor >= 0 && b.Cursor < len(b.Entries) {
			e := b.Entries[b.Cursor]
			if e.Dir {
				b.Chdir(filepath.Join(b.Dir, e.Name))
				return BrowserStay
			}
			b.Picked = append(b.Picked, filepath.Join(b.Dir, e.Name))
			return BrowserOpen
		}
	}
	return BrowserStay
}

// Click answers a click on entry i: a click puts the cursor on it and picks or
// unpicks a file (a scene may be several files); a double click enters a folder,
// or opens the picks with the file among them (its first click already picked it:
// the second never unpicks it). A single click does not enter a folder, so that
// the second click of a double click never lands in the new listing.
func (b *FileBrowser) Click(i int, double bool) browserAction {
	if i < 0 || i >= len(b.Entries) {
		return BrowserStay
	}
	e := b.Entries[i]
	b.Cursor = i
	if e.Dir {
		if double {
			b.Chdir(filepath.Join(b.Dir, e.Name))
		}
		return BrowserStay
	}
	p := filepath.Join(b.Dir, e.Name)
	if double {
		if !b.IsPicked(p) {
			b.Picked = append(b.Picked, p)
		}
		return BrowserOpen
	}
	b.toggle(p)
	return BrowserStay
}

// TakePicks returns the picked files and clears the picks.
func (b *FileBrowser) TakePicks() []string {
	files := append([]string(nil), b.Picked...)
	b.Picked = b.Picked[:0]
	return files
}
