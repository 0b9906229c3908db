package formats

import (
	"errors"
	"fmt"
	"io/fs"
)

// ReadMember reads a file, or the member of an archive named "ARCHIVE:MEMBER"
// when the archive is of a registered kind (an MPQ, an SWG tree file or .toc,
// an NRes archive) or a game data folder: for files that are data, not scenes
// (textures). A file on disk is read with ReadFile (regular files only, under
// the read cap), a member through the mount of its archive, bounded as the
// mount's reads are.
func ReadMember(name string) ([]byte, error) {
	n := ParseName(name)
	path, member := n.Path(), n.Member
	if member == "" {
		return ReadFile(path)
	}
	t, closeTree, ok, err := openTree(path, true)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, fmt.Errorf("%s: %s is not an archive whose members can be read", name, path)
	}
	defer closeTree()
	asNamed := member
	t, member, err = treeVersion(t, CleanTreePath(member))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	data, err := t.ReadFile(member)
	if err != nil {
		if k, _ := SniffArchive(path); errors.Is(err, fs.ErrNotExist) && k != nil && k.NoMember != nil {
			return nil, k.NoMember(path, asNamed)
		}
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	return data, nil
}

// ResolveTreeRef finds the file that from (a path in tree t) names as ref, by
// ResolveRef's rules inside the tree, without reading it.
func ResolveTreeRef(t Tree, from, ref, root string, exts ...string) (string, error) {
	return resolveInTree(t, from, ref, root, exts)
}

// ArchiveOf returns the archive part of a name "ARCHIVE:MEMBER" when ARCHIVE is
// a file on disk ("" otherwise): what ReadMember opens.
func ArchiveOf(name string) string {
	return ParseName(name).Archive
}

// OpenMemberTree mounts the archive of an "ARCHIVE:MEMBER" name for a caller
// that reads the member and the files it names itself (a MIF source and its
// includes): the tree, the member's path in it and the function that closes
// it. ok is false when name is not a member of an archive that mounts as a tree.
func OpenMemberTree(name string) (t Tree, member string, closeTree func() error, ok bool, err error) {
	n := ParseName(name)
	if !n.IsMember() {
		return nil, "", nil, false, nil
	}
	t, closeTree, ok, err = openTree(n.Archive, false)
	if err != nil || !ok {
		return nil, "", nil, false, err
	}
	v, member, err := treeVersion(t, CleanTreePath(n.Member))
	if err != nil {
		closeTree()
		return nil, "", nil, false, err
	}
	return v, member, closeTree, true, nil
}
