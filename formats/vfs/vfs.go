// Package vfs mounts what users have as one read-only tree of files: a folder, an
// NRes archive, an MPQ archive, or a game data folder whose MPQ archives mount
// together in the game's load order (later archives override earlier ones, and a
// deletion marker in a later archive removes a file). Paths are '/'-separated and
// looked up without regard to case ('\' is accepted too), as the games do.
//
// A Mount is a formats.Tree: a model opened from it (OpenModel) reads its
// companions and references from the same mount, under the rules of files on disk.
//
// Every kind of archive is registered with formats.RegisterArchive from its own
// package (mpq, tre, nres; the folder is this package's kind, folder.go), and
// a mount recognises, opens, orders and reads its layers through
// formats.ArchiveKind and formats.ArchiveReader alone: a kind registered from
// anywhere mounts like these. An archive is recognised by content: a .toc,
// tree file or NRes archive by its first bytes, an MPQ by a header at any
// 512-byte boundary (behind a self-extracting stub too). An MPQ member no listfile names is listed as
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
	"cmp"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/maphash"
	"io"
	"io/fs"
	"os"
	"path"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"animscope/formats"
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

	layer int32 // beside Named: an Entry is 64 bytes
	ref   int   // the archive's handle on the member (formats.ArchiveMember.Ref)
}

// The names of the standard kinds of layer (Kind, Layers): the Name of each
// kind registered with formats.RegisterArchive.
const (
	KindFolder = "folder"
	KindMPQ    = "mpq"
	KindNRes   = "nres"
	KindTRE    = "tre"
	KindTOC    = "toc"
)

// layer is one archive (or folder) of a mount.
type layer struct {
	kind *formats.ArchiveKind
	name string // as the user named it (a path)
	a    formats.ArchiveReader
}

// member is e as its archive refers to it.
func (e Entry) member() formats.ArchiveMember {
	return formats.ArchiveMember{Name: e.Path, Size: e.Size, Packed: e.Packed, Named: e.Named, Ref: e.ref}
}

