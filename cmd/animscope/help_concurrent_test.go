package main

import (
	"fmt"
	"sync"
	"testing"
)

// TestHelpConcurrent: `help`, `COMMAND -h`, the shell completion (which asks for
// the same flags as the help) and commands that parse their flags run at once,
// each giving what it gives alone. Under -race (make test) this also checks that
// asking for a command's flags shares no state with a command that is running.
func TestHelpConcurrent(t *testing.T) {
	dir := t.TempDir()
	good := writeScene(t, dir, "a.test", "TESTSCENE 0")
	other := writeScene(t, dir, "b.test", "TESTSCENE 1")
	calls := [][]string{
		{"help"},
		{"help", "sample"},
		{"help", "export"},
		{"validate", "-h"},
		{"diff", "--help"},
		{"__complete", "sample", "--"},
		{"__complete", "inspect", "--j"},
		{"sample", "--json", "--t", "1.5", good},
		{"inspect", "--json", good},
		{"validate", good, other},
		{"diff", good, other},
		{"sample", "--bogus", good}, // a usage error
	}
	type result struct {
		code           int
		stdout, stderr string
	}
	want := make([]result, len(calls))
	for i, args := range calls {
		code, out, errs := runCLI(args...)
		if out == "" && errs == "" {
			t.Fatalf("%q prints nothing; the test needs output to compare", args)
		}
		want[i] = result{code, out, errs}
	}
	const rounds = 4
	got := make([][]result, rounds)
	var wg sync.WaitGroup
	for r := range rounds {
		got[r] = make([]result, len(calls))
		for i, args := range calls {
			wg.Add(1)
			go func() {
				defer wg.Done()
				code, out, errs := runCLI(args...)
				got[r][i] = result{code, out, errs}
			}()
		}
	}
	wg.Wait()
	for r := range rounds {
		for i, args := range calls {
			if g, w := got[r][i], want[i]; g != w {
				t.Errorf("round %d, %q: got exit %d, stdout %q, stderr %q\nwant exit %d, stdout %q, stderr %q",
					r, args, g.code, short(g.stdout), short(g.stderr), w.code, short(w.stdout), short(w.stderr))
			}
		}
	}
}

func short(s string) string {
	if len(s) > 200 {
		return fmt.Sprintf("%s… (%d bytes)", s[:200], len(s))
	}
	return s
}

// TestHelpFlagSpellings: every spelling the flag package answers with its help
// (--h, -help=…) prints the command's help, as -h does, instead of exiting 0
// silently.
func TestHelpFlagSpellings(t *testing.T) {
	_, want, _ := runCLI("help", "sample")
	for _, arg := range []string{"-h", "--h", "-help", "--help", "-h=1", "--help=true"} {
		code, out, errs := runCLI("sample", arg)
		if code != exitOK || errs != "" || out != want {
			t.Errorf("sample %s: exit %d, stderr %q, stdout %q; want exit 0 and the help of sample", arg, code, errs, short(out))
		}
	}
}
