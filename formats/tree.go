package formats

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"strings"
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

// ReadCompanion reads a companion file that the decoder names beside the file it
// decodes (an M2's .skin). From a tree it comes from the same tree and the same
// folder; otherwise from disk through the package's ReadCompanion.
func (s *Source) ReadCompanion(p string) ([]byte, error) {
	if s.Tree == nil {
		return ReadCompanion(p)
	}
	dir, name := path.Split(CleanTreePath(p))
	if _, err := checkRef(treeRefs{s.Tree}, s.Path, name, nil); err != nil {
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
