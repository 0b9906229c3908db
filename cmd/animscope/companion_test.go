package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"animscope/formats/m2/m2test"
)

// TestCompanionAloneCommands: a model's .skin opened alone gets the same verdict
// from inspect, validate and sample: exit 1 (a scene that cannot be opened) and
// the model it belongs to named.
func TestCompanionAloneCommands(t *testing.T) {
	dir := t.TempDir()
	data, skin := m2test.Synthetic(264, false)
	if err := os.WriteFile(filepath.Join(dir, "Crab.m2"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	skinPath := filepath.Join(dir, "Crab00.skin")
	if err := os.WriteFile(skinPath, skin, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"inspect", skinPath}, {"inspect", "--json", skinPath}, {"validate", skinPath}, {"sample", skinPath}} {
		code, _, stderr := runCLI(args...)
		if code != exitInvalid || !strings.Contains(stderr, skinPath+": view 0 of Crab.m2: open that file") {
			t.Errorf("%v: exit %d, stderr %q; want %d naming Crab.m2", args, code, stderr, exitInvalid)
		}
	}
}
