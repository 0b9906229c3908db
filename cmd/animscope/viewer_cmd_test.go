package main

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// TestParseViewerArgs: --compare FILE_A FILE_B reads as it always did; scenes of
// several files per side come with --file-b; no file compares the demo with
// itself; wrong calls are usage errors (exit 2) saying what is wrong.
func TestParseViewerArgs(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		files   []string
		compare bool
		a, b    []string
		roundB  string
		wantErr string
	}{
		{"one scene", []string{"body.sat", "walk.ans"}, []string{"body.sat", "walk.ans"}, false, nil, nil, "", ""},
		{"two files", []string{"--compare", "a.msh", "b.msh"}, nil, true, []string{"a.msh"}, []string{"b.msh"}, "", ""},
		{"two files, flags between", []string{"a.msh", "--compare", "--rounding-b", "floor", "b.msh"}, nil, true, []string{"a.msh"}, []string{"b.msh"}, "floor", ""},
		{"two files after --", []string{"--compare", "--", "a.msh", "b.msh"}, nil, true, []string{"a.msh"}, []string{"b.msh"}, "", ""},
		{"whole scenes", []string{"--compare", "body.sat", "walk.ans", "--file-b", "body2.sat", "--file-b", "walk2.ans"}, nil, true,
			[]string{"body.sat", "walk.ans"}, []string{"body2.sat", "walk2.ans"}, "", ""},
		{"one file A, scene B", []string{"--file-b", "b.sat", "--compare", "a.m2", "--file-b", "b.ans"}, nil, true,
			[]string{"a.m2"}, []string{"b.sat", "b.ans"}, "", ""},
		{"the demo twice", []string{"--compare", "--rounding-b", "floor"}, nil, true, nil, nil, "floor", ""},
		{"three files", []string{"--compare", "a", "b", "c"}, nil, false, nil, nil, "", "exactly two files"},
		{"one file", []string{"--compare", "a"}, nil, false, nil, nil, "", "exactly two files"},
		{"--file-b without --compare", []string{"a", "--file-b", "b"}, nil, false, nil, nil, "", "needs --compare"},
		{"--file-b without A", []string{"--compare", "--file-b", "b"}, nil, false, nil, nil, "", "scene A's files"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg, err := parseViewerArgs(tc.args)
			if tc.wantErr != "" {
				var u usageError
				if !errors.As(err, &u) || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("error %v, want a usage error with %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(cfg.files, tc.files) || cfg.compare != tc.compare || !slices.Equal(cfg.compareA, tc.a) || !slices.Equal(cfg.compareB, tc.b) {
				t.Errorf("files %q compare %v A %q B %q; want %q %v %q %q", cfg.files, cfg.compare, cfg.compareA, cfg.compareB, tc.files, tc.compare, tc.a, tc.b)
			}
			if got := cfg.optsB.Value("rounding"); tc.roundB != "" && got != tc.roundB {
				t.Errorf("B's rounding %q, want %q", got, tc.roundB)
			}
		})
	}
}

// TestViewerCompareRefusals: the refusals reach the terminal with exit 2 before
// any window opens.
func TestViewerCompareRefusals(t *testing.T) {
	for _, args := range [][]string{{"--compare", "a", "b", "c"}, {"a", "--file-b", "b"}} {
		code, stdout, stderr := runCLI(args...)
		if code != exitUsage || stdout != "" || stderr == "" {
			t.Errorf("animscope %s: exit %d, stdout %q, stderr %q; want 2 and a message", strings.Join(args, " "), code, stdout, stderr)
		}
	}
}
