package all

import (
	"bufio"
	"bytes"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"animscope/anim"
	"animscope/formats"
)

// The fuzz seed corpora that the decoders commit under testdata/fuzz double as a
// bound test: decoding any seed must not panic, and must not allocate more than
// 4× the input size plus 1 MiB.

// seedExt guesses the file name a fuzz target's input stands for, so that the
// registry sniffs text formats as their decoder expects.
func seedExt(pkg, target string) string {
	t := strings.ToLower(target)
	for _, c := range []struct{ key, ext string }{
		{"skin", ".skin"}, {"skt", ".skt"}, {"ans", ".ans"}, {"mgn", ".mgn"}, {"lmg", ".lmg"}, {"sat", ".sat"},
		{"vec3", ".vec3"}, {"vcm", ".vcm"}, {"vca", ".vca"}, {"skeleton", ".json"}, {"entity", ".json"}, {"json", ".json"},
		{"m2", ".m2"}, {"msh", ".msh"}, {"nres", ".msh"},
	} {
		if strings.Contains(t, c.key) {
			return c.ext
		}
	}
	return "." + pkg
}

// readSeed returns the first []byte or string value of a Go fuzz corpus file.
func readSeed(path string) ([]byte, bool) {
	f, err := os.Open(path)
	if err != nil {
		return nil, false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		for _, pre := range []string{"[]byte(", "string("} {
			if strings.HasPrefix(line, pre) && strings.HasSuffix(line, ")") {
				s, err := strconv.Unquote(line[len(pre) : len(line)-1])
				if err == nil {
					return []byte(s), true
				}
			}
		}
	}
	return nil, false
}

type seed struct {
	name string
	data []byte
}

func corpusSeeds(t *testing.T) []seed {
	dirs, _ := filepath.Glob(filepath.Join("..", "*", "testdata", "fuzz", "Fuzz*"))
	var out []seed
	for _, d := range dirs {
		pkg := filepath.Base(filepath.Dir(filepath.Dir(filepath.Dir(d))))
		files, _ := os.ReadDir(d)
		for _, f := range files {
			data, ok := readSeed(filepath.Join(d, f.Name()))
			if !ok {
				continue
			}
			out = append(out, seed{name: pkg + "/" + filepath.Base(d) + "/" + f.Name() + seedExt(pkg, filepath.Base(d)), data: data})
		}
	}
	return out
}

// decodeAndSample opens data as a one-file scene and samples every clip at a few
// times, checking the numbers are finite. It returns the decode error, if any.
func decodeAndSample(name string, data []byte) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	a, err := formats.OpenData(name, data, formats.Options{})
	if err != nil {
		return nil // a named error is the expected outcome for many seeds
	}
	n := a.Skeleton.Len()
	pose := anim.NewPose(n)
	for _, c := range a.Clips {
		for _, t := range []float64{0, 0.5, 1, 7.25, -1} {
			c.Sample(nil, t, pose.Local, pose.Probes)
			anim.LocalToModel(a.Skeleton, pose.Local, nil, pose.Model)
			for i := range pose.Model {
				for _, v := range pose.Model[i] {
					if math.IsNaN(float64(v)) {
						return fmt.Errorf("clip %q at t=%v: node %d has NaN in its model matrix", c.Info().Name, t, i)
					}
				}
			}
		}
	}
	return nil
}

func TestSeedsBoundedAndNoPanic(t *testing.T) {
	seeds := corpusSeeds(t)
	if len(seeds) == 0 {
		t.Skip("no committed fuzz corpora under formats/*/testdata/fuzz")
	}
	for _, s := range seeds {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		err := decodeAndSample(s.name, s.data)
		runtime.ReadMemStats(&after)
		if err != nil {
			t.Errorf("%s: %v", s.name, err)
		}
		limit := 4*uint64(len(s.data)) + 1<<20
		if got := after.TotalAlloc - before.TotalAlloc; got > limit {
			t.Errorf("%s: decoding %d bytes allocated %d bytes, more than 4× the input + 1 MiB (%d)", s.name, len(s.data), got, limit)
		}
	}
	t.Logf("%d seeds decoded within bounds", len(seeds))
}

func TestReadSeed(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "seed")
	if err := os.WriteFile(p, []byte("go test fuzz v1\n[]byte(\"NRes\\x00\\x01\")\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, ok := readSeed(p)
	if !ok || !bytes.Equal(got, []byte("NRes\x00\x01")) {
		t.Errorf("readSeed = %q, %v; want \"NRes\\x00\\x01\"", got, ok)
	}
}
