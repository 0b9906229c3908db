package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"animscope/assets"
	"animscope/formats/mpq"
	"animscope/formats/mpq/mpqtest"
	"animscope/formats/vca/vcatest"
	"animscope/formats/vfs"
)

// batchFolder writes n good test scenes and one bad one into sub-folders.
func batchFolder(t testing.TB, n int) string {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "a", "b"), 0o755)
	for i := 0; i < n; i++ {
		os.WriteFile(filepath.Join(dir, "a", fmt.Sprintf("s%04d.test", i)), []byte(fmt.Sprintf("TESTSCENE %d", i%7)), 0o644)
	}
	os.WriteFile(filepath.Join(dir, "a", "b", "bad.test"), []byte("TESTSCENE x"), 0o644)
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("not a model"), 0o644)
	return dir
}

// TestBatchValidateFolder: a folder validates file by file with the same verdict
// as `validate FILE`, one JSON line each plus a summary, the same lines with -j 1
// and -j 4, and exit 1 because one file is invalid.
func TestBatchValidateFolder(t *testing.T) {
	dir := batchFolder(t, 20)
	var outs []string
	for _, j := range []string{"1", "4"} {
		code, out, stderr := runCLI("validate", "--json", "-j", j, dir, "*.test")
		if code != exitInvalid {
			t.Fatalf("-j %s: exit %d, want 1\n%s", j, code, stderr)
		}
		if strings.Contains(stderr, "\r[") {
			t.Errorf("-j %s: a progress bar on a stderr that is no terminal", j)
		}
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if len(lines) != 22 {
			t.Fatalf("-j %s: %d lines, want 21 files and a summary", j, len(lines))
		}
		var stable []string
		for _, l := range lines[:21] {
			var r batchResult
			if err := json.Unmarshal([]byte(l), &r); err != nil {
				t.Fatalf("line %q: %v", l, err)
			}
			want := "valid"
			if strings.HasSuffix(r.File, "bad.test") {
				want = "invalid"
				if len(r.Messages) == 0 || !strings.Contains(r.Messages[0], "not a number") {
					t.Errorf("bad.test: messages %q", r.Messages)
				}
			}
			if r.Verdict != want || r.Family == "" && want == "valid" {
				t.Errorf("%s: verdict %q family %q, want %q", r.File, r.Verdict, r.Family, want)
			}
			// The same verdict as validating the file alone.
			single, _, _ := runCLI("validate", r.File)
			if (single == exitInvalid) != (r.Verdict == "invalid") {
				t.Errorf("%s: batch says %s, validate FILE exits %d", r.File, r.Verdict, single)
			}
			stable = append(stable, r.File+" "+r.Verdict)
		}
		var sum map[string]batchSummary
		if err := json.Unmarshal([]byte(lines[21]), &sum); err != nil {
			t.Fatal(err)
		}
		s := sum["summary"]
		if s.Files != 21 || s.Valid != 20 || s.Invalid != 1 || s.Families["test"] != 20 || len(s.Slowest) != 3 || len(s.Largest) != 3 {
			t.Errorf("summary %+v", s)
		}
		outs = append(outs, strings.Join(stable, "\n"))
	}
	if outs[0] != outs[1] {
		t.Error("-j 1 and -j 4 list the files differently")
	}
	code, out, stderr := runCLI("validate", "--quiet", dir, "*.test")
	if code != exitInvalid || strings.Count(out, ": valid") != 0 || !strings.Contains(out, "bad.test: invalid") ||
		!strings.Contains(out, "21 files (test 20, unreadable 1)") {
		t.Errorf("--quiet: exit %d\n%s\n%s", code, out, stderr)
	}
	_, _, stderr = runCLI("validate", "--progress", dir, "*.test")
	if !strings.Contains(stderr, "\r[") || !strings.Contains(stderr, "21/21") {
		t.Errorf("--progress draws no bar: %q", stderr)
	}
	if code, _, _ := runCLI("validate", dir, "-j", "0"); code != exitUsage {
		t.Errorf("-j 0: exit %d, want 2", code)
	}
}

