package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestMotionFlagsUsage: --ghosts, --ghost-step and --trail are read before any
// picture is drawn, as usage errors (exit 2) naming the flag, in render and shot
// alike, in every build (the checks come before the display's).
func TestMotionFlagsUsage(t *testing.T) {
	m2 := frogLikeM2(t)
	out := filepath.Join(t.TempDir(), "out.png")
	for _, cmd := range []string{"render", "shot"} {
		for _, tc := range []struct {
			name    string
			args    []string
			wantErr string
		}{
			{"too many ghosts", []string{"--ghosts", "17"}, "--ghosts 17: want 0 to 16"},
			{"negative ghosts", []string{"--ghosts", "-1"}, "--ghosts -1"},
			{"step without ghosts", []string{"--ghost-step", "3"}, "--ghost-step needs --ghosts"},
			{"zero step", []string{"--ghosts", "2", "--ghost-step", "0"}, "--ghost-step 0: want a time above 0"},
			{"NaN step", []string{"--ghosts", "2", "--ghost-step", "NaN"}, "--ghost-step"},
			{"unknown trail node", []string{"--trail", "Tail"}, `--trail: no node named "Tail"`},
			{"trail node number", []string{"--trail", "99"}, "--trail: no node number 99"},
			{"nine trails", strings.Fields("--trail 0 --trail 1 --trail 2 --trail 3 --trail 4 --trail 5 --trail 6 --trail 7 --trail 8"), "at most 8"},
		} {
			t.Run(cmd+" "+tc.name, func(t *testing.T) {
				args := append(append([]string{cmd}, tc.args...), "--out", out, m2)
				code, _, stderr := runCLI(args...)
				if code != exitUsage || !strings.Contains(stderr, tc.wantErr) {
					t.Errorf("%q: exit %d, stderr %q; want exit %d mentioning %q", args, code, stderr, exitUsage, tc.wantErr)
				}
			})
		}
	}
	// An animation does not draw them yet: refused, not dropped.
	for _, o := range []string{"walk.gif", "walk_%04d.png"} {
		args := []string{"render", "--ghosts", "2", "--out", filepath.Join(filepath.Dir(out), o), m2}
		if code, _, stderr := runCLI(args...); code != exitUsage || !strings.Contains(stderr, "--ghosts and --trail draw on a still image") {
			t.Errorf("%q: exit %d, stderr %q; want a usage error", args, code, stderr)
		}
	}
}
