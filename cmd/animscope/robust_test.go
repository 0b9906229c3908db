//go:build linux

package main

import (
	"bytes"
	"compress/zlib"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"image/color"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"animscope/formats/blp"
	"animscope/formats/blp/blptest"
	"animscope/formats/dds/ddstest"
	"animscope/formats/m2/m2test"
	"animscope/formats/mpq"
	"animscope/formats/mpq/mpqtest"
	"animscope/formats/nres"
	"animscope/formats/texm/texmtest"
	"animscope/formats/tre"
	"animscope/formats/tre/tretest"
)

// The robustness harness (issue 28): no input of up to 16 MB makes any command
// exceed 1 GiB of memory or 10 s. TestRobustness builds the animscope binary,
// writes hostile inputs with the project's own writers (decompression bombs,
// tables whose entries share bytes, headers that claim huge sizes, a 16 MB MIF
// source) and runs every command on each, in a child process that the kernel
// holds to 1 GiB of data (RLIMIT_DATA: what the process allocates; the address
// space would also count the Go runtime's reservations and the GL libraries,
// about a gigabyte before any work) and measures: a command fails when it
//
//   - dies of a signal, or its Go runtime crashes ("panic:", "fatal error:", out
//     of memory under the limit), or exits with a status other than 0, 1 or 2;
//   - has a peak resident set (getrusage maxrss, read as TestRobustnessChild
//     says) over 1 GiB;
//   - uses more than 10 s of CPU (user + system; CPU time, not the wall clock,
//     because the machines that run the suite are shared), or is still running
//     after 30 s of wall clock (a hang: it is killed).
//
// Cases whose readers other work fixes are marked with pending: they fail until
// that work is merged, and their failures say so; none is skipped.

const (
	robustMemory  = 1 << 30
	robustCPU     = 10 * time.Second
	robustWall    = 30 * time.Second
	robustMaxSize = 16 << 20
)

// robustCase is one hostile input.
type robustCase struct {
	name    string
	file    string // the file's name in the case's folder
	member  string // an archive's hostile member (also run as ARCHIVE:MEMBER), "" for a file
	build   func(t *testing.T) []byte
	pending string // the fix this case waits for ("" when it must hold now)
}

