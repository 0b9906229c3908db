package vfs

import (
	"math/rand/v2"
	"path"
	"strings"

	"animscope/formats"
	"testing"
)

// TestGlobMatchAgreesWithPathMatch: the fast matcher gives path.Match's answer.
func TestGlobMatchAgreesWithPathMatch(t *testing.T) {
	patterns := []string{"*", "*.m2", "a*b*c", "creature/*/*.m2", "?", "??.txt", "*/x", "a*", "*a", "**", "a/*", "", "x?y*z", "?.m2", "a?/x", "*?.m2", "x?y", "??.m2"}
	names := []string{"", "a", "ab", "abc", "aXbYc", "a/b/c", "creature/rabbit/rabbit.m2", "creature/rabbit.m2", "x.m2",
		"ab.txt", "a/b.txt", "q/x", "q/r/x", "xay/z", "xyz", "xayzz", "a/", "/a",
		// '?' is one character, of one byte or several (and one byte of a
		// name that is not UTF-8).
		"\u00e9.m2", "a\u00e9/x", "\u00e9\u00e9.txt", "\u4e2d.m2", "\xe9.m2", "x\xc3y"}
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
	names := []string{"", `\`, "/", `a\b`, `\\A//B\\`, `Creature\Frog\Frog.M2`, "x/y/", "/x", `Ünï\Côde\X.m2`, "plain.m2", `a\\\b`, "ABC", "a\x00B",
		`abcdefg\\hijk`, `abcdefgh\\ijk`, `ABCDEFG\/HIJ`, `\ABCDEFGHIJ`, `ABCDEFGHIJ\`, `ABCDEFGHIJKLMNO/`, "@[\\`{AZaz@[\\`{AZaz", "ABCDEFGH\x7fIJ\x80", "ABCDEFGHIJKLMN\xc3\xa9"}
	// And names of every length from the bytes that sit at the edges of the
	// word tests: letters and their neighbours, both separators, 0x7F, 0x80.
	r := rand.New(rand.NewPCG(9, 10))
	for i := 0; i < 20000; i++ {
		b := make([]byte, r.IntN(40))
		for j := range b {
			b[j] = "AZaz@[`{mM\\/\\/.0\x7f\x80"[r.IntN(18)]
			if r.IntN(8) != 0 && b[j] >= 0x7f {
				b[j] = 'q'
			}
		}
		names = append(names, string(b))
	}
	var arena formats.StringArena
	for i, name := range names {
		p, k := cleanLower(name, &arena)
		if i < 3 {
			p, k = cleanLower(name, nil) // without an arena too
		}
		if wp := formats.CleanTreePath(name); p != wp || k != strings.ToLower(wp) {
			t.Errorf("cleanLower(%q) = %q, %q; want %q, %q", name, p, k, wp, strings.ToLower(wp))
		}
	}
}

// FuzzGlobMatch: globMatch gives path.Match's answer for any name and any
// valid pattern.
func FuzzGlobMatch(f *testing.F) {
	f.Add("?.m2", "\u00e9.m2")
	f.Add("*?*", "a\xc3\xa9/b")
	f.Add("creature/*/*.m2", "creature/frog/frog.m2")
	f.Fuzz(func(t *testing.T, pattern, name string) {
		want, err := path.Match(pattern, name)
		if err != nil {
			return
		}
		if got := globMatch(pattern, name); got != want {
			t.Errorf("globMatch(%q, %q) = %v, path.Match says %v", pattern, name, got, want)
		}
	})
}
