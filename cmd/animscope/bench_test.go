package main

import (
	"io"
	"path/filepath"
	"testing"

	"animscope/formats/msh/mshtest"
)

// BenchmarkDiff10kNodes1kFrames times `animscope diff` (open both files, walk every
// frame, compare the probes, print the text report) on two 10,000-node,
// 1,000-frame MSH files that differ in one node's track (mshtest.MostlyStatic).
// Target: under 0.3 s per op.
func BenchmarkDiff10kNodes1kFrames(b *testing.B) {
	dir := b.TempDir()
	ma := mshtest.MostlyStatic(10000, 0)
	pa := filepath.Join(dir, "a.msh")
	if err := ma.WriteFile(pa); err != nil {
		b.Fatal(err)
	}
	mb := mshtest.MostlyStatic(10000, 7)
	pb := filepath.Join(dir, "b.msh")
	if err := mb.WriteFile(pb); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if code := run([]string{"diff", pa, pb}, io.Discard, io.Discard); code != exitInvalid {
			b.Fatalf("exit %d, want 1 (the files differ)", code)
		}
	}
}
