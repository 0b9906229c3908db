// Package vfs mounts what users have as one read-only tree of files: a folder, an
// NRes archive, an MPQ archive, or a game data folder whose MPQ archives mount
// together in the game's load order (later archives override earlier ones, and a
// deletion marker in a later archive removes a file). Paths are '/'-separated and
// looked up without regard to case ('\' is accepted too), as the games do.
//
// A Mount is a formats.Tree: a model opened from it (OpenModel) reads its
// companions and references from the same mount, under the rules of files on disk.
//
// An archive is recognised by content: a .toc, tree file or NRes archive by its
// first bytes, an MPQ by a header at any 512-byte boundary (behind a
// self-extracting stub too). An MPQ member no listfile names is listed as
// FileNNNNNNNN.xxx and still found by its exact name; the archives of a set
// share the names any of them knows. In a folder, files whose paths differ
// only in case (T.m2 beside t.m2) are two files.
//
// Reading is bounded: all reads of a mount together unpack at most its limit
// from the archives' members (SetMaxBytes; by default MinMaxBytes or
// MaxBytesRatio times the archives' size, whichever is more), WriteTo streams a
// member as it unpacks, and Read holds no member over MaxReadSize in memory.
package vfs

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync/atomic"

	"animscope/formats"
	"animscope/formats/mpq"
	"animscope/formats/nres"
	"animscope/formats/tre"
)

// Entry is one file of a mount.
type Entry struct {
	// Path is the file's '/'-separated path in the mount, spelled as its archive
	// (or listfile, or folder) spells it.
	Path string
	// Size is the file's size; Packed is what it occupies in its archive.
	Size, Packed int64
	// Archive is the archive (or folder) the file comes from, as the user named it.
	Archive string
	// Named is false for an MPQ member that no listfile names (its Path is then
	// "FileNNNNNNNN.xxx").
	Named bool

	layer  int
	member mpq.Member // MPQ layers
	index  int        // NRes and TRE layers: the entry's index
}

// Kind of a layer.
const (
	KindFolder = "folder"
	KindMPQ    = "mpq"
	KindNRes   = "nres"
	KindTRE    = "tre"
	KindTOC    = "toc"
)

type layer struct {
	kind string
	name string // as the user named it (a path)
	mpq  *mpq.Archive
	nres *nres.Archive
	tre  *tre.Archive
	toc  *tre.TOC
	root string // folders
}

// Mount is an open tree. Its read methods are safe for concurrent use.
type Mount struct {
	// Name is what was mounted, as the user named it.
	Name    string
	layers  []layer
	entries []Entry        // sorted by lower-case path
	index   map[string]int // lower-case path -> entries index (the first of case twins)
	lower   []string       // lower-case paths, parallel to entries (for search)
	// maxBytes is the unpack limit; left is what remains of it (see SetMaxBytes).
	maxBytes int64
	left     atomic.Int64
	// twins maps the exact path of each of a folder's case twins (T.m2 and t.m2)
	// to its entry; nil when there are none.
	twins map[string]int
	// vers finds a path in each layer, for Versions (versions.go).
	vers versionIndex
}

// key is the lookup form of a path.
func key(name string) string { return strings.ToLower(formats.CleanTreePath(name)) }

// Open mounts path: a folder (a game data folder when it holds MPQ archives,
// directly or in one level of sub-folders such as a locale's), or an MPQ or NRes
// archive (recognised by content).
func Open(p string) (*Mount, error) {
	st, err := os.Stat(p)
	if err != nil {
		return nil, err
	}
	if st.IsDir() {
		archives, err := DataFolderArchives(p)
		if err != nil {
			return nil, err
		}
		if len(archives) > 0 {
			m, err := OpenSet(archives)
			if err != nil {
				return nil, err
			}
			m.Name = p
			return m, nil
		}
		m := &Mount{Name: p}
		if err := m.addFolder(p); err != nil {
			return nil, err
		}
		m.build()
		m.defaultMaxBytes()
		return m, nil
	}
	m := &Mount{Name: p}
	if err := m.addArchive(p); err != nil {
		return nil, err
	}
	m.build()
	m.defaultMaxBytes()
	return m, nil
}

// OpenSet mounts archives (MPQ or NRes) in the order given: a file in a later
// archive overrides the same path in an earlier one.
func OpenSet(paths []string) (*Mount, error) {
	m := &Mount{Name: strings.Join(paths, "+")}
	for _, p := range paths {
		if err := m.addArchive(p); err != nil {
			m.Close()
			return nil, err
		}
	}
	m.build()
	m.defaultMaxBytes()
	return m, nil
}

