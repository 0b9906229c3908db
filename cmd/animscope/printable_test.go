package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"animscope/formats/mpq/mpqtest"
)

// TestControlCharactersQuoted: an archive's member names holding ESC, BEL and the
// C1 CSI (issue 28, item 10) reach no output raw: ls,
// extract, batch validate and their errors print them as escapes (\x1b, \a,
// \u009b); ls --json keeps encoding/json's bytes (the names as \u001b …).
func TestControlCharactersQuoted(t *testing.T) {
	// (A listfile separates names by CR and LF: an MPQ cannot name those; Name's
	// own test has them.)
	names := []string{"red\x1b[31m.test", "bell\x07.test", "csi\u009b2J.test", "bad\x1b.m2"}
	var files []mpqtest.File
	for i, n := range names {
		data := []byte("TESTSCENE 1")
		if i == len(names)-1 {
			data = []byte("MD20 not really")
		}
		files = append(files, mpqtest.File{Name: n, Data: data})
	}
	data, err := mpqtest.Build(files, mpqtest.Options{Listfile: true})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	arc := filepath.Join(dir, "names.mpq")
	os.WriteFile(arc, data, 0o644)
	raw := func(s string) bool { return strings.ContainsAny(s, "\x1b\x07\r\u009b") }
	escaped := []string{`red\x1b[31m.test`, `bell\a.test`, `csi\u009b2J.test`}
	runs := [][]string{
		{"ls", arc},
		{"extract", arc, "*", "--out", filepath.Join(dir, "out")},
		{"validate", arc, "*"},
		{"inspect", arc, "*"},
	}
	for _, args := range runs {
		code, stdout, stderr := runCLI(args...)
		if code == exitUsage {
			t.Errorf("%v: exit 2\n%s", args, stderr)
		}
		if raw(stdout) || raw(stderr) {
			t.Errorf("%v: a control character printed raw:\nstdout %q\nstderr %q", args, stdout, stderr)
		}
		for _, e := range escaped {
			if !strings.Contains(stdout, e) {
				t.Errorf("%v: stdout lacks %s:\n%s", args, e, stdout)
			}
		}
		if args[0] != "ls" && !strings.Contains(stdout+stderr, `bad\x1b.m2`) {
			t.Errorf("%v: the broken member is not named with its escape:\n%s%s", args, stdout, stderr)
		}
	}
	// ls --json: exactly encoding/json's text of each name.
	code, stdout, stderr := runCLI("ls", "--json", arc)
	if code != exitOK {
		t.Fatalf("ls --json: exit %d\n%s", code, stderr)
	}
	for _, n := range names {
		b, _ := json.Marshal(n)
		if !strings.Contains(stdout, string(b)) {
			t.Errorf("ls --json lacks %s:\n%s", b, stdout)
		}
	}
	var rep lsReport
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil || len(rep.Files) != len(names)+1 {
		t.Errorf("ls --json: %v, %d files, want %d (and the listfile)", err, len(rep.Files), len(names)+1)
	}
}
