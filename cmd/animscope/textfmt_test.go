package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"animscope/formats/m2/m2test"
)

func TestPlural(t *testing.T) {
	for _, tc := range []struct {
		n         int
		one, many string
		want      string
	}{{0, "warning", "warnings", "0 warnings"}, {1, "warning", "warnings", "1 warning"}, {2, "error", "errors", "2 errors"},
		{1, "mesh", "meshes", "1 mesh"}, {3, "mesh", "meshes", "3 meshes"}, {1, "vertex", "vertices", "1 vertex"}} {
		if got := plural(tc.n, tc.one, tc.many); got != tc.want {
			t.Errorf("plural(%d, %q) = %q, want %q", tc.n, tc.one, got, tc.want)
		}
	}
}

// TestFmtTime: frames with up to 3 decimals, ms with 3, seconds with 6.
func TestFmtTime(t *testing.T) {
	for _, tc := range []struct {
		t    float64
		unit string
		want string
	}{
		{12, "frame", "12"}, {12.5, "frame", "12.5"}, {1.0 / 3, "frame", "0.333"}, {-0.0001, "frame", "0"},
		{100.0 / 3, "ms", "33.333"}, {500.0 / 3, "ms", "166.667"}, {0, "ms", "0.000"},
		{0.5, "s", "0.500000"}, {1.0 / 3, "s", "0.333333"},
	} {
		if got := fmtTime(tc.t, tc.unit); got != tc.want {
			t.Errorf("fmtTime(%v, %s) = %q, want %q", tc.t, tc.unit, got, tc.want)
		}
	}
	if got := fmtDuration(5000.0/3, "ms"); got != "1666.667" {
		t.Errorf("fmtDuration = %q", got)
	}
	if got := fmtDuration(2000, "ms"); got != "2000" {
		t.Errorf("fmtDuration = %q", got)
	}
}

func writeM2(t *testing.T, dir string, version uint32) string {
	t.Helper()
	data, skin := m2test.NewModel(version).Encode()
	p := filepath.Join(dir, "V"+string(rune('0'+version%10))+".m2")
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(strings.TrimSuffix(p, ".m2")+"00.skin", skin, 0o644)
	return p
}

// TestTextOutput: inspect gives an M2 clip no frame count (it has no frame grid)
// and an MSH clip its frames; diff prints only the readings of each side's family,
// M2 times in ms with 3 decimals, and its columns aligned.
func TestTextOutput(t *testing.T) {
	dir, demo := demoFile(t)
	m2 := frogLikeM2(t)
	_, out, _ := runCLI("inspect", m2)
	if !regexp.MustCompile(`(?m)^    1 Stand\.1 +1000 ms \(1 s\)$`).MatchString(out) || strings.Contains(out, "frames") {
		t.Errorf("inspect M2 clips:\n%s", out)
	}
	_, out, _ = runCLI("inspect", demo)
	if !regexp.MustCompile(`(?m)^    0 demo +\d+ frame \(.* s\), \d+ frames$`).MatchString(out) {
		t.Errorf("inspect MSH clips:\n%s", out)
	}
	code, out, _ := runCLI("diff", demo, m2)
	if code != exitInvalid || !strings.Contains(out, `(msh, clip 0 "demo", rounding engine, quat-order xyzw)`) ||
		!strings.Contains(out, `B: `+m2+` (m2, clip 0 "Walk", parent-flags ignore)`+"\n") {
		t.Errorf("diff MSH vs M2: exit %d\n%s", code, out)
	}
	a, b := writeM2(t, dir, 256), writeM2(t, dir, 264)
	code, out, _ = runCLI("diff", a, b)
	if code != exitInvalid {
		t.Fatalf("diff 256 vs 264: exit %d\n%s", code, out)
	}
	checkColumns(t, out)
	code, out, _ = runCLI("diff", "--half", "--rounding-b", "floor", demo, demo)
	if code != exitInvalid {
		t.Fatalf("diff --half: exit %d\n%s", code, out)
	}
	checkColumns(t, out)
}

// checkColumns: every "t=" line of a diff has its "A:" at one column, its "B:"
// line below at the same column, and M2 times with 3 decimals.
func checkColumns(t *testing.T, out string) {
	t.Helper()
	lines := strings.Split(out, "\n")
	col, rows := -1, 0
	for i, l := range lines {
		if !strings.HasPrefix(l, "  t=") {
			continue
		}
		rows++
		a := strings.Index(l, "A: ")
		if col < 0 {
			col = a
		}
		if a != col || i+1 >= len(lines) || strings.Index(lines[i+1], "B: ") != col {
			t.Errorf("line %d: A: at %d (B: at %d), want both at %d:\n%s\n%s", i, a, strings.Index(lines[i+1], "B: "), col, l, lines[i+1])
			return
		}
		if strings.Contains(out, "(m2,") && !regexp.MustCompile(`^  t=\d+\.\d{3} `).MatchString(l) {
			t.Errorf("M2 time not in ms with 3 decimals: %q", l)
		}
	}
	if rows == 0 {
		t.Errorf("no difference lines:\n%s", out)
	}
}
