package mif

import (
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"animscope/formats"
	"animscope/formats/mpq/mpqtest"
	"animscope/formats/tre/tretest"
	"animscope/formats/vfs"
)

// secret is what decoy files on disk hold: no message may ever quote it, and
// no compiled byte may come from it.
const secret = "SECRETWORD"

// archiveMembers are the members of the archives the tree tests build: a source
// in a folder that includes a text file beside it, a binary file one folder up
// and an IFF beside it; sources that include what only the disk has, climb,
// loop, or include a file that is not MIF.
var archiveMembers = map[string]string{
	"dir/main.mif":   "form \"TOPF\" {\n#include \"inc.mif\"\nchunk \"BIN \" { include \"blob.bin\" int8 NINE }\nincludeIFF \"sub.iff\"\n}\n",
	"dir/inc.mif":    "enum { NINE = 9 };\nchunk \"COMM\" { int8 NINE }\n",
	"blob.bin":       "\x01\x02",
	"dir/sub.iff":    "SUBC\x00\x00\x00\x01\x05",
	"dir/disk.mif":   "#include \"decoy.mif\"\n",
	"dir/bin.mif":    "chunk \"A\" { include \"decoy.bin\" }\n",
	"dir/iff.mif":    "includeIFF \"decoy.iff\"\n",
	"dir/climb.mif":  "#include \"../decoy.mif\"\n",
	"dir/abs.mif":    "chunk \"A\" { include \"/etc/passwd\" }\n",
	"../up.mif":      "#include \"decoy.mif\"\n",
	"dir/loop.mif":   "#include \"Loop.mif\"\n",
	"dir/notmif.mif": "#include \"words.txt\"\n",
	"dir/words.txt":  secret + " and more words\n",
	"dir/s.mif":      "#include \"parts/skt.mif\"\n",
}

