package formats

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"slices"
	"strings"
	"sync"
)

// Tree is a read-only tree of files that is not the disk: an archive or a set of
// archives mounted as one. Names are '/'-separated paths from the tree's root;
// a tree decides its own case rules (MPQ names ignore case) and also accepts '\'.
type Tree interface {
	// ReadFile reads a file of the tree; a missing one is an error that wraps
	// fs.ErrNotExist.
	ReadFile(name string) ([]byte, error)
	// Exists reports whether the tree holds a file called name.
	Exists(name string) bool
}

// TreeOpener opens the archive at path as a Tree when it is of its kind (ok is
// false when it is not; head is the file's first 4 KiB). Close releases it.
type TreeOpener func(path string, head []byte) (t Tree, close func() error, ok bool, err error)

var (
	treeMu      sync.RWMutex
	treeOpeners []TreeOpener
)

// RegisterTree adds an archive kind whose members OpenFile reads as
// "ARCHIVE:MEMBER" (NRes needs none: its members are decoded by the MSH decoder).
func RegisterTree(o TreeOpener) {
	treeMu.Lock()
	defer treeMu.Unlock()
	treeOpeners = append(treeOpeners, o)
}

// openTree opens path with the first registered kind that recognises it.
func openTree(path string) (Tree, func() error, bool, error) {
	treeMu.RLock()
	openers := append([]TreeOpener(nil), treeOpeners...)
	treeMu.RUnlock()
	if len(openers) == 0 {
		return nil, nil, false, nil
	}
	head, err := readHead(path, 4096)
	if err != nil {
		// A folder has no head: a kind that mounts folders (a game data
		// folder's archives) looks at it itself.
		if st, serr := os.Stat(path); serr != nil || !st.IsDir() {
			return nil, nil, false, nil
		}
		head = nil
	}
	for _, o := range openers {
		if t, c, ok, err := o(path, head); ok || err != nil {
			return t, c, ok, err
		}
	}
	return nil, nil, false, nil
}

// OpenInTree decodes the file member of tree t; name is how the user named it
// (used in messages, "data.mpq:Creature/Rabbit/Rabbit.m2"). Files the model names
// (an M2's .skin, a reference) are read from the same tree, under the same rules
// as on disk: no absolute paths, no "..", only the types the format expects.
func OpenInTree(t Tree, member, name string, opts Options) (*Part, error) {
	member = CleanTreePath(member)
	asNamed := member // "MEMBER@ARCHIVE" names one version (see VersionedTree)
	t, member, err := treeVersion(t, member)
	if err != nil {
		return nil, err
	}
	data, err := t.ReadFile(member)
	if err != nil {
		return nil, err
	}
	p, err := decode(&Source{Name: name, Path: member, Data: data, Opts: opts.WithDefaults(), Tree: t})
	if err != nil {
		return nil, err
	}
	// Decoders that name files by their path (SWG's) name the tree's files
	// without the archive: give those the "ARCHIVE:" prefix the user sees.
	if archive, m, ok := SplitName(name); ok && CleanTreePath(m) == asNamed {
		prefix := name[:len(archive)+1]
		qualify := func(f string) string {
			if f == member && asNamed != member {
				return name // the version, as named
			}
			if !strings.HasPrefix(f, prefix) && t.Exists(f) {
				return prefix + CleanTreePath(f)
			}
			return f
		}
		for i, f := range p.Files {
			p.Files[i] = qualify(f)
		}
		for i := range p.Diagnostics {
			p.Diagnostics[i].File = qualify(p.Diagnostics[i].File)
		}
	}
	return p, nil
}

