//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"animscope/assets"
	"animscope/formats/m2/m2test"
	"animscope/formats/swg/swgtest"
)

// runCLIWithin runs the command and fails the test when it has not returned
// within limit (a named pipe used to block open forever).
func runCLIWithin(t *testing.T, limit time.Duration, args ...string) (int, string, string) {
	t.Helper()
	type result struct {
		code           int
		stdout, stderr string
	}
	done := make(chan result, 1)
	go func() {
		c, o, e := runCLI(args...)
		done <- result{c, o, e}
	}()
	select {
	case r := <-done:
		return r.code, r.stdout, r.stderr
	case <-time.After(limit):
		t.Fatalf("animscope %s still runs after %v", strings.Join(args, " "), limit)
		return 0, "", ""
	}
}

// Special files, directly and as references (issue 15 items 1–4): every command
// refuses them at once with exit 1 and a message naming the file and what it is.
func TestSpecialFilesAndReferences(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe.msh")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("named pipes are not available here: %v", err)
	}
	type tcase struct {
		name string
		file string
		want []string // in stderr
	}
	cases := []tcase{{"named pipe", fifo, []string{fifo, "named pipe"}}}
	if _, err := os.Stat("/dev/zero"); err == nil {
		cases = append(cases, tcase{"device", "/dev/zero", []string{"/dev/zero", "character device"}})
	}

	// An M2 at 264 whose 00.skin is a link to /dev/zero, to a named pipe, and out
	// of its folder.
	model, skin := m2test.Synthetic(264, true)
	outside := t.TempDir()
	secret := filepath.Join(outside, "passwd")
	writeFile(t, secret, []byte("root:x:0:0:root:/root:/bin/bash\n"))
	for _, sk := range []struct{ name, target, want string }{
		{"ZeroSkin", "/dev/zero", "symbolic link"}, // out of the folder, and a device
		{"OutSkin", secret, "symbolic link"},
		{"PipeSkin", "", "named pipe"}, // a named pipe in the folder
	} {
		sub := filepath.Join(dir, sk.name)
		writeFile(t, filepath.Join(sub, sk.name+".m2"), model)
		skinPath := filepath.Join(sub, sk.name+"00.skin")
		if sk.target == "" {
			if err := syscall.Mkfifo(skinPath, 0o644); err != nil {
				t.Fatal(err)
			}
		} else if _, err := os.Stat(sk.target); err != nil {
			continue
		} else if err := os.Symlink(sk.target, skinPath); err != nil {
			t.Fatal(err)
		}
		cases = append(cases, tcase{".skin " + sk.name, filepath.Join(sub, sk.name+".m2"), []string{sk.name + ".m2", "offset 0x", sk.want}})
	}
	// The skin beside the model, intact, opens: the cases fail for the skin alone.
	writeFile(t, filepath.Join(dir, "Good", "Good.m2"), model)
	writeFile(t, filepath.Join(dir, "Good", "Good00.skin"), skin)
	if code, _, stderr := runCLI("validate", filepath.Join(dir, "Good", "Good.m2")); code != exitOK {
		t.Fatalf("the intact model: validate exit %d (%s)", code, stderr)
	}

	// An .lmg naming a named pipe, an absolute path and a file that is not an .mgn.
	lmgDir := filepath.Join(dir, "lmg")
	writeFile(t, filepath.Join(lmgDir, "etc", "passwd"), []byte("root:x:0:0:root:/root:/bin/bash\n"))
	if err := syscall.Mkfifo(filepath.Join(lmgDir, "pipe.mgn"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, l := range []struct{ name, ref, want string }{
		{"pipe", "pipe.mgn", "named pipe"},
		{"absolute", "/etc/passwd", "absolute path"},
		{"untyped", "etc/passwd", "not a .mgn file"},
	} {
		p := filepath.Join(lmgDir, l.name+".lmg")
		writeFile(t, p, swgtest.EncodeLODList([]string{l.ref}))
		cases = append(cases, tcase{".lmg " + l.name, p, []string{p, "offset 0x", l.want}})
	}

	// An .lmg naming dev/zero under an asset root that reaches / (--root /): the
	// name is not an .mgn, and the device would not be read anyway.
	zeroLMG := filepath.Join(lmgDir, "zero.lmg")
	writeFile(t, zeroLMG, swgtest.EncodeLODList([]string{"dev/zero"}))
	if code, _, stderr := runCLIWithin(t, 10*time.Second, "validate", "--root", "/", zeroLMG); code != exitInvalid || !strings.Contains(stderr, "not a .mgn file") {
		t.Errorf("--root / naming dev/zero: exit %d, stderr %q; want 1 and a refusal", code, stderr)
	}
	for _, tc := range cases {
		for _, cmd := range []string{"validate", "inspect", "sample"} {
			code, _, stderr := runCLIWithin(t, 10*time.Second, cmd, tc.file)
			if code != exitInvalid {
				t.Errorf("%s: %s exit %d, want 1 (stderr %q)", tc.name, cmd, code, stderr)
			}
			for _, w := range tc.want {
				if !strings.Contains(stderr, w) {
					t.Errorf("%s: %s stderr %q does not say %q", tc.name, cmd, strings.TrimSpace(stderr), w)
				}
			}
			if strings.Contains(stderr, "root:x") || strings.Contains(stderr, "CHUNK root") {
				t.Errorf("%s: %s shows bytes of a file outside the asset root: %q", tc.name, cmd, stderr)
			}
		}
	}
}

func writeFile(t *testing.T, p string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// --out (issue 15 item 11): a device or pipe is refused with exit 2 and left as it
// is; an existing file keeps its mode; a symbolic link is written through.
func TestOutTargets(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "demo.msh")
	writeFile(t, in, assets.DemoMSH)
	fifo := filepath.Join(dir, "pipe.glb")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("named pipes are not available here: %v", err)
	}
	special := []string{fifo}
	if _, err := os.Stat("/dev/full"); err == nil {
		special = append(special, "/dev/full")
	}
	for _, out := range special {
		before, _ := os.Lstat(out)
		for _, args := range [][]string{
			{"export", "--out", out, in},
			{"render", "--out", out, in},
		} {
			code, _, stderr := runCLIWithin(t, 30*time.Second, args...)
			if code != exitUsage || !strings.Contains(stderr, "only regular files are written") {
				t.Errorf("%s: exit %d, stderr %q; want 2 and a refusal", strings.Join(args, " "), code, stderr)
			}
		}
		if after, _ := os.Lstat(out); after.Mode() != before.Mode() {
			t.Errorf("%s changed from %v to %v", out, before.Mode(), after.Mode())
		}
	}

	kept := filepath.Join(dir, "kept.glb")
	writeFile(t, kept, []byte("old"))
	if err := os.Chmod(kept, 0o600); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runCLI("export", "--out", kept, in); code != exitOK {
		t.Fatalf("export over a 0600 file: exit %d (%s)", code, stderr)
	}
	if st, _ := os.Stat(kept); st.Mode().Perm() != 0o600 {
		t.Errorf("kept.glb mode %v after export, want 0600", st.Mode().Perm())
	}

	target := filepath.Join(dir, "real.glb")
	writeFile(t, target, []byte("old"))
	link := filepath.Join(dir, "link.glb")
	if err := os.Symlink("real.glb", link); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runCLI("export", "--out", link, in); code != exitOK {
		t.Fatalf("export through a link: exit %d (%s)", code, stderr)
	}
	if st, _ := os.Lstat(link); st.Mode()&os.ModeSymlink == 0 {
		t.Errorf("link.glb is no longer a link after export (%v)", st.Mode())
	}
	if data, _ := os.ReadFile(target); !strings.HasPrefix(string(data), "glTF") {
		t.Errorf("real.glb was not written through the link (starts %q)", data[:min(4, len(data))])
	}
}