// diskDecoys are files on disk, in the working folder and its parent, with the
// names the archive's sources look for: none may be read.
func diskDecoys(t *testing.T) {
	t.Helper()
	top := t.TempDir()
	work := filepath.Join(top, "work")
	for _, p := range []string{
		filepath.Join(top, "decoy.mif"), filepath.Join(top, "up.mif"),
		filepath.Join(work, "decoy.mif"), filepath.Join(work, "dir", "decoy.mif"),
		filepath.Join(work, "decoy.bin"), filepath.Join(work, "dir", "decoy.bin"),
		filepath.Join(work, "decoy.iff"), filepath.Join(work, "dir", "decoy.iff"),
		filepath.Join(work, "inc.mif"), filepath.Join(work, "dir", "inc.mif"),
		filepath.Join(work, "blob.bin"), filepath.Join(work, "sub.iff"), filepath.Join(work, "dir", "sub.iff"),
	} {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(secret+" chunk \"DISK\" { int8 1 }\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(work)
}

// buildArchives writes the members as a TRE and as an MPQ (with '\' names, as
// MPQs store them) into dir and returns their paths.
func buildArchives(t *testing.T, dir string, members map[string]string) []string {
	t.Helper()
	var tf []tretest.File
	var mf []mpqtest.File
	for name, data := range members {
		tf = append(tf, tretest.File{Name: name, Data: []byte(data)})
		mf = append(mf, mpqtest.File{Name: strings.ReplaceAll(name, "/", `\`), Data: []byte(data)})
	}
	mpqData, err := mpqtest.Build(mf, mpqtest.Options{Listfile: true})
	if err != nil {
		t.Fatal(err)
	}
	out := []string{filepath.Join(dir, "a.tre"), filepath.Join(dir, "a.mpq")}
	for i, data := range [][]byte{tretest.Build(tf, tretest.Options{}), mpqData} {
		if err := os.WriteFile(out[i], data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// mount opens an archive as a formats.Tree, as ARCHIVE:MEMBER names do, and
// reads member.
func mount(t *testing.T, archive, member string) (formats.Tree, []byte, error) {
	t.Helper()
	m, err := vfs.Open(archive)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	data, err := m.ReadFile(member)
	return m, data, err
}

// TestIncludesInArchive: a .mif that is a member of a TRE or an MPQ reads its
// #include, include and includeIFF from the same archive (beside it or up to
// the archive's root) and never from the disk, whatever the disk holds under the
// same names; a reference that only the disk could satisfy is "not found", one
// that climbs or is absolute is refused, a loop names both members, and no
// message quotes an included file's text. (Mounted archives compare names
// without case, TRE's as MPQ's: Loop.mif is loop.mif.)
func TestIncludesInArchive(t *testing.T) {
	diskDecoys(t)
	for _, archive := range buildArchives(t, t.TempDir(), archiveMembers) {
		t.Run(filepath.Base(archive), func(t *testing.T) {
			compile := func(member string) ([]byte, *File, error) {
				tree, src, err := mount(t, archive, member)
				if err != nil {
					return nil, nil, errRead{err}
				}
				data, _, f, err := Compile(archive+":"+member, src, Options{Path: member, Tree: tree})
				return data, f, err
			}
			data, f, err := compile("dir/main.mif")
			if err != nil {
				t.Fatal(err)
			}
			want := "464f524d00000021" + "544f5046" + "434f4d4d0000000109" + "42494e2000000003010209" + "535542430000000105"
			if got := hex.EncodeToString(data); got != want {
				t.Errorf("main.mif compiled to\n%s, want (the archive's members)\n%s", got, want)
			}
			wantRead := []string{archive + ":dir/inc.mif", archive + ":blob.bin", archive + ":dir/sub.iff"}
			if strings.Join(f.Read, ",") != strings.Join(wantRead, ",") {
				t.Errorf("read %q, want %q", f.Read, wantRead)
			}
			for _, c := range []struct{ member, want string }{
				{"dir/disk.mif", archive + ":dir/disk.mif:1:1: dir/disk.mif: names \"decoy.mif\", which is not found beside it or up to 4 folders above in the archive"},
				{"dir/bin.mif", "names \"decoy.bin\", which is not found"},
				{"dir/iff.mif", "names \"decoy.iff\", which is not found"},
				{"../up.mif", "names \"decoy.mif\", which is not found"},
				{"dir/climb.mif", "climbs out of the asset root with ..: refused"},
				{"dir/abs.mif", "an absolute path outside the asset root: refused"},
				{"dir/loop.mif", archive + ":dir/loop.mif:1:1: #include of " + archive + ":dir/Loop.mif includes itself (through " + archive + ":dir/loop.mif)"},
				{"dir/notmif.mif", archive + ":dir/words.txt:1:1: expected form, chunk, enum or includeIFF, found a word (in an included file: its text is not shown)"},
			} {
				_, _, err := compile(c.member)
				if re, ok := err.(errRead); ok && c.member == "../up.mif" {
					// A mount may refuse a member whose name climbs: nothing to compile.
					t.Logf("%s: the archive does not serve it (%v)", c.member, re.error)
					continue
				} else if ok {
					t.Fatalf("%s: %v", c.member, err)
				}
				if err == nil || !strings.Contains(err.Error(), c.want) {
					t.Errorf("%s: got %v, want %q", c.member, err, c.want)
				}
				if err != nil && strings.Contains(err.Error(), secret) {
					t.Errorf("%s: the error quotes a file's text: %v", c.member, err)
				}
			}
		})
	}
}

// errRead is an archive's refusal to read a member (not a compile error).
type errRead struct{ error }

// TestClimbingMemberName: a member whose own name climbs ("../x.mif") resolves
// its includes from the archive's root, never above it, whatever the archive.
func TestClimbingMemberName(t *testing.T) {
	tree := mapTree{"../up.mif": "#include \"inc.mif\"\n", "inc.mif": "chunk \"A\" { int8 1 }\n", "../inc.mif": "chunk \"B\" { int8 2 }\n"}
	data, _, f, err := Compile("a.tre:../up.mif", []byte(tree["../up.mif"]), Options{Path: "../up.mif", Tree: tree})
	if err != nil {
		t.Fatal(err)
	}
	if got := hex.EncodeToString(data); got != "412020200000000101" || len(f.Read) != 1 || f.Read[0] != "a.tre:inc.mif" {
		t.Errorf("compiled %s from %q; want chunk A from a.tre:inc.mif", got, f.Read)
	}
}

// TestMIFMemberOpens: ARCHIVE:MEMBER of a .mif opens through formats.OpenFile
// with its includes read from the archive, and its family's decoder reads the
// compiled file (an SWG skeleton split over two members).
func TestMIFMemberOpens(t *testing.T) {
	fx := encoderFixtures(t) // before diskDecoys changes the working folder
	diskDecoys(t)
	skt, err := Write("w.skt", fx["FuzzSKT/seed-sktm-worked-example"])
	if err != nil {
		t.Fatal(err)
	}
	members := map[string]string{"dir/s.mif": archiveMembers["dir/s.mif"], "dir/parts/skt.mif": skt}
	if err := os.MkdirAll("dir/parts", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("dir/parts/skt.mif", []byte(secret), 0o644); err != nil { // a decoy
		t.Fatal(err)
	}
	for _, archive := range buildArchives(t, t.TempDir(), members) {
		name := archive + ":dir/s.mif"
		p, err := formats.OpenFile(name, formats.Options{})
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if p.Skeleton == nil || p.Skeleton.Len() == 0 {
			t.Errorf("%s: no skeleton", name)
		}
		if len(p.Files) == 0 || p.Files[0] != name {
			t.Errorf("%s: files %q", name, p.Files)
		}
	}
}

// TestIncludesOnDiskRules: a .mif on disk follows the asset-root rules of every
// reference: absolute, "..", a symbolic link out of the root and a loop are
// errors naming both files, and a file that is not MIF is reported without
// quoting its text.
func TestIncludesOnDiskRules(t *testing.T) {
	top := t.TempDir()
	root := filepath.Join(top, "root")
	write := func(p, s string) string {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	write(filepath.Join(top, "outside.mif"), secret+"\n")
	write(filepath.Join(root, "words.txt"), secret+" and more words\n")
	write(filepath.Join(root, "a.mif"), "#include \"b.mif\"\n")
	write(filepath.Join(root, "b.mif"), "#include \"a.mif\"\n")
	if err := os.Symlink(filepath.Join(top, "outside.mif"), filepath.Join(root, "link.mif")); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	for _, c := range []struct{ src, want string }{
		{"#include \"/etc/passwd\"", "main.mif:1:1: " + filepath.Join(root, "main.mif") + ": names \"/etc/passwd\", an absolute path outside the asset root: refused"},
		{"chunk \"A\" { include \"../outside.mif\" }", "main.mif:1:21: " + filepath.Join(root, "main.mif") + ": names \"../outside.mif\", which climbs out of the asset root with ..: refused"},
		{"includeIFF \"link.mif\"", "names \"link.mif\" (" + filepath.Join(root, "link.mif") + "), which leaves the asset root " + root + " through a symbolic link"},
		{"#include \"a.mif\"", filepath.Join(root, "b.mif") + ":1:1: #include of " + filepath.Join(root, "a.mif") + " includes itself (through " + filepath.Join(root, "a.mif") + ")"},
		{"#include \"words.txt\"", filepath.Join(root, "words.txt") + ":1:1: expected form, chunk, enum or includeIFF, found a word (in an included file: its text is not shown)"},
	} {
		p := write(filepath.Join(root, "main.mif"), c.src)
		_, _, _, err := Compile(p, []byte(c.src), Options{Path: p, Root: root})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.src, err, c.want)
		}
		if err != nil && strings.Contains(err.Error(), secret) {
			t.Errorf("%s: the error quotes a file's text: %v", c.src, err)
		}
	}
}

// TestIncludedTextNotQuoted: every message about a token of an included file
// leaves its text out; the same token in the source the user named is quoted.
func TestIncludedTextNotQuoted(t *testing.T) {
	for _, body := range []string{
		secret, "#" + secret, "chunk \"A\" { int8 " + secret + " }", "chunk \"A\" { float " + secret + " }",
		"chunk \"A\" { cstring \"\\" + "q" + secret + "\" }", "chunk \"A\" { int8 1" + secret + " }",
		"#define " + secret + "(x) x", "chunk \"" + secret + "\" { }", "chunk \"A\" { tag \"" + secret + "\" }",
		"chunk \"A\" { " + secret + " 1 }", "form \"A\" { uint8 1 " + secret + " }", "#pragma " + secret + " \"x\"",
		"\x01" + secret, "chunk \"A\" { int8 1 } " + secret, "#include \"" + secret + "\"",
	} {
		tree := mapTree{"main.mif": "#include \"inc.mif\"\n", "inc.mif": body}
		_, _, _, err := Compile("a.tre:main.mif", []byte(tree["main.mif"]), Options{Path: "main.mif", Tree: tree})
		if err == nil {
			t.Errorf("%q: compiled", body)
			continue
		}
		if strings.Contains(err.Error(), secret) || !strings.HasPrefix(err.Error(), "a.tre:inc.mif:1:") {
			t.Errorf("%q included: got %v, want an error at a.tre:inc.mif that does not quote it", body, err)
		}
	}
	// Named by the user, the same text is quoted.
	_, _, _, err := Compile("main.mif", []byte(secret), Options{NoFiles: true})
	if err == nil || !strings.Contains(err.Error(), "found \""+secret+"\"") {
		t.Errorf("in the named source: got %v, want the word quoted", err)
	}
}

// mapTree is a formats.Tree held in memory.
type mapTree map[string]string

func (m mapTree) ReadFile(name string) ([]byte, error) {
	s, ok := m[name]
	if !ok {
		return nil, os.ErrNotExist
	}
	return []byte(s), nil
}

func (m mapTree) Exists(name string) bool { _, ok := m[name]; return ok }

// TestRepeatedIncludeReadOnce: a file named a thousand times is resolved and
// read once per compile (on disk each resolution costs several system calls: a
// 16 MB source of one-line #includes of an empty file took 17 s), listed once
// in File.Read, and still counted each time against the read bound.
func TestRepeatedIncludeReadOnce(t *testing.T) {
	main := []byte(strings.Repeat("#include \"inc.mif\"\n", 1000) + "chunk \"A\" {\n" + strings.Repeat("include \"blob.bin\"\n", 1000) + "}\n")
	tree := newMemberTree(main, []byte("// nothing\n"), []byte{7})
	data, _, f, err := Compile(memberName, main, Options{Path: "dir/main.mif", Tree: tree})
	if err != nil {
		t.Fatal(err)
	}
	reads := 0
	for _, a := range tree.asked {
		if a == "dir/inc.mif" || a == "blob.bin" {
			reads++
		}
	}
	// Each is looked up (Exists) and read (ReadFile) once.
	if reads > 4 || len(f.Read) != 2 {
		t.Errorf("asked the archive %d times for the two files (want at most 4), Read %q", reads, f.Read)
	}
	if len(data) != 8+1000 {
		t.Errorf("compiled %d bytes, want %d", len(data), 8+1000)
	}
	// On disk, the same.
	dir := t.TempDir()
	for name, s := range map[string]string{"main.mif": string(main), "inc.mif": "// nothing\n", "blob.bin": "\x07"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	p := filepath.Join(dir, "main.mif")
	data, _, f, err = Compile(p, main, Options{Path: p})
	if err != nil || len(data) != 1008 || len(f.Read) != 2 {
		t.Errorf("on disk: %d bytes, read %q, %v", len(data), f.Read, err)
	}
}