// CleanTreePath turns a member name into the tree's form: '/' separators, no
// leading or doubled separators.
func CleanTreePath(name string) string {
	if !strings.Contains(name, `\`) && !strings.Contains(name, "//") && !strings.HasPrefix(name, "/") && !strings.HasSuffix(name, "/") {
		return name // already clean: the common case, without allocating
	}
	name = strings.ReplaceAll(name, `\`, "/")
	parts := strings.FieldsFunc(name, func(r rune) bool { return r == '/' })
	return strings.Join(parts, "/")
}

// checkTreeRef applies the rules every reference obeys (see ResolveRef).
func checkTreeRef(from, ref string, exts []string) (string, error) {
	if ref == "" {
		return "", fmt.Errorf("%s: names an empty path", from)
	}
	clean := strings.ReplaceAll(ref, `\`, "/")
	if strings.HasPrefix(clean, "/") || (len(clean) > 1 && clean[1] == ':') {
		return "", fmt.Errorf("%s: names %q, an absolute path outside the asset root: refused", from, ref)
	}
	for _, part := range strings.Split(clean, "/") {
		if part == ".." {
			return "", fmt.Errorf("%s: names %q, which climbs out of the asset root with ..: refused", from, ref)
		}
	}
	if len(exts) > 0 && !slices.Contains(exts, strings.ToLower(path.Ext(clean))) {
		return "", fmt.Errorf("%s: names %q, which is not a %s file: refused", from, ref, strings.Join(exts, " or "))
	}
	return CleanTreePath(clean), nil
}

// resolveInTree finds ref inside the tree the way ResolveRef does on disk: in the
// referring file's folder or up to MaxRootLevels folders above it (never above
// the tree's root), or under root when the options name one.
func resolveInTree(t Tree, from, ref, root string, exts []string) (string, error) {
	clean, err := checkTreeRef(from, ref, exts)
	if err != nil {
		return "", err
	}
	var dirs []string
	if root != "" {
		dirs = []string{CleanTreePath(root)}
	} else {
		d := path.Dir(from)
		for i := 0; i <= MaxRootLevels; i++ {
			// A member whose own name climbs ("../x.mif") looks from the tree's
			// root: no candidate is ever above it.
			if d == "." || d == ".." || strings.HasPrefix(d, "../") {
				d = ""
			}
			dirs = append(dirs, d)
			if d == "" {
				break
			}
			d = path.Dir(d)
		}
	}
	for _, d := range dirs {
		cand := path.Join(d, clean)
		if t.Exists(cand) {
			return cand, nil
		}
	}
	return "", fmt.Errorf("%s: names %q, which is not found beside it or up to %d folders above in the archive: %w", from, ref, MaxRootLevels, ErrRefNotFound)
}

// ReadCompanion reads a companion file that the decoder names beside the file it
// decodes (an M2's .skin). From a tree it comes from the same tree and the same
// folder; otherwise from disk through the package's ReadCompanion.
func (s *Source) ReadCompanion(p string) ([]byte, error) {
	if s.Tree == nil {
		return ReadCompanion(p)
	}
	dir, name := path.Split(CleanTreePath(p))
	if _, err := checkTreeRef(s.Path, name, nil); err != nil {
		return nil, err
	}
	full := path.Join(dir, name)
	if !s.Tree.Exists(full) {
		return nil, fmt.Errorf("%s: %w", full, fs.ErrNotExist)
	}
	return s.Tree.ReadFile(full)
}

// readRefInTree is ReadRef for a source opened from a tree.
func (s *Source) readRefInTree(ref string, exts []string) (string, []byte, error) {
	p, err := resolveInTree(s.Tree, s.Path, ref, s.Opts.Root, exts)
	if err != nil {
		return "", nil, err
	}
	data, err := s.Tree.ReadFile(p)
	return p, data, err
}

// IsNotExist reports whether err says that a file is absent (on disk or in a tree).
func IsNotExist(err error) bool {
	return errors.Is(err, fs.ErrNotExist) || errors.Is(err, ErrRefNotFound)
}

// readHead reads up to n bytes from the start of a regular file.
func readHead(p string, n int) ([]byte, error) {
	st, err := os.Stat(p)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, notRegular(p, st.Mode())
	}
	f, err := os.OpenFile(p, os.O_RDONLY|openNonBlocking, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	buf := make([]byte, n)
	k, err := io.ReadFull(f, buf)
	if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
		return nil, err
	}
	return buf[:k], nil
}

// ReadTreeRef reads the file that from (a path in tree t) names as ref, resolved
// inside t by ResolveRef's rules (see resolveInTree); exts are the extensions the
// referring format expects. Decoders with their own resolvers call it for a
// source opened from a tree.
func ReadTreeRef(t Tree, from, ref, root string, exts ...string) (string, []byte, error) {
	p, err := resolveInTree(t, from, ref, root, exts)
	if err != nil {
		return "", nil, err
	}
	data, err := t.ReadFile(p)
	return p, data, err
}

// OpenRegular opens a regular file for reading in place (an archive read member
// by member, so ReadFile's size cap does not apply), with ReadFile's care: the
// path is checked before it is opened, opened without blocking (a named pipe
// swapped in would block the open), and the open file checked again.
func OpenRegular(path string) (*os.File, int64, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, 0, err
	}
	if !st.Mode().IsRegular() {
		return nil, 0, notRegular(path, st.Mode())
	}
	f, err := os.OpenFile(path, os.O_RDONLY|openNonBlocking, 0)
	if err != nil {
		return nil, 0, err
	}
	st2, err := f.Stat()
	if err == nil && (!st2.Mode().IsRegular() || !os.SameFile(st, st2)) {
		err = fmt.Errorf("%s: was replaced while it was being opened", path)
	}
	if err != nil {
		f.Close()
		return nil, 0, err
	}
	return f, st2.Size(), nil
}
