//go:build unix

package atomicfile

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// An existing target that is not a regular file is refused and left as it is.
func TestWriteRefusesSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("named pipes are not available here: %v", err)
	}
	linkToDev := filepath.Join(dir, "devlink")
	if err := os.Symlink("/dev/null", linkToDev); err != nil {
		t.Fatal(err)
	}
	cases := []string{fifo, dir, linkToDev}
	if _, err := os.Stat("/dev/full"); err == nil {
		cases = append(cases, "/dev/full")
	}
	for _, p := range cases {
		before, _ := os.Lstat(p)
		err := Write(p, []byte("x"))
		if !errors.Is(err, ErrNotRegular) {
			t.Errorf("Write(%s) = %v, want ErrNotRegular", p, err)
		}
		after, _ := os.Lstat(p)
		if before.Mode() != after.Mode() {
			t.Errorf("%s changed from %v to %v", p, before.Mode(), after.Mode())
		}
	}
}
