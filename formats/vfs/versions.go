package vfs

import (
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
	"sync"

	"animscope/formats"
)

// Versions of a file: in a mount of several archives (a game data folder and
// its patches, a folder of tree files) more than one archive may hold a file of
// the same path. The mount serves the last one in load order (it "wins"); the
// others are still there, and Versions lists them all.
//
// One version is named anywhere a FILE is named as MOUNT:MEMBER@ARCHIVE, where
// ARCHIVE is one of the mount's archives: its path as the mount lists it
// (Layers), its path from the mount's folder ("enUS/patch-enUS.MPQ") or its file
// name ("patch-2.MPQ"), any case. The suffix selects a version only when it names
// an archive of the mount and the mount holds no file called MEMBER@ARCHIVE
// itself, so a member whose own name has an '@' keeps its name. The version is
// read as the game would have read it with that archive loaded last: its
// companions (an M2's .skin) and references come from the mount as it stood
// then (that archive and the ones before it).

// Version is one archive's copy of a file.
type Version struct {
	// Entry is the copy, as Read and OpenModel take it; Entry.Archive names the
	// archive. A deletion marker's Size and Packed are 0.
	Entry
	// Wins is set on the copy the mount serves.
	Wins bool
	// Deleted marks an MPQ deletion marker: from this archive on the file is
	// gone, until a later archive adds it again.
	Deleted bool
}

// Mark says what the version does in the mount, as the listings show it
// beside the copy: "wins", "deletes it", or "" for a copy a later one hides.
func (v Version) Mark() string {
	switch {
	case v.Wins:
		return "wins"
	case v.Deleted:
		return "deletes it"
	}
	return ""
}

// versionIndex finds a path in one layer of a mount: through the layer's own
// lookup where it has one (an MPQ's hash table), through a map of its listed
// names built on first use otherwise, and for the members such a layer lists
// under names its lookup does not know (an MPQ member no listfile names,
// listed as FileNNNNNNNN.xxx), through a map of those.
type versionIndex struct {
	once    sync.Once
	byLayer []map[string]int // lower-case path -> member index; nil for folders
}

func (m *Mount) layerMaps() []map[string]int {
	m.vers.once.Do(func() {
		maps := make([]map[string]int, len(m.layers))
		for li, l := range m.layers {
			if l.kind.Folder {
				continue
			}
			_, finds := l.a.(formats.ArchiveFinder)
			mp := map[string]int{}
			for i, n := 0, l.a.Len(); i < n; i++ {
				mem := l.a.Member(i)
				if finds && mem.Named {
					continue // found by its name through the layer's lookup
				}
				k := key(mem.Name)
				if _, ok := mp[k]; ok && l.kind.FirstWins {
					continue
				}
				mp[k] = i // otherwise a later entry of one name wins, as in build
			}
			maps[li] = mp
		}
		m.vers.byLayer = maps
	})
	return m.vers.byLayer
}

// inLayer finds name in layer li: the entry, whether it is a deletion marker,
// and whether the layer holds the name at all.
func (m *Mount) inLayer(li int, name string) (e Entry, deleted, ok bool) {
	l := m.layers[li]
	p := formats.CleanTreePath(name)
	var mem formats.ArchiveMember
	if l.kind.Folder {
		e, ok := m.Lookup(name)
		return e, false, ok && int(e.layer) == li
	}
	f, finds := l.a.(formats.ArchiveFinder)
	if finds {
		mem, ok = f.Find(p)
	}
	if !ok {
		i, listed := m.layerMaps()[li][key(name)]
		if !listed {
			return Entry{}, false, false
		}
		mem = l.a.Member(i)
	}
	if mem.Name != "" {
		p = formats.CleanTreePath(mem.Name) // as the archive (its listfile) spells it
	}
	e = Entry{Path: p, Size: mem.Size, Packed: mem.Packed, Archive: l.name, Named: mem.Named, layer: int32(li), ref: mem.Ref}
	if mem.Deleted {
		e.Size, e.Packed = 0, 0
		return e, true, true
	}
	return e, false, true
}

// Versions lists every archive of the mount that holds a file called name (any
// case, '/' or '\'), in load order, the one the mount serves marked Wins (none
// when a deletion marker has the last word). A file of a mount of one archive or
// folder has one version.
func (m *Mount) Versions(name string) []Version {
	win, found := m.Lookup(name)
	var out []Version
	for li := range m.layers {
		e, deleted, ok := m.inLayer(li, name)
		if !ok {
			continue
		}
		if m.layers[li].kind.Folder {
			e = win // the exact case twin Lookup found
		}
		out = append(out, Version{Entry: e, Deleted: deleted, Wins: found && !deleted && int(win.layer) == li})
	}
	return out
}

