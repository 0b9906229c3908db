package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"

	"animscope/formats/blp"
	"animscope/formats/blp/blptest"
	"animscope/formats/m2/m2test"
	"animscope/formats/mpq"
	"animscope/formats/mpq/mpqtest"
	"animscope/formats/tre"
	"animscope/formats/tre/tretest"
	"animscope/formats/vfs"
)

// buildMPQ writes an MPQ of files with the test writer into dir as name.
func buildMPQ(t *testing.T, dir, name string, files []mpqtest.File, opt mpqtest.Options) string {
	t.Helper()
	data, err := mpqtest.Build(files, opt)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// writeTemp writes data as name in a new temporary folder and returns its path.
func writeTemp(t *testing.T, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestTRESharedNamesRefused: a tree file whose entries point into one long name
// is refused by every command that mounts it, with the same message.
func TestTRESharedNamesRefused(t *testing.T) {
	arc := writeTemp(t, "shared.tre", tretest.SharedNames(3000, 2<<20))
	out := t.TempDir()
	for _, args := range [][]string{
		{"ls", arc},
		{"extract", arc, "", "--out", out},
		{"validate", arc},
		{"inspect", arc + ":x"},
	} {
		code, _, stderr := runCLI(args...)
		if code != exitInvalid || !strings.Contains(stderr, "share name bytes") {
			t.Errorf("%s: exit %d, %q; want 1 and the shared names named", args[0], code, stderr)
		}
	}
}

// TestMPQBehindStub: an MPQ after an 8 KiB executable stub (a self-extracting
// archive) mounts for ls, extract, texture and validate, as StormLib reads it.
func TestMPQBehindStub(t *testing.T) {
	dir := t.TempDir()
	model, _ := m2test.Synthetic(256, false)
	tex, err := blptest.Encode(texImage(), blptest.Format{Version: 2, Encoding: blp.DXT1})
	if err != nil {
		t.Fatal(err)
	}
	stub := make([]byte, 8<<10)
	copy(stub, "MZ\x00\x00")
	arc := buildMPQ(t, dir, "sfx.mpq", []mpqtest.File{
		{Name: `Creature\A\a.m2`, Data: model, Comp: mpq.CompZlib},
		{Name: `t.blp`, Data: tex, Comp: mpq.CompZlib},
	}, mpqtest.Options{Listfile: true, Prefix: stub})
	if code, out, stderr := runCLI("ls", arc); code != exitOK || !strings.Contains(out, "Creature/A/a.m2") || !strings.Contains(out, "t.blp") {
		t.Errorf("ls: exit %d, %q %s", code, out, stderr)
	}
	outDir := filepath.Join(dir, "out")
	if code, _, stderr := runCLI("extract", arc, "*.m2", "--out", outDir); code != exitOK {
		t.Errorf("extract: exit %d, %s", code, stderr)
	} else if got, err := os.ReadFile(filepath.Join(outDir, "Creature", "A", "a.m2")); err != nil || string(got) != string(model) {
		t.Errorf("extract wrote %d bytes, %v; want the %d of the model", len(got), err, len(model))
	}
	if code, _, stderr := runCLI("texture", arc+":t.blp", "--out", filepath.Join(dir, "t.png")); code != exitOK {
		t.Errorf("texture: exit %d, %s", code, stderr)
	}
	loose := writeTemp(t, "a.m2", model)
	wantCode, _, _ := runCLI("validate", loose)
	if code, _, stderr := runCLI("validate", arc+`:Creature\A\a.m2`); code != wantCode || strings.Contains(stderr, "magic") {
		t.Errorf("validate ARCHIVE:MEMBER: exit %d (the loose file: %d), %s", code, wantCode, stderr)
	}
	if code, _, stderr := runCLI("validate", arc); code != wantCode {
		t.Errorf("validate ARCHIVE: exit %d (the loose file: %d), %s", code, wantCode, stderr)
	}
	// StormLib, the oracle, lists the same archive.
	if smpq, err := exec.LookPath("smpq"); err == nil {
		out, err := exec.Command(smpq, "-l", arc).CombinedOutput()
		if err != nil || !strings.Contains(strings.ReplaceAll(string(out), `\`, "/"), "Creature/A/a.m2") {
			t.Errorf("smpq -l: %v\n%s", err, out)
		}
	} else {
		t.Log("smpq is not installed: StormLib's reading is not compared")
	}
}

// TestUnlistedMemberByName: in an MPQ without a (listfile), a member named
// exactly extracts and samples (its .skin found by name too), as the same files
// do loose; a wildcard matches no unnamed member.
func TestUnlistedMemberByName(t *testing.T) {
	dir := t.TempDir()
	model, skin := m2test.Synthetic(264, true)
	arc := buildMPQ(t, dir, "nolist.mpq", []mpqtest.File{
		{Name: `Creature\Frog\Frog.m2`, Data: model, Comp: mpq.CompZlib, Encrypt: true, FixKey: true},
		{Name: `Creature\Frog\Frog00.skin`, Data: skin, Comp: mpq.CompZlib, Encrypt: true},
	}, mpqtest.Options{})
	out := filepath.Join(dir, "D")
	if code, stdout, stderr := runCLI("extract", arc, `Creature\Frog\Frog.m2`, "--out", out); code != exitOK {
		t.Fatalf("extract: exit %d, %s%s", code, stdout, stderr)
	}
	if got, err := os.ReadFile(filepath.Join(out, "Creature", "Frog", "Frog.m2")); err != nil || string(got) != string(model) {
		t.Errorf("extracted %d bytes, %v; want the %d of the model", len(got), err, len(model))
	}
	if code, _, stderr := runCLI("extract", arc, "*.m2", "--out", out); code != exitInvalid || !strings.Contains(stderr, "no file matches") {
		t.Errorf("extract *.m2: exit %d, %s; want 1, no file matches", code, stderr)
	}
	loose := filepath.Join(dir, "loose")
	os.MkdirAll(loose, 0o755)
	os.WriteFile(filepath.Join(loose, "Frog.m2"), model, 0o644)
	os.WriteFile(filepath.Join(loose, "Frog00.skin"), skin, 0o644)
	wantCode, want, wantErr := runCLI("sample", "--t", "100", filepath.Join(loose, "Frog.m2"))
	if wantCode != exitOK {
		t.Fatalf("sample of the loose model: exit %d, %s", wantCode, wantErr)
	}
	code, got, stderr := runCLI("sample", "--t", "100", arc+`:Creature\Frog\Frog.m2`)
	if code != exitOK {
		t.Fatalf("sample ARCHIVE:MEMBER: exit %d, %s", code, stderr)
	}
	body := func(s string) string { return s[strings.Index(s, "\n")+1:] } // past the file line
	if body(got) != body(want) {
		t.Errorf("sample from the archive differs from the loose file:\n%s\nwant\n%s", got, want)
	}
}

// TestCaseTwinsInFolderMount: of T.m2 (corrupt) and t.m2 (sound) in one folder,
// ls lists both, validate and inspect check both and name the corrupt one (exit
// 1), extract writes both.
func TestCaseTwinsInFolderMount(t *testing.T) {
	dir := t.TempDir()
	model, _ := m2test.Synthetic(256, false)
	os.WriteFile(filepath.Join(dir, "t.m2"), model, 0o644)
	os.WriteFile(filepath.Join(dir, "T.m2"), model[:40], 0o644)
	if _, err := os.Stat(filepath.Join(dir, "T.M2")); err == nil {
		t.Skip("the temporary folder ignores case: no case twins can exist there")
	}
	upper, lower := filepath.Join(dir, "T.m2"), filepath.Join(dir, "t.m2")
	if code, out, _ := runCLI("ls", dir); code != exitOK || !strings.Contains(out, "T.m2") || !strings.Contains(out, "t.m2") {
		t.Errorf("ls: exit %d, %q; want both twins", code, out)
	}
	for _, cmd := range []string{"validate", "inspect"} {
		code, out, stderr := runCLI(cmd, dir)
		if code != exitInvalid || !strings.Contains(stderr, upper) {
			t.Errorf("%s DIR: exit %d, stderr %q; want 1 naming %s", cmd, code, stderr, upper)
		}
		for _, line := range strings.Split(stderr, "\n") {
			if strings.HasPrefix(line, lower) {
				t.Errorf("%s DIR: the sound twin has an error: %s", cmd, line)
			}
		}
		if cmd == "inspect" && !strings.Contains(out, lower) {
			t.Errorf("inspect DIR: the sound twin is not shown:\n%s", out)
		}
	}
	out := filepath.Join(t.TempDir(), "out")
	if code, _, stderr := runCLI("extract", dir, "", "--out", out); code != exitOK {
		t.Errorf("extract: exit %d, %s", code, stderr)
	}
	for name, want := range map[string][]byte{"T.m2": model[:40], "t.m2": model} {
		if got, err := os.ReadFile(filepath.Join(out, name)); err != nil || string(got) != string(want) {
			t.Errorf("extract %s: %d bytes, %v; want %d", name, len(got), err, len(want))
		}
	}
}

// TestExtractNeverOverwritesInputs: extract refuses (exit 2, before writing
// anything) an --out that is an input, or a folder where a matched member would
// land on an input: the archive itself, a listfile, a .toc's tree file, a folder
// mount's own files. Into the archive's folder without such a clash it extracts.
func TestExtractNeverOverwritesInputs(t *testing.T) {
	dir := t.TempDir()
	arcData, err := mpqtest.Build([]mpqtest.File{
		{Name: "self.mpq", Data: []byte("not the archive")},
		{Name: "list.txt", Data: []byte("not the listfile")},
		{Name: `sub\other.txt`, Data: []byte("other")},
	}, mpqtest.Options{Listfile: true})
	if err != nil {
		t.Fatal(err)
	}
	arc := filepath.Join(dir, "self.mpq")
	os.WriteFile(arc, arcData, 0o644)
	listfile := filepath.Join(dir, "list.txt")
	os.WriteFile(listfile, []byte("sub\\other.txt\r\n"), 0o644)
	treDir := t.TempDir()
	treData := tretest.Build([]tretest.File{{Name: "a.tre", Data: []byte("not the tree file")}}, tretest.Options{})
	os.WriteFile(filepath.Join(treDir, "a.tre"), treData, 0o644)
	toc := filepath.Join(treDir, "a.toc")
	os.WriteFile(toc, tretest.BuildTOC([]string{"a.tre"}, []tretest.TOCEntry{{Name: "a.tre", Offset: tre.HeaderSize, Length: 17}}, false, false), 0o644)
	folder := t.TempDir()
	os.WriteFile(filepath.Join(folder, "x.txt"), []byte("folder file"), 0o644)

	for _, tc := range []struct {
		name string
		args []string
		keep map[string]string // files that must be unchanged
	}{
		{"archive into its folder", []string{"extract", arc, "", "--out", dir}, nil},
		{"--out is the archive", []string{"extract", arc, "", "--out", arc}, nil},
		{"over the listfile", []string{"extract", "--listfile", listfile, arc, "list.txt", "--out", dir}, nil},
		{"over a .toc's tree file", []string{"extract", toc, "", "--out", treDir}, map[string]string{filepath.Join(treDir, "a.tre"): string(treData)}},
		{"a folder into itself", []string{"extract", folder, "", "--out", folder}, map[string]string{filepath.Join(folder, "x.txt"): "folder file"}},
	} {
		code, _, stderr := runCLI(tc.args...)
		if code != exitUsage || !strings.Contains(stderr, "it is never overwritten") {
			t.Errorf("%s: exit %d, %q; want 2 and the input named", tc.name, code, stderr)
		}
		keep := map[string]string{arc: string(arcData), listfile: "sub\\other.txt\r\n"}
		for p, want := range tc.keep {
			keep[p] = want
		}
		for p, want := range keep {
			if got, _ := os.ReadFile(p); string(got) != want {
				t.Errorf("%s: %s was changed", tc.name, p)
			}
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "sub")); err == nil {
		t.Error("a refused extract wrote a member before refusing")
	}
	// No clash: the archive's own folder is a fine --out.
	if code, _, stderr := runCLI("extract", arc, "other", "--out", dir); code != exitOK {
		t.Errorf("extract into the archive's folder: exit %d, %s", code, stderr)
	}
	if got, _ := os.ReadFile(arc); string(got) != string(arcData) {
		t.Error("the archive was changed")
	}
}

// allocatedBy is what f allocates, in bytes.
func allocatedBy(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestExtractBombsStream: a 64 MiB zlib bomb in an MPQ (a single unit of about
// 64 KiB) and in a tree file extracts with a few MiB of memory, the member
// streaming to disk as it unpacks; validate of the member holds it once.
func TestExtractBombsStream(t *testing.T) {
	// The memory this test takes goes back to the system when it ends: a child
	// process the other tests measure starts from this process's size.
	// TestMemoryBound's child processes start with this process's peak size,
	// so nothing here holds a bomb's bytes in memory but validate (below).
	const real = 64 << 20
	dir := t.TempDir()
	bombs := func(n int) map[string]string {
		return map[string]string{
			"mpq": buildMPQ(t, dir, fmt.Sprintf("bomb%d.mpq", n), []mpqtest.File{{Name: "bomb.m2", Raw: mpqtest.ZlibBomb(n), Size: uint32(n), Comp: mpq.CompZlib, SingleUnit: true}}, mpqtest.Options{Listfile: true}),
			"tre": writeTemp(t, "bomb.tre", tretest.Build([]tretest.File{{Name: "bomb.m2", Raw: tretest.ZlibZeros(n), Length: uint32(n)}}, tretest.Options{})),
		}
	}
	for kind, arc := range bombs(real) {
		if st, _ := os.Stat(arc); st.Size() > 128<<10 {
			t.Fatalf("%s: the bomb is %d bytes", kind, st.Size())
		}
		out := filepath.Join(dir, "out-"+kind)
		var code int
		var stderr string
		n := allocatedBy(func() { code, _, stderr = runCLI("extract", arc, "bomb.m2", "--out", out) })
		if code != exitOK {
			t.Errorf("%s: extract: exit %d, %s", kind, code, stderr)
		}
		if st, err := os.Stat(filepath.Join(out, "bomb.m2")); err != nil || st.Size() != real {
			t.Errorf("%s: extract wrote %v", kind, err)
		}
		if n > 8<<20 {
			t.Errorf("%s: extract allocated %d bytes, want under 8 MiB (the member streams)", kind, n)
		}
	}
	// validate tries a member as a model, then as a texture and a shader: three
	// reads, each holding it once.
	const small = 8 << 20
	for kind, arc := range bombs(small) {
		var code int
		n := allocatedBy(func() { code, _, _ = runCLI("validate", arc+":bomb.m2") })
		if code != exitInvalid || n > 3*small+8<<20 {
			t.Errorf("%s: validate ARCHIVE:MEMBER: exit %d, %d bytes allocated; want 1 and the member at most three times", kind, code, n)
		}
	}
	debug.FreeOSMemory()
	// A member stated larger than vfs.MaxReadSize is refused unread by every
	// command that decodes it; extract streams it.
	big := writeTemp(t, "big.tre", tretest.Build([]tretest.File{{Name: "big.m2", Data: []byte("tiny"), Length: vfs.MaxReadSize + 1}}, tretest.Options{}))
	for _, args := range [][]string{{"validate", big + ":big.m2"}, {"inspect", big + ":big.m2"}, {"validate", big}} {
		var code int
		var stderr string
		n := allocatedBy(func() { code, _, stderr = runCLI(args...) })
		if code != exitInvalid || !strings.Contains(stderr, "in memory") || n > 8<<20 {
			t.Errorf("%v: exit %d, %q, %d bytes allocated; want 1, the in-memory limit named, little allocated", args, code, stderr, n)
		}
	}
}

// TestMaxBytes: --max-bytes bounds what one extract (or validate) unpacks, all
// members together: of three 400 KiB members under 1M two are written and the
// third refused unread, naming the limit (exit 1); a bad value is a usage error.
func TestMaxBytes(t *testing.T) {
	dir := t.TempDir()
	var files []mpqtest.File
	for _, n := range []string{"a.bin", "b.bin", "c.bin"} {
		files = append(files, mpqtest.File{Name: n, Data: make([]byte, 400<<10), Comp: mpq.CompZlib})
	}
	arc := buildMPQ(t, dir, "three.mpq", files, mpqtest.Options{Listfile: true})
	out := filepath.Join(dir, "out")
	code, stdout, stderr := runCLI("extract", "--max-bytes", "1M", arc, "*.bin", "--out", out)
	if code != exitInvalid || !strings.Contains(stderr, "c.bin") || !strings.Contains(stderr, "--max-bytes") {
		t.Errorf("extract --max-bytes 1M: exit %d, %q; want 1 and c.bin refused with the limit named", code, stderr)
	}
	if !strings.Contains(stdout, "extracted 2 of 3 files") {
		t.Errorf("extract --max-bytes 1M: %q", stdout)
	}
	if _, err := os.Stat(filepath.Join(out, "c.bin")); err == nil {
		t.Error("the refused member was written")
	}
	if ents, _ := os.ReadDir(out); len(ents) != 2 {
		t.Errorf("%d files in the output folder, want 2 (no temporary file left)", len(ents))
	}
	if code, _, _ := runCLI("extract", "--max-bytes", "2M", arc, "*.bin", "--out", out); code != exitOK {
		t.Errorf("extract --max-bytes 2M: exit %d", code)
	}
	for _, bad := range []string{"0", "-1", "lots", "1T"} {
		if code, _, stderr := runCLI("extract", "--max-bytes", bad, arc, "*.bin", "--out", out); code != exitUsage {
			t.Errorf("--max-bytes %s: exit %d, %s; want 2", bad, code, stderr)
		}
	}
}

// TestBatchExportNeverOverwritesInputs: `export --out DIR MOUNT` with DIR the
// folder mount itself refuses to write a model's .glb over a file of the mount
// (exit 1, the file unchanged), and writes it where nothing is in the way.
func TestBatchExportNeverOverwritesInputs(t *testing.T) {
	dir := t.TempDir()
	model, _ := m2test.Synthetic(256, false)
	os.WriteFile(filepath.Join(dir, "a.m2"), model, 0o644)
	os.WriteFile(filepath.Join(dir, "a.glb"), []byte("an input"), 0o644)
	code, _, stderr := runCLI("export", "--quiet", "--out", dir, dir)
	if code != exitInvalid || !strings.Contains(stderr, "it is never overwritten") {
		t.Errorf("export over a mount file: exit %d, %q; want 1 and the input named", code, stderr)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "a.glb")); string(got) != "an input" {
		t.Error("the mount's a.glb was overwritten")
	}
	out := t.TempDir()
	if code, _, stderr := runCLI("export", "--quiet", "--out", out, dir); code != exitOK {
		t.Errorf("export into another folder: exit %d, %s", code, stderr)
	}
}
