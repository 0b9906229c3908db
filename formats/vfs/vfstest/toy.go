package vfstest

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"io"
	"strings"
	"sync"

	"animscope/formats"
)

// The toy archive kind: a test registers it (RegisterToyKind) to show that a
// kind registered from outside the archive packages mounts, lists, reads and
// extracts like the standard ones, with no change anywhere else. A toy archive
// is text: the line "TOYARCHIVE", then one line a member, "NAME=CONTENT" with
// CONTENT in hexadecimal ("NAME=" alone is an empty member, "-NAME" a deletion
// marker). Files of a folder named *.toy mount together in name
// order (a game data folder of toys).

// ToyKindName is the toy kind's Name.
const ToyKindName = "toy"

// ToyMagic starts every toy archive.
const ToyMagic = "TOYARCHIVE\n"

var toyOnce sync.Once

// RegisterToyKind registers the toy kind (once per test binary).
func RegisterToyKind() {
	toyOnce.Do(func() {
		formats.RegisterArchive(formats.ArchiveKind{
			Name:       ToyKindName,
			Title:      "toy archive",
			Extensions: []string{".toy"},
			FolderRank: 3,
			Sniff:      func(head []byte) bool { return bytes.HasPrefix(head, []byte(ToyMagic)) },
			Open:       openToy,
		})
	})
}

// ToyMember is one member of a toy archive to write.
type ToyMember struct {
	Name, Content string
	Deleted       bool
}

// Toy writes a toy archive of members.
func Toy(members ...ToyMember) []byte {
	var b strings.Builder
	b.WriteString(ToyMagic)
	for _, m := range members {
		if m.Deleted {
			fmt.Fprintf(&b, "-%s\n", m.Name)
			continue
		}
		fmt.Fprintf(&b, "%s=%s\n", m.Name, hex.EncodeToString([]byte(m.Content)))
	}
	return []byte(b.String())
}

type toyArchive struct {
	name    string
	members []formats.ArchiveMember
	content []string
}

func openToy(p string) (formats.ArchiveReader, error) {
	data, err := formats.ReadFile(p)
	if err != nil {
		return nil, err
	}
	if !bytes.HasPrefix(data, []byte(ToyMagic)) {
		return nil, formats.FileErrorf(p, 0, "no toy archive magic")
	}
	a := &toyArchive{name: p}
	off := len(ToyMagic)
	for _, line := range strings.SplitAfter(string(data[off:]), "\n") {
		if line == "" {
			break
		}
		text := strings.TrimSuffix(line, "\n")
		m := formats.ArchiveMember{Named: true, Ref: len(a.members)}
		var content string
		switch name, c, ok := strings.Cut(text, "="); {
		case strings.HasPrefix(text, "-"):
			m.Name, m.Deleted = text[1:], true
		case ok:
			raw, err := hex.DecodeString(c)
			if err != nil {
				return nil, formats.FileErrorf(p, int64(off+len(name)+1), "member %q: %v", name, err)
			}
			m.Name, content = name, string(raw)
			m.Size, m.Packed = int64(len(raw)), int64(len(c))
		default:
			return nil, formats.FileErrorf(p, int64(off), "a member line without '='")
		}
		a.members = append(a.members, m)
		a.content = append(a.content, content)
		off += len(line)
	}
	return a, nil
}

func (a *toyArchive) Len() int                           { return len(a.members) }
func (a *toyArchive) Member(i int) formats.ArchiveMember { return a.members[i] }

func (a *toyArchive) ReadMember(m formats.ArchiveMember, limit int64) ([]byte, error) {
	var b bytes.Buffer
	_, err := a.WriteMember(&b, m, limit)
	return b.Bytes(), err
}

func (a *toyArchive) WriteMember(w io.Writer, m formats.ArchiveMember, limit int64) (int64, error) {
	c := a.content[m.Ref]
	if int64(len(c)) > limit {
		return 0, fmt.Errorf("%s:%s: %d bytes, more than the %d allowed", a.name, m.Name, len(c), limit)
	}
	n, err := io.WriteString(w, c)
	return int64(n), err
}

func (a *toyArchive) Close() error { return nil }