// Close closes the mount's archives.
func (m *Mount) Close() error {
	var first error
	for _, l := range m.layers {
		var err error
		switch {
		case l.mpq != nil:
			err = l.mpq.Close()
		case l.tre != nil:
			err = l.tre.Close()
		case l.toc != nil:
			err = l.toc.Close()
		}
		if err != nil && first == nil {
			first = err
		}
	}
	return first
}

// IsTOC reports whether head starts an SWG .toc (an index over tree files).
func IsTOC(head []byte) bool { return bytes.HasPrefix(head, []byte(tre.TOCMagic)) }

// IsTRE reports whether head starts an SWG tree file.
func IsTRE(head []byte) bool { return bytes.HasPrefix(head, []byte(tre.Magic)) }

func (m *Mount) addArchive(p string) error {
	kind, err := sniff(p)
	if err != nil {
		return err
	}
	switch kind {
	case KindMPQ:
		a, err := mpq.Open(p)
		if err != nil {
			return err
		}
		m.layers = append(m.layers, layer{kind: KindMPQ, name: p, mpq: a})
	case KindTOC:
		t, err := tre.OpenTOC(p)
		if err != nil {
			return err
		}
		if err := t.Load(); err != nil { // its tree files, beside it
			t.Close()
			return err
		}
		m.layers = append(m.layers, layer{kind: KindTOC, name: p, toc: t})
	case KindTRE:
		a, err := tre.Open(p)
		if err != nil {
			return err
		}
		m.layers = append(m.layers, layer{kind: KindTRE, name: p, tre: a})
	case KindNRes:
		data, err := formats.ReadFile(p)
		if err != nil {
			return err
		}
		a, err := nres.Decode(p, data)
		if err != nil {
			return err
		}
		m.layers = append(m.layers, layer{kind: KindNRes, name: p, nres: a})
	default:
		return fmt.Errorf("%s: not an archive animscope mounts (MPQ, SWG tree file or .toc, NRes), nor a folder", p)
	}
	return nil
}

// IsArchiveFile reports whether the regular file at p is an MPQ, an SWG tree
// file or a .toc: an archive that mounts as a tree of members (an NRes file is a
// model archive that opens as a scene).
func IsArchiveFile(p string) bool {
	kind, err := sniff(p)
	return err == nil && (kind == KindMPQ || kind == KindTRE || kind == KindTOC)
}

// sniff tells what archive the regular file at p is, by content ("" for none):
// a .toc, a tree file or an NRes archive by its first bytes, otherwise an MPQ
// when a header lies at any 512-byte boundary the format allows (behind a
// self-extracting stub, say), found the way the mpq package finds it. The
// magics at offset 0 come first: a tree file may hold an MPQ as a member.
func sniff(p string) (string, error) {
	f, size, err := formats.OpenRegular(p)
	if err != nil {
		return "", err
	}
	defer f.Close()
	var head [4]byte
	n, _ := f.ReadAt(head[:], 0)
	switch h := head[:n]; {
	case IsTOC(h):
		return KindTOC, nil
	case IsTRE(h):
		return KindTRE, nil
	case bytes.HasPrefix(h, []byte(nres.Magic)):
		return KindNRes, nil
	case mpq.Find(f, size):
		return KindMPQ, nil
	}
	return "", nil
}

func (m *Mount) addFolder(root string) error {
	m.layers = append(m.layers, layer{kind: KindFolder, name: root, root: root})
	return nil
}

// AddListfile names MPQ members from a listfile the user supplies (names
// separated by ';', CR or LF); it returns how many members it named.
func (m *Mount) AddListfile(data []byte) int {
	n := 0
	for _, l := range m.layers {
		if l.mpq != nil {
			n += l.mpq.AddListfile(data)
		}
	}
	m.build()
	return n
}

// shareNames gives every MPQ layer the names any layer knows: a patch archive
// without a listfile then names (and so overrides) the files its base names.
func (m *Mount) shareNames() {
	var mpqs []*mpq.Archive
	for _, l := range m.layers {
		if l.mpq != nil {
			mpqs = append(mpqs, l.mpq)
		}
	}
	if len(mpqs) < 2 {
		return
	}
	seen := map[string]bool{}
	var names []string
	for _, a := range mpqs {
		for _, mem := range a.Members() {
			if k := strings.ToLower(mem.Name); mem.Known && !seen[k] {
				seen[k] = true
				names = append(names, mem.Name)
			}
		}
	}
	mpq.NameAll(mpqs, names)
}