var robustCases = []robustCase{
	{"TRE names sharing one 2 MiB name, 3,000 entries", "shared3k.tre", "", func(t *testing.T) []byte { return treSharedNames(3000, 2<<20) },
		"issue 28 item 1 (h-arch: bound a table's name bytes by the file size)"},
	{"TRE names sharing one 2 MiB name, 20,000 entries", "shared20k.tre", "", func(t *testing.T) []byte { return treSharedNames(20000, 2<<20) },
		"issue 28 item 1 (h-arch)"},
	{"MPQ bzip2 member claiming 512 MiB", "bzip2bomb.mpq", "bomb.m2", func(t *testing.T) []byte {
		return mpqSingleUnit(t, "bomb.m2", append([]byte{mpq.CompBzip2}, bzip2Zeros(t)...), 512<<20)
	}, "issue 28 item 6 (h-arch: stream decompression with a bound per member)"},
	{"MPQ zlib member claiming 512 MiB", "zlibbomb.mpq", "bomb.m2", func(t *testing.T) []byte {
		return mpqSingleUnit(t, "bomb.m2", append([]byte{mpq.CompZlib}, zlibZeros(t)...), 512<<20)
	}, "issue 28 item 6 (h-arch)"},
	{"TRE zlib member of 512 MiB", "zlibbomb.tre", "bomb.m2", func(t *testing.T) []byte {
		return treZlibBombs(t, 1)
	}, "issue 28 item 7 (h-arch: bound per member and per command)"},
	{"TRE with three 512 MiB zlib members", "zlibbombs.tre", "bomb0.m2", func(t *testing.T) []byte {
		return treZlibBombs(t, 3)
	}, "issue 28 item 7 (h-arch: a total bound per command)"},
	{"MIF source of 16 MB of one-byte values", "big.mif", "", func(t *testing.T) []byte { return mifOneByteValues(robustMaxSize) },
		"issue 28 item 11 (h-mif: parse large MIF without keeping every token)"},
	{"MIF macros expanding to 10^9 values", "macros.mif", "", func(t *testing.T) []byte { return mifMacroBomb() }, ""},
	{"MPQ hash table full of one name's entries, its listfile naming it 200,000 times", "full.mpq", "Creature/One/One.m2", func(t *testing.T) []byte {
		return mpqtest.FullOfOneName(1<<16, 200000)
	}, ""},
	{"MPQ hash and block tables claiming 2^28 entries", "tables.mpq", "one.m2", func(t *testing.T) []byte {
		data := mpqSingleUnit(t, "one.m2", []byte("MD20 not a model"), 16)
		binary.LittleEndian.PutUint32(data[24:], 1<<28) // hash table size
		binary.LittleEndian.PutUint32(data[28:], 1<<28) // block table size
		return data
	}, ""},
	{"NRes whose count and sizes are huge", "huge.rlb", "", func(t *testing.T) []byte {
		model := m2Garbage(t)
		e := nresEntry(nres.TypeMESH, "a.msh", model)
		data := nres.Encode(0, []nres.Entry{e, e})
		binary.LittleEndian.PutUint32(data[8:], 0x7FFFFFFF)
		return data
	}, ""},
	{"BLP2 DXT1 of 65535 × 65535 with lying mip table", "huge.blp", "", func(t *testing.T) []byte {
		data, err := blptest.Encode(smallImage(), blptest.Format{Version: 2, Encoding: blp.DXT1})
		if err != nil {
			t.Fatal(err)
		}
		le := binary.LittleEndian
		le.PutUint32(data[12:], 65535)
		le.PutUint32(data[16:], 65535)
		le.PutUint32(data[20:], 0xFFFFFF00) // mip 0 offset
		le.PutUint32(data[84:], 0xFFFFFFFF) // mip 0 size
		return data
	}, ""},
	{"DDS DXT1 of 65536 × 65536 with 17 mips", "huge.dds", "", func(t *testing.T) []byte {
		data := append(ddstest.Header(ddstest.DXT1, 4, 4, 1), make([]byte, 8)...)
		le := binary.LittleEndian
		le.PutUint32(data[12:], 65536)
		le.PutUint32(data[16:], 65536)
		le.PutUint32(data[28:], 17)
		return data
	}, ""},
	{"Texm of the largest side with 32 mips", "huge.tex", "", func(t *testing.T) []byte {
		data, err := texmtest.Encode(smallImage(), 565, 1, nil)
		if err != nil {
			t.Fatal(err)
		}
		le := binary.LittleEndian
		le.PutUint32(data[4:], 8192)
		le.PutUint32(data[8:], 8192)
		le.PutUint32(data[12:], 32)
		return data
	}, ""},
	{"M2 header of 0xFF bytes", "ff.m2", "", func(t *testing.T) []byte { return m2Garbage(t) }, ""},
}

// robustCommands are every command, on a file or (member != "") an archive.
func robustCommands(c robustCase, in, dir string) [][]string {
	out := func(name string) string { return filepath.Join(dir, name) }
	cmds := [][]string{
		{"ls", in},
		{"extract", in, "*", "--out", out("extracted")},
		{"validate", in},
		{"inspect", in},
		{"inspect", "--json", in},
		{"sample", in},
		{"export", "--out", out("scene.glb"), in},
		{"texture", in, "--out", out("texture.png")},
		{"mif", in},
	}
	if c.member != "" {
		m := in + ":" + c.member
		cmds = append(cmds,
			[]string{"export", "--out", out("exported"), in},
			[]string{"validate", m}, []string{"sample", m}, []string{"texture", m, "--out", out("member.png")}, []string{"mif", m})
	}
	return cmds
}