// ArchiveLabel is the shortest name of the archive a version comes from that
// MOUNT:MEMBER@ARCHIVE accepts: its file name, or its path from the mount's
// folder when two archives share a file name, or its path.
func (m *Mount) ArchiveLabel(e Entry) string {
	l := m.layers[e.layer]
	base := filepath.Base(l.name)
	n := 0
	for _, o := range m.layers {
		if strings.EqualFold(filepath.Base(o.name), base) {
			n++
		}
	}
	if n == 1 {
		return base
	}
	if rel, err := filepath.Rel(m.Name, l.name); err == nil && !strings.HasPrefix(rel, "..") {
		return filepath.ToSlash(rel)
	}
	return l.name
}

// VersionName is how one version is named as a FILE: MOUNT:PATH@ARCHIVE.
func (m *Mount) VersionName(v Version) string {
	return m.Name + ":" + v.Path + "@" + m.ArchiveLabel(v.Entry)
}

// layerNamed finds the archive a version suffix names (see the package's
// Versions notes): -1 when none, and an error when a file name is two
// archives'.
func (m *Mount) layerNamed(s string) (int, error) {
	if s == "" {
		return -1, nil
	}
	for li, l := range m.layers {
		if !l.kind.Folder && (l.name == s || strings.EqualFold(filepath.ToSlash(l.name), filepath.ToSlash(s))) {
			return li, nil
		}
	}
	for li, l := range m.layers {
		if rel, err := filepath.Rel(m.Name, l.name); err == nil && !l.kind.Folder && strings.EqualFold(filepath.ToSlash(rel), filepath.ToSlash(s)) {
			return li, nil
		}
	}
	hit := -1
	var paths []string
	for li, l := range m.layers {
		if !l.kind.Folder && strings.EqualFold(filepath.Base(l.name), s) {
			hit = li
			paths = append(paths, l.name)
		}
	}
	if len(paths) > 1 {
		return -1, fmt.Errorf("%q is the name of %d archives of %s (%s): name one by its path", s, len(paths), m.Name, strings.Join(paths, ", "))
	}
	return hit, nil
}

// Version resolves a member name that ends in "@ARCHIVE" naming an archive of
// the mount (formats.VersionedTree): the mount as it stood with that archive
// loaded last, and the member's path. ok is false for any other name (one
// without such a suffix, or a file the mount holds by that whole name); err says
// when the archive holds no version of the member, or when the suffix names no
// archive although the mount holds the member before it.
func (m *Mount) Version(name string) (t formats.Tree, member string, ok bool, err error) {
	i := strings.LastIndexByte(name, '@')
	if i <= 0 || m.Exists(name) {
		return nil, "", false, nil
	}
	li, err := m.layerNamed(name[i+1:])
	if err != nil {
		return nil, "", false, err
	}
	if li < 0 {
		if m.Exists(name[:i]) { // meant as a version, surely: say which archives there are
			return nil, "", false, fmt.Errorf("%s:%s: %q is not an archive of %s (its archives: %s): %w", m.Name, name, name[i+1:], m.Name, strings.Join(m.archiveLabels(), ", "), fs.ErrNotExist)
		}
		return nil, "", false, nil
	}
	member = formats.CleanTreePath(name[:i])
	vs := m.Versions(member)
	var held []string
	for _, v := range vs {
		if int(v.layer) != li {
			held = append(held, m.ArchiveLabel(v.Entry))
			continue
		}
		if v.Deleted {
			return nil, "", false, fmt.Errorf("%s:%s: %s holds a deletion marker for %s, not a version of it", m.Name, name, m.layers[li].name, member)
		}
		return &asOf{m: m, last: li}, member, true, nil
	}
	why := "no archive of the mount holds it"
	if len(held) > 0 {
		why = "its versions are in " + strings.Join(held, ", ")
	}
	return nil, "", false, fmt.Errorf("%s:%s: %s holds no version of %s (%s): %w", m.Name, name, m.layers[li].name, member, why, fs.ErrNotExist)
}

// archiveLabels are the names of the mount's archives that a version suffix
// takes, in load order.
func (m *Mount) archiveLabels() []string {
	var out []string
	for li, l := range m.layers {
		if !l.kind.Folder {
			out = append(out, m.ArchiveLabel(Entry{layer: int32(li)}))
		}
	}
	return out
}

// asOf is a mount as it stood with layer last loaded last: a file is the last
// version at or before it, unless a deletion marker there has the last word.
type asOf struct {
	m    *Mount
	last int
}

func (a *asOf) lookup(name string) (Entry, bool) {
	vs := a.m.Versions(name)
	for i := len(vs) - 1; i >= 0; i-- {
		if int(vs[i].layer) <= a.last {
			return vs[i].Entry, !vs[i].Deleted
		}
	}
	return Entry{}, false
}

// ReadFile reads a file as the mount served it then.
func (a *asOf) ReadFile(name string) ([]byte, error) {
	e, ok := a.lookup(name)
	if !ok {
		return nil, fmt.Errorf("%s:%s (as of %s): %w", a.m.Name, name, a.m.layers[a.last].name, fs.ErrNotExist)
	}
	return a.m.Read(e)
}

// Exists reports whether the mount held name then.
func (a *asOf) Exists(name string) bool {
	_, ok := a.lookup(name)
	return ok
}
