package mif

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"animscope/formats"
	"animscope/formats/internal/fuzzseed"
)

// memberTree is an archive held in memory, with names compared without case
// as mounted archives compare them; it records every name it is asked for.
type memberTree struct {
	files map[string][]byte
	asked []string
}

func newMemberTree(main, inc, blob []byte) *memberTree {
	return &memberTree{files: map[string][]byte{
		"dir/main.mif": main, "dir/inc.mif": inc, "dir/parts/inc.mif": inc,
		"blob.bin": blob, "dir/sub.iff": blob,
	}}
}

func (m *memberTree) ReadFile(name string) ([]byte, error) {
	m.asked = append(m.asked, name)
	if d, ok := m.files[strings.ToLower(name)]; ok {
		return d, nil
	}
	return nil, os.ErrNotExist
}

func (m *memberTree) Exists(name string) bool {
	m.asked = append(m.asked, name)
	_, ok := m.files[strings.ToLower(name)]
	return ok
}

const memberName = "a.tre:dir/main.mif"

// FuzzMIFMember: a MIF source that is a member of an archive, with another
// source, a binary file and an IFF beside it or above it in the archive. Whatever
// the three hold, compiling never panics or hangs; every file it asks the archive
// for is a clean path inside it (no "..", not absolute); everything it read and
// every place in an error or in the source map names a member of the archive
// ("a.tre:…", never a disk path); the compiled file stays within MaxOutput; and
// the member opens through formats.OpenInTree without a panic (the compiled
// file's decoder reading its own references from the same archive).
func FuzzMIFMember(f *testing.F) {
	for _, s := range memberSeeds(f) {
		f.Add(s.main, s.inc, s.blob)
	}
	f.Fuzz(func(t *testing.T, main, inc, blob []byte) {
		tree := newMemberTree(main, inc, blob)
		data, sm, file, err := Compile(memberName, main, Options{Path: "dir/main.mif", Tree: tree})
		for _, name := range tree.asked {
			if strings.HasPrefix(name, "/") || strings.Contains(name, `\`) ||
				name == ".." || strings.HasPrefix(name, "../") || strings.Contains(name, "/../") || strings.HasSuffix(name, "/..") {
				t.Fatalf("asked the archive for %q", name)
			}
		}
		if err != nil {
			var fe *formats.FileError
			if !errors.As(err, &fe) || !strings.HasPrefix(fe.File, "a.tre:") || fe.Line < 1 || fe.Col < 1 {
				t.Fatalf("error %v (%T) does not name a member a.tre:…:LINE:COL", err, err)
			}
			return
		}
		if len(data) > MaxOutput {
			t.Fatalf("compiled %d bytes", len(data))
		}
		for _, r := range file.Read {
			if !strings.HasPrefix(r, "a.tre:") {
				t.Fatalf("read %q, not a member of the archive", r)
			}
		}
		for _, off := range []int64{0, int64(len(data)) / 2, int64(len(data)) - 1} {
			if p, ok := sm.Lookup(off); ok && !strings.HasPrefix(p.File, "a.tre:") {
				t.Fatalf("offset %d maps to %v, not a member of the archive", off, p)
			}
		}
		Check(file)
		formats.OpenInTree(tree, "dir/main.mif", memberName, formats.Options{})
	})
}

type memberSeed struct {
	name            string
	main, inc, blob []byte
}

// memberSeeds are FuzzMIFMember's seeds: each construct that reads another file
// (#include, include, includeIFF), from beside the source, from a folder below it
// and from the archive's root; macros, enums and pragmas that cross files; and
// the references that must be refused (climbing, absolute, drive letters, loops,
// too deep); plus an SWG skeleton split over two members.
func memberSeeds(tb testing.TB) []memberSeed {
	b := func(s string) []byte { return []byte(s) }
	iffChunk := b("SUBC\x00\x00\x00\x01\x05")
	seeds := []memberSeed{
		{"seed-every-include", b("form \"TOPF\" {\n#include \"inc.mif\"\nchunk \"BIN \" { include \"blob.bin\" int8 NINE }\nincludeIFF \"sub.iff\"\n}\n"),
			b("enum { NINE = 9 };\nchunk \"COMM\" { int8 NINE }\n"), iffChunk},
		{"seed-include-below", b("#include \"parts/inc.mif\"\nchunk \"A\" { int8 N }\n"), b("#define N 3\n"), nil},
		{"seed-pragma-in-include", b("#include \"inc.mif\"\nform \"SKTM\" { }\n"), b("#pragma extension \"skt\"\n"), nil},
		{"seed-include-in-chunk", b("chunk \"A\" {\n#include \"inc.mif\"\n}\n"), b("int8 1, 2 float 1.5 cstring \"s\"\n"), nil},
		{"seed-includeiff-root", b("form \"A\" { includeIFF \"blob.bin\" }\n"), nil, iffChunk},
		{"seed-loop", b("#include \"inc.mif\"\n"), b("#include \"main.mif\"\n"), nil},
		{"seed-self", b("#include \"MAIN.mif\"\n"), nil, nil},
		{"seed-deep", b("#include \"inc.mif\"\n"), b("#include \"parts/inc.mif\"\n"), nil},
		{"seed-repeated", b(strings.Repeat("chunk \"A\" { include \"blob.bin\" }\n", 40)), nil, b(strings.Repeat("x", 1000))},
		{"seed-climb", b("#include \"../inc.mif\"\n"), nil, nil},
		{"seed-climb-inside", b("chunk \"A\" { include \"dir/../blob.bin\" }\n"), nil, b("b")},
		{"seed-absolute", b("includeIFF \"/etc/passwd\"\n"), nil, nil},
		{"seed-drive", b("chunk \"A\" { include \"C:\\\\x.bin\" }\n"), nil, nil},
		{"seed-backslash", b("chunk \"A\" { include \"dir\\\\sub.iff\" }\n"), nil, iffChunk},
		{"seed-missing", b("#include \"nowhere.mif\"\n"), nil, nil},
		{"seed-empty-name", b("#include \"\"\n"), nil, nil},
		{"seed-not-mif", b("#include \"inc.mif\"\n"), b("SECRET words \x00\xff"), nil},
		{"seed-bad-in-include", b("#include \"inc.mif\"\n"), b("chunk \"A\" {\n int8 300\n}\n"), nil},
		{"seed-unclosed-across", b("form \"A\" {\n#include \"inc.mif\"\n"), b("chunk \"B\" { int8 1 }\n"), nil},
		{"seed-close-in-include", b("form \"A\" {\n#include \"inc.mif\"\n"), b("}\n"), nil},
	}
	txt, err := Write("w.skt", encoderFixtures(tb)["FuzzSKT/seed-sktm-worked-example"])
	if err != nil {
		tb.Fatal(err)
	}
	seeds = append(seeds, memberSeed{"seed-written-sktm-split", b("#include \"inc.mif\"\n"), b(txt), nil})
	return seeds
}

// TestWriteMemberFuzzSeeds (re)writes FuzzMIFMember's corpus from memberSeeds:
//
//	go test ./formats/mif -run TestWriteMemberFuzzSeeds -args -write-seeds
func TestWriteMemberFuzzSeeds(t *testing.T) {
	fuzzseed.Skip(t)
	for _, s := range memberSeeds(t) {
		fuzzseed.Write(t, "FuzzMIFMember", s.name, s.main, s.inc, s.blob)
	}
}

// TestMemberFuzzSeedsCommitted keeps the committed corpus in step with the seeds.
func TestMemberFuzzSeedsCommitted(t *testing.T) {
	for _, s := range memberSeeds(t) {
		if _, err := os.Stat(filepath.Join("testdata", "fuzz", "FuzzMIFMember", s.name)); err != nil {
			t.Errorf("seed %s is not committed (run TestWriteMemberFuzzSeeds with -write-seeds)", s.name)
		}
	}
}
