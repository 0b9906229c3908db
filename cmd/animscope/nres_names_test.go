package main

import (
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"animscope/formats/msh/mshtest"
	"animscope/formats/nres"
)

// TestNResDuplicateNamesOneVerdict: an NRes archive with two entries of one
// name (case-insensitively) was refused by inspect (the MSH decoder), while
// ls and extract mounted it and served the later entry alone: "dup" was
// neither listed nor extracted, and ls said all was well. Every command that
// reads the archive now refuses it with the same message, naming the file and
// the second entry's name field.
func TestNResDuplicateNamesOneVerdict(t *testing.T) {
	entry := func(name string, data string) nres.Entry {
		e := nres.Entry{Type: nres.TypeTexm, Data: []byte(data)}
		e.SetName(name)
		return e
	}
	dir := t.TempDir()
	arc := filepath.Join(dir, "dup.rlb")
	data := nres.Encode(0, []nres.Entry{entry("a.tex", "A"), entry("dup", "first"), entry("DUP", "second")})
	if err := os.WriteFile(arc, data, 0o644); err != nil {
		t.Fatal(err)
	}
	want := arc + ": offset 0x"
	const what = `entry 2 is named "DUP" like entry 1`
	for _, args := range [][]string{
		{"inspect", arc},
		{"ls", arc},
		{"ls", "--json", arc},
		{"extract", arc, "*", "--out", filepath.Join(dir, "out")},
		{"validate", arc},
	} {
		code, _, stderr := runCLI(args...)
		if code != exitInvalid || !strings.Contains(stderr, want) || !strings.Contains(stderr, what) {
			t.Errorf("%v: exit %d, stderr %q; want exit 1 and %q … %q", args, code, stderr, want, what)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "out")); err == nil {
		entries, _ := os.ReadDir(filepath.Join(dir, "out"))
		if len(entries) > 0 {
			t.Errorf("extract of a refused archive wrote %d files", len(entries))
		}
	}
	// Names that differ are served as before.
	ok := filepath.Join(dir, "ok.rlb")
	if err := os.WriteFile(ok, nres.Encode(0, []nres.Entry{entry("a.tex", "A"), entry("dup", "first")}), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, stdout, stderr := runCLI("ls", ok); code != exitOK || !strings.Contains(stdout, "dup") || !strings.Contains(stdout, "a.tex") {
		t.Errorf("ls %s: exit %d: %s%s", ok, code, stdout, stderr)
	}
}

// TestNResExtractIsChargedAgainstMaxBytes: NRes payloads may overlap, so N
// entries can all name one payload and extract writes N copies of it. NRes
// reads were not charged against the unpack limit (the archive is in memory),
// so a 1 MB archive extracted 700 MB past the default 512 MB, and --max-bytes
// did nothing. They are charged now: past the limit extract stops with exit 1
// and says so; an archive within it extracts whole.
func TestNResExtractIsChargedAgainstMaxBytes(t *testing.T) {
	payload := make([]byte, 64<<10)
	var entries []nres.Entry
	for i := 0; i < 20; i++ {
		e := nres.Entry{Type: nres.TypeTexm, Data: payload}
		e.SetName(fmt.Sprintf("m%02d.tex", i))
		entries = append(entries, e)
	}
	data := nres.Encode(0, entries)
	// Every directory entry names the first payload: 20 × 64 KiB from 64 KiB.
	dirOff := len(data) - len(entries)*nres.EntrySize
	for i := range entries {
		binary.LittleEndian.PutUint32(data[dirOff+i*nres.EntrySize+nres.FieldOffset:], nres.HeaderSize)
	}
	dir := t.TempDir()
	arc := filepath.Join(dir, "overlap.rlb")
	if err := os.WriteFile(arc, data, 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	code, stdout, stderr := runCLI("extract", "--max-bytes", "512K", arc, "*", "--out", out)
	if code != exitInvalid || !strings.Contains(stderr, "--max-bytes") {
		t.Errorf("extract --max-bytes 512K of 20 × 64 KiB: exit %d, stderr %q; want exit 1 and the limit named", code, stderr)
	}
	var written int64
	files, _ := os.ReadDir(out)
	for _, f := range files {
		if info, err := f.Info(); err == nil {
			written += info.Size()
		}
	}
	if written > 512<<10 {
		t.Errorf("extract wrote %d bytes past --max-bytes 512K (%d files)\n%s", written, len(files), stdout)
	}
	if code, _, stderr := runCLI("extract", "--max-bytes", "2M", arc, "*", "--out", filepath.Join(dir, "all")); code != exitOK {
		t.Errorf("extract --max-bytes 2M: exit %d: %s", code, stderr)
	}
}

// TestNResArchiveVerdictOfATextureTypedAsModel: a member typed 'MESH' that
// holds a texture is a texture to every command that names it
// (ARCHIVE:MEMBER), and validate of the archive gave that verdict too, but
// inspect of the archive opened the member as a model only and failed. Both
// now give the member's own verdict; a member that no kind reads fails both.
func TestNResArchiveVerdictOfATextureTypedAsModel(t *testing.T) {
	data, err := mshtest.TexturedArchive()
	if err != nil {
		t.Fatal(err)
	}
	a, err := nres.Decode("t.rlb", data)
	if err != nil {
		t.Fatal(err)
	}
	tex := -1
	for i := range a.Entries {
		if a.Entries[i].Type == nres.TypeTexm && tex < 0 {
			tex = i
		}
	}
	if tex < 0 {
		t.Fatal("the textured archive has no Texm member")
	}
	a.Entries[tex].Type = nres.TypeMESH
	dir := t.TempDir()
	typed := filepath.Join(dir, "typed.rlb")
	if err := os.WriteFile(typed, a.Encode(), 0o644); err != nil {
		t.Fatal(err)
	}
	a.Entries[tex].Data = []byte("junkjunk")
	junk := filepath.Join(dir, "junk.rlb")
	if err := os.WriteFile(junk, a.Encode(), 0o644); err != nil {
		t.Fatal(err)
	}
	member := typed + ":" + a.Entries[tex].NameString()
	for _, tc := range []struct {
		file string
		want int
	}{{typed, exitOK}, {member, exitOK}, {junk, exitInvalid}} {
		for _, cmd := range [][]string{{"validate"}, {"inspect"}, {"inspect", "--json"}} {
			if code, _, stderr := runCLI(append(cmd, tc.file)...); code != tc.want {
				t.Errorf("%v %s: exit %d, want %d: %s", cmd, tc.file, code, tc.want, stderr)
			}
		}
	}
}
