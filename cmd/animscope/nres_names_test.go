package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

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
