package main

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"animscope/formats/m2/m2test"
	"animscope/formats/msh"
	"animscope/formats/msh/mshtest"
	"animscope/formats/nres"
	"animscope/formats/samples"
)

// Issue 15 items 6–10: each broken file below is built by the project's writers
// and one byte edit. validate rejects it, and so does every other command, with
// the same first error, which names the file, an offset and what is wrong. Before
// the fix validate accepted the NaN values (and export failed without a place, or
// wrote NaN accessors), and inspect and sample opened the files validate rejected.

// verdictCommands are the commands that must agree with validate.
func verdictCommands(p, out string) [][]string {
	return [][]string{
		{"validate", p}, {"inspect", p}, {"inspect", "--json", p}, {"sample", p}, {"sample", "--json", p},
		{"export", "--out", out, p},
	}
}

// assertOneVerdict runs every command on p: each exits 1 and prints the same first
// error, which names p and an offset and contains want.
func assertOneVerdict(t *testing.T, name, p, want string) {
	t.Helper()
	out := filepath.Join(t.TempDir(), "out.glb")
	var first string
	for _, args := range verdictCommands(p, out) {
		code, _, stderr := runGuarded(30e9, args...)
		got := firstError(stderr)
		if code != exitInvalid {
			t.Errorf("%s: %s exit %d, want 1 (stderr %q)", name, args[0], code, stderr)
			continue
		}
		if first == "" {
			first = got
			if !strings.HasPrefix(got, p) || !placeRE.MatchString(got) || !strings.Contains(got, want) {
				t.Errorf("%s: validate's first error %q does not name the file, an offset and %q", name, got, want)
			}
			continue
		}
		if got != first {
			t.Errorf("%s: %s's first error\n  %q\nis not validate's\n  %q", name, strings.Join(args[:len(args)-1], " "), got, first)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("%s: export wrote %s", name, out)
	}
}

// mshStreams returns the model's NRes entries (views into data).
func mshStreams(t *testing.T, data []byte) *nres.Archive {
	t.Helper()
	a, err := nres.Decode("model", data)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func streamOff(t *testing.T, a *nres.Archive, typ uint32) int {
	t.Helper()
	for i := range a.Entries {
		if a.Entries[i].Type == typ {
			return int(a.Entries[i].Offset)
		}
	}
	t.Fatalf("no Res%d", typ)
	return 0
}

func putF32(b []byte, off int, v float32) {
	binary.LittleEndian.PutUint32(b[off:], math.Float32bits(v))
}

// chunkData is the offset of the first byte of the first chunk tagged tag.
func chunkData(t *testing.T, data []byte, tag string) int {
	t.Helper()
	i := bytes.Index(data, []byte(tag))
	if i < 0 {
		t.Fatalf("no %s chunk", tag)
	}
	return i + 8
}

func TestOneVerdictMSH(t *testing.T) {
	dir := t.TempDir()
	base, err := mshtest.NewChain(3, 9).Encode()
	if err != nil {
		t.Fatal(err)
	}
	a := mshStreams(t, base)
	nodes, keys, verts, idx := streamOff(t, a, msh.ResNodes), streamOff(t, a, msh.ResKeys), streamOff(t, a, msh.ResPositions), streamOff(t, a, msh.ResIndices)
	edit := func(f func(b []byte)) []byte {
		b := append([]byte(nil), base...)
		f(b)
		return b
	}
	without := func(typ uint32) []byte {
		var es []nres.Entry
		for _, e := range a.Entries {
			if e.Type != typ {
				es = append(es, e)
			}
		}
		return nres.Encode(a.Version, es)
	}
	var frameMap int
	for i := range a.Entries {
		if a.Entries[i].Type == 19 {
			frameMap = int(a.Entries[i].DirOffset) + nres.FieldAttr2
		}
	}
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"NaN key position", edit(func(b []byte) { putF32(b, keys+msh.KeySize, float32(math.NaN())) }), "not a finite number"},
		{"infinite key position", edit(func(b []byte) { putF32(b, keys+4, float32(math.Inf(1))) }), "not a finite number"},
		{"NaN vertex position", edit(func(b []byte) { putF32(b, verts+8, float32(math.NaN())) }), "not a finite number"},
		{"parent after the node", edit(func(b []byte) { binary.LittleEndian.PutUint16(b[nodes+2:], 2) }), "parent"},
		{"fallback key out of range", edit(func(b []byte) { binary.LittleEndian.PutUint16(b[nodes+6:], 0xFFF0) }), "fallback"},
		{"index 0xffff", edit(func(b []byte) { binary.LittleEndian.PutUint16(b[idx:], 0xFFFF) }), "past the"},
		{"frame_count 0", edit(func(b []byte) { binary.LittleEndian.PutUint32(b[frameMap:], 0) }), "frame_count"},
		{"no Res1", without(1), "Res1"},
		{"no Res2", without(2), "Res2"},
		{"no Res8", without(8), "Res8"},
		{"no Res19", without(19), "Res19"},
	}
	for _, tc := range cases {
		p := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "_")+".msh")
		if err := os.WriteFile(p, tc.data, 0o644); err != nil {
			t.Fatal(err)
		}
		assertOneVerdict(t, tc.name, p, tc.want)
	}
}