// build (re)computes the merged index, layer by layer.
func (m *Mount) build() {
	m.shareNames()
	// The entries go into one slice, found by key while the layers are read (a
	// later layer's file replaces an earlier one's in place, a deletion marker
	// blanks it), and are then sorted in place: a table of a million names
	// costs one Entry each, not a map of copies.
	members := make([][]mpq.Member, len(m.layers))
	size := 0
	for li, l := range m.layers {
		switch l.kind {
		case KindMPQ:
			members[li] = l.mpq.Members()
			size += len(members[li])
		case KindTRE:
			size += len(l.tre.Entries)
		case KindTOC:
			size += len(l.toc.Entries)
		case KindNRes:
			size += len(l.nres.Entries)
		}
	}
	list := make([]Entry, 0, size)
	keys := make([]string, 0, size) // lower-case paths, parallel to list; "" for a deleted file
	byKey := make(map[string]int, size)
	put := func(k string, e Entry) {
		if i, ok := byKey[k]; ok {
			list[i], keys[i] = e, k
			return
		}
		byKey[k] = len(list)
		list, keys = append(list, e), append(keys, k)
	}
	for li, l := range m.layers {
		switch l.kind {
		case KindMPQ:
			for _, mem := range members[li] {
				p, k := cleanLower(mem.Name)
				if mem.Blk.Flags&mpq.FlagDeleteMarker != 0 {
					if i, ok := byKey[k]; ok {
						keys[i] = ""
						delete(byKey, k)
					}
					continue
				}
				if i, ok := byKey[k]; ok && list[i].layer == li {
					continue // another locale of a file this archive already gave
				}
				put(k, Entry{Path: p, Size: int64(mem.Blk.Size), Packed: int64(mem.Blk.CompressedSize),
					Archive: l.name, Named: mem.Known, layer: li, member: mem})
			}
		case KindTRE:
			for i := range l.tre.Entries {
				e := &l.tre.Entries[i]
				p := formats.CleanTreePath(e.Name)
				put(strings.ToLower(p), Entry{Path: p, Size: int64(e.Length), Packed: int64(e.Stored()),
					Archive: l.name, Named: true, layer: li, index: i})
			}
		case KindTOC:
			for i := range l.toc.Entries {
				e := &l.toc.Entries[i]
				p := formats.CleanTreePath(e.Name)
				put(strings.ToLower(p), Entry{Path: p, Size: int64(e.Length), Packed: int64(e.Stored()),
					Archive: l.name, Named: true, layer: li, index: i})
			}
		case KindNRes:
			for i := range l.nres.Entries {
				e := &l.nres.Entries[i]
				p := formats.CleanTreePath(e.NameString())
				put(strings.ToLower(p), Entry{Path: p, Size: int64(len(e.Data)), Packed: int64(len(e.Data)),
					Archive: l.name, Named: true, layer: li, index: i})
			}
		case KindFolder:
			filepath.WalkDir(l.root, func(fp string, d fs.DirEntry, err error) error {
				if err != nil || !d.Type().IsRegular() {
					return nil // unreadable folders and anything but regular files are left out
				}
				rel, err := filepath.Rel(l.root, fp)
				if err != nil {
					return nil
				}
				info, err := d.Info()
				if err != nil {
					return nil
				}
				p := filepath.ToSlash(rel)
				e := Entry{Path: p, Size: info.Size(), Packed: info.Size(), Archive: l.name, Named: true, layer: li}
				k := strings.ToLower(p)
				if i, ok := byKey[k]; ok && list[i].layer == li {
					// A case twin (T.m2 beside t.m2): a disk may hold both,
					// and each is a file of its own (see Lookup).
					list, keys = append(list, e), append(keys, k)
					return nil
				}
				put(k, e)
				return nil
			})
		}
	}
	// Drop the deleted, then sort by path ignoring case, case twins by their
	// own spelling.
	n := 0
	for i := range list {
		if keys[i] != "" {
			list[n], keys[n] = list[i], keys[i]
			n++
		}
	}
	clear(list[n:])
	m.entries, m.lower = list[:n], keys[:n]
	sort.Sort(byLower{m.entries, m.lower})
	clear(byKey)
	m.index = byKey
	m.twins = nil
	for i, k := range m.lower {
		if _, ok := m.index[k]; !ok {
			m.index[k] = i
			continue
		}
		if m.twins == nil {
			m.twins = map[string]int{}
		}
		m.twins[m.entries[m.index[k]].Path] = m.index[k]
		m.twins[m.entries[i].Path] = i
	}
}

