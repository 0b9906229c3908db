package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"animscope/formats/mif"
	"animscope/formats/samples"
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