// Mount is an open tree. Its read methods are safe for concurrent use.
type Mount struct {
	// Name is what was mounted, as the user named it.
	Name    string
	layers  []layer
	entries []Entry    // sorted by lower-case path
	index   *lazyIndex // lower-case path -> entries index (indexOf)
	lower   []string   // lower-case paths, parallel to entries (for search)
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
		k := formats.FolderKind()
		if k == nil {
			return nil, notArchive(p)
		}
		m := &Mount{Name: p}
		if err := m.add(k, p); err != nil {
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
		if err := l.a.Close(); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// addArchive adds the archive at p as the next layer, of the registered kind
// its content says (formats.SniffArchive).
func (m *Mount) addArchive(p string) error {
	k, err := formats.SniffArchive(p)
	if err != nil {
		return err
	}
	if k == nil {
		return notArchive(p)
	}
	return m.add(k, p)
}

// notArchive says that p is none of the registered archive kinds, naming them
// by their titles ("MPQ, NRes, SWG .toc, SWG tree file").
func notArchive(p string) error {
	var titles []string
	for _, k := range formats.ArchiveKinds() {
		if !k.Folder {
			titles = append(titles, cmp.Or(k.Title, k.Name))
		}
	}
	return fmt.Errorf("%s: not an archive animscope mounts (%s), nor a folder", p, strings.Join(titles, ", "))
}

func (m *Mount) add(k *formats.ArchiveKind, p string) error {
	a, err := k.Open(p)
	if err != nil {
		return err
	}
	m.layers = append(m.layers, layer{kind: k, name: p, a: a})
	return nil
}

// IsArchiveFile reports whether the regular file at p is an MPQ, an SWG tree
// file or a .toc: an archive that mounts as a tree of members (an NRes file is a
// model archive that opens as a scene). See formats.IsArchiveFile.
func IsArchiveFile(p string) bool { return formats.IsArchiveFile(p) }

// AddListfile names MPQ members from a listfile the user supplies (names
// separated by ';', CR or LF); it returns how many members it named.
func (m *Mount) AddListfile(data []byte) int {
	n := 0
	for _, l := range m.layers {
		if a, ok := l.a.(formats.ArchiveNamer); ok {
			n += a.AddListfile(data)
		}
	}
	m.build()
	return n
}

// shareNames gives every MPQ layer the names any layer of its kind knows: a
// patch archive without a listfile then names (and so overrides) the files its
// base names.
func (m *Mount) shareNames() {
	sets := map[*formats.ArchiveKind][]formats.ArchiveReader{}
	var kinds []*formats.ArchiveKind
	for _, l := range m.layers {
		if _, ok := l.a.(formats.ArchiveNamer); ok {
			if sets[l.kind] == nil {
				kinds = append(kinds, l.kind)
			}
			sets[l.kind] = append(sets[l.kind], l.a)
		}
	}
	for _, k := range kinds {
		set := sets[k]
		if len(set) < 2 {
			continue
		}
		seen := map[string]bool{}
		var names []string
		for _, a := range set {
			for i, n := 0, a.Len(); i < n; i++ {
				if mem := a.Member(i); mem.Named && !seen[strings.ToLower(mem.Name)] {
					seen[strings.ToLower(mem.Name)] = true
					names = append(names, mem.Name)
				}
			}
		}
		set[0].(formats.ArchiveNamer).ShareNames(set, names)
	}
}

// build (re)computes the merged listing, layer by layer.
func (m *Mount) build() {
	m.shareNames()
	// Every member of every layer goes into one slice, in load order, and
	// the slice is sorted by key, places of one key in load order (sortByKey
	// sorts 4-byte places, not 64-byte entries). A key's places then say,
	// in the order they were read, what the mount serves (resolve): a later
	// layer's file replaces an earlier one's, a deletion marker removes it;
	// when no key repeats and nothing is deleted (one archive, the usual
	// mount) every place stays, and the sort says so. The entries are moved
	// once, in place; the index that Lookup uses is built when a lookup
	// first needs it. A table of a million names costs one Entry each, not
	// a map of copies.
	size := 0
	for _, l := range m.layers {
		size += l.a.Len()
	}
	list := make([]Entry, 0, size)
	keys := make([]string, 0, size) // lower-case paths, parallel to list
	var markers []int32             // the places of deletion markers, in order
	var names formats.StringArena
	for li, l := range m.layers {
		a, folder := l.a, l.kind.Folder
		for i, n := 0, a.Len(); i < n; i++ {
			mem := a.Member(i)
			var p, k string
			if folder {
				// A path on disk, as it is spelled; its key is the lookup's
				// (a '\' in a name, which a Unix disk allows, is a separator
				// to every lookup).
				p, k = mem.Name, key(mem.Name)
			} else {
				p, k = cleanLower(mem.Name, &names)
			}
			if mem.Deleted {
				markers = append(markers, int32(len(list)))
			}
			list = append(list, Entry{Path: p, Size: mem.Size, Packed: mem.Packed, Archive: l.name, Named: mem.Named, layer: int32(li), ref: mem.Ref})
			keys = append(keys, k)
		}
	}
	order := make([]int32, len(list))
	for i := range order {
		order[i] = int32(i)
	}
	repeats := sortByKey(order, keys, func(x, y int32) int { return int(x - y) })
	if !repeats && len(markers) == 0 {
		// The common case: every place is a file of a key of its own, and
		// every one stays.
		permute(list, keys, order)
		m.entries, m.lower, m.index, m.twins = list, keys, &lazyIndex{}, nil
		return
	}
	// Keep what each key resolves to, in sorted order; a place's slot in
	// kept is never past its slot in order, so kept reuses order's memory.
	kept := order[:0]
	marked := func(pos int32) bool { _, ok := slices.BinarySearch(markers, pos); return ok }
	for g := 0; g < len(order); {
		h := g + 1
		for h < len(order) && keys[order[h]] == keys[order[g]] {
			h++
		}
		if h == g+1 { // the common case: one place, a file unless it is a marker
			if len(markers) == 0 || !marked(order[g]) {
				kept = append(kept, order[g])
			}
		} else {
			kept = append(kept, m.resolve(list, order[g:h], marked)...)
		}
		g = h
	}
	// Move the kept entries to the front in read order, then into sorted
	// order, in place.
	slot := make([]int32, len(list)) // place -> slot among the kept, -1 for the rest
	for i := range slot {
		slot[i] = -1
	}
	for _, pos := range kept {
		slot[pos] = 0
	}
	n := 0
	for pos := range list {
		if slot[pos] == 0 {
			list[n], keys[n] = list[pos], keys[pos]
			slot[pos] = int32(n)
			n++
		}
	}
	clear(list[n:])
	list, keys = list[:n], keys[:n]
	for i, pos := range kept {
		kept[i] = slot[pos]
	}
	permute(list, keys, kept)
	m.entries, m.lower = list, keys
	m.index = &lazyIndex{}
	m.twins = nil
	for i := 1; i < len(keys); i++ {
		if keys[i] == keys[i-1] {
			if m.twins == nil {
				m.twins = map[string]int{}
			}
			m.twins[formats.CleanTreePath(list[i-1].Path)] = i - 1
			m.twins[formats.CleanTreePath(list[i].Path)] = i
		}
	}
}

// resolve is what the places of one key (in load order) leave in the mount,
// in sorted order: a deletion marker removes the file; a later layer's file
// replaces it; a second file of one layer is another copy, and the first
// stays, where the kind says so (an MPQ's locales), or, in a folder, a case
// twin (T.m2 beside t.m2: a disk may hold both, and each is a file of its
// own, see Lookup); otherwise the later replaces the earlier.
func (m *Mount) resolve(list []Entry, places []int32, marked func(int32) bool) []int32 {
	var kept []int32
	for _, pos := range places {
		if marked(pos) {
			kept = kept[:0]
			continue
		}
		if len(kept) > 0 && list[kept[0]].layer == list[pos].layer {
			k := m.layers[list[pos].layer].kind
			if k.FirstWins {
				continue
			}
			if k.Folder {
				kept = append(kept, pos)
				continue
			}
		}
		if len(kept) > 0 {
			kept[0] = pos
		} else {
			kept = append(kept, pos)
		}
	}
	// Case twins sort by their own spelling.
	slices.SortFunc(kept, func(x, y int32) int { return strings.Compare(list[x].Path, list[y].Path) })
	return kept
}

// lazyIndex finds a lower-case path's entry; it is built on first use. It is
// an open-addressing table of entry numbers, pointer-free (the collector
// never scans it) and one 8-byte word a key, where a map[string]int copies
// every key's header into its slots: each slot holds the high half of the
// key's hash and its entry number plus one (0 is an empty slot). The hash is
// seeded at random (hash/maphash), so no set of names makes the probes long.
type lazyIndex struct {
	once  sync.Once
	seed  maphash.Seed
	slots []uint64
}

// indexOf is the entry of key k (the first of case twins).
func (m *Mount) indexOf(k string) (int, bool) {
	x := m.index
	x.once.Do(func() { x.build(m.lower) })
	if len(x.slots) == 0 {
		return 0, false
	}
	h := maphash.String(x.seed, k)
	mask := uint64(len(x.slots) - 1)
	tag := h >> 32
	for i := h & mask; ; i = (i + 1) & mask {
		s := x.slots[i]
		if s == 0 {
			return 0, false
		}
		if s>>32 == tag {
			if j := int(uint32(s)) - 1; m.lower[j] == k {
				return j, true
			}
		}
	}
}

// build fills the table from the sorted keys: a key's case twins are next
// to it, and only the first of them goes in, so no key goes in twice and an
// insertion never compares keys.
func (x *lazyIndex) build(keys []string) {
	if len(keys) == 0 {
		return
	}
	size := 2
	for size < 2*len(keys) { // at most half full
		size *= 2
	}
	x.seed = maphash.MakeSeed()
	x.slots = make([]uint64, size)
	mask := uint64(size - 1)
	for j, k := range keys {
		if j > 0 && keys[j-1] == k {
			continue
		}
		h := maphash.String(x.seed, k)
		i := h & mask
		for x.slots[i] != 0 {
			i = (i + 1) & mask
		}
		x.slots[i] = h>>32<<32 | uint64(j+1)
	}
}

// permute puts entries and their keys in the order given (order[i] is the
// place of the i-th), in place: each element moves once, along the cycles of
// the permutation, which order is left holding as -1s.
func permute(entries []Entry, keys []string, order []int32) {
	for i := range order {
		if order[i] < 0 {
			continue
		}
		e, k := entries[i], keys[i]
		j := i
		for {
			src := int(order[j])
			order[j] = -1
			if src == i {
				entries[j], keys[j] = e, k
				break
			}
			entries[j], keys[j] = entries[src], keys[src]
			j = src
		}
	}
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
	if m.twins != nil {
		if j, ok := m.twins[formats.CleanTreePath(name)]; ok {
			return m.entries[j], true
		}
	}
	if i, ok := m.indexOf(key(name)); ok {
		return m.entries[i], true
	}
	return m.hashed(name)
}

// hashed finds a file that the index lacks through the layers that find a
// name themselves (an MPQ's hash table), the last layer first, as the game looks
// a name up: an MPQ member no listfile names is listed as "FileNNNNNNNN.xxx",
// but its exact name still finds it (and gives the key of an encrypted one). A
// deletion marker in a later archive hides the file. Names every layer knows
// are in the index already, so a later layer that cannot find names itself
// never holds the name.
func (m *Mount) hashed(name string) (Entry, bool) {
	p := formats.CleanTreePath(name)
	if p == "" {
		return Entry{}, false
	}
	for li := len(m.layers) - 1; li >= 0; li-- {
		l := m.layers[li]
		f, ok := l.a.(formats.ArchiveFinder)
		if !ok {
			continue
		}
		mem, ok := f.Find(p)
		if !ok {
			continue
		}
		if mem.Deleted {
			return Entry{}, false
		}
		return Entry{Path: p, Size: mem.Size, Packed: mem.Packed, Archive: l.name, Named: true, layer: int32(li), ref: mem.Ref}, true
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
	if !l.kind.Uncounted {
		if e.Size > MaxReadSize {
			return nil, fmt.Errorf("%s: its %d bytes are more than the %d a member may take in memory (extract writes it out)", m.MemberName(e), e.Size, MaxReadSize)
		}
		if err := m.charge(e); err != nil {
			return nil, err
		}
	}
	return l.a.ReadMember(e.member(), e.Size)
}

// WriteTo writes one listed file to w as it is read (an archive's member as it
// unpacks, so its size never has to fit in memory) and returns the bytes
// written; a member counts against the unpack limit as Read's does. An error
// of w is returned as it is.
func (m *Mount) WriteTo(w io.Writer, e Entry) (int64, error) {
	l := m.layers[e.layer]
	if !l.kind.Uncounted {
		if err := m.charge(e); err != nil {
			return 0, err
		}
	}
	return l.a.WriteMember(w, e.member(), e.Size)
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
// file (an archive may name its members itself: formats.ArchiveFileNamer).
func (m *Mount) MemberName(e Entry) string {
	l := m.layers[e.layer]
	if n, ok := l.a.(formats.ArchiveFileNamer); ok {
		return n.FileName(e.member())
	}
	return l.name + ":" + e.Path
}

// ArchiveKind is the registered kind of the layer a file comes from.
func (m *Mount) ArchiveKind(e Entry) *formats.ArchiveKind { return m.layers[e.layer].kind }

// Kind is the kind of the layer a file comes from (KindFolder, KindMPQ,
// KindNRes, ...: the Name of its registered formats.ArchiveKind).
func (m *Mount) Kind(e Entry) string { return m.layers[e.layer].kind.Name }

// OpenModel decodes one file of the mount (a formats.Part, not bound into a
// scene). A member of an archive that names its members as files (a folder's
// files, an NRes member: formats.ArchiveFileNamer) opens as that file, by the
// same rules and with the same verdict; any other member opens from the mount
// itself, so that its companions (an M2's .skin) come from the same set of
// archives.
func (m *Mount) OpenModel(e Entry, opts formats.Options) (*formats.Part, error) {
	if _, ok := m.layers[e.layer].a.(formats.ArchiveFileNamer); ok {
		return formats.OpenFile(m.MemberName(e), opts)
	}
	return formats.OpenInTree(m, e.Path, m.MemberName(e), opts)
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
		if _, ok := slices.BinarySearch(m.lower, key(pat)); !ok { // m.lower is sorted
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
		if l.kind.Folder {
			folders = append(folders, l.name)
			continue
		}
		files = append(files, l.name)
		if in, ok := l.a.(formats.ArchiveInputs); ok {
			files = append(files, in.Inputs()...)
		}
	}
	return files, folders
}

// Layers describes what the mount is made of, in load order: kind and name.
func (m *Mount) Layers() [][2]string {
	out := make([][2]string, len(m.layers))
	for i, l := range m.layers {
		out[i] = [2]string{l.kind.Name, l.name}
	}
	return out
}

// cleanLower is formats.CleanTreePath(name) and its lower-case form (the
// index key), made in one pass and one allocation for an ASCII name, the
// archives' usual spelling ('\'-separated, so CleanTreePath would rewrite it),
// into names when it is not nil (a mount's arena). A usual name goes 8 bytes
// at a time (cleanLowerWords); any other a byte at a time: the path to the
// front of the room and its key, a byte for a byte through a table (a
// letter's case is no branch to mispredict), as far behind as the name is
// long; when the path came out shorter (separators collapsed) the key moves
// up to follow it. When the key is the path itself the two are one string.
func cleanLower(name string, names *formats.StringArena) (p, k string) {
	if names == nil {
		names = new(formats.StringArena)
	}
	n := len(name)
	buf := names.Alloc(2 * n)[:2*n]
	if n >= 8 {
		if differ, ok := cleanLowerWords(name, buf[:n], buf[n:]); ok {
			if !differ {
				s := names.String(buf[:n])
				return s, s
			}
			s := names.String(buf)
			return s[:n], s[n:]
		}
	}
	j := 0
	var differ byte
	for i := 0; i < n; i++ {
		c := name[i]
		if c >= 0x80 {
			p = formats.CleanTreePath(name)
			return p, strings.ToLower(p)
		}
		if c == '\\' || c == '/' {
			if j == 0 || buf[j-1] == '/' {
				continue
			}
			c = '/'
		}
		l := lowerASCII[c]
		differ |= l ^ c
		buf[j], buf[n+j] = c, l
		j++
	}
	if j > 0 && buf[j-1] == '/' {
		j--
	}
	if differ == 0 {
		s := names.String(buf[:j])
		return s, s
	}
	if j < n {
		copy(buf[j:], buf[n:n+j])
	}
	s := names.String(buf[:2*j])
	return s[:j], s[j:]
}

// cleanLowerWords is cleanLower's usual case, 8 bytes at a time: a name of
// at least 8 ASCII bytes with no separator at either end or beside another,
// whose path is the name with '\' as '/' and as long as it. It writes the
// path to p and its lower-case form to k (each len(name) bytes) and reports
// whether they differ, or reports !ok, having written anything, for any
// other name. The tests in a word are SWAR: with every byte below 0x80, adding
// a constant to each byte carries into no other byte.
func cleanLowerWords(name string, p, k []byte) (differ, ok bool) {
	const (
		ones = 0x0101010101010101
		high = 0x8080808080808080
	)
	// eq has the high bit of each byte of x (all below 0x80) that is c.
	eq := func(x uint64, c byte) uint64 { return ^((x ^ ones*uint64(c)) + ones*0x7F) & high }
	n := len(name)
	var upper, prevSep uint64
	for i := 0; i < n; i += 8 {
		at := min(i, n-8) // the last word overlaps the one before it
		w := name[at : at+8]
		x := uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
			uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56
		if x&high != 0 {
			return false, false
		}
		back := eq(x, '\\')
		sep := back | eq(x, '/')
		if sep&(sep<<8) != 0 || at == i && prevSep>>56&sep != 0 {
			return false, false // two separators side by side
		}
		prevSep = sep
		x ^= back >> 7 * ('\\' ^ '/')
		u := (x + ones*(0x80-'A')) &^ (x + ones*(0x80-'Z'-1)) & high
		upper |= u
		binary.LittleEndian.PutUint64(p[at:], x)
		binary.LittleEndian.PutUint64(k[at:], x|u>>2)
	}
	if p[0] == '/' || p[n-1] == '/' {
		return false, false
	}
	return upper != 0, true
}

// lowerASCII maps an ASCII byte to its lower case.
var lowerASCII = func() (t [256]byte) {
	for i := range t {
		t[i] = byte(i)
		if i >= 'A' && i <= 'Z' {
			t[i] += 'a' - 'A'
		}
	}
	return t
}()
