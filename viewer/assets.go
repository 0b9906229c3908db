package viewer

import (
	"fmt"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"animscope/formats"
	"animscope/formats/vfs"
)

// AssetBrowser is the state of the asset browser: a mounted folder, archive or
// game data folder, shown as a tree of folders or, while a search is typed, as a
// flat list of matches, filtered by family; the selected file is described
// (family, nodes, meshes, clips) without leaving the browser.
type AssetBrowser struct {
	Mount     *vfs.Mount
	MountPath string
	Err       string
	// Query is the flat search: a glob (* ? [..]) or a substring, any case.
	Query string
	// Family filters the list by the decoder that reads a file's extension
	// ("" shows everything, "models" every file some decoder reads).
	Family string
	// Rows is what the list shows now: the matches of Query, or the entries of
	// the folder Dir when Query is "".
	Rows []assetRow
	Dir  string
	// Selected is the selected file's path, and Info what it is.
	Selected string
	Info     string
	// Versions are the selected file's versions, one per archive that holds it,
	// in load order, the one the mount serves marked (see vfs.Mount.Versions):
	// more than one in a game data folder whose patches replace the file.
	Versions []vfs.Version
	// Recent lists recently mounted paths, newest first.
	Recent *recent

	families map[string]string // extension -> decoder name
	opts     formats.Options
}

// assetRow is one line of the list: a folder (Dir) or a file.
type assetRow struct {
	Name  string // the base name (a folder's ends in '/')
	Path  string // the path in the mount
	Dir   bool
	Size  int64
	Entry vfs.Entry
}

// NewAssetBrowser makes a browser whose recent mounts live at recentPath ("" to
// keep none).
func NewAssetBrowser(recentPath string, opts formats.Options) *AssetBrowser {
	b := &AssetBrowser{Recent: LoadRecent(recentPath), families: map[string]string{}, opts: opts}
	for _, d := range formats.Decoders() {
		for _, e := range d.Extensions {
			b.families[e] = d.Name
		}
	}
	return b
}

// DefaultRecentMountsPath is where the recent mounts live.
func DefaultRecentMountsPath() string {
	p := DefaultRecentPath()
	if p == "" {
		return ""
	}
	return filepath.Join(filepath.Dir(p), "recent-mounts.json")
}

// Open mounts p (replacing the current mount) and shows its root.
func (b *AssetBrowser) Open(p string) error {
	m, err := vfs.Open(p)
	if err != nil {
		b.Err = err.Error()
		return err
	}
	if b.Mount != nil {
		b.Mount.Close()
	}
	b.Mount, b.MountPath, b.Err = m, p, ""
	b.Dir, b.Query, b.Selected, b.Info, b.Versions = "", "", "", "", nil
	b.Recent.Add([]string{p})
	b.Refresh()
	return nil
}

// Close unmounts.
func (b *AssetBrowser) Close() {
	if b.Mount != nil {
		b.Mount.Close()
	}
	b.Mount, b.Rows, b.Versions = nil, nil, nil
}

// familyOf names the decoder that reads a path's extension ("" when none does).
func (b *AssetBrowser) familyOf(p string) string { return b.families[strings.ToLower(path.Ext(p))] }

// Families lists the filter's choices.
func (b *AssetBrowser) Families() []string {
	seen := map[string]bool{}
	out := []string{"", "models"}
	for _, f := range b.families {
		if !seen[f] {
			seen[f] = true
			out = append(out, f)
		}
	}
	sort.Strings(out[2:])
	return out
}

func (b *AssetBrowser) keep(p string) bool {
	switch b.Family {
	case "":
		return true
	case "models":
		return b.familyOf(p) != ""
	default:
		return b.familyOf(p) == b.Family
	}
}

// Refresh recomputes Rows from Query, Family and Dir.
func (b *AssetBrowser) Refresh() {
	b.Rows = b.Rows[:0]
	if b.Mount == nil {
		return
	}
	if b.Query != "" {
		ms, err := b.Mount.Match(b.Query)
		if err != nil {
			b.Err = err.Error()
			return
		}
		b.Err = ""
		for _, e := range ms {
			if b.keep(e.Path) {
				b.Rows = append(b.Rows, assetRow{Name: e.Path, Path: e.Path, Size: e.Size, Entry: e})
			}
		}
		return
	}
	prefix := ""
	if b.Dir != "" {
		prefix = strings.ToLower(b.Dir) + "/"
	}
	dirs := map[string]bool{}
	var files []assetRow
	for _, e := range b.Mount.Entries() {
		low := strings.ToLower(e.Path)
		if !strings.HasPrefix(low, prefix) {
			continue
		}
		rest := e.Path[len(prefix):]
		if i := strings.IndexByte(rest, '/'); i >= 0 {
			dirs[rest[:i]] = true
			continue
		}
		if b.keep(e.Path) {
			files = append(files, assetRow{Name: rest, Path: e.Path, Size: e.Size, Entry: e})
		}
	}
	var names []string
	for d := range dirs {
		names = append(names, d)
	}
	sort.Slice(names, func(i, j int) bool { return strings.ToLower(names[i]) < strings.ToLower(names[j]) })
	for _, d := range names {
		p := d
		if b.Dir != "" {
			p = b.Dir + "/" + d
		}
		b.Rows = append(b.Rows, assetRow{Name: d + "/", Path: p, Dir: true})
	}
	b.Rows = append(b.Rows, files...)
}

