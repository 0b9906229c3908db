package atomicfile

import (
	"os"
	"path/filepath"
	"testing"
)

func TestWrite(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "out.bin")
	if err := os.WriteFile(p, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := Write(p, []byte("new contents")); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(p)
	if err != nil || string(got) != "new contents" {
		t.Errorf("read back %q (%v), want %q", got, err, "new contents")
	}
	// An existing file keeps its mode (issue 15 item 11: 0600 used to become 0644).
	if st, _ := os.Stat(p); st.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want the file's own 0600", st.Mode().Perm())
	}
	if es, _ := os.ReadDir(dir); len(es) != 1 {
		t.Errorf("temporary files left behind: %v", es)
	}
	// A folder that does not exist fails and leaves nothing.
	if err := Write(filepath.Join(dir, "no", "such.bin"), []byte("x")); err == nil {
		t.Errorf("writing into a missing folder succeeded")
	}
}

func TestWriteNewFileMode(t *testing.T) {
	p := filepath.Join(t.TempDir(), "new.bin")
	if err := Write(p, []byte("x")); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(p); st.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, want 0644 for a new file", st.Mode().Perm())
	}
}

// A symbolic link is written through: the file it points to gets the bytes (and
// keeps its mode), the link stays a link. A dangling link creates its target.
func TestWriteThroughSymlink(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "real.bin")
	if err := os.WriteFile(real, []byte("old"), 0o640); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.bin")
	if err := os.Symlink("real.bin", link); err != nil {
		t.Skipf("symbolic links are not available here: %v", err)
	}
	if err := Write(link, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Errorf("link.bin is no longer a symbolic link (%v, %v)", st.Mode(), err)
	}
	if got, _ := os.ReadFile(real); string(got) != "new" {
		t.Errorf("real.bin holds %q, want %q", got, "new")
	}
	if st, _ := os.Stat(real); st.Mode().Perm() != 0o640 {
		t.Errorf("real.bin mode %v, want its own 0640", st.Mode().Perm())
	}
	dangling := filepath.Join(dir, "dangling.bin")
	if err := os.Symlink("made.bin", dangling); err != nil {
		t.Fatal(err)
	}
	if err := Write(dangling, []byte("made")); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "made.bin")); string(got) != "made" {
		t.Errorf("made.bin holds %q, want %q", got, "made")
	}
	loop := filepath.Join(dir, "loop.bin")
	if err := os.Symlink("loop.bin", loop); err != nil {
		t.Fatal(err)
	}
	if err := Write(loop, []byte("x")); err == nil {
		t.Errorf("a link loop was written")
	}
}
