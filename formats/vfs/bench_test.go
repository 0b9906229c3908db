package vfs_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"animscope/formats/mpq"
	"animscope/formats/mpq/mpqtest"
	"animscope/formats/vfs"
)

var (
	bigOnce sync.Once
	bigPath string
	bigDir  string
)

// TestMain removes what bigArchive wrote.
func TestMain(m *testing.M) {
	code := m.Run()
	if bigDir != "" {
		os.RemoveAll(bigDir)
	}
	os.Exit(code)
}

// bigArchive writes (once per run) an MPQ of 100,000 small members under game-like
// paths, with its (listfile).
func bigArchive(b *testing.B) string {
	bigOnce.Do(func() {
		var files []mpqtest.File
		for i := 0; i < 100000; i++ {
			ext := []string{".m2", ".skin", ".blp", ".wav"}[i%4]
			files = append(files, mpqtest.File{Name: fmt.Sprintf(`Creature\Kind%03d\Model%05d%s`, i%500, i, ext), Data: []byte{byte(i)}})
		}
		data, err := mpqtest.Build(files, mpqtest.Options{Listfile: true, Version: 1})
		if err != nil {
			panic(err)
		}
		bigDir, _ = os.MkdirTemp("", "animscope-vfs-bench")
		bigPath = filepath.Join(bigDir, "big.mpq")
		if err := os.WriteFile(bigPath, data, 0o644); err != nil {
			panic(err)
		}
	})
	return bigPath
}

// BenchmarkMountList100k mounts the archive (tables, listfile, the merged index)
// and lists it.
func BenchmarkMountList100k(b *testing.B) {
	p := bigArchive(b)
	b.ReportAllocs()
	cpu0, n := processCPU(), 0
	defer func() { reportCPU(b, cpu0, n, 0) }()
	for b.Loop() {
		n++
		m, err := vfs.Open(p)
		if err != nil {
			b.Fatal(err)
		}
		if n := len(m.Entries()); n != 100001 {
			b.Fatalf("%d entries", n)
		}
		m.Close()
	}
}

// BenchmarkMountLookup100k mounts the archive and looks one name up: the
// mount's index is built on the first lookup, so this is what a command that
// looks names up (batch, the viewer) pays, where ls pays MountList's.
func BenchmarkMountLookup100k(b *testing.B) {
	p := bigArchive(b)
	b.ReportAllocs()
	cpu0, n := processCPU(), 0
	defer func() { reportCPU(b, cpu0, n, 0) }()
	for b.Loop() {
		n++
		m, err := vfs.Open(p)
		if err != nil {
			b.Fatal(err)
		}
		if _, ok := m.Lookup(`creature\kind042\model00042.blp`); !ok {
			b.Fatal("not found")
		}
		m.Close()
	}
}

func benchMatch(b *testing.B, pattern string, want int) {
	m, err := vfs.Open(bigArchive(b))
	if err != nil {
		b.Fatal(err)
	}
	defer m.Close()
	b.ReportAllocs()
	cpu0, n := processCPU(), 0
	for b.Loop() {
		got, err := m.Match(pattern)
		if err != nil || len(got) != want {
			b.Fatalf("%d matches, %v; want %d", len(got), err, want)
		}
		n++
	}
	reportCPU(b, cpu0, n, 0)
}

// reportCPU adds the CPU time per operation (and, with bytes, the throughput per
// CPU second): the figures that do not depend on how busy the machine is.
func reportCPU(b *testing.B, cpu0 time.Duration, n int, bytes int64) {
	cpu := processCPU() - cpu0
	if cpu <= 0 || n == 0 {
		return
	}
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(n), "cpu-ms/op")
	if bytes > 0 {
		b.ReportMetric(float64(bytes)*float64(n)/cpu.Seconds()/1e6, "MB/cpu-s")
	}
}

// Search over 100,000 names: the browser's budget is 50 ms per query.
func BenchmarkSearch100kSubstring(b *testing.B) { benchMatch(b, "kind042", 200) }
func BenchmarkSearch100kGlob(b *testing.B)      { benchMatch(b, "*.m2", 25000) }

// BenchmarkZlibExtract reads one 16 MiB zlib member (4 KiB sectors) on one core.
func BenchmarkZlibExtract(b *testing.B) {
	var buf bytes.Buffer
	for i := 0; buf.Len() < 16<<20; i++ {
		fmt.Fprintf(&buf, "vertex %d %d %d normal %d\n", i%977, i%313, i%71, i%5)
	}
	data := buf.Bytes()[:16<<20]
	arc, err := mpqtest.Build([]mpqtest.File{{Name: "big.bin", Data: data, Comp: mpq.CompZlib}}, mpqtest.Options{})
	if err != nil {
		b.Fatal(err)
	}
	a, err := mpq.NewArchive("z.mpq", bytes.NewReader(arc), int64(len(arc)))
	if err != nil {
		b.Fatal(err)
	}
	m, _ := a.Stat("big.bin")
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	cpu0, n := processCPU(), 0
	for b.Loop() {
		got, err := a.ReadMember(m)
		if err != nil || len(got) != len(data) {
			b.Fatal(err)
		}
		n++
	}
	reportCPU(b, cpu0, n, int64(len(data)))
}
