package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"animscope/formats/mpq"
	"animscope/formats/mpq/mpqtest"
)

// extractArchive writes an MPQ of files into dir and returns its path.
func extractArchive(t *testing.T, dir string, files []mpqtest.File) string {
	t.Helper()
	data, err := mpqtest.Build(files, mpqtest.Options{Listfile: true})
	if err != nil {
		t.Fatal(err)
	}
	arc := filepath.Join(dir, "a.mpq")
	if err := os.WriteFile(arc, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return arc
}

// TestExtractErrorsNameUserPath: a member that cannot be written is reported
// under the path the user asked for (--out as given, joined with the member's
// path), never a temporary file's name nor the folder --out resolves to.
func TestExtractErrorsNameUserPath(t *testing.T) {
	dir := t.TempDir()
	arc := extractArchive(t, dir, []mpqtest.File{
		{Name: `Creature\Rabbit\Rabbit.m2`, Data: []byte("model"), Comp: mpq.CompZlib},
		{Name: `Sound\a.wav`, Data: []byte("wav")},
	})
	// --out is a symbolic link to the real folder, so the resolved path differs
	// from the one the user gave.
	real := filepath.Join(dir, "real")
	link := filepath.Join(dir, "link")
	os.MkdirAll(filepath.Join(real, "Creature", "Rabbit", "Rabbit.m2"), 0o755) // a folder where a file goes
	os.WriteFile(filepath.Join(real, "Sound"), []byte("a file where a folder goes"), 0o644)
	if err := os.Symlink(real, link); err != nil {
		t.Skipf("no symbolic links: %v", err)
	}
	code, out, stderr := runCLI("extract", arc, "*", "--out", link)
	if code != exitInvalid {
		t.Errorf("extract: exit %d, want 1\n%s%s", code, out, stderr)
	}
	for _, want := range []string{
		filepath.Join(link, "Creature", "Rabbit", "Rabbit.m2") + " is a folder",
		"write " + filepath.Join(link, "Sound", "a.wav") + ": not a directory",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("extract: stderr lacks %q:\n%s", want, stderr)
		}
	}
	for _, bad := range []string{real, ".animscope-extract-"} {
		if strings.Contains(stderr, bad) {
			t.Errorf("extract: stderr names %q, not the user's path:\n%s", bad, stderr)
		}
	}

	if os.Geteuid() == 0 {
		return // root writes into a read-only folder
	}
	ro := filepath.Join(dir, "ro")
	os.MkdirAll(filepath.Join(ro, "Sound"), 0o755)
	os.Chmod(filepath.Join(ro, "Sound"), 0o555)
	defer os.Chmod(filepath.Join(ro, "Sound"), 0o755)
	_, _, stderr = runCLI("extract", arc, "*.wav", "--out", ro)
	if want := "write " + filepath.Join(ro, "Sound", "a.wav") + ": permission denied"; !strings.Contains(stderr, want) {
		t.Errorf("extract into a read-only folder: stderr lacks %q:\n%s", want, stderr)
	}
}

// TestExtractReplacesLinksAndKeepsModes: a symbolic link at a member's target is
// replaced by the member, not written through (it may lead out of the output
// folder); a new file is 0644 and a replaced file keeps its permission bits.
func TestExtractReplacesLinksAndKeepsModes(t *testing.T) {
	dir := t.TempDir()
	arc := extractArchive(t, dir, []mpqtest.File{
		{Name: `a.txt`, Data: []byte("member a")},
		{Name: `b.txt`, Data: []byte("member b")},
		{Name: `c.txt`, Data: []byte("member c")},
	})
	out := filepath.Join(dir, "out")
	os.MkdirAll(out, 0o755)
	outside := filepath.Join(dir, "outside.txt")
	os.WriteFile(outside, []byte("keep me"), 0o644)
	if err := os.Symlink(outside, filepath.Join(out, "a.txt")); err != nil {
		t.Skipf("no symbolic links: %v", err)
	}
	os.WriteFile(filepath.Join(out, "b.txt"), []byte("old"), 0o600)
	if code, o, e := runCLI("extract", arc, "*", "--out", out); code != exitOK {
		t.Fatalf("extract: exit %d\n%s%s", code, o, e)
	}
	if got, _ := os.ReadFile(outside); string(got) != "keep me" {
		t.Errorf("the file a link pointed to became %q, want it untouched", got)
	}
	for _, tc := range []struct {
		name string
		mode os.FileMode
	}{{"a.txt", 0o644}, {"b.txt", 0o600}, {"c.txt", 0o644}} {
		p := filepath.Join(out, tc.name)
		st, err := os.Lstat(p)
		if err != nil {
			t.Fatal(err)
		}
		if !st.Mode().IsRegular() || st.Mode().Perm() != tc.mode {
			t.Errorf("%s: mode %v, want a regular file with %v", tc.name, st.Mode(), tc.mode)
		}
		if got, _ := os.ReadFile(p); string(got) != "member "+tc.name[:1] {
			t.Errorf("%s: %q, want %q", tc.name, got, "member "+tc.name[:1])
		}
	}
}
