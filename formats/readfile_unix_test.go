//go:build unix

package formats

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// ReadFile reads regular files only (issue 15 items 1 and 2): a device used to
// be read without end (/dev/zero: out of memory) and a named pipe blocked open
// forever. Each case must fail at once, with a message that says what the file is.
func TestReadFileRefusesSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe.msh")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("named pipes are not available here: %v", err)
	}
	linkToFifo := filepath.Join(dir, "link.msh")
	if err := os.Symlink(fifo, linkToFifo); err != nil {
		t.Fatal(err)
	}
	cases := []struct{ path, want string }{
		{fifo, "named pipe"},
		{linkToFifo, "named pipe"},
		{dir, "is a folder"},
	}
	if _, err := os.Stat("/dev/zero"); err == nil {
		cases = append(cases, struct{ path, want string }{"/dev/zero", "character device"})
		link := filepath.Join(dir, "zero.skin")
		if err := os.Symlink("/dev/zero", link); err != nil {
			t.Fatal(err)
		}
		cases = append(cases, struct{ path, want string }{link, "character device"})
	}
	for _, tc := range cases {
		done := make(chan error, 1)
		go func() {
			_, err := ReadFile(tc.path)
			done <- err
		}()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), tc.path) {
				t.Errorf("ReadFile(%s) = %v, want an error naming it and saying %q", tc.path, err, tc.want)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("ReadFile(%s) still blocks after 5 s", tc.path)
		}
	}
}

// The read cap is raised or lowered with ANIMSCOPE_MAX_FILE_SIZE.
func TestReadFileCap(t *testing.T) {
	p := filepath.Join(t.TempDir(), "f.bin")
	if err := os.WriteFile(p, make([]byte, 3000), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		env     string
		wantErr string
	}{
		{"", ""},
		{"3000", ""},
		{"2999", "more than the 2999-byte read limit"},
		{"2K", "more than the 2048-byte read limit"},
		{"3k", ""},
		{"1M", ""},
		{"0", "want a size in bytes"},
		{"lots", "want a size in bytes"},
	}
	for _, tc := range tests {
		t.Setenv(MaxFileSizeEnv, tc.env)
		data, err := ReadFile(p)
		switch {
		case tc.wantErr == "" && (err != nil || len(data) != 3000):
			t.Errorf("%s=%q: got %d bytes, %v; want 3000 bytes", MaxFileSizeEnv, tc.env, len(data), err)
		case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)):
			t.Errorf("%s=%q: err = %v, want one saying %q", MaxFileSizeEnv, tc.env, err, tc.wantErr)
		}
	}
}

// A companion file (an M2's .skin) is confined to the model's folder (item 3): a
// symbolic link out of it is refused, one inside it is followed.
func TestReadCompanionConfined(t *testing.T) {
	dir := t.TempDir()
	outside := t.TempDir()
	secret := filepath.Join(outside, "passwd")
	if err := os.WriteFile(secret, []byte("root:x:0"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "Rabbit00.skin")
	if err := os.Symlink(secret, out); err != nil {
		t.Skipf("symbolic links are not available here: %v", err)
	}
	if data, err := ReadCompanion(out); err == nil || !strings.Contains(err.Error(), "symbolic link") {
		t.Errorf("ReadCompanion through a link out of the folder = %q, %v; want a refusal", data, err)
	}
	in := filepath.Join(dir, "real.skin")
	if err := os.WriteFile(in, []byte("SKIN"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "Frog00.skin")
	if err := os.Symlink("real.skin", link); err != nil {
		t.Fatal(err)
	}
	if data, err := ReadCompanion(link); err != nil || string(data) != "SKIN" {
		t.Errorf("ReadCompanion through a link inside the folder = %q, %v; want SKIN", data, err)
	}
}
