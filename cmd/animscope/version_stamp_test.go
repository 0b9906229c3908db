package main

import (
	"runtime/debug"
	"strings"
	"testing"
)

// TestStampedVersionWins: a version stamped at build time (make install's
// -X main.version) is printed over the pseudo-version Go stamps from a checkout.
func TestStampedVersionWins(t *testing.T) {
	bi := &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Version: "v0.0.0-20261201095859-1502066227f3"},
		Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "1502066227f3"}, {Key: "vcs.time", Value: "2026-12-01T09:58:59Z"}}}
	if got := versionLine(bi, true); !strings.HasPrefix(got, "animscope v0.0.0-20261201095859-1502066227f3 ") {
		t.Errorf("unstamped: %q, want the module's pseudo-version", got)
	}
	old := version
	version = "0.0~git20261201.15020662"
	defer func() { version = old }()
	if got, want := versionLine(bi, true), "animscope 0.0~git20261201.15020662 (revision 1502066227f3, 2026-12-01T09:58:59Z; go1.26.0)"; got != want {
		t.Errorf("stamped: %q, want %q", got, want)
	}
}