// TestBatchValidateMPQ validates every model in an archive: no pattern picks the
// files a decoder reads (.test has none, so a pattern is needed; .m2 is one).
func TestBatchValidateMPQ(t *testing.T) {
	data, err := mpqtest.Build([]mpqtest.File{
		{Name: `Scenes\one.test`, Data: []byte("TESTSCENE 1"), Comp: mpq.CompZlib},
		{Name: `Scenes\two.test`, Data: []byte("TESTSCENE 2"), Encrypt: true},
		{Name: `Creature\Broken\Broken.m2`, Data: []byte("MD20 not really")},
	}, mpqtest.Options{Listfile: true})
	if err != nil {
		t.Fatal(err)
	}
	arc := filepath.Join(t.TempDir(), "data.mpq")
	os.WriteFile(arc, data, 0o644)
	code, out, _ := runCLI("validate", arc, "scenes/*")
	if code != exitOK || !strings.Contains(out, arc+":Scenes/one.test: valid") || !strings.Contains(out, "2 files (test 2)") {
		t.Errorf("validate MPQ scenes/*: exit %d\n%s", code, out)
	}
	code, out, _ = runCLI("validate", arc)
	if code != exitInvalid || !strings.Contains(out, "Broken.m2: invalid") || !strings.Contains(out, "1 file (") {
		t.Errorf("validate MPQ: exit %d, want 1 for the broken .m2\n%s", code, out)
	}
	code, out, _ = runCLI("inspect", "--json", arc, "*.test")
	if code != exitOK || strings.Count(out, `"inspect":{`) != 2 {
		t.Errorf("inspect --json MPQ: exit %d\n%s", code, out)
	}
}

// TestBatchExport: every good scene of a folder becomes OUT/<path>.glb; the bad
// one is not written, and nothing lands outside OUT through a symbolic link.
func TestBatchExport(t *testing.T) {
	dir := batchFolder(t, 3)
	out := filepath.Join(t.TempDir(), "out")
	outside := t.TempDir()
	os.MkdirAll(out, 0o755)
	os.Symlink(outside, filepath.Join(out, "a"))
	code, stdout, stderr := runCLI("export", dir, "*.test", "--out", out, "-j", "2")
	if code != exitInvalid || !strings.Contains(stderr, "symbolic link") {
		t.Errorf("export through a link out of OUT: exit %d\n%s%s", code, stdout, stderr)
	}
	if ents, _ := os.ReadDir(outside); len(ents) != 0 {
		t.Fatalf("export wrote %d files outside OUT", len(ents))
	}
	os.Remove(filepath.Join(out, "a"))
	code, stdout, stderr = runCLI("export", dir, "*.test", "--out", out, "--json")
	if code != exitInvalid {
		t.Errorf("export: exit %d, want 1 (bad.test)\n%s", code, stderr)
	}
	for i := 0; i < 3; i++ {
		p := filepath.Join(out, "a", fmt.Sprintf("s%04d.glb", i))
		if data, err := os.ReadFile(p); err != nil || !strings.HasPrefix(string(data), "glTF") {
			t.Errorf("%s: %v, want a .glb", p, err)
		}
	}
	if _, err := os.Stat(filepath.Join(out, "a", "b", "bad.glb")); err == nil {
		t.Error("the invalid scene was written")
	}
	if strings.Count(stdout, `"wrote":`) != 3 {
		t.Errorf("--json: want 3 lines with \"wrote\":\n%s", stdout)
	}
}

// TestBatchExportNamesUnique: x.vcm and x.test would both export to x.glb (issue
// 28, item 5: one export lost, exit 0). Members whose short outputs meet keep
// their extensions (x.vcm.glb, x.test.glb) on any -j; a member alone keeps the
// short name; case twins, whose full names meet too, fail naming each other and
// write nothing.
func TestBatchExportNamesUnique(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "x.vcm"), vcatest.Bones(3), 0o644)
	os.WriteFile(filepath.Join(dir, "x.test"), []byte("TESTSCENE 1"), 0o644)
	os.WriteFile(filepath.Join(dir, "z.test"), []byte("TESTSCENE 2"), 0o644)
	for _, j := range []string{"1", "2"} {
		out := t.TempDir()
		code, stdout, stderr := runCLI("export", "-j", j, "--out", out, dir, "*.vcm", "*.test")
		if code != exitOK {
			t.Fatalf("-j %s: exit %d, want 0\n%s%s", j, code, stdout, stderr)
		}
		for _, name := range []string{"x.vcm.glb", "x.test.glb", "z.glb"} {
			if data, err := os.ReadFile(filepath.Join(out, name)); err != nil || !strings.HasPrefix(string(data), "glTF") {
				t.Errorf("-j %s: %s: %v, want a .glb", j, name, err)
			}
		}
		if _, err := os.Stat(filepath.Join(out, "x.glb")); err == nil {
			t.Errorf("-j %s: x.glb written: the short name of two members", j)
		}
		if got := strings.Count(stdout, "wrote "); got != 3 {
			t.Errorf("-j %s: %d \"wrote\" lines, want 3\n%s", j, got, stdout)
		}
	}

}

