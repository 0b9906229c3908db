package formats

import (
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
)

// The archive registry: every kind of archive (MPQ, SWG tree files and .toc
// sets, NRes, a folder) registers an ArchiveKind from its package's init, as
// decoders register with Register. A mount (package vfs) recognises, opens and
// orders archives through the registry and the ArchiveReader interface alone, and
// every "ARCHIVE:MEMBER" read (OpenFile, ReadMember, OpenMemberTree) goes
// through a mount of the archive, so a kind registered from anywhere (a test's
// toy kind too) is listed, read, extracted and opened like the standard ones.

// ArchiveKind is one archive format's entry in the registry.
type ArchiveKind struct {
	// Name is the kind's short name ("mpq"), as a mount's layers report it.
	Name string
	// Title is how a message names the kind to a user ("MPQ", "SWG tree
	// file"): the list of what a mount reads is made of the kinds' titles.
	Title string
	// Extensions (lower case, with the dot) name the files of this kind that a
	// game data folder mounts together (see DataFolderArchives); a kind
	// without any makes no data folder.
	Extensions []string
	// FolderRank orders the kinds for a folder that holds archives of several:
	// the kind of least rank that the folder holds archives of is mounted
	// (MPQ before SWG tree files).
	FolderRank int
	// LoadOrder sorts a data folder's archives of this kind in the game's load
	// order (a later archive overrides an earlier one); nil sorts by path.
	LoadOrder func(files []FolderArchive)
	// Sniff reports whether a file that starts with head (its first
	// ArchiveHeadSize bytes at most) is of this kind.
	Sniff func(head []byte) bool
	// Find, for a kind whose header may lie further into the file (an MPQ
	// behind a self-extracting stub), searches the open file; it is asked only
	// when no kind's Sniff recognises the head (a tree file may hold an MPQ as
	// a member).
	Find func(r io.ReaderAt, size int64) bool
	// Open opens the archive (or, for a Folder kind, the folder) at path.
	Open func(path string) (ArchiveReader, error)
	// Folder marks the kind that mounts a folder of files on disk: its
	// members' names are paths on disk kept as they are spelled, files whose
	// names differ only in case are two files, and it is no archive a version
	// suffix (MEMBER@ARCHIVE) names.
	Folder bool
	// Scene marks an archive that is itself a scene file (NRes: the MSH
	// decoder opens FILE and FILE:MEMBER with the archive's material
	// libraries): OpenFile decodes it rather than mounting it, and it is no
	// MOUNT for the batch commands; ls, extract and ReadMember still mount it.
	Scene bool
	// FirstWins says that a second member of one name (ignoring case) is
	// another copy of the same file (an MPQ's locales), and the first listed
	// is served; otherwise a later member replaces an earlier one, as a later
	// archive's does.
	FirstWins bool
	// NoMember, when set, is the error ReadMember gives for a member the
	// archive does not hold, worded by the kind (member as named); otherwise
	// the mount's "ARCHIVE:MEMBER: file does not exist".
	NoMember func(archive, member string) error
	// Uncounted says that reading a member unpacks nothing (NRes holds its
	// members in memory; a folder's files are read under ReadFile's cap): its
	// reads are not charged against a mount's unpack limit nor held to its
	// largest in-memory member.
	Uncounted bool
}

// ArchiveHeadSize is how much of a file ArchiveKind.Sniff is given.
const ArchiveHeadSize = 4096

// FolderArchive is one archive file of a data folder: its path, and its
// depth below the folder (0 for the folder's own, 1 for a sub-folder's, as
// WoW's Data/enUS).
type FolderArchive struct {
	Path  string
	Depth int
}

// ArchiveReader is an open archive of one kind: a list of members, each read on
// its own. Its read methods are safe for concurrent use.
type ArchiveReader interface {
	// Len is the number of members listed; Member(i) is the i-th, for i in
	// [0, Len), in the archive's order.
	Len() int
	Member(i int) ArchiveMember
	// ReadMember reads a member whole: m as Member or Find gave it, or with
	// its Name as a mount spells it (CleanTreePath of the listed name, or the
	// name it was found by). A member larger than limit bytes is refused
	// before it is read.
	ReadMember(m ArchiveMember, limit int64) ([]byte, error)
	// WriteMember streams a member to w as it unpacks and returns the bytes
	// written, refusing one larger than limit before it is read; an error of
	// w is returned as it is.
	WriteMember(w io.Writer, m ArchiveMember, limit int64) (int64, error)
	// Close releases the archive's files.
	Close() error
}

