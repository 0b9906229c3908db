package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"

	"animscope/formats/msh/mshtest"
)

// The Linear benchmarks run a command at two sizes a factor 8 apart (nodes,
// frames or files): the command's cost is linear in its input when ns/op (and
// B/op) grows by about 8 between the two, not 64. The files are written by the
// project's MSH encoder outside the timer (Res19 holds at most 65,534 map words:
// animated nodes × frames stays under that).

// writeChain writes an MSH chain of n nodes whose timeline has frames frames.
func writeChain(b *testing.B, dir string, n, frames int) string {
	b.Helper()
	p := filepath.Join(dir, fmt.Sprintf("chain%d_%d.msh", n, frames))
	if err := mshtest.NewChain(n, frames).WriteFile(p); err != nil {
		b.Fatal(err)
	}
	return p
}

// BenchmarkLinearDiffNodes diffs a chain against itself under two readings
// (engine and floor rounding, so nodes differ at half frames) over 20 frames
// with --half, at 500 and 4,000 nodes.
func BenchmarkLinearDiffNodes(b *testing.B) {
	for _, n := range []int{500, 4000} {
		b.Run(fmt.Sprintf("nodes=%d", n), func(b *testing.B) {
			p := writeChain(b, b.TempDir(), n, 20)
			b.ReportAllocs()
			for b.Loop() {
				if code := run([]string{"diff", "--json", "--half", "--rounding-b", "floor", p, p}, io.Discard, io.Discard); code > exitInvalid {
					b.Fatalf("exit %d", code)
				}
			}
		})
	}
}

// BenchmarkLinearDiffFrames diffs a 60-node chain against itself under two
// readings over 125 and 1,000 frames.
func BenchmarkLinearDiffFrames(b *testing.B) {
	for _, f := range []int{125, 1000} {
		b.Run(fmt.Sprintf("frames=%d", f), func(b *testing.B) {
			p := writeChain(b, b.TempDir(), 60, f)
			b.ReportAllocs()
			for b.Loop() {
				if code := run([]string{"diff", "--json", "--half", "--rounding-b", "floor", p, p}, io.Discard, io.Discard); code > exitInvalid {
					b.Fatalf("exit %d", code)
				}
			}
		})
	}
}

// BenchmarkLinearInspect runs `inspect --json` on chains of 600 and 4,800 nodes
// (12 frames).
func BenchmarkLinearInspect(b *testing.B) {
	for _, n := range []int{600, 4800} {
		b.Run(fmt.Sprintf("nodes=%d", n), func(b *testing.B) {
			p := writeChain(b, b.TempDir(), n, 12)
			b.ReportAllocs()
			for b.Loop() {
				if code := run([]string{"inspect", "--json", p}, io.Discard, io.Discard); code != exitOK {
					b.Fatalf("exit %d", code)
				}
			}
		})
	}
}

// BenchmarkLinearExportFrames exports a 30-node chain whose clip has 250 and
// 2,000 frames (the node count's side is BenchmarkExportFlatBones in
// formats/gltf).
func BenchmarkLinearExportFrames(b *testing.B) {
	for _, f := range []int{250, 2000} {
		b.Run(fmt.Sprintf("frames=%d", f), func(b *testing.B) {
			dir := b.TempDir()
			p := writeChain(b, dir, 30, f)
			out := filepath.Join(dir, "out.glb")
			b.ReportAllocs()
			for b.Loop() {
				if code := run([]string{"export", "--out", out, p}, io.Discard, io.Discard); code != exitOK {
					b.Fatalf("exit %d", code)
				}
			}
		})
	}
}

// BenchmarkLinearBatchInspect inspects a folder mount of 150 and 1,200 chains
// (12 nodes, 24 frames) on one worker, one JSON line a file.
func BenchmarkLinearBatchInspect(b *testing.B) {
	data, err := mshtest.NewChain(12, 24).Encode()
	if err != nil {
		b.Fatal(err)
	}
	for _, n := range []int{150, 1200} {
		b.Run(fmt.Sprintf("files=%d", n), func(b *testing.B) {
			dir := b.TempDir()
			for i := 0; i < n; i++ {
				sub := filepath.Join(dir, fmt.Sprintf("set%02d", i%20))
				if err := os.MkdirAll(sub, 0o755); err != nil {
					b.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(sub, fmt.Sprintf("m%04d.msh", i)), data, 0o644); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportAllocs()
			for b.Loop() {
				if code := run([]string{"inspect", "--json", "--quiet", "-j", "1", dir}, io.Discard, io.Discard); code != exitOK {
					b.Fatalf("exit %d", code)
				}
			}
		})
	}
}
