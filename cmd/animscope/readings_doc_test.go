package main

import (
	"os"
	"strings"
	"testing"
)

// TestREADMEReadings: the README's table of readings is the one the formats'
// declarations give (-update rewrites it).
func TestREADMEReadings(t *testing.T) {
	const path = "../../README.md"
	const begin, end = "<!-- readings:begin -->\n", "<!-- readings:end -->"
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s := string(data)
	i, j := strings.Index(s, begin), strings.Index(s, end)
	if i < 0 || j < i {
		t.Fatalf("%s: no %q … %q section", path, begin, end)
	}
	got, want := s[i+len(begin):j], readingsTable()
	if got == want {
		return
	}
	if *update {
		if err := os.WriteFile(path, []byte(s[:i+len(begin)]+want+s[j:]), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("%s: the readings table is\n%s\nwant (from the declarations)\n%s", path, got, want)
}

// TestHelpListsEveryReading: `animscope help` names every declared reading, its
// choices and, for comparable ones, the -b flag.
func TestHelpListsEveryReading(t *testing.T) {
	var out, errb strings.Builder
	if code := run([]string{"help"}, &out, &errb); code != exitOK {
		t.Fatalf("help: exit %d, %s", code, errb.String())
	}
	for _, want := range []string{
		"--rounding engine|floor|half-away", "--rounding-b: B's reading", "--quat-order xyzw|wxyz",
		"--quat-order-b", "--fidelity file|client", "--handles relative|absolute", "--unknown-bone warn|root",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("help lacks %q:\n%s", want, out.String())
		}
	}
	if strings.Contains(out.String(), "--fidelity-b") {
		t.Errorf("help offers --fidelity-b, but fidelity is not a comparable reading")
	}
}