func TestOneVerdictSWGAndVEC3(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(mgnSkeleton)), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, mgnSkeleton), sktFixture(t), 0o644); err != nil {
		t.Fatal(err)
	}
	nan := float32(math.NaN())
	edit := func(data []byte, f func(b []byte)) []byte {
		b := append([]byte(nil), data...)
		f(b)
		return b
	}
	skt, kfat, ckat, mgn, vec3 := sktFixture(t), ansFixture(t, "KFAT", "0003"), ansFixture(t, "CKAT", "0001"), mgnFixture(t), vec3Fixture()
	cases := []struct {
		name string
		file string
		data []byte
		want string
	}{
		{"SKT BPTR NaN", "bptr.skt", edit(skt, func(b []byte) { putF32(b, chunkData(t, b, "BPTR")+12, nan) }), "BPTR: joint 1"},
		{"SKT RPRE infinite", "rpre.skt", edit(skt, func(b []byte) { putF32(b, chunkData(t, b, "RPRE"), float32(math.Inf(-1))) }), "RPRE: joint 0"},
		{"KFAT rotation key NaN", "rot.ans", edit(kfat, func(b []byte) { putF32(b, chunkData(t, b, "QCHN")+4+20+4, nan) }), "QCHN: key 1 rotation"},
		{"KFAT fps NaN", "fps.ans", edit(kfat, func(b []byte) { putF32(b, chunkData(t, b, "INFO"), nan) }), "fps NaN is not a finite number"},
		{"KFAT keys not increasing", "order.ans", edit(kfat, func(b []byte) {
			binary.LittleEndian.PutUint32(b[chunkData(t, b, "QCHN")+4+20:], 0)
		}), "do not increase"},
		{"CKAT translation NaN", "trans.ans", edit(ckat, func(b []byte) { putF32(b, chunkData(t, b, "STRN"), nan) }), "STRN: static translation 0"},
		{"MGN POSN NaN", "posn.mgn", edit(mgn, func(b []byte) { putF32(b, chunkData(t, b, "POSN")+4, nan) }), "POSN: entry 0"},
		{"VEC3 origin NaN", "origin.vec3", edit(vec3, func(b []byte) { putF32(b, 24, nan) }), "origin x"},
		{"VEC3 position NaN", "pos.vec3", edit(vec3, func(b []byte) {
			i := bytes.Index(b, []byte{0, 0, 48, 0, 0, 0}) // position attribute: type 0, flags 0, 48 bytes
			putF32(b, i+6+16, nan)
		}), "position 1 y"},
	}
	for _, tc := range cases {
		p := filepath.Join(dir, tc.file)
		if err := os.WriteFile(p, tc.data, 0o644); err != nil {
			t.Fatal(err)
		}
		assertOneVerdict(t, tc.name, p, tc.want)
	}
}

// An outer NRes archive whose model entry is duplicated (item 9) used to pass
// validate with warnings while sample and export failed with "no file of the
// scene gives a skeleton (entry 1: sort_index …)". An archive with no model says
// so with the place of its directory (item 8).
func TestOneVerdictNRes(t *testing.T) {
	dir := t.TempDir()
	model, err := mshtest.NewChain(3, 9).Encode()
	if err != nil {
		t.Fatal(err)
	}
	write := func(name string, es ...nres.Entry) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, nres.Encode(0, es), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	dup := write("dup.rlb", nresEntry(nres.TypeMESH, "TANK.msh", model), nresEntry(nres.TypeMESH, "tank.MSH", model))
	assertOneVerdict(t, "duplicated entry", dup, `entry 1 is named "tank.MSH" like entry 0`)
	none := write("none.rlb", nresEntry(nres.TypeTexm, "skin.tex", []byte("Texm....")))
	assertOneVerdict(t, "no model", none, "the archive holds no MSH model")
}

