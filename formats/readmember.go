package formats

import "fmt"

// ReadMember reads a file, or the member of an archive named "ARCHIVE:MEMBER"
// when a registered tree kind (an MPQ, an SWG tree file) mounts the archive: for
// files that are data, not scenes (textures). A file on disk is read with ReadFile
// (regular files only, under the read cap), a member through the archive's tree.
func ReadMember(name string) ([]byte, error) {
	path, member := splitMember(name)
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
	data, err := t.ReadFile(CleanTreePath(member))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	return data, nil
}
