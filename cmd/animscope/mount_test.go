package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"animscope/formats/mpq"
	"animscope/formats/mpq/mpqtest"
	"animscope/formats/samples"
)

// m2GamePaths are the M2 samples' paths in the game's data (their PROVENANCE.md).
var m2GamePaths = map[string]string{
	"Rabbit.m2":      `Creature\Rabbit\Rabbit.m2`,
	"Rabbit00.skin":  `Creature\Rabbit\Rabbit00.skin`,
	"Frog.m2":        `Creature\Frog\Frog.m2`,
	"Squirrel2.m2":   `Creature\Squirrel2\Squirrel2.m2`,
	"Rabbit2.m2":     `Creature\Rabbit2\Rabbit2.m2`,
	"Murloc2.m2":     `Creature\Murloc2\Murloc2.m2`,
	"TalkToMe.m2":    `Interface\Buttons\TalkToMe.m2`,
	"Tombstone03.m2": `World\Azeroth\WESTFALL\PassiveDoodads\Tombstones\Tombstone03.m2`,
}

// sampleMPQ builds, in a temporary folder, an MPQ of the M2 samples under their
// game paths (zlib, the models encrypted with the fix key) with the test writer,
// and, when smpq is installed, a second one written by StormLib.
func sampleMPQs(t *testing.T) (dir string, archives []string) {
	src := samples.Dir(t, "m2")
	dir = t.TempDir()
	var files []mpqtest.File
	for base, game := range m2GamePaths {
		data, err := os.ReadFile(filepath.Join(src, base))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, mpqtest.File{Name: game, Data: data, Comp: mpq.CompZlib,
			Encrypt: strings.HasSuffix(base, ".m2"), FixKey: true})
		// smpq stores each file under its name on disk; '\' is a plain character
		// in a Linux file name, so the file is called by its game path.
		if err := os.WriteFile(filepath.Join(dir, game), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	data, err := mpqtest.Build(files, mpqtest.Options{Listfile: true, Version: 1})
	if err != nil {
		t.Fatal(err)
	}
	own := filepath.Join(dir, "own.mpq")
	if err := os.WriteFile(own, data, 0o644); err != nil {
		t.Fatal(err)
	}
	archives = append(archives, own)
	if smpq, err := exec.LookPath("smpq"); err == nil {
		args := []string{"-q", "-c", "-M", "1", "-C", "BZIP2", "stormlib.mpq"}
		for _, game := range m2GamePaths {
			args = append(args, game)
		}
		cmd := exec.Command(smpq, args...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("smpq: %v\n%s", err, out)
		}
		archives = append(archives, filepath.Join(dir, "stormlib.mpq"))
	} else {
		t.Log("smpq is not installed: only the test writer's archive is checked")
	}
	return dir, archives
}

// TestModelsFromMPQ: each model opens from the MPQ as ARCHIVE:MEMBER, with its
// .skin from the same archive, and samples exactly as the loose file does.
func TestModelsFromMPQ(t *testing.T) {
	src := samples.Dir(t, "m2")
	_, archives := sampleMPQs(t)
	strip := func(out string) string {
		var v map[string]any
		if err := json.Unmarshal([]byte(out), &v); err != nil {
			t.Fatalf("sample --json: %v\n%s", err, out)
		}
		delete(v, "files") // names the file as it was opened
		b, _ := json.Marshal(v)
		return string(b)
	}
	for _, arc := range archives {
		for base, game := range m2GamePaths {
			if !strings.HasSuffix(base, ".m2") {
				continue
			}
			for _, clip := range []string{"0", "1"} {
				lc, loose, lerr := runCLI("sample", "--json", "--clip", clip, "--t", "100", filepath.Join(src, base))
				mc, mounted, merr := runCLI("sample", "--json", "--clip", clip, "--t", "100", arc+":"+game)
				if lc != mc {
					t.Errorf("%s %s clip %s: exit %d (%s), loose %d (%s)", filepath.Base(arc), game, clip, mc, merr, lc, lerr)
					continue
				}
				if lc == exitOK && strip(loose) != strip(mounted) {
					t.Errorf("%s %s clip %s: sample differs from the loose file's", filepath.Base(arc), game, clip)
				}
			}
		}
		// The 264 model needs its .skin: it must come from the archive (the loose
		// skin is not beside the archive), so the meshes match the loose file's.
		_, loose, _ := runCLI("inspect", "--json", filepath.Join(src, "Rabbit.m2"))
		code, mounted, stderr := runCLI("inspect", "--json", arc+`:creature/rabbit/RABBIT.M2`)
		if code != exitOK || !strings.Contains(mounted, `"meshes"`) {
			t.Fatalf("inspect from %s: exit %d\n%s", arc, code, stderr)
		}
		if meshes(t, loose) != meshes(t, mounted) || meshes(t, loose) == "[]" {
			t.Errorf("%s: meshes %s, want the loose file's %s", filepath.Base(arc), meshes(t, mounted), meshes(t, loose))
		}
	}
}

func meshes(t *testing.T, out string) string {
	var v map[string]any
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatalf("inspect --json: %v\n%s", err, out)
	}
	b, _ := json.Marshal(v["meshes"])
	return string(b)
}