// TestBatchExportPlan: the output names chosen for members whose short names meet
// in any case, and the clash of case twins (a folder mount that lists both, or an
// archive's two spellings): each fails naming the other.
func TestBatchExportPlan(t *testing.T) {
	var x batchExport
	x.plan([]vfs.Entry{{Path: "a/x.m2"}, {Path: "a/X.ans"}, {Path: "a/y.m2"}, {Path: "T.m2"}, {Path: "t.m2"}},
		func(e vfs.Entry) string { return "D:" + e.Path })
	for path, want := range map[string]string{"a/x.m2": "a/x.m2.glb", "a/X.ans": "a/X.ans.glb", "a/y.m2": "a/y.glb"} {
		if got := x.targets[path]; got != want || x.clashes[path] != nil {
			t.Errorf("%s: output %q (clash %q), want %q (none)", path, got, x.clashes[path], want)
		}
	}
	for path, want := range map[string]string{"T.m2": "D:T.m2: its output T.m2.glb would also be D:t.m2's", "t.m2": "D:t.m2: its output t.m2.glb would also be D:T.m2's"} {
		_, err := x.write(nil, vfs.Entry{Path: path})
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("write of case twin %s: %v, want %q…", path, err, want)
		}
	}
}

// TestBatchFlagsOffMount: a flag only a mount takes, given with a first argument
// that is no mount, names the argument's problem first (issue 28, item 9: it only
// said "flag provided but not defined: -j"): a missing archive or file, an archive
// that does not open, a model that does not decode give exit 1 with the file's
// error; a file that reads well (a model, an NRes model) gives exit 2 naming both
// the file and the flags.
func TestBatchFlagsOffMount(t *testing.T) {
	dir := t.TempDir()
	good := writeScene(t, dir, "good.test", "TESTSCENE 1")
	bad := writeScene(t, dir, "bad.vcm", "@bone name 'root' {\n")
	nres := filepath.Join(dir, "demo.msh")
	os.WriteFile(nres, assets.DemoMSH, 0o644)
	junk := filepath.Join(dir, "junk.mpq")
	os.WriteFile(junk, []byte("not an archive at all"), 0o644)
	missing := filepath.Join(dir, "missing.mpq")
	cases := []struct {
		args []string
		code int
		want []string // in stderr
	}{
		{[]string{"validate", "-j", "2", missing}, exitInvalid, []string{missing + ": no such file or directory"}},
		{[]string{"validate", "--json", missing}, exitInvalid, []string{missing + ": no such file or directory"}},
		{[]string{"inspect", "-j", "2", missing}, exitInvalid, []string{missing + ": no such file or directory"}},
		{[]string{"export", "-j", "2", "--out", filepath.Join(dir, "o"), missing}, exitInvalid, []string{missing + ": no such file or directory"}},
		{[]string{"validate", "-j", "2", junk}, exitInvalid, []string{junk + ": not an archive"}},
		{[]string{"inspect", "--quiet", junk}, exitInvalid, []string{junk + ": not an archive"}},
		{[]string{"validate", "-j", "2", bad}, exitInvalid, []string{bad + ":2:1: unexpected end"}},
		{[]string{"validate", "-j", "2", "--json", nres}, exitUsage, []string{nres + " is an NRes model", "-j, --json apply to a MOUNT only"}},
		{[]string{"inspect", "-j", "2", nres}, exitUsage, []string{nres + " is an NRes model", "-j applies to a MOUNT only"}},
		{[]string{"validate", "--progress", good}, exitUsage, []string{good + " is a FILE, not a MOUNT", "--progress applies to a MOUNT only"}},
	}
	for _, tc := range cases {
		code, stdout, stderr := runCLI(tc.args...)
		if code != tc.code {
			t.Errorf("%v: exit %d, want %d\n%s%s", tc.args, code, tc.code, stdout, stderr)
		}
		for _, w := range tc.want {
			if !strings.Contains(stderr, w) {
				t.Errorf("%v: stderr lacks %q:\n%s", tc.args, w, stderr)
			}
		}
		if strings.Contains(stderr, "not defined") {
			t.Errorf("%v: the flag is blamed, not the file:\n%s", tc.args, stderr)
		}
	}
	// Without a mount-only flag nothing changes: the plain command reads the file.
	if code, _, stderr := runCLI("validate", nres); code != exitOK {
		t.Errorf("validate %s: exit %d, want 0\n%s", nres, code, stderr)
	}
}
