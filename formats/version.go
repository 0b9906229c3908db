package formats

// VersionedTree is a tree of several archives in which one archive's version of
// a file can be named: "MEMBER@ARCHIVE" (the vfs package's mounts of a game data
// folder). Version resolves such a name to the tree as it stood with that
// archive loaded last and the member's plain path; ok is false for a name that
// selects no version (it is then an ordinary member name).
type VersionedTree interface {
	Tree
	Version(name string) (t Tree, member string, ok bool, err error)
}

// treeVersion resolves member in t when it names one version of a file (see
// VersionedTree), and returns t and member as they are otherwise.
func treeVersion(t Tree, member string) (Tree, string, error) {
	vt, ok := t.(VersionedTree)
	if !ok {
		return t, member, nil
	}
	v, plain, ok, err := vt.Version(member)
	if err != nil {
		return nil, "", err
	}
	if !ok {
		return t, member, nil
	}
	return v, plain, nil
}