func TestRobustness(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the robustness harness builds the binary and runs every command on every hostile input")
	}
	bin := buildAnimscope(t)
	var pending []string
	for _, c := range robustCases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			data := c.build(t)
			if len(data) > robustMaxSize {
				t.Fatalf("the input is %d bytes, more than the 16 MB the bound covers", len(data))
			}
			in := filepath.Join(dir, c.file)
			if err := os.WriteFile(in, data, 0o644); err != nil {
				t.Fatal(err)
			}
			failed := false
			for _, args := range robustCommands(c, in, dir) {
				r := runBounded(t, bin, dir, args)
				t.Logf("%-48s exit %d  cpu %5.2f s  wall %5.2f s  peak %4d MB", robustArgs(args, dir), r.code, r.cpu.Seconds(), r.wall.Seconds(), r.peak>>20)
				if why := r.failure(); why != "" {
					failed = true
					note := ""
					if c.pending != "" {
						note = " [pending: " + c.pending + "]"
					}
					t.Errorf("%s: %s%s\n%s", robustArgs(args, dir), why, note, r.tail())
				}
				os.RemoveAll(filepath.Join(dir, "extracted"))
				os.RemoveAll(filepath.Join(dir, "exported"))
			}
			if failed && c.pending != "" {
				pending = append(pending, c.name)
			}
		})
	}
	if len(pending) > 0 {
		t.Logf("cases that failed and wait for another fix (check after merging): %s", strings.Join(pending, "; "))
	}
}

// robustArgs is args with the case's folder left out (for messages).
func robustArgs(args []string, dir string) string {
	return strings.ReplaceAll(strings.Join(args, " "), dir+string(filepath.Separator), "")
}

var (
	buildOnce sync.Once
	builtBin  string
	buildErr  error
)

// buildAnimscope builds the command (once per test binary) into a folder of the
// system's temporary folder, removed when the package's tests end (TestMain is not
// needed: robustCleanup runs from the test's Cleanup).
func buildAnimscope(t *testing.T) string {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool on PATH to build the binary:", err)
	}
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "animscope-robust-")
		if err != nil {
			buildErr = err
			return
		}
		builtBin = filepath.Join(dir, "animscope")
		out, err := exec.Command(goTool, "build", "-o", builtBin, ".").CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	t.Cleanup(func() { os.RemoveAll(filepath.Dir(builtBin)) })
	return builtBin
}

// boundedRun is what one command did.
type boundedRun struct {
	code           int
	signal         string
	killed         bool
	cpu, wall      time.Duration
	peak           int64 // bytes
	stderr, stdout []byte
}

// runBounded runs bin with args in dir through TestRobustnessChild (a fresh
// copy of this test binary, which sets the memory limit, starts the command and
// reports what it did; see there why).
func runBounded(t *testing.T, bin, dir string, args []string) boundedRun {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	resultFile := filepath.Join(t.TempDir(), "result")
	ctx, cancel := context.WithTimeout(context.Background(), robustWall+10*time.Second) // the child's limit is robustWall
	defer cancel()
	cmd := exec.CommandContext(ctx, self, "-test.run", "^TestRobustnessChild$")
	cmd.Env = append(os.Environ(), robustChildArgs+"="+strings.Join(append([]string{bin}, args...), "\x1f"), robustChildResult+"="+resultFile)
	cmd.Dir = dir
	var stdout, stderr limitedBuffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err = cmd.Run()
	r := boundedRun{wall: time.Since(start), stdout: stdout.b, stderr: stderr.b, killed: ctx.Err() != nil}
	if r.killed {
		return r
	}
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		t.Fatal(err)
	}
	if code := cmd.ProcessState.ExitCode(); code != 0 {
		t.Fatalf("the robust child process failed (exit %d):%s", code, r.tail())
	}
	report, err := os.ReadFile(resultFile)
	if err != nil {
		t.Fatal(err)
	}
	res, err := parseChildResult(string(report))
	if err != nil {
		t.Fatal(err)
	}
	r.code, r.cpu, r.peak, r.killed = res.code, time.Duration(res.cpuNS), res.peakKB<<10, res.killed != 0
	if res.signal != 0 && !r.killed {
		r.signal = syscall.Signal(res.signal).String()
	}
	return r
}

// failure says why the run breaks the bound, "" when it holds.
func (r boundedRun) failure() string {
	se := string(r.stderr)
	switch {
	case r.killed:
		return fmt.Sprintf("still running after %v: killed (a hang)", robustWall)
	case r.signal != "":
		return "killed by " + r.signal
	case strings.Contains(se, "out of memory"):
		return fmt.Sprintf("out of memory under the %d MiB limit", robustMemory>>20)
	case strings.Contains(se, "panic:") || strings.Contains(se, "fatal error:") || strings.Contains(se, "goroutine "):
		return "the Go runtime crashed"
	case r.code < 0 || r.code > 2:
		return fmt.Sprintf("exit status %d, want 0, 1 or 2", r.code)
	case r.peak > robustMemory:
		return fmt.Sprintf("peak resident set %d MB, over %d MB", r.peak>>20, robustMemory>>20)
	case r.cpu > robustCPU:
		return fmt.Sprintf("%.1f s of CPU, over %v", r.cpu.Seconds(), robustCPU)
	}
	return ""
}

