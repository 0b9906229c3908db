package vfs

import (
	"path"
	"strings"

	"animscope/formats"
	"testing"
)

// TestGlobMatchAgreesWithPathMatch: the fast matcher gives path.Match's answer.
func TestGlobMatchAgreesWithPathMatch(t *testing.T) {
	patterns := []string{"*", "*.m2", "a*b*c", "creature/*/*.m2", "?", "??.txt", "*/x", "a*", "*a", "**", "a/*", "", "x?y*z"}
	names := []string{"", "a", "ab", "abc", "aXbYc", "a/b/c", "creature/rabbit/rabbit.m2", "creature/rabbit.m2", "x.m2",
		"ab.txt", "a/b.txt", "q/x", "q/r/x", "xay/z", "xyz", "xayzz", "a/", "/a"}
	for _, p := range patterns {
		for _, n := range names {
			want, _ := path.Match(p, n)
			if got := globMatch(p, n); got != want {
				t.Errorf("globMatch(%q, %q) = %v, path.Match says %v", p, n, got, want)
			}
		}
	}
}

func TestCleanLowerIsCleanTreePathLowered(t *testing.T) {
	for _, name := range []string{"", `\`, "/", `a\b`, `\\A//B\\`, `Creature\Frog\Frog.M2`, "x/y/", "/x", `Ünï\Côde\X.m2`, "plain.m2", `a\\\b`, "ABC", "a\x00B"} {
		p, k := cleanLower(name, nil)
		if wp := formats.CleanTreePath(name); p != wp || k != strings.ToLower(wp) {
			t.Errorf("cleanLower(%q) = %q, %q; want %q, %q", name, p, k, wp, strings.ToLower(wp))
		}
	}
}
