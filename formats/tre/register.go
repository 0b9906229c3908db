package tre

import (
	"bytes"
	"io"

	"animscope/formats"
)

// SWG's tree files and .toc sets register as archive kinds, recognised by
// their first bytes. A folder of tree files (*.tre, and no MPQ) is a data
// folder whose archives mount in name order, a later name overriding an
// earlier one (SWG's own order comes from the client's configuration, which
// animscope does not read). A .toc's tree files open beside it when it mounts.
func init() {
	formats.RegisterArchive(formats.ArchiveKind{
		Name:       "tre",
		Title:      "SWG tree file",
		Extensions: []string{".tre"},
		FolderRank: 2,
		Sniff:      func(head []byte) bool { return bytes.HasPrefix(head, []byte(Magic)) },
		Open: func(p string) (formats.ArchiveReader, error) {
			a, err := Open(p)
			if err != nil {
				return nil, err
			}
			return &mounted[Entry]{entries: a.Entries, entry: func(e *Entry) *Entry { return e },
				read: a.ReadLimit, write: a.WriteMember, closer: a}, nil
		},
	})
	formats.RegisterArchive(formats.ArchiveKind{
		Name:  "toc",
		Title: "SWG .toc",
		Sniff: func(head []byte) bool { return bytes.HasPrefix(head, []byte(TOCMagic)) },
		Open: func(p string) (formats.ArchiveReader, error) {
			t, err := OpenTOC(p)
			if err != nil {
				return nil, err
			}
			if err := t.Load(); err != nil { // its tree files, beside it
				t.Close()
				return nil, err
			}
			return &mounted[TOCEntry]{entries: t.Entries, entry: func(e *TOCEntry) *Entry { return &e.Entry },
				read: t.ReadLimit, write: t.WriteMember, closer: t, inputs: t.TreePaths}, nil
		},
	})
}

// mounted is a tree file or a .toc set as a formats.ArchiveReader: its entries
// in table order, each referred to by its index.
type mounted[E any] struct {
	entries []E
	entry   func(*E) *Entry
	read    func(*E, int64) ([]byte, error)
	write   func(io.Writer, *E, int64) (int64, error)
	closer  io.Closer
	inputs  func() []string
}

func (m *mounted[E]) Len() int { return len(m.entries) }

func (m *mounted[E]) Member(i int) formats.ArchiveMember {
	e := m.entry(&m.entries[i])
	return formats.ArchiveMember{Name: e.Name, Size: int64(e.Length), Packed: int64(e.Stored()), Named: true, Ref: i}
}

func (m *mounted[E]) ReadMember(am formats.ArchiveMember, limit int64) ([]byte, error) {
	return m.read(&m.entries[am.Ref], limit)
}

func (m *mounted[E]) WriteMember(w io.Writer, am formats.ArchiveMember, limit int64) (int64, error) {
	return m.write(w, &m.entries[am.Ref], limit)
}

func (m *mounted[E]) Close() error { return m.closer.Close() }

// Inputs are a .toc's tree files (none for a tree file: it is its own).
func (m *mounted[E]) Inputs() []string {
	if m.inputs == nil {
		return nil
	}
	return m.inputs()
}