// tail is the end of the command's stderr, for a failure's message.
func (r boundedRun) tail() string {
	s := strings.TrimSpace(string(r.stderr))
	for _, cut := range []string{"\nruntime stack:", "\ngoroutine "} {
		if i := strings.Index(s, cut); i >= 0 {
			s = strings.TrimSpace(s[:i]) // a crash's first lines say enough
		}
	}
	if len(s) > 600 {
		s = s[:600] + " …"
	}
	return "  stderr: " + s
}

// limitedBuffer keeps the first 64 KiB written to it (a command may print a lot).
type limitedBuffer struct{ b []byte }

func (w *limitedBuffer) Write(p []byte) (int, error) {
	if room := 64<<10 - len(w.b); room > 0 {
		w.b = append(w.b, p[:min(room, len(p))]...)
	}
	return len(p), nil
}

// --- the hostile inputs, written with the project's writers ---

// treSharedNames is a tree file whose n members' name offsets are 0, 1, 2, … of one
// name of nameLen bytes (issue 28, item 1: every member's name copies most of
// it): tretest's layout, with the table's name offsets rewritten, and the name
// block compressed (a few KB).
func treSharedNames(n, nameLen int) []byte {
	files := []tretest.File{{Name: strings.Repeat("a", nameLen-3) + ".m2", Data: []byte("MD20")}}
	for i := 1; i < n; i++ {
		files = append(files, tretest.File{Name: "", Data: nil})
	}
	data := tretest.Build(files, tretest.Options{ZlibNames: true})
	le := binary.LittleEndian
	toc := int(le.Uint32(data[12:]))
	for i := 0; i < n; i++ {
		le.PutUint32(data[toc+i*tre.EntrySize+20:], uint32(i))
	}
	return data
}

var (
	zlibOnce, bzipOnce sync.Once
	zlibBomb, bzipBomb []byte
	bzipErr            error
)

// zlibZeros is a zlib stream of 512 MiB of zeros (about 520 KB).
func zlibZeros(t *testing.T) []byte {
	zlibOnce.Do(func() {
		var b bytes.Buffer
		w, _ := zlib.NewWriterLevel(&b, zlib.BestCompression)
		zero := make([]byte, 1<<20)
		for i := 0; i < 512; i++ {
			w.Write(zero)
		}
		w.Close()
		zlibBomb = b.Bytes()
	})
	return zlibBomb
}

// bzip2Zeros is a bzip2 stream of 512 MiB of zeros (402 bytes), written by the
// bzip2 tool (the standard library only reads bzip2).
func bzip2Zeros(t *testing.T) []byte {
	tool, err := exec.LookPath("bzip2")
	if err != nil {
		t.Skip("no bzip2 tool (apt package bzip2) to write the bzip2 bomb:", err)
	}
	bzipOnce.Do(func() {
		cmd := exec.Command(tool, "-9", "-c")
		cmd.Stdin = &zeroReader{n: 512 << 20}
		bzipBomb, bzipErr = cmd.Output()
	})
	if bzipErr != nil {
		t.Fatal("bzip2:", bzipErr)
	}
	return bzipBomb
}

type zeroReader struct{ n int64 }

func (z *zeroReader) Read(p []byte) (int, error) {
	if z.n == 0 {
		return 0, io.EOF
	}
	k := min(int64(len(p)), z.n)
	clear(p[:k])
	z.n -= k
	return int(k), nil
}