// A truncated M2 (item 10): every array the header points to must lie in the
// file, also the particle emitters' tracks that animscope does not draw.
func TestOneVerdictTruncatedM2(t *testing.T) {
	dir := t.TempDir()
	model, _ := m2test.Synthetic(256, false)
	// One 504-byte particle emitter at the end (header field 0x13C), whose fifth
	// track's timestamps lie past the end of the file.
	rec := make([]byte, 504)
	at := len(model)
	grown := append(append([]byte(nil), model...), rec...)
	binary.LittleEndian.PutUint32(grown[0x13C:], 1)
	binary.LittleEndian.PutUint32(grown[0x140:], uint32(at))
	ok := filepath.Join(dir, "particles.m2")
	if err := os.WriteFile(ok, grown, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runCLI("validate", ok); code != exitOK {
		t.Fatalf("the intact model with an empty particle emitter: validate exit %d (%s)", code, stderr)
	}
	track := at + 52 + 4*28
	binary.LittleEndian.PutUint32(grown[track+12:], 2)
	binary.LittleEndian.PutUint32(grown[track+16:], uint32(len(grown)-4))
	bad := filepath.Join(dir, "cut.m2")
	if err := os.WriteFile(bad, grown, 0o644); err != nil {
		t.Fatal(err)
	}
	assertOneVerdict(t, "particle track past the end", bad, "particle emitter 0 track 4 timestamps")

	if sdir := samples.Path("m2"); sdir != "" {
		data, err := os.ReadFile(filepath.Join(sdir, "ElwynnCampfire.m2"))
		if err != nil {
			t.Skipf("ElwynnCampfire.m2 is not among the samples: %v", err)
		}
		cut := filepath.Join(dir, "ElwynnCampfire.m2")
		if err := os.WriteFile(cut, data[:len(data)-838], 0o644); err != nil {
			t.Fatal(err)
		}
		assertOneVerdict(t, "ElwynnCampfire without its last 838 bytes", cut, "particle emitter")
	}
}

// inspect --json on a file whose details hold a NaN (an MSH slot's "area?"
// reading of bytes that need not be a float) used to exit 1 with a bare "json:
// unsupported value: NaN" (item 8); the value is printed as null, and validate
// and every command accept the file alike.
func TestInspectJSONNaNDetails(t *testing.T) {
	data, err := mshtest.NewChain(3, 9).Encode()
	if err != nil {
		t.Fatal(err)
	}
	a := mshStreams(t, data)
	putF32(data, streamOff(t, a, msh.ResHeader)+msh.HeaderSize+0x30, float32(math.NaN()))
	p := filepath.Join(t.TempDir(), "area.msh")
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runCLI("inspect", "--json", p)
	if code != exitOK || !strings.Contains(stdout, `"area?": null`) {
		t.Errorf("inspect --json: exit %d, stderr %q; want 0 and \"area?\": null in %.300q", code, stderr, stdout)
	}
	for _, cmd := range []string{"validate", "inspect", "sample"} {
		if code, _, stderr := runCLI(cmd, p); code != exitOK {
			t.Errorf("%s: exit %d (%s), want 0 like inspect --json", cmd, code, stderr)
		}
	}
}

// jsonSafe writes what encoding/json writes, except non-finite floats as null.
func TestJSONSafe(t *testing.T) {
	type inner struct {
		X float32 `json:"x"`
	}
	type embedded struct{ E int }
	type sample struct {
		embedded
		A      float64            `json:"a"`
		B      []float32          `json:"b"`
		C      map[string]float32 `json:"c,omitempty"`
		D      *inner             `json:"d"`
		Skip   int                `json:"-"`
		hidden int
		N      [2]inner `json:"n"`
		Raw    f32      `json:"raw"`
	}
	finite := sample{embedded{3}, 1.5, []float32{1, 2}, map[string]float32{"k": 0.25}, &inner{4}, 9, 1, [2]inner{{1}, {2}}, 0.5}
	want, _ := json.Marshal(finite)
	got, err := json.Marshal(jsonSafe(finite))
	if err != nil || string(got) != string(want) {
		t.Errorf("finite: got %s (%v), want %s", got, err, want)
	}
	nan := float32(math.NaN())
	bad := sample{A: math.Inf(1), B: []float32{nan}, D: &inner{nan}, N: [2]inner{{nan}, {1}}}
	got, err = json.Marshal(jsonSafe(bad))
	wantBad := `{"E":0,"a":null,"b":[null],"d":{"x":null},"n":[{"x":null},{"x":1}],"raw":0}`
	if err != nil || string(got) != wantBad {
		t.Errorf("non-finite: got %s (%v), want %s", got, err, wantBad)
	}
	_ = finite.hidden
}
