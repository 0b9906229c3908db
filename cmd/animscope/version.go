package main

import (
	"fmt"
	"io"
	"runtime/debug"
)

// version is the release this binary is; a release build sets it with
// -ldflags "-X main.version=v1.2.3" (make install does). Otherwise the module
// version from the build information is used when there is one (`go install
// …@vX`, or the pseudo-version Go stamps from the checkout).
var version = "dev"

// runVersion is `animscope --version`: the version, and the VCS revision and
// commit date the binary was built from (as the Go toolchain stamped them).
func runVersion(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		return exitFor("version", usagef("version takes no argument (got %q)", args[0]), stderr)
	}
	fmt.Fprintln(stdout, versionLine(debug.ReadBuildInfo()))
	return exitOK
}

func versionLine(bi *debug.BuildInfo, ok bool) string {
	v := version
	if !ok {
		return "animscope " + v + " (no build information)"
	}
	if mv := bi.Main.Version; version == "dev" && mv != "" && mv != "(devel)" {
		v = mv
	}
	var rev, date, modified string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			date = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				modified = ", with uncommitted changes"
			}
		}
	}
	if rev == "" {
		return fmt.Sprintf("animscope %s (no VCS revision stamped; %s)", v, bi.GoVersion)
	}
	return fmt.Sprintf("animscope %s (revision %s, %s%s; %s)", v, rev, date, modified, bi.GoVersion)
}
