package viewertest

import (
	"os"
	"strings"

	"animscope/formats"
)

// FakeLoader is a viewer.Loader for tests. It serves synthetic scenes: no file
// gives an 8-node scene, "good" files a 12-node one (one clip under the "floor"
// rounding), "bad" fails like a decoder, "panic" panics, "noskel" has no
// skeleton, "noclips" neither clips nor meshes, and a path on disk is read: its
// content "bad" fails and anything else opens.
func FakeLoader(files []string, opts formats.Options) (*formats.Asset, error) {
	if len(files) == 0 {
		return SyntheticAsset(8), nil
	}
	f := files[0]
	switch {
	case f == "bad":
		return nil, formats.FileErrorf(f, 0x10, "bad magic")
	case f == "panic":
		var m map[string]int
		m["x"]++ // a decoder bug
		return nil, nil
	case f == "noskel":
		return &formats.Asset{Files: files}, nil
	case f == "noclips":
		a := SyntheticAsset(5)
		a.Clips, a.Meshes = nil, nil
		return a, nil
	}
	if data, err := os.ReadFile(f); err == nil {
		if strings.TrimSpace(string(data)) == "bad" {
			return nil, formats.FileErrorf(f, 4, "broken")
		}
		n := 10 + len(data)
		a := SyntheticAsset(n)
		a.Files = files
		return a, nil
	}
	a := SyntheticAsset(12)
	a.Files = files
	if opts.Value("rounding") == "floor" {
		a.Clips = a.Clips[:1]
	}
	return a, nil
}