// mpqSingleUnit is an MPQ (format 1) of one single-unit member whose stored bytes
// are stored as given (a compression mask byte and a stream) and whose size
// claims size, and a (listfile) naming it.
func mpqSingleUnit(t *testing.T, name string, stored []byte, size uint32) []byte {
	t.Helper()
	list := []byte(name + "\r\n")
	le := binary.LittleEndian
	const headerSize, hashSize = 32, 4
	body := make([]byte, headerSize)
	type member struct {
		name        string
		pos         int
		stored      []byte
		size, flags uint32
	}
	ms := []member{
		{name, 0, stored, size, mpq.FlagExists | mpq.FlagSingleUnit | mpq.FlagCompress},
		{"(listfile)", 0, list, uint32(len(list)), mpq.FlagExists | mpq.FlagSingleUnit},
	}
	for i := range ms {
		ms[i].pos = len(body)
		body = append(body, ms[i].stored...)
	}
	hashes := bytes.Repeat([]byte{0xFF}, hashSize*16)
	blocks := make([]byte, len(ms)*16)
	for i, m := range ms {
		slot := mpq.Hash(m.name, 0) & (hashSize - 1)
		for le.Uint32(hashes[slot*16+12:]) != 0xFFFFFFFF {
			slot = (slot + 1) & (hashSize - 1)
		}
		e := hashes[slot*16:]
		le.PutUint32(e, mpq.Hash(m.name, 1))
		le.PutUint32(e[4:], mpq.Hash(m.name, 2))
		le.PutUint32(e[8:], 0)
		le.PutUint32(e[12:], uint32(i))
		b := blocks[i*16:]
		le.PutUint32(b, uint32(m.pos))
		le.PutUint32(b[4:], uint32(len(m.stored)))
		le.PutUint32(b[8:], m.size)
		le.PutUint32(b[12:], m.flags)
	}
	body, hashPos, blockPos := mpqtest.AppendTables(body, hashes, blocks)
	copy(body, "MPQ\x1a")
	le.PutUint32(body[4:], headerSize)
	le.PutUint32(body[8:], uint32(len(body)))
	le.PutUint16(body[12:], 0)
	le.PutUint16(body[14:], 3)
	le.PutUint32(body[16:], uint32(hashPos))
	le.PutUint32(body[20:], uint32(blockPos))
	le.PutUint32(body[24:], hashSize)
	le.PutUint32(body[28:], uint32(len(ms)))
	return body
}

// treZlibBombs is a tree file of n members bomb0.m2 … (bomb.m2 when n is 1), each
// a zlib stream of 512 MiB of zeros: tretest writes them stored, and their table
// entries are then rewritten to say zlib and 512 MiB.
func treZlibBombs(t *testing.T, n int) []byte {
	z := zlibZeros(t)
	var files []tretest.File
	for i := 0; i < n; i++ {
		name := fmt.Sprintf("bomb%d.m2", i)
		if n == 1 {
			name = "bomb.m2"
		}
		files = append(files, tretest.File{Name: name, Data: z})
	}
	data := tretest.Build(files, tretest.Options{})
	le := binary.LittleEndian
	toc := int(le.Uint32(data[12:]))
	for i := 0; i < n; i++ {
		e := data[toc+i*tre.EntrySize:]
		le.PutUint32(e[4:], 512<<20)
		le.PutUint32(e[12:], tre.CompZlib)
		le.PutUint32(e[16:], uint32(len(z)))
	}
	return data
}

// mifOneByteValues is a MIF source of size bytes: one chunk of int8 values "1,".
func mifOneByteValues(size int) []byte {
	head, tail := "form \"TEST\" { chunk \"DATA\" { int8 ", "1 } }\n"
	n := (size - len(head) - len(tail)) / 2
	return []byte(head + strings.Repeat("1,", n) + tail)
}

// mifMacroBomb defines A0 as 1 and each Ak as ten of A(k−1): A9 is 10^9 values.
func mifMacroBomb() []byte {
	var b strings.Builder
	b.WriteString("#define A0 1\n")
	for k := 1; k <= 9; k++ {
		fmt.Fprintf(&b, "#define A%d %s\n", k, strings.TrimSuffix(strings.Repeat(fmt.Sprintf("A%d,", k-1), 10), ","))
	}
	b.WriteString("form \"TEST\" { chunk \"DATA\" { int8 A9 } }\n")
	return []byte(b.String())
}

// m2Garbage is a synthetic M2 whose header after the magic and version is 0xFF.
func m2Garbage(t *testing.T) []byte {
	model, _ := m2test.Synthetic(264, false)
	for i := 8; i < 0x140 && i < len(model); i++ {
		model[i] = 0xFF
	}
	return model
}

func smallImage() *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, 4, 4))
	for i := range 16 {
		img.Set(i%4, i/4, color.NRGBA{uint8(i * 16), 0, 255, 255})
	}
	return img
}
