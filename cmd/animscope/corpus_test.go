package main

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// The broken-file corpus (issue 15): every fixture that the project's own writers
// build (brokenFixtures) is cut and mutated byte by byte, and each broken file goes
// through the real commands validate, inspect, sample and export. The rules:
// no crash and no hang; a file that validate rejects is rejected by every command
// (exit 1) with the same first error, which names the file and a place (offset
// or line:column); a file that validate accepts opens in every command.

// corpusCase is one broken file.
type corpusCase struct {
	name string
	data []byte
	skin []byte
}

// mutations are the corpus's byte edits of one fixture: cuts, the header fields
// overwritten with 0xFF, and seeded random edits (single bytes, all-ones and
// all-zero words, NaN and infinity floats at aligned offsets).
func mutations(f fixture, seed uint64) []corpusCase {
	ext := filepath.Ext(f.name)
	base := strings.TrimSuffix(f.name, ext)
	var out []corpusCase
	add := func(tag string, b []byte) {
		out = append(out, corpusCase{fmt.Sprintf("%s_%s%s", base, tag, ext), b, f.skin})
	}
	n := len(f.data)
	for k := 0; k < 8; k++ {
		add(fmt.Sprintf("cut%d", k), f.data[:n*k/8])
	}
	for _, c := range []int{n - 1, n - 4, n - 16} {
		if c > 0 {
			add(fmt.Sprintf("cut-%d", n-c), f.data[:c])
		}
	}
	for _, fl := range f.fields {
		b := append([]byte(nil), f.data...)
		for i := fl.off; i < fl.off+fl.len && i < len(b); i++ {
			b[i] = 0xFF
		}
		add(strings.ReplaceAll(fl.name, " ", "_"), b)
	}
	r := rand.New(rand.NewPCG(seed, 15))
	words := []uint32{0xFFFFFFFF, 0, 0x7FC00000, 0x7F800000, 0xFF800000, 0x80000000, 0x7FFFFFFF}
	for i := 0; i < 48 && n >= 8; i++ {
		b := append([]byte(nil), f.data...)
		switch i % 3 {
		case 0:
			b[r.IntN(n)] = byte(r.UintN(256))
		case 1:
			at := r.IntN(n-4) &^ 3
			binary.LittleEndian.PutUint32(b[at:], words[r.IntN(len(words))])
		default:
			at := r.IntN(n - 4)
			binary.LittleEndian.PutUint32(b[at:], words[r.IntN(len(words))])
		}
		add(fmt.Sprintf("mut%02d", i), b)
	}
	return out
}

// firstError is the first line of stderr that is an error (not a warning).
func firstError(stderr string) string {
	for _, l := range strings.Split(stderr, "\n") {
		if l != "" && !strings.HasPrefix(l, "warning: ") {
			return l
		}
	}
	return ""
}

var placeRE = regexp.MustCompile(`: offset 0x[0-9a-f]+: |:\d+:\d+: `)

// runGuarded runs the command and turns a panic or a run past limit into a result
// the test reports (code -1).
func runGuarded(limit time.Duration, args ...string) (code int, stdout, stderr string) {
	type result struct {
		code     int
		out, err string
	}
	done := make(chan result, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				done <- result{-1, "", fmt.Sprintf("panic: %v", r)}
			}
		}()
		c, o, e := runCLI(args...)
		done <- result{c, o, e}
	}()
	select {
	case r := <-done:
		return r.code, r.out, r.err
	case <-time.After(limit):
		return -1, "", fmt.Sprintf("still running after %v", limit)
	}
}

func TestBrokenCorpusOneVerdict(t *testing.T) {
	dir := t.TempDir()
	writeFile := func(p string, data []byte) {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	writeFile(filepath.Join(dir, mgnSkeleton), sktFixture(t))
	writeVerdictCompanions(t, dir, writeFile)
	outGLB := filepath.Join(t.TempDir(), "out.glb")
	var total, rejected int
	perFamily := map[string][2]int{}
	took := map[string]time.Duration{}
	for fi, f := range append(brokenFixtures(t), verdictFixtures(t)...) {
		start := time.Now()
		for _, c := range mutations(f, uint64(fi)+1) {
			p := filepath.Join(dir, c.name)
			writeFile(p, c.data)
			if c.skin != nil {
				writeFile(strings.TrimSuffix(p, filepath.Ext(p))+"00.skin", c.skin)
			}
			total++
			vcode, _, vstderr := runGuarded(10*time.Second, "validate", p)
			if vcode != exitOK && vcode != exitInvalid {
				t.Errorf("%s: validate exit %d (%s)", c.name, vcode, vstderr)
				continue
			}
			want := firstError(vstderr)
			if vcode == exitInvalid {
				rejected++
				if !strings.HasPrefix(want, p) || !placeRE.MatchString(want) {
					t.Errorf("%s: validate's first error %q does not name the file and a place", c.name, want)
				}
			}
			pf := perFamily[f.name]
			pf[0]++
			if vcode == exitInvalid {
				pf[1]++
			}
			perFamily[f.name] = pf
			export := []string{"export", "--out", outGLB, p}
			if len(f.data) > 32<<10 {
				// A large (sample) file: every clip of 60 variants would take
				// half a minute; clip 0 gives the verdict as well.
				export = []string{"export", "--clip", "0", "--out", outGLB, p}
			}
			cmds := [][]string{{"inspect", p}, {"inspect", "--json", p}, {"sample", p}, {"sample", "--json", p}, export}
			if f.name == "units.rlb" {
				// An archive of several models is not one scene: sample and
				// export need a member (and say so); inspect lists the members.
				cmds = cmds[:2]
			}
			for _, args := range cmds {
				code, _, stderr := runGuarded(10*time.Second, args...)
				cmd := strings.Join(args[:len(args)-1], " ")
				switch {
				case code == -1:
					t.Errorf("%s: %s: %s", c.name, cmd, stderr)
				case vcode == exitInvalid && code != exitInvalid:
					t.Errorf("%s: validate rejects it (%s) but %s exits %d", c.name, want, cmd, code)
				case vcode == exitInvalid && firstError(stderr) != want:
					t.Errorf("%s: %s's first error\n  %q\nis not validate's\n  %q", c.name, cmd, firstError(stderr), want)
				case vcode == exitOK && args[0] == "export" && code == exitInvalid && strings.Contains(stderr, "lower --fps"):
					// export's own output limit (samples per clip), not a verdict
					// on the file.
				case vcode == exitOK && code != exitOK:
					t.Errorf("%s: validate accepts it but %s exits %d (%s)", c.name, cmd, code, strings.TrimSpace(stderr))
				}
			}
		}
		took[f.name] = time.Since(start).Round(time.Millisecond)
	}
	t.Logf("time per fixture: %v", took)
	t.Logf("%d broken files, %d rejected by validate; per fixture [files, rejected]: %v", total, rejected, perFamily)
}
