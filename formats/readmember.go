package formats

import "fmt"

// ReadMember reads a file, or the member of an archive named "ARCHIVE:MEMBER"
// when a registered tree kind (an MPQ, an SWG tree file) mounts the archive: for
// files that are data, not scenes (textures). A file on disk is read with ReadFile
// (regular files only, under the read cap), a member through the archive's tree.
func ReadMember(name string) ([]byte, error) {
	n := ParseName(name)
	path, member := n.Path(), n.Member
	if member == "" {
		return ReadFile(path)
	}
	t, closeTree, ok, err := openTree(path)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, fmt.Errorf("%s: %s is not an archive whose members can be read", name, path)
	}
	defer closeTree()
	t, member, err = treeVersion(t, CleanTreePath(member))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	data, err := t.ReadFile(member)
	if err != nil {
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
	t, closeTree, ok, err = openTree(n.Archive)
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
