package m2

import (
	"animscope/formats/m2/m2test"
	"testing"
)

// fuzzSeeds are the encoder's files for 256, 260 and 264 (and the 264 skin).
func fuzzSeeds() (files [][]byte, skin264 []byte) {
	for _, v := range versions {
		for _, misalign := range []bool{true, false} {
			m := m2test.NewModel(v)
			m.Misalign = misalign
			data, skin := m.Encode()
			files = append(files, data)
			if skin != nil && misalign {
				skin264 = skin
			}
		}
	}
	for _, v := range []uint32{256, 260} { // a character: geosets and texture slots (its views are embedded)
		data, _ := m2test.Character(v, "ScourgeFemale").Encode()
		files = append(files, data)
	}
	return files, skin264
}

// fuzzCheck: no panic; an error names the file (or its skin) and an offset; a
// decoded asset is consistent and samples finite numbers.
func fuzzCheck(t *testing.T, data, skin []byte) {
	a, err := decodeMem("fuzz.m2", data, skin)
	if err != nil {
		if _, ok := namedError(err, "fuzz.m2"); !ok {
			if _, ok := namedError(err, SkinName("fuzz.m2")); !ok {
				t.Fatalf("error without file and offset: %v", err)
			}
		}
		return
	}
	checkAsset(t, a)
}

func FuzzM2(f *testing.F) {
	files, skin := fuzzSeeds()
	for _, d := range files {
		f.Add(d)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		fuzzCheck(t, data, skin)
	})
}

func FuzzSkin(f *testing.F) {
	m := m2test.NewModel(264)
	data, skin := m.Encode()
	f.Add(skin)
	m.Misalign = false
	_, skin2 := m.Encode()
	f.Add(skin2)
	f.Fuzz(func(t *testing.T, s []byte) {
		fuzzCheck(t, data, s)
	})
}
