package m2

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"animscope/formats/m2/m2test"
)

var writeSeeds = flag.Bool("write-seeds", false, "(re)write the committed fuzz seed corpora under testdata/fuzz")

// writeSeed writes one seed of a fuzz target in Go's corpus format
// ("go test fuzz v1", then one line per argument).
func writeSeed(t *testing.T, target, name string, args ...any) {
	t.Helper()
	var b strings.Builder
	b.WriteString("go test fuzz v1\n")
	for _, a := range args {
		switch v := a.(type) {
		case []byte:
			fmt.Fprintf(&b, "[]byte(%q)\n", v)
		case string:
			fmt.Fprintf(&b, "string(%q)\n", v)
		case uint8:
			fmt.Fprintf(&b, "byte(%q)\n", v)
		default:
			t.Fatalf("%s/%s: unsupported argument type %T", target, name, a)
		}
	}
	if b.Len() > 64<<10 {
		t.Fatalf("%s/%s: %d bytes, keep seeds under 64 KiB", target, name, b.Len())
	}
	dir := filepath.Join("testdata", "fuzz", target)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestWriteFuzzSeeds (re)writes the seed corpora of FuzzM2 and FuzzSkin from the
// test writer; it does nothing without -write-seeds:
//
//	go test ./formats/m2 -run TestWriteFuzzSeeds -args -write-seeds
func TestWriteFuzzSeeds(t *testing.T) {
	if !*writeSeeds {
		t.Skip("run with -args -write-seeds to rewrite testdata/fuzz")
	}
	var skins [][]byte
	for _, v := range versions {
		for _, misalign := range []bool{true, false} {
			m := testModel(v)
			m.misalign = misalign
			data, skin := m.encode()
			name := fmt.Sprintf("seed-v%d-aligned", v)
			if misalign {
				name = fmt.Sprintf("seed-v%d-misaligned", v)
			}
			writeSeed(t, "FuzzM2", name, data)
			if skin != nil {
				skins = append(skins, skin)
			}
		}
	}
	// One range per track before 264 (nRanges 1 trims the shared-timeline ranges)
	// and a model without sequences or bones.
	m := testModel(256)
	m.seqs = m.seqs[:1]
	for i := range m.bones {
		m.bones[i].t.ranges, m.bones[i].r.ranges, m.bones[i].s.ranges = nil, nil, nil
	}
	data, _ := m.encode()
	writeSeed(t, "FuzzM2", "seed-v256-one-sequence-no-ranges", data)
	m = testModel(260)
	m.seqs, m.bones = nil, nil
	m.colorAlpha, m.transp = nil, nil
	data, _ = m.encode()
	writeSeed(t, "FuzzM2", "seed-v260-no-sequences-no-bones", data)
	data, _ = testModel(256).encode()
	writeSeed(t, "FuzzM2", "seed-v256-truncated-half", data[:len(data)/2])

	writeSeed(t, "FuzzSkin", "seed-v264-misaligned", skins[0])
	writeSeed(t, "FuzzSkin", "seed-v264-aligned", skins[1])
	writeSeed(t, "FuzzSkin", "seed-v264-truncated-half", skins[0][:len(skins[0])/2])
	writeSeed(t, "FuzzSkin", "seed-skin-magic-only", []byte("SKIN"))
}

// TestM2TestMatchesInternalWriter: the exported builder other packages use is the
// same writer as this package's test-only one, byte for byte.
func TestM2TestMatchesInternalWriter(t *testing.T) {
	if !slicesEqual(m2test.Versions, versions) {
		t.Fatalf("m2test.Versions = %v, want %v", m2test.Versions, versions)
	}
	for _, v := range versions {
		for _, misalign := range []bool{true, false} {
			m := testModel(v)
			m.misalign = misalign
			wantM2, wantSkin := m.encode()
			gotM2, gotSkin := m2test.Model(v, misalign)
			if !bytes.Equal(gotM2, wantM2) || !bytes.Equal(gotSkin, wantSkin) {
				t.Errorf("v%d misalign=%v: m2test.Model differs from the internal writer (%d/%d bytes, skin %d/%d)",
					v, misalign, len(gotM2), len(wantM2), len(gotSkin), len(wantSkin))
			}
		}
	}
}

func slicesEqual(a, b []uint32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
