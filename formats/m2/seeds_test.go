package m2

import (
	"animscope/formats/m2/m2test"
	"fmt"
	"testing"

	"animscope/formats/internal/fuzzseed"
)

// TestWriteFuzzSeeds (re)writes the seed corpora of FuzzM2 and FuzzSkin from the
// test writer; it does nothing without -write-seeds:
//
//	go test ./formats/m2 -run TestWriteFuzzSeeds -args -write-seeds
func TestWriteFuzzSeeds(t *testing.T) {
	fuzzseed.Skip(t)
	var skins [][]byte
	for _, v := range versions {
		for _, misalign := range []bool{true, false} {
			m := m2test.NewModel(v)
			m.Misalign = misalign
			data, skin := m.Encode()
			name := fmt.Sprintf("seed-v%d-aligned", v)
			if misalign {
				name = fmt.Sprintf("seed-v%d-misaligned", v)
			}
			fuzzseed.Write(t, "FuzzM2", name, data)
			if skin != nil {
				skins = append(skins, skin)
			}
		}
	}
	// One range per track before 264 (nRanges 1 trims the shared-timeline ranges)
	// and a model without sequences or bones.
	m := m2test.NewModel(256)
	m.Seqs = m.Seqs[:1]
	for i := range m.Bones {
		m.Bones[i].T.Ranges, m.Bones[i].R.Ranges, m.Bones[i].S.Ranges = nil, nil, nil
	}
	data, _ := m.Encode()
	fuzzseed.Write(t, "FuzzM2", "seed-v256-one-sequence-no-ranges", data)
	m = m2test.NewModel(260)
	m.Seqs, m.Bones = nil, nil
	m.ColorAlpha, m.Transp = nil, nil
	data, _ = m.Encode()
	fuzzseed.Write(t, "FuzzM2", "seed-v260-no-sequences-no-bones", data)
	data, _ = m2test.NewModel(256).Encode()
	fuzzseed.Write(t, "FuzzM2", "seed-v256-truncated-half", data[:len(data)/2])

	fuzzseed.Write(t, "FuzzSkin", "seed-v264-misaligned", skins[0])
	fuzzseed.Write(t, "FuzzSkin", "seed-v264-aligned", skins[1])
	fuzzseed.Write(t, "FuzzSkin", "seed-v264-truncated-half", skins[0][:len(skins[0])/2])
	fuzzseed.Write(t, "FuzzSkin", "seed-skin-magic-only", []byte("SKIN"))
}
