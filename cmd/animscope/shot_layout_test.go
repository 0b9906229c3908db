package main

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// This file sorts after memory_test.go on purpose: a window drawn in the test
// process raises the peak memory its child processes start from, and
// TestMemoryBound measures those.

// TestShotIgnoresUserLayout (issue 30, defect 5): `shot` draws the default
// layout whatever the user's saved layout.json says (a bottom area of 90%, a
// collapsed side panel), so pictures do not depend on the machine's user.
func TestShotIgnoresUserLayout(t *testing.T) {
	if !hasDisplay() {
		t.Skip("no display (DISPLAY unset): shot needs X11; run under xvfb-run")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, "config"))
	dir, demo := demoFile(t)
	shot := func(name string) []byte {
		t.Helper()
		out := filepath.Join(dir, name)
		if code, _, stderr := runCLI("shot", "--size", "640x400", "--panel", "keys", "--out", out, demo); code != exitOK {
			t.Fatalf("shot: exit %d, stderr %q", code, stderr)
		}
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	before := shot("before.png")
	cfg := filepath.Join(home, "config", "animscope")
	if err := os.MkdirAll(cfg, 0o755); err != nil {
		t.Fatal(err)
	}
	user := `{"Left": 0.4, "Right": 0.1, "Bottom": 0.9, "LeftCollapsed": true, "Tab": "diagnostics"}`
	if err := os.WriteFile(filepath.Join(cfg, "layout.json"), []byte(user), 0o644); err != nil {
		t.Fatal(err)
	}
	if after := shot("after.png"); !bytes.Equal(before, after) {
		t.Errorf("the shot changed with the user's layout.json (%d bytes, then %d)", len(before), len(after))
	}
	if got, _ := os.ReadFile(filepath.Join(cfg, "layout.json")); string(got) != user {
		t.Errorf("the user's layout.json was rewritten: %q", got)
	}
}