// ArchiveMember is one member of an archive, as listed.
type ArchiveMember struct {
	// Name is the member's path as the archive spells it ('\' or '/').
	Name string
	// Size is its size; Packed what it occupies in the archive.
	Size, Packed int64
	// Named is false for a member whose name the archive does not know (an
	// MPQ member no listfile names, listed as "FileNNNNNNNN.xxx").
	Named bool
	// Deleted marks a deletion marker: the file is gone from the earlier
	// archives of a set.
	Deleted bool
	// Ref is the archive's own handle on the member (an index, a hash slot).
	Ref int
}

// ArchiveFinder is an ArchiveReader that finds a member by name the way its own
// lookup does (an MPQ's hash table), also one that its listing cannot name.
// name is '/'-separated (CleanTreePath).
type ArchiveFinder interface {
	Find(name string) (ArchiveMember, bool)
}

// ArchiveNamer is an ArchiveReader that learns the names of its members from
// outside (an MPQ's hash table holds hashes, not names).
type ArchiveNamer interface {
	// AddListfile names the members listed in data (names separated by ';',
	// CR or LF) and returns how many of them the archive holds.
	AddListfile(data []byte) int
	// ShareNames names, in each archive of set (all of this one's kind, this
	// one among them), the members called names.
	ShareNames(set []ArchiveReader, names []string)
}

// ArchiveInputs is an ArchiveReader that reads files besides its own (a .toc's
// tree files): a command that writes must not write over them.
type ArchiveInputs interface {
	Inputs() []string
}

// ArchiveFileNamer is an ArchiveReader whose members open as files of their own
// name (OpenFile): a folder's as the paths on disk they are, an NRes
// archive's as "ARCHIVE:MEMBER" through the MSH decoder, which reads the
// archive's material libraries too. FileName is how member m is named on the
// command line and in messages.
type ArchiveFileNamer interface {
	FileName(m ArchiveMember) string
}

var (
	archiveMu    sync.RWMutex // guards mounter
	archiveKinds = newKindList(func(a, b *ArchiveKind) bool { return a.Name < b.Name })
)

// RegisterArchive adds an archive kind. Archive packages call it from init; a
// test may register a kind of its own.
func RegisterArchive(k ArchiveKind) {
	archiveKinds.add(&k)
}

// ArchiveKinds lists the registered archive kinds, sorted by name: read them,
// never change them.
func ArchiveKinds() []*ArchiveKind {
	return archiveKinds.all()
}

// FolderKind is the registered kind that mounts folders (nil when none is).
func FolderKind() *ArchiveKind {
	for _, k := range ArchiveKinds() {
		if k.Folder {
			return k
		}
	}
	return nil
}

// SniffArchive tells which registered kind the regular file at path is, by
// content (nil when none): first by its head (a .toc, a tree file, an NRes
// archive by its first bytes), then by the kinds that search the file (an
// MPQ's header at any 512-byte boundary). A file that is not regular is an
// error.
func SniffArchive(path string) (*ArchiveKind, error) {
	f, size, err := OpenRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var buf [ArchiveHeadSize]byte
	n, _ := f.ReadAt(buf[:min(int64(len(buf)), size)], 0)
	kinds := ArchiveKinds()
	for _, k := range kinds {
		if k.Sniff != nil && !k.Folder && k.Sniff(buf[:n]) {
			return k, nil
		}
	}
	for _, k := range kinds {
		if k.Find != nil && !k.Folder && k.Find(f, size) {
			return k, nil
		}
	}
	return nil, nil
}

