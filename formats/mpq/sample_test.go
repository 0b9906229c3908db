package mpq

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"animscope/formats/samples"
)

// TestWarcraftIIIMapSample reads the real Warcraft III map (an MPQ written by
// Blizzard's tools) and checks the facts its PROVENANCE.md states; with smpq
// installed, every member also extracts byte-identical to StormLib's extraction.
func TestWarcraftIIIMapSample(t *testing.T) {
	dir := samples.Dir(t, "mpq")
	path := filepath.Join(dir, "TheDeathSheep.w3m")
	a, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	members := a.Members()
	if len(members) != 18 {
		t.Errorf("%d members, want 18", len(members))
	}
	lf, err := a.ReadFile("(listfile)")
	if err != nil {
		t.Fatal(err)
	}
	if len(lf) != 214 {
		t.Errorf("(listfile) is %d bytes, want 214", len(lf))
	}
	want := strings.Fields("war3map.w3e war3map.w3i war3map.wtg war3map.wct war3map.wts war3map.j war3map.shd war3mapMap.blp war3map.mmp war3map.wpm war3map.doo war3mapUnits.doo war3map.w3r war3map.w3c war3map.w3u war3map.w3s")
	if got := strings.Fields(strings.NewReplacer(";", " ").Replace(string(lf))); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("(listfile) names %q, want %q", got, want)
	}
	w3 := 0
	for _, m := range members {
		if ok, _ := filepath.Match("war3map.w3*", m.Name); ok {
			w3++
		}
		if !m.Known {
			t.Errorf("member %s has no name", m.Name)
		}
	}
	if w3 != 6 {
		t.Errorf("war3map.w3* matches %d members, want 6", w3)
	}
	if a.Has("non-existent.txt") {
		t.Error("non-existent.txt is found")
	}
	if a.Version != 0 {
		t.Errorf("format version %d, want 0", a.Version)
	}
	blp, err := a.ReadFile("war3mapMap.blp")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(blp, []byte("BLP1")) {
		t.Errorf("war3mapMap.blp starts % x, want BLP1", blp[:4])
	}

	smpq, err := exec.LookPath("smpq")
	if err != nil {
		t.Skip("smpq is not installed: extraction is not compared with StormLib")
	}
	out := t.TempDir()
	cmd := exec.Command(smpq, "-x", "-q", path)
	cmd.Dir = out
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("smpq -x: %v\n%s", err, b)
	}
	for _, m := range members {
		got, err := a.ReadMember(m)
		if err != nil {
			t.Errorf("%s: %v", m.Name, err)
			continue
		}
		if int(m.Blk.Size) != len(got) {
			t.Errorf("%s: listed as %d bytes, extracted %d", m.Name, m.Blk.Size, len(got))
		}
		if strings.HasPrefix(m.Name, "(") {
			continue // smpq never extracts the special members
		}
		ref, err := os.ReadFile(filepath.Join(out, m.Name))
		if err != nil {
			t.Errorf("smpq did not extract %s: %v", m.Name, err)
			continue
		}
		if !bytes.Equal(got, ref) {
			t.Errorf("%s: %d bytes differ from StormLib's %d", m.Name, len(got), len(ref))
		}
	}
}
