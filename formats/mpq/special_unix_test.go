//go:build unix

package mpq

import (
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestOpenRefusesFIFO: a named pipe is refused at once (opening it would block
// until a writer came), and /dev/zero (endless) too.
func TestOpenRefusesFIFO(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "x.mpq")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	for _, p := range []string{fifo, "/dev/zero"} {
		done := make(chan error, 1)
		go func() { _, err := Open(p); done <- err }()
		select {
		case err := <-done:
			if err == nil {
				t.Errorf("%s: opened", p)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: Open blocks", p)
		}
	}
}