// DataFolderArchives lists the archives of a game data folder: the files of
// the first kind (by FolderRank) that the folder holds, directly or in one
// level of sub-folders (such as WoW's Data/enUS), in that kind's load order;
// nothing when the folder holds none.
func DataFolderArchives(dir string) ([]string, error) {
	var kinds []*ArchiveKind
	for _, k := range ArchiveKinds() {
		if len(k.Extensions) > 0 && !k.Folder {
			kinds = append(kinds, k)
		}
	}
	sort.SliceStable(kinds, func(i, j int) bool { return kinds[i].FolderRank < kinds[j].FolderRank })
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	for _, k := range kinds {
		found := folderFiles(dir, 0, ents, k.Extensions, nil)
		for _, e := range ents {
			if e.IsDir() {
				sub := filepath.Join(dir, e.Name())
				if subEnts, err := os.ReadDir(sub); err == nil {
					found = folderFiles(sub, 1, subEnts, k.Extensions, found)
				}
			}
		}
		if len(found) == 0 {
			continue
		}
		if k.LoadOrder != nil {
			k.LoadOrder(found)
		} else {
			sort.SliceStable(found, func(i, j int) bool { return found[i].Path < found[j].Path })
		}
		out := make([]string, len(found))
		for i, f := range found {
			out[i] = f.Path
		}
		return out, nil
	}
	return nil, nil
}

// folderFiles appends the regular files of ents (the entries of dir) whose
// extension is one of exts, any case.
func folderFiles(dir string, depth int, ents []os.DirEntry, exts []string, out []FolderArchive) []FolderArchive {
	for _, e := range ents {
		if !e.Type().IsRegular() {
			continue
		}
		ext := filepath.Ext(e.Name())
		for _, x := range exts {
			if strings.EqualFold(ext, x) {
				out = append(out, FolderArchive{Path: filepath.Join(dir, e.Name()), Depth: depth})
				break
			}
		}
	}
	return out
}

// Mounter mounts the archive or data folder at path as a Tree (package vfs).
type Mounter func(path string) (t Tree, close func() error, err error)

var mounter Mounter

// RegisterMounter sets the function that mounts archives for "ARCHIVE:MEMBER"
// names (package vfs calls it from init).
func RegisterMounter(m Mounter) {
	archiveMu.Lock()
	defer archiveMu.Unlock()
	mounter = m
}

// openTree mounts path when it is an archive of a registered kind or a game
// data folder; ok is false otherwise. A Scene kind's archive (NRes) mounts only
// for scenes: for reading a member's bytes, not for OpenFile.
func openTree(path string, scenes bool) (Tree, func() error, bool, error) {
	archiveMu.RLock()
	mount := mounter
	archiveMu.RUnlock()
	if mount == nil {
		return nil, nil, false, nil
	}
	st, err := os.Stat(path)
	if err != nil {
		return nil, nil, false, nil
	}
	if st.IsDir() {
		if archives, err := DataFolderArchives(path); err != nil || len(archives) == 0 {
			return nil, nil, false, nil
		}
	} else if k, err := SniffArchive(path); err != nil || k == nil || (k.Scene && !scenes) {
		return nil, nil, false, nil
	}
	t, c, err := mount(path)
	if err != nil {
		return nil, nil, true, err
	}
	return t, c, true, nil
}

// IsArchiveFile reports whether the regular file at p is an archive that
// mounts as a tree of members: a registered kind that is not a scene file
// (an NRes file is a model archive that opens as a scene).
func IsArchiveFile(p string) bool {
	k, err := SniffArchive(p)
	return err == nil && k != nil && !k.Scene
}

// FileCloser closes the file an archive reads, when it opened one (an archive
// decoded from a reader the caller owns has none). Embed it in an archive type
// to open the type with OpenArchiveFile.
type FileCloser struct{ file io.Closer }

// Close closes the file, if any.
func (c *FileCloser) Close() error {
	if c.file != nil {
		return c.file.Close()
	}
	return nil
}

func (c *FileCloser) adopt(f io.Closer) { c.file = f }

// OpenArchiveFile opens the regular file at path (OpenRegular) and decodes the
// archive it holds with decode, which reads it in place; the archive's Close
// (its embedded FileCloser) closes the file, and a failed decode closes it at
// once.
func OpenArchiveFile[A interface{ adopt(io.Closer) }](path string, decode func(name string, r io.ReaderAt, size int64) (A, error)) (A, error) {
	var zero A
	f, size, err := OpenRegular(path)
	if err != nil {
		return zero, err
	}
	a, err := decode(path, f, size)
	if err != nil {
		f.Close()
		return zero, err
	}
	a.adopt(f)
	return a, nil
}
