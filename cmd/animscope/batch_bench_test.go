package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"animscope/formats/msh/mshtest"
)

// BenchmarkBatchValidate5000 validates a folder of 5,000 synthetic MSH models
// (chains of 12 nodes, 24 frames, written by the MSH encoder) with -j 1 and -j 2:
// the batch scales with the workers it is given.
func BenchmarkBatchValidate5000(b *testing.B) {
	dir := b.TempDir()
	for i := 0; i < 5000; i++ {
		data, err := mshtest.NewChain(12, 24).Encode()
		if err != nil {
			b.Fatal(err)
		}
		sub := filepath.Join(dir, fmt.Sprintf("set%02d", i%50))
		os.MkdirAll(sub, 0o755)
		if err := os.WriteFile(filepath.Join(sub, fmt.Sprintf("m%04d.msh", i)), data, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	for _, j := range []string{"1", "2"} {
		b.Run("j"+j, func(b *testing.B) {
			for b.Loop() {
				code, out, stderr := runCLI("validate", "--quiet", "-j", j, dir)
				if code != exitOK || !strings.Contains(out, "5000 files (msh 5000)") {
					b.Fatalf("exit %d\n%s\n%s", code, out, stderr)
				}
			}
		})
	}
}
