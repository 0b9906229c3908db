package main

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"animscope/assets"
	"animscope/formats/swg"
	"animscope/internal/samples"

	"github.com/go-gl/mathgl/mgl32"
)

// Hand-broken files (issue 8): every valid fixture is truncated at each eighth of
// its length and has its header fields overwritten with 0xFF bytes; `validate` must
// exit 1 with an error naming the file and an offset, within 1 s and 256 MB.

// field is a byte range of a fixture's header that validation must not accept
// when it reads all ones.
type field struct {
	name     string
	off, len int
}

type fixture struct {
	name   string
	data   []byte
	fields []field
}

func sktFixture(t *testing.T) []byte {
	t.Helper()
	data, err := swg.EncodeSKTM(&swg.SkeletonTemplate{
		Version: "0002",
		Names:   []string{"root", "spine", "head"},
		Parents: []int32{-1, 0, 1},
		RPRE:    []mgl32.Quat{mgl32.QuatIdent(), mgl32.QuatIdent(), mgl32.QuatIdent()},
		RPST:    []mgl32.Quat{mgl32.QuatIdent(), mgl32.QuatIdent(), mgl32.QuatIdent()},
		BPTR:    []mgl32.Vec3{{0, 0, 0}, {0, 1, 0}, {0, 1, 0}},
		BPRO:    []mgl32.Quat{mgl32.QuatIdent(), mgl32.QuatIdent(), mgl32.QuatIdent()},
		JROR:    []uint32{0, 0, 0},
	})
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func brokenFixtures(t *testing.T) []fixture {
	demo := assets.DemoMSH
	dirOff := len(demo) - 64*int(binary.LittleEndian.Uint32(demo[8:12]))
	fx := []fixture{
		{"demo.msh", demo, []field{
			{"magic", 0, 4}, {"entry_count", 8, 4}, {"total_size", 12, 4},
			{"first entry size", dirOff + 0x0C, 4}, {"first entry data_offset", dirOff + 0x38, 4},
		}},
		{"body.skt", sktFixture(t), []field{{"FORM tag", 0, 4}, {"FORM size", 4, 4}, {"SKTM tag", 8, 4}, {"version FORM size", 16, 4}}},
	}
	if dir := samples.Path("m2"); dir != "" {
		for _, n := range []string{"Rabbit.m2", "Frog.m2"} {
			if data, err := os.ReadFile(filepath.Join(dir, n)); err == nil {
				fx = append(fx, fixture{n, data, []field{{"magic", 0, 4}, {"version", 4, 4}}})
			}
		}
	}
	if dir := samples.Path("swg"); dir != "" {
		if data, err := os.ReadFile(filepath.Join(dir, "acklay_std_turn_right.ans")); err == nil {
			fx = append(fx, fixture{"turn.ans", data, []field{{"FORM tag", 0, 4}, {"FORM size", 4, 4}, {"type", 8, 4}}})
		}
	}
	return fx
}

func TestBrokenFilesFailValidate(t *testing.T) {
	dir := t.TempDir()
	type broken struct {
		name string
		data []byte
	}
	var cases []broken
	for _, f := range brokenFixtures(t) {
		ext := filepath.Ext(f.name)
		base := strings.TrimSuffix(f.name, ext)
		for k := 0; k < 8; k++ {
			cases = append(cases, broken{base + "_cut" + string(rune('0'+k)) + ext, f.data[:len(f.data)*k/8]})
		}
		for _, fl := range f.fields {
			b := append([]byte(nil), f.data...)
			for i := fl.off; i < fl.off+fl.len && i < len(b); i++ {
				b[i] = 0xFF
			}
			cases = append(cases, broken{base + "_" + strings.ReplaceAll(fl.name, " ", "_") + ext, b})
		}
	}
	for _, c := range cases {
		p := filepath.Join(dir, c.name)
		if err := os.WriteFile(p, c.data, 0o644); err != nil {
			t.Fatal(err)
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		start := time.Now()
		code, _, stderr := runCLI("validate", p)
		took := time.Since(start)
		runtime.ReadMemStats(&after)
		if code != exitInvalid {
			t.Errorf("%s: validate exit %d, want 1 (stderr %q)", c.name, code, stderr)
		}
		if !strings.Contains(stderr, p) || !strings.Contains(stderr, "offset 0x") {
			t.Errorf("%s: error %q does not name the file and an offset", c.name, strings.TrimSpace(stderr))
		}
		if took > time.Second {
			t.Errorf("%s: validate took %v, want at most 1 s", c.name, took)
		}
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 256<<20 {
			t.Errorf("%s: validate allocated %d MB, want at most 256 MB", c.name, alloc>>20)
		}
	}
	t.Logf("%d broken files checked", len(cases))
}
