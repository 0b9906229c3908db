package nres

import (
	"bytes"
	"fmt"
	"io"

	"animscope/formats"
)

// An NRes archive registers as an archive kind, recognised by its magic. It is
// a scene file too (the MSH decoder opens FILE and FILE:MEMBER with the
// archive's material libraries), so its members open as "ARCHIVE:MEMBER"
// files, and the archive is read whole into memory. Reading a member unpacks
// nothing, but its reads are charged against the mount's unpack limit all the
// same: payloads may overlap, so a directory of thousands of entries naming one
// megabyte gives extract gigabytes to write from an archive of two.
func init() {
	formats.RegisterArchive(formats.ArchiveKind{
		Name:  "nres",
		Title: "NRes",
		Sniff: func(head []byte) bool { return bytes.HasPrefix(head, []byte(Magic)) },
		Open: func(p string) (formats.ArchiveReader, error) {
			data, err := formats.ReadFile(p)
			if err != nil {
				return nil, err
			}
			a, err := Decode(p, data)
			if err != nil {
				return nil, err
			}
			// A mount serves one file per name: two members of an outer
			// archive of one name would leave one of them unlisted, and the
			// MSH decoder refuses such an archive. (A model's streams share
			// the model's name by design: a model is opened as a scene.)
			if err := a.CheckUniqueNames(); err != nil && !a.IsModel() {
				return nil, err
			}
			return &mounted{path: p, a: a}, nil
		},
		Scene: true,
		NoMember: func(archive, member string) error {
			return fmt.Errorf("%s: the archive has no member %q", archive, member)
		},
	})
}

// mounted is an NRes archive as a formats.ArchiveReader: its entries in
// directory order, each referred to by its index.
type mounted struct {
	path string
	a    *Archive
}

func (m *mounted) Len() int { return len(m.a.Entries) }

func (m *mounted) Member(i int) formats.ArchiveMember {
	e := &m.a.Entries[i]
	return formats.ArchiveMember{Name: e.NameString(), Size: int64(len(e.Data)), Packed: int64(len(e.Data)), Named: true, Ref: i}
}

// ReadMember copies the member's bytes (the archive is in memory).
func (m *mounted) ReadMember(am formats.ArchiveMember, _ int64) ([]byte, error) {
	return append([]byte(nil), m.a.Entries[am.Ref].Data...), nil
}

func (m *mounted) WriteMember(w io.Writer, am formats.ArchiveMember, _ int64) (int64, error) {
	n, err := w.Write(m.a.Entries[am.Ref].Data)
	return int64(n), err
}

func (m *mounted) Close() error { return nil }

// FileName names a member as the MSH decoder opens it: ARCHIVE:MEMBER, with
// the member's name as the archive spells it.
func (m *mounted) FileName(am formats.ArchiveMember) string {
	return m.path + ":" + m.a.Entries[am.Ref].NameString()
}
