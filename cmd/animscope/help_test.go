package main

import (
	"os"
	"runtime/debug"
	"strings"
	"testing"
)

// TestHelpGolden: `animscope help`, `animscope help COMMAND` and `COMMAND -h` are
// the golden texts under testdata/help (-update rewrites them); every command's
// help names each of its flags with its meaning, and an example.
func TestHelpGolden(t *testing.T) {
	code, out, errs := runCLI("help")
	if code != exitOK || errs != "" {
		t.Fatalf("help: exit %d, stderr %q", code, errs)
	}
	checkGolden(t, "help/main.golden", out)
	for _, c := range commands {
		t.Run(c.name, func(t *testing.T) {
			code, out, errs := runCLI("help", c.name)
			if code != exitOK || errs != "" {
				t.Fatalf("help %s: exit %d, stderr %q", c.name, code, errs)
			}
			checkGolden(t, "help/"+c.name+".golden", out)
			for _, want := range []string{"usage:\n  animscope", "example:\n  "} {
				if !strings.Contains(out, want) {
					t.Errorf("help %s lacks %q:\n%s", c.name, want, out)
				}
			}
			if c.run == nil {
				return
			}
			fs := commandFlags(c)
			for _, name := range []string{"root", "rounding", "fidelity", "handles"} {
				if fs.Lookup(name) != nil && !strings.Contains(out, "--"+name+" ") {
					t.Errorf("help %s lacks --%s:\n%s", c.name, name, out)
				}
			}
			args := []string{"--watch", "-h"} // plain -h is the main help
			if c.name != "viewer" {
				args = []string{c.name, "-h"}
			}
			code, dash, errs := runCLI(args...)
			if code != exitOK || errs != "" || dash != out {
				t.Errorf("%v: exit %d, stderr %q; want exit 0 and the text of help %s", args, code, errs, c.name)
			}
			if c.name != "viewer" {
				// -h wins wherever it stands among the flags.
				if code, dash, _ := runCLI(c.name, "--root", "x", "--help"); code != exitOK || dash != out {
					t.Errorf("%s --root x --help: exit %d, want the help", c.name, code)
				}
			}
		})
	}
}

// TestHelpFlagsDefaults: a flag's default and meaning are in the help.
func TestHelpFlagsDefaults(t *testing.T) {
	for _, tc := range []struct{ cmd, want string }{
		{"render", "--size WxH             image size WxH (default 800x600)"},
		{"render", "--out FILE             the image to write: .png, or .jpg/.jpeg for JPEG"},
		{"sample", "--weight W             blend weight: 0 is clip A, 1 is clip B (default 0.5)"},
		{"export", "-j N                   files worked on at once (a mount) (default every core)"},
		{"diff", "    --rounding-b engine|floor|half-away\n        B's --rounding (default: A's)"},
		{"inspect", "  MSH:\n    --rounding engine|floor|half-away (default engine)\n        frame-index rounding"},
	} {
		_, out, _ := runCLI("help", tc.cmd)
		if !strings.Contains(out, tc.want) {
			t.Errorf("help %s lacks %q:\n%s", tc.cmd, tc.want, out)
		}
	}
}

// TestUnknownCommand: a word that is neither a command nor a file is a usage
// error naming the nearest command; an existing file still opens the viewer path.
func TestUnknownCommand(t *testing.T) {
	for _, tc := range []struct{ word, want string }{
		{"sampel", `"sampel" is neither a command nor a file (did you mean "sample"?)`},
		{"exprot", `(did you mean "export"?)`},
		{"inspec", `(did you mean "inspect"?)`},
		{"zzzzzzzzzz", `"zzzzzzzzzz" is neither a command nor a file` + "\n"},
		{"viewer", `"viewer" is neither a command nor a file (the viewer has no command word: animscope [FILE...])`},
	} {
		code, out, errs := runCLI(tc.word, "x.m2")
		if code != exitUsage || out != "" || !strings.Contains(errs, tc.want) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit 2 and %q", tc.word, code, out, errs, tc.want)
		}
	}
	if code, _, errs := runCLI("help", "sampel"); code != exitUsage || !strings.Contains(errs, `did you mean "sample"`) {
		t.Errorf("help sampel: exit %d, %q", code, errs)
	}
	// A path with an extension is meant as a file: the viewer's "cannot open",
	// never a command suggestion.
	if unknownWord("missing.m2") || unknownWord("dir/missing") || unknownWord("--watch") {
		t.Errorf("a file-like word or a flag is taken for an unknown command")
	}
	dir := t.TempDir()
	if err := os.WriteFile(dir+"/frog", nil, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	if unknownWord("frog") {
		t.Errorf("an existing file named like a word is an unknown command")
	}
}

// TestVersion: --version and version print the version, the revision and its date.
func TestVersion(t *testing.T) {
	for _, arg := range []string{"--version", "version"} {
		code, out, errs := runCLI(arg)
		if code != exitOK || errs != "" || !strings.HasPrefix(out, "animscope ") || !strings.HasSuffix(out, "\n") {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", arg, code, out, errs)
		}
	}
	bi := &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
		{Key: "vcs.revision", Value: "0123456789abcdef"}, {Key: "vcs.time", Value: "2026-11-30T21:00:00Z"}, {Key: "vcs.modified", Value: "true"},
	}}
	for _, tc := range []struct {
		bi   *debug.BuildInfo
		ok   bool
		want string
	}{
		{bi, true, "animscope dev (revision 0123456789abcdef, 2026-11-30T21:00:00Z, with uncommitted changes; go1.26.0)"},
		{&debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Version: "v1.2.0"}}, true, "animscope v1.2.0 (no VCS revision stamped; go1.26.0)"},
		{nil, false, "animscope dev (no build information)"},
	} {
		if got := versionLine(tc.bi, tc.ok); got != tc.want {
			t.Errorf("versionLine: got %q, want %q", got, tc.want)
		}
	}
}