// byLower sorts entries and their lower-case paths together, in place.
type byLower struct {
	entries []Entry
	lower   []string
}

func (b byLower) Len() int { return len(b.entries) }
func (b byLower) Less(i, j int) bool {
	if b.lower[i] != b.lower[j] {
		return b.lower[i] < b.lower[j]
	}
	return b.entries[i].Path < b.entries[j].Path
}
func (b byLower) Swap(i, j int) {
	b.entries[i], b.entries[j] = b.entries[j], b.entries[i]
	b.lower[i], b.lower[j] = b.lower[j], b.lower[i]
}

// Entries lists every file, sorted by path (ignoring case).
func (m *Mount) Entries() []Entry { return m.entries }

// Len is the number of files.
func (m *Mount) Len() int { return len(m.entries) }

// Lookup finds a file by path (any case, '/' or '\'), also an MPQ member that no
// listfile names (see hashed).
//
// A folder's case twins (T.m2 and t.m2 side by side: a disk, unlike an archive,
// may hold both) are two files, each listed and matched; a lookup that spells
// one of them exactly finds that one, any other spelling the first in order.
func (m *Mount) Lookup(name string) (Entry, bool) {
	if i, ok := m.index[key(name)]; ok {
		if m.twins != nil {
			if j, ok := m.twins[formats.CleanTreePath(name)]; ok {
				return m.entries[j], true
			}
		}
		return m.entries[i], true
	}
	return m.hashed(name)
}