func TestLsAndExtract(t *testing.T) {
	dir := t.TempDir()
	files := []mpqtest.File{
		{Name: `Creature\Rabbit\Rabbit.m2`, Data: []byte("model"), Comp: mpq.CompZlib},
		{Name: `Creature\Rabbit\Rabbit00.skin`, Data: []byte("skin!"), Encrypt: true},
		{Name: `..\..\evil.txt`, Data: []byte("escape")},
		{Name: `Sound\a.wav`, Data: []byte("wav")},
	}
	data, err := mpqtest.Build(files, mpqtest.Options{Listfile: true})
	if err != nil {
		t.Fatal(err)
	}
	arc := filepath.Join(dir, "a.mpq")
	os.WriteFile(arc, data, 0o644)

	code, out, stderr := runCLI("ls", arc, "*.m2")
	if code != exitOK || strings.TrimSpace(out) != "5  Creature/Rabbit/Rabbit.m2" {
		t.Errorf("ls *.m2: exit %d, %q %s", code, out, stderr)
	}
	code, out, _ = runCLI("ls", "--json", arc, "rabbit")
	var rep lsReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil || code != exitOK {
		t.Fatalf("ls --json: exit %d, %v", code, err)
	}
	if len(rep.Files) != 2 || rep.Files[1].Path != "Creature/Rabbit/Rabbit00.skin" || rep.Files[1].Size != 5 || !rep.Files[1].Named {
		t.Errorf("ls --json rabbit: %+v", rep.Files)
	}
	if code, _, _ := runCLI("ls", arc, "nothing*"); code != exitInvalid {
		t.Errorf("ls with no match: exit %d, want 1", code)
	}
	if code, _, _ := runCLI("ls"); code != exitUsage {
		t.Errorf("ls without MOUNT: exit %d, want 2", code)
	}

	out1 := filepath.Join(dir, "out")
	// A symbolic link inside the output folder that leads out of it.
	outside := filepath.Join(dir, "outside")
	os.MkdirAll(outside, 0o755)
	os.MkdirAll(out1, 0o755)
	os.Symlink(outside, filepath.Join(out1, "Sound"))
	code, out, stderr = runCLI("extract", arc, "*", "--out", out1)
	if code != exitInvalid {
		t.Errorf("extract: exit %d, want 1 (two members are refused)\n%s%s", code, out, stderr)
	}
	if !strings.Contains(stderr, "climbs out") || !strings.Contains(stderr, "symbolic link") {
		t.Errorf("extract: the refusals are not explained:\n%s", stderr)
	}
	for _, f := range files[:2] {
		got, err := os.ReadFile(filepath.Join(out1, filepath.FromSlash(strings.ReplaceAll(f.Name, `\`, "/"))))
		if err != nil || string(got) != string(f.Data) {
			t.Errorf("%s: extracted %q, %v; want %q", f.Name, got, err, f.Data)
		}
	}
	if ents, _ := os.ReadDir(outside); len(ents) != 0 {
		t.Errorf("extract wrote %d files outside the output folder", len(ents))
	}
	if _, err := os.Stat(filepath.Join(dir, "evil.txt")); err == nil {
		t.Error("extract wrote ../../evil.txt")
	}
}

// TestVoxelCoreFromMPQ: the VoxelCore samples' res/ tree packed in an MPQ; an
// entity and a skeleton open from the archive and find their models and
// skeletons there, with the same nodes and meshes as from the folder.
func TestVoxelCoreFromMPQ(t *testing.T) {
	src := samples.Dir(t, "vca")
	var files []mpqtest.File
	err := filepath.WalkDir(filepath.Join(src, "res"), func(p string, d os.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		data, err := os.ReadFile(p)
		files = append(files, mpqtest.File{Name: strings.ReplaceAll(filepath.ToSlash(rel), "/", `\`), Data: data, Comp: mpq.CompZlib})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	data, err := mpqtest.Build(files, mpqtest.Options{Listfile: true})
	if err != nil {
		t.Fatal(err)
	}
	arc := filepath.Join(t.TempDir(), "vca.mpq")
	os.WriteFile(arc, data, 0o644)
	for _, m := range []string{"res/content/base/entities/player.json", "res/content/base/skeletons/player.json", "res/content/base/entities/drop.json"} {
		_, loose, _ := runCLI("inspect", "--json", filepath.Join(src, filepath.FromSlash(m)))
		code, mounted, stderr := runCLI("inspect", "--json", arc+":"+m)
		if code != exitOK {
			t.Errorf("%s: exit %d\n%s", m, code, stderr)
			continue
		}
		if got, want := meshes(t, mounted), meshes(t, loose); got != want || want == "[]" {
			t.Errorf("%s: meshes %s, want the folder's %s", m, got, want)
		}
	}
}
