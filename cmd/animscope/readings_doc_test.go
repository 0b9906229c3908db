package main

import (
	"strings"
	"testing"
)

// TestDocsReadings: docs/commands.md's table of readings is the one the formats'
// declarations give (-update rewrites it).
func TestDocsReadings(t *testing.T) {
	checkDocSection(t, commandsDoc, "readings", "the readings table", "from the declarations", readingsTable())
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
