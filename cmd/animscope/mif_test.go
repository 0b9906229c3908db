package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"animscope/formats/mif"
	"animscope/formats/mif/miftest"
	"animscope/formats/samples"
	"animscope/formats/tre/tretest"
)

// TestMIFCommand: `mif` prints an encoder-built skeleton as MIF that compiles back
// to the same bytes, a .mif of it opens with every command, and validate names the
// line where a hand edit broke it (BPRO removed).
func TestMIFCommand(t *testing.T) {
	dir := t.TempDir()
	skt := filepath.Join(dir, "s.skt")
	data := sktFixture(t)
	if err := os.WriteFile(skt, data, 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI("mif", skt)
	if code != exitOK {
		t.Fatalf("mif: exit %d: %s", code, errOut)
	}
	for _, want := range []string{`#pragma extension "skt"`, `form "SKTM"`, `cstring "spine" // name[1]`, `int32 -1 // parent[0]`} {
		if !strings.Contains(out, want) {
			t.Errorf("mif output lacks %q", want)
		}
	}
	back, _, _, err := mif.Compile("s.mif", []byte(out), mif.Options{NoFiles: true})
	if err != nil || !bytes.Equal(back, data) {
		t.Fatalf("the printed MIF does not compile back to the file (%v)", err)
	}
	src := filepath.Join(dir, "s.mif")
	if err := os.WriteFile(src, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"validate", src}, {"inspect", src}, {"sample", "--t", "0", src}} {
		if code, _, e := runCLI(args...); code != exitOK {
			t.Errorf("%v: exit %d: %s", args, code, e)
		}
	}
	if code, again, _ := runCLI("mif", src); code != exitOK || again != out {
		t.Errorf("mif of the printed .mif: exit %d, same text %v", code, again == out)
	}

	// Remove BPRO: validate names the line of the chunk that follows it.
	lines := strings.Split(out, "\n")
	var kept []string
	jror := 0
	for i := 0; i < len(lines); i++ {
		if strings.Contains(lines[i], "bind-pose rotation per joint") {
			for !strings.HasPrefix(strings.TrimSpace(lines[i]), "}") {
				i++
			}
			continue
		}
		kept = append(kept, lines[i])
		if strings.TrimSpace(lines[i]) == `chunk "JROR"` {
			jror = len(kept)
		}
	}
	broken := filepath.Join(dir, "broken.mif")
	if err := os.WriteFile(broken, []byte(strings.Join(kept, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut = runCLI("validate", broken)
	if code != exitInvalid {
		t.Errorf("validate broken.mif: exit %d, want %d", code, exitInvalid)
	}
	col := strings.Index(kept[jror-1], "chunk") + 1
	want := broken + ":" + itoa(jror) + ":" + itoa(col) + ": SKTM/0002: CHUNK \"BPRO\""
	if !strings.Contains(errOut, want) {
		t.Errorf("validate broken.mif: stderr %q lacks %q", errOut, want)
	}
	if !strings.Contains(errOut, broken+":"+itoa(jror)+":"+itoa(col)+": CHUNK BPRO is missing") {
		t.Errorf("validate broken.mif: the decoder's error is not mapped to line %d: %q", jror, errOut)
	}

	// Wrong use and bad input.
	if code, _, _ := runCLI("mif"); code != exitUsage {
		t.Errorf("mif without a file: exit %d, want %d", code, exitUsage)
	}
	junk := filepath.Join(dir, "junk.skt")
	if err := os.WriteFile(junk, []byte("FORM\xff\xff\xff\xffSKTM"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, e := runCLI("mif", junk); code != exitInvalid || !strings.Contains(e, "offset 0x0") {
		t.Errorf("mif junk.skt: exit %d, stderr %q", code, e)
	}
	if code, _, e := runCLI("mif", broken+".none"); code != exitInvalid {
		t.Errorf("mif of a missing file: exit %d (%s)", code, e)
	}
}

func itoa(i int) string { return strconv.Itoa(i) }

// TestValidateTemplates: validate on the type_examples templates names their
// departures with line numbers (skipped without the samples).
func TestValidateTemplates(t *testing.T) {
	dir := samples.Dir(t, filepath.Join("swg", "mif"))
	for _, c := range []struct {
		file string
		want []string
	}{
		{"skt-skeletal_template.mif", []string{`:97:5: SLOD/0000/SKTM/0002: CHUNK "BPRO"`, `warning: `, `:101:12: SLOD/0000/SKTM/0002/JROR: jror[0].order is uint32`}},
		{"ans-animation.mif", []string{`:78:12: CKAT/0001/AROT/QCHN: key[0].frame is int16 in the client; this writes uint16`, `:165:11: CKAT/0001/QCHN: key[0].frame`}},
		{"mgn-skeletal_mesh_generator.mif", []string{`:240:10: SKMG/0004/FOZC: count is uint16 in the client; this writes int16`}},
	} {
		code, _, errOut := runCLI("validate", filepath.Join(dir, c.file))
		if code != exitInvalid {
			t.Errorf("validate %s: exit %d, want %d (the templates do not load as they are)", c.file, code, exitInvalid)
		}
		for _, w := range c.want {
			if !strings.Contains(errOut, w) {
				t.Errorf("validate %s: stderr lacks %q:\n%s", c.file, w, errOut)
			}
		}
	}
}

// TestMIFDiagnosticShape: `inspect --json` of a .mif and of the IFF it compiles
// to give the same diagnostics, key for key (the same offset of the compiled
// file), except that the file names differ and the .mif's add "line" and "col",
// always together; the text form names the line and column.
func TestMIFDiagnosticShape(t *testing.T) {
	dir := t.TempDir()
	txt, err := mif.Write("s.skt", sktFixture(t))
	if err != nil {
		t.Fatal(err)
	}
	const pragma = "#pragma extension \"skt\""
	rest := strings.Replace(txt, pragma, "", 1)
	// A SLOD whose INFO has two bytes the client does not read: a warning at an
	// offset of the compiled file.
	src := pragma + "\nform \"SLOD\" {\nform \"0000\" {\nchunk \"INFO\" { int16 1, 0 }\n" + rest + "}\n}\n"
	data, _, _, err := mif.Compile("s.mif", []byte(src), mif.Options{NoFiles: true})
	if err != nil {
		t.Fatal(err)
	}
	srcPath, iffPath := filepath.Join(dir, "s.mif"), filepath.Join(dir, "s.skt")
	if err := os.WriteFile(srcPath, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(iffPath, data, 0o644); err != nil {
		t.Fatal(err)
	}
	diags := func(file string) []map[string]any {
		code, out, errOut := runCLI("inspect", "--json", file)
		if code != exitOK {
			t.Fatalf("inspect --json %s: exit %d: %s", file, code, errOut)
		}
		var v struct {
			Diagnostics []map[string]any `json:"diagnostics"`
		}
		if err := json.Unmarshal([]byte(out), &v); err != nil {
			t.Fatal(err)
		}
		return v.Diagnostics
	}
	fromMIF, fromIFF := diags(srcPath), diags(iffPath)
	if len(fromIFF) == 0 || len(fromMIF) != len(fromIFF) {
		t.Fatalf("%d diagnostics from the .mif, %d from the IFF; want the same, at least one", len(fromMIF), len(fromIFF))
	}
	for i, d := range fromIFF {
		m := fromMIF[i]
		for k, v := range d {
			if k == "file" {
				continue
			}
			if fmt.Sprint(m[k]) != fmt.Sprint(v) {
				t.Errorf("diagnostic %d: %q is %v from the .mif, %v from the IFF", i, k, m[k], v)
			}
		}
		for k := range m {
			if _, ok := d[k]; !ok && k != "line" && k != "col" {
				t.Errorf("diagnostic %d: the .mif's has %q, the IFF's does not", i, k)
			}
		}
		_, hasLine := m["line"]
		_, hasCol := m["col"]
		if _, ok := d["offset"]; ok && (!hasLine || !hasCol) {
			t.Errorf("diagnostic %d: the .mif's lacks line or col: %v", i, m)
		}
		if m["file"] != srcPath || d["file"] != iffPath {
			t.Errorf("diagnostic %d: files %v and %v", i, m["file"], d["file"])
		}
	}
	// FORM SLOD, FORM 0000 and the INFO header are 32 bytes; the 0 is column 25.
	if m := fromMIF[0]; fmt.Sprint(m["line"], ":", m["col"]) != "4:25" || fmt.Sprint(m["offset"]) != "34" {
		t.Errorf("the .mif's INFO warning is at %v:%v, offset %v; want 4:25 (the value 0), offset 34", m["line"], m["col"], m["offset"])
	}
	if _, _, errOut := runCLI("validate", srcPath); !strings.Contains(errOut, "warning: "+srcPath+":4:25: CHUNK INFO") {
		t.Errorf("validate %s: stderr %q; want the warning at :4:25", srcPath, errOut)
	}
}

// TestMIFMemberVerdict: a .mif inside an archive gets the verdict the same file
// gets on disk, from `validate ARCHIVE:MEMBER` and from `validate ARCHIVE`
// (every member): the same departure from the client's types, at the same line,
// with its include read from the archive (a decoy on disk under the include's
// name is never read); `mif` prints the member as it prints the file.
func TestMIFMemberVerdict(t *testing.T) {
	dir := t.TempDir()
	txt, err := mif.Write("s.skt", sktFixture(t))
	if err != nil {
		t.Fatal(err)
	}
	// JROR's order is uint32 in the client: int32 is a warning (same size, other sign).
	body := strings.Replace(txt, "uint32 0 // jror[0].order", "int32 0 // jror[0].order", 1)
	line := 1 + strings.Count(body[:strings.Index(body, "int32 0 // jror[0].order")], "\n")
	main := "#include \"parts/body.mif\"\n"
	// disk/ holds the source as files; parts/body.mif beside the archive is a
	// decoy without the departure.
	for name, data := range map[string]string{"disk/s.mif": main, "disk/parts/body.mif": body, "parts/body.mif": txt} {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	archive := filepath.Join(dir, "a.tre")
	tre := tretest.Build([]tretest.File{{Name: "m/s.mif", Data: []byte(main)}, {Name: "m/parts/body.mif", Data: []byte(body)}}, tretest.Options{})
	if err := os.WriteFile(archive, tre, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	wantWarning := func(args []string, file string) {
		t.Helper()
		code, out, errOut := runCLI(args...)
		want := "warning: " + file + ":" + itoa(line) + ":"
		if code != exitOK || !strings.Contains(errOut, want) || !strings.Contains(out, "valid, with 1 warning") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want valid with the warning %q", args, code, out, errOut, want)
		}
	}
	wantWarning([]string{"validate", filepath.Join("disk", "s.mif")}, filepath.Join("disk", "parts", "body.mif"))
	wantWarning([]string{"validate", archive + ":m/s.mif"}, archive+":m/parts/body.mif")
	wantWarning([]string{"validate", archive, "m/s.mif"}, archive+":m/parts/body.mif")

	// `mif` prints the member as it prints the file (the first line names it).
	code, fromDisk, e1 := runCLI("mif", filepath.Join("disk", "s.mif"))
	code2, fromArchive, e2 := runCLI("mif", archive+":m/s.mif")
	_, restDisk, _ := strings.Cut(fromDisk, "\n")
	_, restArchive, _ := strings.Cut(fromArchive, "\n")
	if code != exitOK || code2 != exitOK || restDisk != restArchive || !strings.Contains(restArchive, "int32 0 // jror[0].order") {
		t.Errorf("mif of the file (exit %d, %s) and of the member (exit %d, %s) differ", code, e1, code2, e2)
	}
}

// TestMIFLargeAndHostileSources: the MIF shapes that took gigabytes or minutes
// (issue: a 100 MiB source of 15 million values ran out of memory; a 1 MB source
// could compile to 1 GiB or hash for a minute; a source of a million #includes
// took 17 s) give every command a verdict, allocating less than 1 GiB in all
// (total allocation, which bounds the peak).
func TestMIFLargeAndHostileSources(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a 16 MB source")
	}
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	src, inc := miftest.RepeatedInclude(200000, "inc.mif")
	write("inc.mif", inc)
	files := []string{
		write("values.mif", miftest.OneByteValues(2<<20)), // 16 MB
		write("chunks.mif", miftest.EmptyChunks(300000)),
		write("strings.mif", miftest.MacroReuse(1<<20, 300, "cstring")),
		write("hashes.mif", miftest.MacroReuse(1<<20, 300, "labelhash")),
		write("includes.mif", src),
	}
	for _, f := range files {
		for _, cmd := range []string{"inspect", "validate", "mif"} {
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			code, _, errOut := runCLI(cmd, f)
			runtime.ReadMemStats(&after)
			if code != exitOK && (code != exitInvalid || !strings.Contains(errOut, f)) {
				t.Errorf("%s %s: exit %d, stderr %.200q; want a verdict (exit 0, or 1 naming the file)", cmd, filepath.Base(f), code, errOut)
			}
			alloc := after.TotalAlloc - before.TotalAlloc
			t.Logf("%s %s: exit %d, %d MB allocated", cmd, filepath.Base(f), code, alloc>>20)
			if alloc > 1<<30 {
				t.Errorf("%s %s allocated %d MB, want under 1 GiB", cmd, filepath.Base(f), alloc>>20)
			}
		}
	}
}
