package mpq

import (
	"io"
	"strings"

	"animscope/formats"
)

// An MPQ registers as an archive kind: recognised by a header at any 512-byte
// boundary (behind a self-extracting stub too), the archives of a game data
// folder (*.mpq) mounted in World of Warcraft's load order (LoadOrder), names
// shared between the archives of a set, and a member that no listfile names
// still found by its exact name through the hash table.
func init() {
	formats.RegisterArchive(formats.ArchiveKind{
		Name:       "mpq",
		Title:      "MPQ",
		Extensions: []string{".mpq"},
		FolderRank: 1,
		LoadOrder:  LoadOrder,
		Find:       Find,
		Open: func(p string) (formats.ArchiveReader, error) {
			a, err := Open(p)
			if err != nil {
				return nil, err
			}
			return newMounted(a), nil
		},
		// Two listed members of one name are the hash entries of one block
		// (locales of a file no listfile names, both "FileNNNNNNNN.xxx"):
		// the same file, whichever is served.
		FirstWins: true,
	})
}

// mounted is an open MPQ as a formats.ArchiveReader: the members Members
// lists, in listedSlots' order (a mount sorts them itself), each referred to
// by its hash slot.
type mounted struct {
	a     *Archive
	slots []int32 // listedSlots
	named int     // how many of slots had names then (they come first)
}

func newMounted(a *Archive) *mounted {
	m := &mounted{a: a}
	m.list()
	return m
}

// list takes the archive's listing as it is now.
func (m *mounted) list() { m.slots, m.named = m.a.listedSlots(), len(m.a.named) }

func (m *mounted) Len() int { return len(m.slots) }

func (m *mounted) Member(i int) formats.ArchiveMember {
	if i < m.named {
		return asArchiveMember(m.a.namedMember(i))
	}
	return asArchiveMember(m.a.memberAt(int(m.slots[i])))
}

func asArchiveMember(mem Member) formats.ArchiveMember {
	return formats.ArchiveMember{Name: mem.Name, Size: int64(mem.Blk.Size), Packed: int64(mem.Blk.CompressedSize),
		Named: mem.Known, Deleted: mem.Blk.Flags&FlagDeleteMarker != 0, Ref: mem.slot}
}

// member is the Member at am's hash slot. Its name is the one the archive
// knows, or else am's own ('/' as '\'): the name it was found by (Stat), or
// its "FileNNNNNNNN.xxx" listing; an encrypted member's key comes from it.
func (m *mounted) member(am formats.ArchiveMember) Member {
	slot := am.Ref
	e := m.a.hashes[slot]
	name := m.a.nameOf(slot)
	if name == "" {
		name = strings.ReplaceAll(am.Name, "/", `\`)
	}
	return Member{Name: name, Known: true, Locale: e.locale, Block: int(e.block), Blk: m.a.blocks[e.block], slot: slot}
}

func (m *mounted) ReadMember(am formats.ArchiveMember, limit int64) ([]byte, error) {
	return m.a.ReadMemberLimit(m.member(am), limit)
}

func (m *mounted) WriteMember(w io.Writer, am formats.ArchiveMember, limit int64) (int64, error) {
	return m.a.WriteMember(w, m.member(am), limit)
}

func (m *mounted) Close() error { return m.a.Close() }

// Find finds a member by its exact name through the hash table.
func (m *mounted) Find(name string) (formats.ArchiveMember, bool) {
	mem, ok := m.a.Stat(strings.ReplaceAll(name, "/", `\`))
	if !ok {
		return formats.ArchiveMember{}, false
	}
	am := asArchiveMember(mem)
	am.Named = true
	return am, true
}

func (m *mounted) AddListfile(data []byte) int {
	n := m.a.AddListfile(data)
	m.list()
	return n
}

// ShareNames names the members called names in every MPQ of set, hashing each
// name once for all of them (NameAll).
func (m *mounted) ShareNames(set []formats.ArchiveReader, names []string) {
	var mpqs []*mounted
	for _, a := range set {
		if x, ok := a.(*mounted); ok {
			mpqs = append(mpqs, x)
		}
	}
	archives := make([]*Archive, len(mpqs))
	for i, x := range mpqs {
		archives[i] = x.a
	}
	NameAll(archives, names)
	for _, x := range mpqs {
		x.list()
	}
}
