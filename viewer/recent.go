package viewer

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"animscope/formats"
	"animscope/formats/atomicfile"
)

// maxRecent is how many recent scenes are kept.
const maxRecent = 12

// recent is the list of recently opened scenes, newest first, kept as JSON in the
// user's config directory (os.UserConfigDir()/animscope/recent.json).
type recent struct {
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
func LoadRecent(path string) *recent {
	r := &recent{Path: path}
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
			if len(it) > 0 && len(r.Items) < maxRecent {
				r.Items = append(r.Items, it)
			}
		}
	}
	return r
}

// Add puts files first (absolute paths), dropping an older copy, and saves.
func (r *recent) Add(files []string) {
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
		if !slices.Equal(it, abs) && len(out) < maxRecent {
			out = append(out, it)
		}
	}
	r.Items = out
	_ = r.Save()
}

// Folder is the folder of the newest recent scene that still exists (the open
// dialog starts there, so it remembers its place across runs), or "".
func (r *recent) Folder() string {
	if r == nil {
		return ""
	}
	for _, it := range r.Items {
		if len(it) == 0 {
			continue
		}
		if p, st := watched(formats.ParseName(it[0])); st != nil && !st.IsDir() {
			return filepath.Dir(p)
		}
	}
	return ""
}

// Save writes the list (atomically: a temporary file, then a rename).
func (r *recent) Save() error {
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
	_, st := watched(formats.ParseName(p))
	return st != nil
}

// recentFolderWidth is how many characters of a recent scene's folder its menu
// label shows before it is shortened from the left.
const recentFolderWidth = 40

// RecentLabels are the menu labels of the recent scenes: the files' names and
// their folder, "Frog.m2 — ~/models/creature", the folder shortened from the
// left ("…/models/creature") when long. Two scenes whose labels would be the
// same show more of their folders until they differ (or show them whole).
func RecentLabels(items [][]string, home string) []string {
	out := make([]string, len(items))
	width := make([]int, len(items))
	for i := range items {
		width[i] = recentFolderWidth
		out[i] = recentLabel(items[i], home, width[i])
	}
	for round := 0; round < 64; round++ {
		changed := false
		for i := range out {
			for j := i + 1; j < len(out); j++ {
				if out[i] != out[j] || slices.Equal(items[i], items[j]) {
					continue
				}
				for _, k := range []int{i, j} {
					if l := recentLabel(items[k], home, width[k]*2); l != out[k] {
						width[k] *= 2
						out[k] = l
						changed = true
					}
				}
			}
		}
		if !changed {
			break
		}
	}
	return out
}

// recentLabel is one scene's label with its folders shown in at most width
// characters each.
func recentLabel(files []string, home string, width int) string {
	var names, dirs []string
	for _, f := range files {
		dir, name := splitPath(f)
		names = append(names, name)
		d := shortenLeft(tildePath(dir, home), width)
		if d != "" && !slices.Contains(dirs, d) {
			dirs = append(dirs, d)
		}
	}
	label := strings.Join(names, " + ")
	if len(dirs) > 0 {
		label += " — " + strings.Join(dirs, ", ")
	}
	return label
}

// splitPath splits a path at its last separator, '/' or '\' (a member of an
// archive keeps the archive's separators: "a.mpq:creature\frog\Frog.m2").
func splitPath(p string) (dir, name string) {
	i := strings.LastIndexAny(p, `/\`)
	if i < 0 {
		return "", p
	}
	if i == 0 {
		return p[:1], p[1:]
	}
	return p[:i], p[i+1:]
}

// tildePath writes a path inside home as "~/…".
func tildePath(p, home string) string {
	if home == "" || home == "/" {
		return p
	}
	home = strings.TrimRight(home, `/`)
	if p == home {
		return "~"
	}
	if strings.HasPrefix(p, home+"/") {
		return "~" + p[len(home):]
	}
	return p
}

// shortenLeft keeps the last width characters of p, cut at a separator and
// marked "…/", so the folder nearest the file stays readable. A last part
// longer than width is kept whole.
func shortenLeft(p string, width int) string {
	r := []rune(p)
	if len(r) <= width {
		return p
	}
	tail := string(r[len(r)-width:])
	if i := strings.IndexAny(tail, `/\`); i >= 0 && i < len(tail)-1 {
		return "…" + tail[i:]
	}
	_, last := splitPath(p)
	return "…/" + last
}