// SetQuery runs a flat search (or goes back to the folder view with "").
func (b *AssetBrowser) SetQuery(q string) {
	b.Query = q
	b.Refresh()
}

// Enter opens a folder row, or selects a file row.
func (b *AssetBrowser) Enter(r assetRow) {
	if r.Dir {
		b.Dir = r.Path
		b.Refresh()
		return
	}
	b.Select(r)
}

// Up goes to the parent folder.
func (b *AssetBrowser) Up() {
	if i := strings.LastIndexByte(b.Dir, '/'); i >= 0 {
		b.Dir = b.Dir[:i]
	} else {
		b.Dir = ""
	}
	b.Refresh()
}

// Select describes a file: its family, nodes, meshes and clips (decoded from
// the mount, companions from the same mount), or why it does not open.
func (b *AssetBrowser) Select(r assetRow) {
	b.Selected = r.Path
	b.Versions = b.Mount.Versions(r.Path)
	if b.familyOf(r.Path) == "" {
		b.Info = fmt.Sprintf("%s\n%d bytes (%d stored) in %s\nno decoder reads %q files", r.Path, r.Entry.Size, r.Entry.Packed,
			filepath.Base(r.Entry.Archive), path.Ext(r.Path))
		return
	}
	a, err := b.Mount.OpenModel(r.Entry, b.opts)
	if err != nil {
		b.Info = fmt.Sprintf("%s\ndoes not open: %v", r.Path, err)
		return
	}
	nodes := 0
	if a.Skeleton != nil {
		nodes = a.Skeleton.Len()
	}
	errs, warns := 0, 0
	for _, d := range formats.Verdict(&a.Asset) {
		if d.Severity == formats.Error {
			errs++
		} else {
			warns++
		}
	}
	b.Info = fmt.Sprintf("%s\n%s, %s, %s, %s\n%d bytes (%d stored) in %s\n%s, %s",
		r.Path, a.Family, Plural(nodes, "node", "nodes"), Plural(len(a.Meshes), "mesh", "meshes"), Plural(len(a.Clips), "clip", "clips"),
		r.Entry.Size, r.Entry.Packed, filepath.Base(r.Entry.Archive), Plural(errs, "error", "errors"), Plural(warns, "warning", "warnings"))
}

// OpenName is how a row is opened as a scene (ARCHIVE:MEMBER, or a path; in a
// game data folder FOLDER:MEMBER, the file the mount serves with its companions
// from every archive, not from the one archive alone).
func (b *AssetBrowser) OpenName(r assetRow) string {
	if len(b.Mount.Layers()) > 1 {
		return b.Mount.Name + ":" + r.Entry.Path
	}
	return b.Mount.MemberName(r.Entry)
}

// VersionName is how one version of the selected file opens as a scene:
// MOUNT:MEMBER@ARCHIVE (read as of that archive, see vfs.Mount.Version).
func (b *AssetBrowser) VersionName(v vfs.Version) string { return b.Mount.VersionName(v) }

// VersionLabel is a version's line in the list: its number in load order, its
// archive, its size, and whether it wins (or deletes the file).
func (b *AssetBrowser) VersionLabel(i int) string {
	v := b.Versions[i]
	mark := v.Mark()
	if mark != "" {
		mark = "  " + mark
	}
	return fmt.Sprintf("%d. %s  %d bytes%s", i+1, b.Mount.ArchiveLabel(v.Entry), v.Size, mark)
}

// SelectedRow finds the selected file among the rows.
func (b *AssetBrowser) SelectedRow() (assetRow, bool) {
	for _, r := range b.Rows {
		if r.Path == b.Selected && !r.Dir {
			return r, true
		}
	}
	if e, ok := b.Mount.Lookup(b.Selected); ok {
		return assetRow{Name: e.Path, Path: e.Path, Size: e.Size, Entry: e}, true
	}
	return assetRow{}, false
}
