package viewer

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"

	"animscope/formats"
	"animscope/formats/atomicfile"
)

// MaxRecent is how many recent scenes are kept.
const MaxRecent = 12

// Recent is the list of recently opened scenes, newest first, kept as JSON in the
// user's config directory (os.UserConfigDir()/animscope/recent.json).
type Recent struct {
	Path  string
	Items [][]string
}

// DefaultRecentPath is where the recent list lives, or "" when the system has no
// config directory.
func DefaultRecentPath() string {
	dir, err := os.UserConfigDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "animscope", "recent.json")
}

// LoadRecent reads the list at path; a missing or unreadable file gives an empty
// list.
func LoadRecent(path string) *Recent {
	r := &Recent{Path: path}
	if path == "" {
		return r
	}
	data, err := formats.ReadFile(path) // a regular file only: a pipe would block the viewer
	if err != nil {
		return r
	}
	var items [][]string
	if json.Unmarshal(data, &items) == nil {
		for _, it := range items {
			if len(it) > 0 && len(r.Items) < MaxRecent {
				r.Items = append(r.Items, it)
			}
		}
	}
	return r
}

// Add puts files first (absolute paths), dropping an older copy, and saves.
func (r *Recent) Add(files []string) {
	abs := make([]string, len(files))
	for i, f := range files {
		if a, err := filepath.Abs(f); err == nil && fileExists(f) {
			abs[i] = a
		} else {
			abs[i] = f
		}
	}
	out := [][]string{abs}
	for _, it := range r.Items {
		if !slices.Equal(it, abs) && len(out) < MaxRecent {
			out = append(out, it)
		}
	}
	r.Items = out
	_ = r.Save()
}

// Folder is the folder of the newest recent scene that still exists (the open
// dialog starts there, so it remembers its place across runs), or "".
func (r *Recent) Folder() string {
	if r == nil {
		return ""
	}
	for _, it := range r.Items {
		if len(it) == 0 {
			continue
		}
		if st, err := os.Stat(StatPath(it[0])); err == nil && !st.IsDir() {
			return filepath.Dir(StatPath(it[0]))
		}
	}
	return ""
}

// Save writes the list (atomically: a temporary file, then a rename).
func (r *Recent) Save() error {
	if r.Path == "" {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(r.Path), 0o755); err != nil {
		return err
	}
	data, err := json.MarshalIndent(r.Items, "", "  ")
	if err != nil {
		return err
	}
	return atomicfile.Write(r.Path, data)
}

func fileExists(p string) bool {
	_, err := os.Stat(StatPath(p))
	return err == nil
}
