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
	if st, _ := os.Stat(p); st.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, want 0644", st.Mode().Perm())
	}
	if es, _ := os.ReadDir(dir); len(es) != 1 {
		t.Errorf("temporary files left behind: %v", es)
	}
	// A folder that does not exist fails and leaves nothing.
	if err := Write(filepath.Join(dir, "no", "such.bin"), []byte("x")); err == nil {
		t.Errorf("writing into a missing folder succeeded")
	}
}