// hashed finds a file that the index lacks through the MPQ layers' hash tables,
// the last layer first, as the game looks a name up: an MPQ member no listfile
// names is listed as "FileNNNNNNNN.xxx", but its exact name still finds it (and
// gives the key of an encrypted one). A deletion marker in a later archive hides
// the file. Names every layer knows are in the index already, so a later layer
// that is not an MPQ never holds the name.
func (m *Mount) hashed(name string) (Entry, bool) {
	p := formats.CleanTreePath(name)
	if p == "" {
		return Entry{}, false
	}
	for li := len(m.layers) - 1; li >= 0; li-- {
		l := m.layers[li]
		if l.mpq == nil {
			continue
		}
		mem, ok := l.mpq.Stat(strings.ReplaceAll(p, "/", `\`))
		if !ok {
			continue
		}
		if mem.Blk.Flags&mpq.FlagDeleteMarker != 0 {
			return Entry{}, false
		}
		return Entry{Path: p, Size: int64(mem.Blk.Size), Packed: int64(mem.Blk.CompressedSize),
			Archive: l.name, Named: true, layer: li, member: mem}, true
	}
	return Entry{}, false
}

// Exists reports whether the mount holds a file called name.
func (m *Mount) Exists(name string) bool {
	_, ok := m.Lookup(name)
	return ok
}

// ReadFile reads a file; a missing one is an error wrapping fs.ErrNotExist.
func (m *Mount) ReadFile(name string) ([]byte, error) {
	e, ok := m.Lookup(name)
	if !ok {
		return nil, fmt.Errorf("%s:%s: %w", m.Name, name, fs.ErrNotExist)
	}
	return m.Read(e)
}

// Read reads one listed file into memory. A member of an MPQ or a tree file
// may be at most MaxReadSize bytes and counts against the mount's unpack limit
// (see SetMaxBytes).
func (m *Mount) Read(e Entry) ([]byte, error) {
	l := m.layers[e.layer]
	switch l.kind {
	case KindNRes:
		return append([]byte(nil), l.nres.Entries[e.index].Data...), nil
	case KindFolder:
		p, err := m.folderPath(e)
		if err != nil {
			return nil, err
		}
		return formats.ReadFile(p)
	}
	if e.Size > MaxReadSize {
		return nil, fmt.Errorf("%s: its %d bytes are more than the %d a member may take in memory (extract writes it out)", m.MemberName(e), e.Size, MaxReadSize)
	}
	if err := m.charge(e); err != nil {
		return nil, err
	}
	switch l.kind {
	case KindMPQ:
		return l.mpq.ReadMemberLimit(e.member, e.Size)
	case KindTRE:
		return l.tre.ReadLimit(&l.tre.Entries[e.index], e.Size)
	default:
		return l.toc.ReadLimit(&l.toc.Entries[e.index], e.Size)
	}
}

// WriteTo writes one listed file to w as it is read (an archive's member as it
// unpacks, so its size never has to fit in memory) and returns the bytes
// written; a member counts against the unpack limit as Read's does. An error
// of w is returned as it is.
func (m *Mount) WriteTo(w io.Writer, e Entry) (int64, error) {
	l := m.layers[e.layer]
	switch l.kind {
	case KindNRes:
		n, err := w.Write(l.nres.Entries[e.index].Data)
		return int64(n), err
	case KindFolder:
		p, err := m.folderPath(e)
		if err != nil {
			return 0, err
		}
		f, size, err := formats.OpenRegular(p)
		if err != nil {
			return 0, err
		}
		defer f.Close()
		return io.Copy(w, io.NewSectionReader(f, 0, size))
	}
	if err := m.charge(e); err != nil {
		return 0, err
	}
	switch l.kind {
	case KindMPQ:
		return l.mpq.WriteMember(w, e.member, e.Size)
	case KindTRE:
		return l.tre.WriteMember(w, &l.tre.Entries[e.index], e.Size)
	default:
		return l.toc.WriteMember(w, &l.toc.Entries[e.index], e.Size)
	}
}

func (m *Mount) folderPath(e Entry) (string, error) {
	l := m.layers[e.layer]
	return formats.ResolveRef(filepath.Join(l.root, "."), e.Path, l.root)
}

// MaxReadSize is the largest member Read holds in memory (for a decoder): the
// largest model or texture of the games read is some tens of MiB, and a command
// that reads a member more than once (a verdict tried as model, texture and
// shader) stays well under 1 GiB. WriteTo streams members up to the archives'
// own limit (512 MiB).
const MaxReadSize = 128 << 20

// MinMaxBytes is the least a command may unpack from a mount's archives by
// default; the default is this or MaxBytesRatio times the archives' size,
// whichever is more (real archives pack 2 to 4 to 1; a decompression bomb
// packs 1000 to 1).
const (
	MinMaxBytes   = 512 << 20
	MaxBytesRatio = 8
)

// SetMaxBytes sets how many bytes the mount may still unpack from its
// archives' members, all reads together, replacing the default (see
// MinMaxBytes). A member is charged its stated size before it is unpacked, and
// keeps the charge when it fails (its work was done); one that would pass the
// limit is refused unread.
func (m *Mount) SetMaxBytes(n int64) {
	m.maxBytes = n
	m.left.Store(n)
}

// defaultMaxBytes sets the default limit from the size of the archives.
func (m *Mount) defaultMaxBytes() {
	var total int64
	files, _ := m.Inputs()
	for _, p := range files {
		if st, err := os.Stat(p); err == nil {
			total += st.Size()
		}
	}
	m.SetMaxBytes(max(MinMaxBytes, MaxBytesRatio*total))
}

// ErrMaxBytes is wrapped by the error of a member that would pass the limit.
var ErrMaxBytes = errors.New("the limit on what one command unpacks from archives")

// charge takes e's stated size from what the mount may still unpack.
func (m *Mount) charge(e Entry) error {
	if m.left.Add(-e.Size) >= 0 {
		return nil
	}
	m.left.Add(e.Size)
	return fmt.Errorf("%s: unpacking its %d bytes would pass %w (%d bytes; raise it with --max-bytes)", m.MemberName(e), e.Size, ErrMaxBytes, m.maxBytes)
}

// MemberName is how a file of the mount is named on the command line and in
// messages: "ARCHIVE:PATH" for an archive's member, the disk path for a folder's
// file.
func (m *Mount) MemberName(e Entry) string {
	l := m.layers[e.layer]
	switch l.kind {
	case KindFolder:
		return filepath.Join(l.root, filepath.FromSlash(e.Path))
	case KindNRes:
		return l.name + ":" + l.nres.Entries[e.index].NameString()
	default:
		return l.name + ":" + e.Path
	}
}

// Kind is the kind of the layer a file comes from (KindFolder, KindMPQ, KindNRes).
func (m *Mount) Kind(e Entry) string { return m.layers[e.layer].kind }

// OpenModel decodes one file of the mount (a formats.Part, not bound into a scene). A folder's files
// open as the files on disk they are (the same rules, the same verdict), an NRes
// member as "ARCHIVE:MEMBER", and an MPQ member from the mount itself, so that
// its companions (an M2's .skin) come from the same set of archives.
func (m *Mount) OpenModel(e Entry, opts formats.Options) (*formats.Part, error) {
	l := m.layers[e.layer]
	switch l.kind {
	case KindFolder:
		return formats.OpenFile(m.MemberName(e), opts)
	case KindNRes:
		return formats.OpenFile(m.MemberName(e), opts)
	default:
		return formats.OpenInTree(m, e.Path, m.MemberName(e), opts)
	}
}

// ErrNoMatch is returned by Match's callers when a pattern matches nothing.
var ErrNoMatch = errors.New("no file matches")

// Match returns the files whose path matches pattern, ignoring case. A pattern
// with a glob character (* ? [) is a glob: without a '/' it matches the base name
// or the whole path, with one the whole path ('*' does not cross '/'). Any other
// pattern matches as a substring of the path. "" matches everything.
func (m *Mount) Match(pattern string) ([]Entry, error) {
	if pattern == "" {
		return m.entries, nil
	}
	pat := strings.ToLower(strings.ReplaceAll(pattern, `\`, "/"))
	// Indexes first, then the entries in one allocation: an Entry is large.
	var hits []int32
	if !strings.ContainsAny(pat, "*?[") {
		for i, k := range m.lower {
			if strings.Contains(k, pat) {
				hits = append(hits, int32(i))
			}
		}
	} else {
		if _, err := path.Match(pat, ""); err != nil {
			return nil, fmt.Errorf("pattern %q: %v", pattern, err)
		}
		base := !strings.Contains(pat, "/")
		for i, k := range m.lower {
			ok := globMatch(pat, k)
			if !ok && base {
				ok = globMatch(pat, k[strings.LastIndexByte(k, '/')+1:])
			}
			if ok {
				hits = append(hits, int32(i))
			}
		}
	}
	out := make([]Entry, len(hits))
	for j, i := range hits {
		out[j] = m.entries[i]
	}
	// A plain pattern that is a member's exact name finds it even when no
	// listfile names it (a pattern with wildcards cannot match a name that is
	// not known).
	if !strings.ContainsAny(pat, "*?[") {
		if _, ok := m.index[key(pat)]; !ok {
			if e, ok := m.hashed(pattern); ok {
				out = append(out, e)
			}
		}
	}
	return out, nil
}

// Inputs lists what the mount reads from disk: its archive files (a .toc's tree
// files too) and its folders, as paths. A command that writes refuses to write
// over any of these files, or over any file inside these folders.
func (m *Mount) Inputs() (files, folders []string) {
	for _, l := range m.layers {
		switch {
		case l.kind == KindFolder:
			folders = append(folders, l.root)
		case l.toc != nil:
			files = append(append(files, l.name), l.toc.TreePaths()...)
		default:
			files = append(files, l.name)
		}
	}
	return files, folders
}

// Layers describes what the mount is made of, in load order: kind and name.
func (m *Mount) Layers() [][2]string {
	out := make([][2]string, len(m.layers))
	for i, l := range m.layers {
		out[i] = [2]string{l.kind, l.name}
	}
	return out
}

// cleanLower is formats.CleanTreePath(name) and its lower-case form (the
// index key), made in one pass and one allocation for an ASCII name, the
// archives' usual spelling ('\'-separated, so CleanTreePath would rewrite it).
func cleanLower(name string) (p, k string) {
	buf := make([]byte, 0, 2*len(name))
	for i := 0; i < len(name); i++ {
		c := name[i]
		if c >= 0x80 {
			p = formats.CleanTreePath(name)
			return p, strings.ToLower(p)
		}
		if c == '\\' || c == '/' {
			if len(buf) > 0 && buf[len(buf)-1] != '/' {
				buf = append(buf, '/')
			}
			continue
		}
		buf = append(buf, c)
	}
	if len(buf) > 0 && buf[len(buf)-1] == '/' {
		buf = buf[:len(buf)-1]
	}
	n := len(buf)
	for i := 0; i < n; i++ {
		c := buf[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf = append(buf, c)
	}
	s := string(buf)
	return s[:n], s[n:]
}
