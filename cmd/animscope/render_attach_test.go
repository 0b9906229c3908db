package main

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"animscope/formats/m2/m2test"
	"animscope/formats/samples"
)

// attachFiles writes a synthetic character with a HandRight point and an item.
func attachFiles(t *testing.T) (character, item string) {
	t.Helper()
	dir := t.TempDir()
	write := func(name string, m *m2test.Model) string {
		data, skin := m.Encode()
		p := filepath.Join(dir, name+".m2")
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name+"00.skin"), skin, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	ch := m2test.NewModel(264)
	ch.Attachments = []m2test.Attachment{{ID: 1, Bone: 0, Position: [3]float32{1, 0.5, 0}}}
	return write("Character", ch), write("Sword", m2test.NewModel(272))
}

// TestAttachCommands: --attach on export writes the item under the point node
// (the validator accepts the file); a point the model lacks is wrong usage
// (exit 2) and writes nothing; an item that cannot be read is bad input (exit 1);
// render and shot draw the attached scene.
func TestAttachCommands(t *testing.T) {
	character, item := attachFiles(t)
	out := filepath.Join(t.TempDir(), "attached.glb")
	code, _, stderr := runCLI("export", "--attach", "HandRight="+item, "--out", out, character)
	if code != exitOK {
		t.Fatalf("export --attach: exit %d, stderr %q", code, stderr)
	}
	data, err := os.ReadFile(out)
	if err != nil || !strings.Contains(string(data), "Attach_HandRight") || !strings.Contains(string(data), "Sword.m2:") {
		t.Errorf("the export holds no Attach_HandRight node with the item's nodes (%v)", err)
	}
	khronosValidate(t, out)
	bad := filepath.Join(t.TempDir(), "bad.glb")
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"export", "--attach", "Helm=" + item, "--out", bad, character}, exitUsage, `attachment point "Helm": not in the model (it has HandRight (1))`},
		{[]string{"export", "--attach", "HandRight", "--out", bad, character}, exitUsage, "want POINT=FILE"},
		{[]string{"export", "--attach", "HandRight=" + item + ".missing", "--out", bad, character}, exitInvalid, "Sword.m2.missing"},
	} {
		code, _, stderr := runCLI(c.args...)
		if code != c.code || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want %d saying %q", c.args, code, stderr, c.code, c.want)
		}
		if _, err := os.Stat(bad); err == nil {
			t.Errorf("%v wrote %s", c.args, bad)
		}
	}
	if !hasDisplay() {
		t.Skip("no display (DISPLAY unset): render and shot need X11; run under xvfb-run")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	png := filepath.Join(t.TempDir(), "attached.png")
	for _, args := range [][]string{
		{"render", "--attach", "1=" + item, "--size", "160x120", "--out", png, character},
		{"shot", "--attach", "HandRight=" + item, "--size", "640x400", "--out", png, character},
	} {
		if code, _, stderr := runCLI(args...); code != exitOK {
			t.Errorf("%v: exit %d, stderr %q", args, code, stderr)
		}
	}
}

// TestAttachRealCharacter: the axe hangs in the 264 character's right hand; the
// attached scene exports and the validator accepts it.
func TestAttachRealCharacter(t *testing.T) {
	root := samples.Dir(t, "m2-real")
	character := filepath.Join(root, "wotlk", "scourgefemale.m2")
	axe := filepath.Join(root, "cata", "axe_1h_blacksmithing_d_01.m2")
	for _, f := range []string{character, axe} {
		if _, err := os.Stat(f); err != nil {
			t.Skipf("%s is absent", f)
		}
	}
	out := filepath.Join(t.TempDir(), "armed.glb")
	code, _, stderr := runCLI("export", "--clip", "Walk", "--attach", "HandRight="+axe, "--out", out, character)
	if code != exitOK {
		t.Fatalf("export: exit %d, stderr %q", code, stderr)
	}
	khronosValidate(t, out)
}
