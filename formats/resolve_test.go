package formats

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func mkfile(t *testing.T, p string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestResolveRef(t *testing.T) {
	root := t.TempDir()
	// root/appearance/mesh/a.mgn names "appearance/skeleton/s.skt", found two levels up.
	from := filepath.Join(root, "appearance", "mesh", "a.mgn")
	mkfile(t, from)
	mkfile(t, filepath.Join(root, "appearance", "skeleton", "s.skt"))
	mkfile(t, filepath.Join(root, "appearance", "mesh", "beside.skt"))
	outside := t.TempDir()
	mkfile(t, filepath.Join(outside, "secret.skt"))
	if err := os.Symlink(filepath.Join(outside, "secret.skt"), filepath.Join(root, "appearance", "mesh", "escape.skt")); err != nil {
		t.Fatal(err)
	}
	loop := filepath.Join(root, "appearance", "mesh", "loop.skt")
	if err := os.Symlink(loop, loop); err != nil {
		t.Fatal(err)
	}
	// Five levels deep: past the 4-level search.
	deep := filepath.Join(root, "a", "b", "c", "d", "e", "f.mgn")
	mkfile(t, deep)

	tests := []struct {
		name    string
		from    string
		ref     string
		root    string
		want    string // path suffix when ok
		wantErr string
	}{
		{"beside", from, "beside.skt", "", "appearance/mesh/beside.skt", ""},
		{"two levels up", from, "appearance/skeleton/s.skt", "", "appearance/skeleton/s.skt", ""},
		{"explicit root", from, "appearance/skeleton/s.skt", root, "appearance/skeleton/s.skt", ""},
		{"explicit root lacks it", from, "beside.skt", root, "", "not found in the asset root"},
		{"absolute", from, "/etc/passwd", "", "", "absolute"},
		{"dot dot", from, "../skeleton/s.skt", "", "", ".."},
		{"symlink out of root", from, "escape.skt", "", "", "symbolic link"},
		{"symlink loop", from, "loop.skt", "", "", "cannot be followed"},
		{"too deep", deep, "appearance/skeleton/s.skt", "", "", "not found"},
		{"empty", from, "", "", "", "empty"},
	}
	for _, tc := range tests {
		got, err := ResolveRef(tc.from, tc.ref, tc.root)
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("%s: err = %v, want one mentioning %q", tc.name, err, tc.wantErr)
			} else if !strings.Contains(err.Error(), tc.from) {
				t.Errorf("%s: err %q does not name the referring file", tc.name, err)
			}
			continue
		}
		if err != nil || !strings.HasSuffix(filepath.ToSlash(got), tc.want) {
			t.Errorf("%s: got %q, %v; want a path ending %q", tc.name, got, err, tc.want)
		}
	}
}

// The asset-root search stops below the file system's root (issue 15 item 4): a
// file a few folders below / that names etc/passwd does not reach /etc/passwd.
func TestResolveRefNeverReachesFSRoot(t *testing.T) {
	if _, err := os.Stat("/etc/passwd"); err != nil {
		t.Skip("no /etc/passwd to aim at on this system")
	}
	dir := t.TempDir()
	depth := len(strings.Split(strings.Trim(filepath.ToSlash(dir), "/"), "/"))
	if depth > MaxRootLevels {
		t.Skipf("the temporary folder %s is %d levels deep: the search cannot reach / from it anyway", dir, depth)
	}
	from := filepath.Join(dir, "a.lmg")
	mkfile(t, from)
	if got, err := ResolveRef(from, "etc/passwd", ""); err == nil {
		t.Errorf("ResolveRef(%s, etc/passwd) = %s, want not found", from, got)
	}
}

// A reference names a file of a type the referring format expects (item 4).
func TestResolveRefTypes(t *testing.T) {
	dir := t.TempDir()
	from := filepath.Join(dir, "a.lmg")
	mkfile(t, from)
	mkfile(t, filepath.Join(dir, "m.mgn"))
	mkfile(t, filepath.Join(dir, "passwd"))
	if _, err := ResolveRef(from, "M.MGN", "", ".mgn"); err != nil && !strings.Contains(err.Error(), "not found") {
		t.Errorf("an upper-case .MGN is refused: %v", err)
	}
	if got, err := ResolveRef(from, "m.mgn", "", ".mgn"); err != nil {
		t.Errorf("m.mgn: %v", err)
	} else if filepath.Base(got) != "m.mgn" {
		t.Errorf("m.mgn resolved to %s", got)
	}
	for _, ref := range []string{"passwd", "m.skt", "x.mgn.txt"} {
		_, err := ResolveRef(from, ref, "", ".mgn")
		if err == nil || !strings.Contains(err.Error(), "is not a .mgn file") {
			t.Errorf("ResolveRef(%q, .mgn) = %v, want a refusal naming the type", ref, err)
		}
	}
}
