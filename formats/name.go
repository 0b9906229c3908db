package formats

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Name is a file as the user names it: a file on disk ("walk.ans"), or a member
// of an archive, "ARCHIVE:MEMBER" ("models.rlb:TANK.msh"), where ARCHIVE is a
// file or a game data folder that a registered tree kind mounts, and MEMBER may
// end in "@ARCHIVE", one archive's version of the member in a mount of several
// ("Data:Creature/Frog/Frog.m2@patch-2.MPQ", see VersionedTree). A Name is
// parsed once, where the name enters (ParseName), and passed on as a value.
//
// The rule: the whole name is a file when something is there by that name (a
// file may have ':' in its name); else it is ARCHIVE:MEMBER, split at the last
// ':' (members have no ':'; an archive's path may, "C:\Games\data.mpq:x.m2"),
// when something is there by the part before it; else it is a file that does
// not exist, and opening it says so.
type Name struct {
	// Archive is the archive on disk that holds Member; "" when the name is a
	// file on disk.
	Archive string
	// Member is the member's path inside Archive as written, "@ARCHIVE" suffix
	// included (the mount decides whether the suffix names a version; see
	// Version); "" when the name is a file on disk.
	Member string

	spelt string      // the name as written
	info  fs.FileInfo // Path's, as ParseName found it; nil when nothing is there
	// near says that something may be there although info is nil: the name's
	// lookup failed with an error other than "does not exist", or the name is an
	// existing file followed by ':' (a member left out).
	near bool
}

// ParseName reads a name: it looks the whole name up on disk and, when nothing
// is there, the archive part (see Name). It never fails: a name that is neither
// is a file on disk that does not exist.
func ParseName(s string) Name {
	st, err := os.Stat(s)
	if err == nil {
		return Name{spelt: s, info: st}
	}
	n := Name{spelt: s, near: !errors.Is(err, fs.ErrNotExist)}
	archive, member, ok := SplitName(s)
	if !ok {
		return n
	}
	ast, aerr := os.Stat(archive)
	switch {
	case aerr != nil:
	case member == "":
		n.near = true // "ARCHIVE:", the member left out: it opens as the file it spells
	default:
		n.Archive, n.Member, n.info = archive, member, ast
	}
	return n
}

// SplitName is the syntax of ARCHIVE:MEMBER without looking at the disk: the
// parts before and after the last ':', ok false when there is none after the
// first byte (":x" is no archive's member). member is "" for a name that ends
// in ':'. It is for names that are already known to be ARCHIVE:MEMBER (the name
// a decoder is handed for a tree's member) and for checks that take every
// reading of a name; a name that enters is read with ParseName.
func SplitName(s string) (archive, member string, ok bool) {
	i := strings.LastIndexByte(s, ':')
	if i <= 0 {
		return "", "", false
	}
	return s[:i], s[i+1:], true
}

// CutVersion splits a member name "MEMBER@ARCHIVE" at its last '@', ok false
// when there is none after the first byte. Whether ARCHIVE names a version is
// the mount's to say (VersionedTree): a member may have '@' in its name.
func CutVersion(member string) (plain, archive string, ok bool) {
	j := strings.LastIndexByte(member, '@')
	if j <= 0 {
		return "", "", false
	}
	return member[:j], member[j+1:], true
}

// String is the name as the user wrote it, for messages.
func (n Name) String() string { return n.spelt }

// IsMember reports whether the name is an archive's member.
func (n Name) IsMember() bool { return n.Member != "" }

// Path is the file on disk to open: the archive of a member, else the name.
func (n Name) Path() string {
	if n.Member != "" {
		return n.Archive
	}
	return n.spelt
}

// Info is what ParseName found at Path, or nil when nothing was there.
func (n Name) Info() fs.FileInfo { return n.info }

// NotFound reports whether ParseName found nothing the name could mean: no
// file by the whole name (the lookup said it does not exist) and no archive by
// the part before its last ':'.
func (n Name) NotFound() bool { return n.info == nil && !n.near }

// Version is the member's plain path and the archive named by an "@ARCHIVE"
// suffix (see CutVersion); ok is false for a file on disk or a member without
// one.
func (n Name) Version() (member, archive string, ok bool) {
	if n.Member == "" {
		return "", "", false
	}
	return CutVersion(n.Member)
}

// Base is the last element of the member's path (either separator; an
// "@ARCHIVE" suffix kept), or of the file's path: "TANK.msh" for
// "models.rlb:TANK.msh".
func (n Name) Base() string {
	if n.Member != "" {
		return filepath.Base(strings.ReplaceAll(n.Member, `\`, "/"))
	}
	return filepath.Base(n.spelt)
}

// Ext is the lower-case extension of the member, or of the file.
func (n Name) Ext() string {
	if n.Member != "" {
		return strings.ToLower(filepath.Ext(n.Member))
	}
	return strings.ToLower(filepath.Ext(n.spelt))
}
