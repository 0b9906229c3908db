package mpq

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// smpqPath returns StormLib's command-line tool, skipping the test without it.
func smpqPath(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("smpq")
	if err != nil {
		t.Skip("smpq (StormLib's command-line tool, Debian package smpq) is not installed")
	}
	return p
}

// smpqInputs writes the files an smpq archive is built from into dir and returns
// their archive names and contents. Names with '\' are real file names on Linux,
// so smpq stores them as the game paths they spell.
func smpqInputs(t *testing.T, dir string) map[string][]byte {
	rng := rand.New(rand.NewSource(7))
	random := make([]byte, 20000)
	rng.Read(random)
	var text bytes.Buffer
	for i := 0; i < 3000; i++ {
		fmt.Fprintf(&text, "line %d of a text that repeats itself\r\n", i)
	}
	files := map[string][]byte{
		"random.bin":                 random,
		`Creature\Rabbit\Rabbit.txt`: text.Bytes(),
		"empty.txt":                  {},
		"small.txt":                  []byte("a small file, shorter than one sector"),
		"exact.bin":                  bytes.Repeat([]byte("0123456789abcdef"), 4096/16*3),
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return files
}

func runSmpq(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command(smpqPath(t), args...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("smpq %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

// sectorMasks reads the compression mask byte of every sector of a member.
func sectorMasks(t *testing.T, a *Archive, m Member) []byte {
	b := m.Blk
	raw, err := a.readAt(a.Offset+b.Pos, int64(b.CompressedSize), "member")
	if err != nil {
		t.Fatal(err)
	}
	var key uint32
	enc := b.Flags&FlagEncrypted != 0
	if enc {
		key = FileKey(m.Name, uint32(b.Pos), b.Size, b.Flags&FlagFixKey != 0)
	}
	if b.Flags&FlagSingleUnit != 0 {
		if enc {
			decryptBlock(raw, key)
		}
		return raw[:1]
	}
	n := (int(b.Size) + int(a.SectorSize) - 1) / int(a.SectorSize)
	table := append([]byte(nil), raw[:(n+1)*4]...)
	if enc {
		decryptBlock(table, key-1)
	}
	var masks []byte
	for i := 0; i < n; i++ {
		from, to := binary.LittleEndian.Uint32(table[i*4:]), binary.LittleEndian.Uint32(table[i*4+4:])
		sec := append([]byte(nil), raw[from:to]...)
		if enc {
			decryptBlock(sec, key+uint32(i))
		}
		masks = append(masks, sec[0])
	}
	return masks
}

// TestSmpqArchives: StormLib writes archives in both formats with every
// compression animscope reads, plain and encrypted (with and without the fix
// key), in sectors and as single units, with and without (listfile); animscope
// lists them and extracts every member byte-identical to what went in.
func TestSmpqArchives(t *testing.T) {
	smpqPath(t)
	comps := []struct {
		arg  string
		flag uint32 // block flag the members must carry
		mask byte   // first-sector mask of the compressible text (0: none checked)
	}{
		{"none", 0, 0},
		{"ZLIB", FlagCompress, CompZlib},
		{"BZIP2", FlagCompress, CompBzip2},
		{"PKWARE", FlagCompress, CompPKWARE},
		{"ZLIB+PKWARE", FlagCompress, CompZlib | CompPKWARE},
		{"BZIP2+PKWARE", FlagCompress, CompBzip2 | CompPKWARE},
		{"IMPLODE", FlagImplode, 0},
	}
	variants := []struct {
		name     string
		add      []string
		flags    uint32
		listfile bool
	}{
		{"plain", nil, 0, true},
		{"encrypted", []string{"-E"}, FlagEncrypted, true},
		{"fixkey", []string{"-E", "-F"}, FlagEncrypted | FlagFixKey, true},
		{"single", []string{"-U"}, FlagSingleUnit, true},
		{"nolistfile", []string{"-N"}, 0, false},
	}
	for _, version := range []string{"1", "2"} {
		for _, c := range comps {
			for _, v := range variants {
				name := fmt.Sprintf("v%s-%s-%s", version, c.arg, v.name)
				t.Run(name, func(t *testing.T) {
					dir := t.TempDir()
					files := smpqInputs(t, dir)
					var names []string
					for n := range files {
						names = append(names, n)
					}
					sort.Strings(names)
					args := append([]string{"-q", "-c", "-M", version, "-C", c.arg}, v.add...)
					args = append(append(args, "t.mpq"), names...)
					runSmpq(t, dir, args...)
					a, err := Open(filepath.Join(dir, "t.mpq"))
					if err != nil {
						t.Fatal(err)
					}
					defer a.Close()
					if want := map[string]int{"1": 0, "2": 1}[version]; a.Version != want {
						t.Errorf("format version %d, want %d", a.Version, want)
					}
					if v.listfile {
						var got []string
						for _, m := range a.Members() {
							if !strings.HasPrefix(m.Name, "(") {
								got = append(got, m.Name)
							}
						}
						if strings.Join(got, "|") != strings.Join(names, "|") {
							t.Errorf("listed %q, want %q", got, names)
						}
					} else {
						if n := a.AddListfile([]byte(strings.Join(names, "\r\n"))); n != len(names) {
							t.Errorf("a user listfile names %d members, want %d", n, len(names))
						}
					}
					for _, n := range names {
						m, ok := a.Stat(strings.ToLower(strings.ReplaceAll(n, `\`, "/")))
						if !ok {
							t.Fatalf("%s: not found by its lower-case, slash-separated name", n)
						}
						if want := c.flag | v.flags; len(files[n]) > 0 && m.Blk.Flags&want != want {
							t.Errorf("%s: flags %#x lack %#x", n, m.Blk.Flags, want)
						}
						got, err := a.ReadFile(n)
						if err != nil {
							t.Fatalf("%s: %v", n, err)
						}
						if !bytes.Equal(got, files[n]) {
							t.Fatalf("%s: %d bytes differ from the %d that went in", n, len(got), len(files[n]))
						}
					}
					if c.mask != 0 {
						m, _ := a.Stat(`Creature\Rabbit\Rabbit.txt`)
						if got := sectorMasks(t, a, m); !bytes.Contains(got, []byte{c.mask}) {
							t.Errorf("sector masks % x, want one of %#x", got, c.mask)
						}
					}
				})
			}
		}
	}
}
