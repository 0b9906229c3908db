package gltf

import (
	"strings"
	"testing"

	"animscope/formats"
	"animscope/formats/m2/m2test"
)

// FuzzExportM2 exports whatever the M2 reader accepts (with caps small enough
// for a fuzzer: 2,000 samples a clip, 20,000 node samples): no panic, and an
// export of a file validate accepts fails only at a cap (sampleTimes and the
// upfront count are this package's parts that read the file's numbers).
func FuzzExportM2(f *testing.F) {
	for _, v := range []uint32{256, 260} {
		d, _ := m2test.NewModel(v).Encode()
		f.Add(d)
	}
	d, _ := m2test.Character(256, "ScourgeFemale").Encode()
	f.Add(d)
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := formats.OpenData("fuzz.m2", data, formats.Options{})
		if err != nil || formats.FirstError(formats.Verdict(a)) != nil {
			return
		}
		_, err = Export(a, ExportOptions{MaxSamples: 2000, MaxNodeSamples: 20000})
		if err == nil {
			return
		}
		msg := err.Error()
		if !strings.HasPrefix(msg, "gltf export: fuzz.m2: ") {
			t.Fatalf("error does not name the file: %v", err)
		}
		if !strings.Contains(msg, "lower --fps") && !strings.Contains(msg, "export fewer clips") {
			t.Fatalf("validate accepts the file, export fails: %v", err)
		}
	})
}
