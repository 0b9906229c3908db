package mif

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"animscope/formats"
	"animscope/formats/samples"
)

// The three type_examples templates (../shared/samples/swg/mif, never copied into
// the repository): they compile; Check names where they depart from what the
// client reads, with line numbers; and a copy this test completes (the edits
// below, made in a temporary folder) opens as a skeleton, an animation and a mesh
// with no departure left.

type lineEdit struct {
	line     int
	old, new string // old: the start of the line's text (trimmed); new replaces the line
}

type template struct {
	file  string
	want  []string // expected departures: "SEVERITY LINE:COL substring"
	edits []lineEdit
	// insert: lines inserted before a line (of the original numbering)
	insertBefore int
	insert       string
}

var bproChunk = `				// bind-pose rotations (added: the client requires BPRO)
				chunk "BPRO"
				{
					float 1 // w
					float 0 // x
					float 0 // y
					float 0 // z
				}`

var templates = []template{
	{
		file: "skt-skeletal_template.mif",
		want: []string{
			`error 97:5 CHUNK "BPRO" (bind-pose rotation per joint) is missing before CHUNK "JROR"`,
			`warning 101:12 jror[0].order is uint32 in the client; this writes int32`,
		},
		edits: []lineEdit{
			{35, "int16 0", "int16 1"},
			{49, "int32 0", "int32 1"},
			{57, `cstring ""`, `cstring "root"`},
			{65, "int32 0", "int32 -1"},
			{72, "float 0 // w", "float 1 // w"},
			{82, "float 0 // w", "float 1 // w"},
			{101, "int32 0", "uint32 0"},
		},
		insertBefore: 96,
		insert:       bproChunk,
	},
	{
		file: "ans-animation.mif",
		want: []string{
			"warning 73:10 CKAT/0001/AROT/QCHN: xFormat is uint8 in the client; this writes int8",
			"warning 74:10 yFormat is uint8",
			"warning 75:10 zFormat is uint8",
			"warning 78:12 CKAT/0001/AROT/QCHN: key[0].frame is int16 in the client; this writes uint16",
			"warning 160:9 CKAT/0001/QCHN: xFormat is uint8",
			"warning 161:9 yFormat",
			"warning 162:9 zFormat",
			"warning 165:11 CKAT/0001/QCHN: key[0].frame is int16 in the client; this writes uint16",
		},
		edits: []lineEdit{
			{27, "float 0", "float 30"},
			{29, "int16 0", "int16 1"}, {31, "int16 0", "int16 1"}, {33, "int16 0", "int16 1"},
			{35, "int16 0", "int16 1"}, {37, "int16 0", "int16 1"}, {39, "int16 0", "int16 1"},
			{49, `cstring ""`, `cstring "root"`},
			{51, "int8 0", "int8 1"},
			{55, "uint8 0", "uint8 0x08"},
			{71, "int16 0", "int16 1"},
			{73, "int8 0", "uint8 0xFE"}, {74, "int8 0", "uint8 0xFE"}, {75, "int8 0", "uint8 0xFE"},
			{78, "uint16 0", "int16 0"},
			{88, "uint8 0", "uint8 0xFE"}, {90, "uint8 0", "uint8 0xFE"}, {92, "uint8 0", "uint8 0xFE"},
			{103, "int16 0", "int16 1"},
			{124, "int16 0", "int16 1"},
			{130, "int16 0", "int16 1"},
			{133, `cstring ""`, `cstring "event_vocalize"`},
			{145, "int16 0", "int16 1"},
			{158, "int16 0", "int16 1"},
			{160, "int8 0", "uint8 0xFE"}, {161, "int8 0", "uint8 0xFE"}, {162, "int8 0", "uint8 0xFE"},
			{165, "uint16 0", "int16 0"},
		},
	},
	{
		file: "mgn-skeletal_mesh_generator.mif",
		want: []string{
			"warning 240:10 SKMG/0004/FOZC: count is uint16 in the client; this writes int16",
			"warning 300:10 SKMG/0004/PSDT/VDCL: color[0].a is uint8 in the client; this writes int8",
			"warning 301:10 color[0].r", "warning 302:10 color[0].g", "warning 303:10 color[0].b",
			"warning 390:11 SKMG/0004/TRTS/TRT : shader[0].tag is uint32 in the client; this writes int32",
		},
		edits: []lineEdit{
			{25, "int32 0", "int32 1"}, {27, "int32 0", "int32 1"}, {29, "int32 0", "int32 1"},
			{31, "int32 0", "int32 1"}, {33, "int32 0", "int32 1"}, {35, "int32 0", "int32 1"},
			{37, "int32 0", "int32 1"},
			{39, "int16 0", "int16 1"}, {41, "int16 0", "int16 1"}, {43, "int16 0", "int16 1"},
			{53, `cstring ""`, `cstring "appearance/skeleton/test.skt"`},
			{61, `cstring ""`, `cstring "root"`},
			{77, "int32 0", "int32 1"},
			{86, "float 0", "float 1"},
			{101, "int32 0", "int32 1"},
			{116, "int16 0", "int16 1"}, {119, `cstring ""`, `cstring "hp_static"`}, {121, `cstring ""`, `cstring "root"`},
			{123, "float 0 // w", "float 1 // w"},
			{136, "int16 0", "int16 1"}, {139, `cstring ""`, `cstring "hp_dynamic"`}, {141, `cstring ""`, `cstring "root"`},
			{143, "float 0 // w", "float 1 // w"},
			{164, "int32 0", "int32 1"}, {166, "int32 0", "int32 1"}, {170, `cstring ""`, `cstring "blend_fat"`},
			{198, "int32 0", "int32 1"},
			{211, "int16 0", "int16 1"},
			{234, `cstring ""`, `cstring "chest"`},
			{240, "int16 0", "uint16 1"},
			{250, "int16 0", "int16 1"},
			{270, `cstring ""`, `cstring "shader/test.sht"`},
			{276, "int32 0", "int32 1"},
			{300, "int8 0", "uint8 255"}, {301, "int8 0", "uint8 255"}, {302, "int8 0", "uint8 255"}, {303, "int8 0", "uint8 255"},
			{309, "int32 0", "int32 1"}, {312, "int32 0", "int32 2"},
			{322, "float 0", "float 0, 1"},
			{332, "int32 0", "int32 2"},
			{340, "int32 0", "int32 1"},
			{354, "int32 0", "int32 1"},
			{375, "int32 0", "int32 1"}, {377, "int32 0", "int32 1"}, {383, `cstring ""`, `cstring "trt"`},
			{385, "int32 0", "int32 1"},
			{390, "int32 0", "uint32 0"},
		},
	},
}

func readTemplate(t *testing.T, file string) (string, []byte) {
	t.Helper()
	dir := samples.Dir(t, filepath.Join("swg", "mif"))
	p := filepath.Join(dir, file)
	src, err := os.ReadFile(p)
	if err != nil {
		t.Skipf("%s: %v", p, err)
	}
	return p, src
}

func diagLine(d formats.Diagnostic) string {
	return d.Severity.String() + " " + itoa(d.Line) + ":" + itoa(d.Col) + " " + d.Message
}

func itoa(i int) string {
	s := ""
	if i == 0 {
		return "0"
	}
	for ; i > 0; i /= 10 {
		s = string(rune('0'+i%10)) + s
	}
	return s
}

// matchDiags checks that the diagnostics are exactly the wanted ones, in order
// ("SEVERITY LINE:COL" then a substring of the message).
func matchDiags(t *testing.T, file string, got []formats.Diagnostic, want []string) {
	t.Helper()
	if len(got) != len(want) {
		var all []string
		for _, d := range got {
			all = append(all, diagLine(d))
		}
		t.Errorf("%s: %d departures, want %d:\n%s", file, len(got), len(want), strings.Join(all, "\n"))
		return
	}
	for i, w := range want {
		head, sub, _ := strings.Cut(w, " ")
		pos, msg, _ := strings.Cut(sub, " ")
		g := got[i]
		if g.Severity.String() != head || itoa(g.Line)+":"+itoa(g.Col) != pos || !strings.Contains(g.Message, msg) {
			t.Errorf("%s: departure %d is %q, want %q", file, i, diagLine(g), w)
		}
	}
}

func TestTemplatesCompileAndDepart(t *testing.T) {
	for _, tp := range templates {
		p, src := readTemplate(t, tp.file)
		_, _, f, err := Compile(p, src, Options{Path: p})
		if err != nil {
			t.Errorf("%s: %v", tp.file, err)
			continue
		}
		matchDiags(t, tp.file, Check(f), tp.want)
	}
}

// completed applies the edits to a template and writes the copy to a temporary
// folder.
func completed(t *testing.T, tp template, src []byte) string {
	t.Helper()
	lines := strings.Split(string(src), "\n")
	for _, e := range tp.edits {
		l := strings.TrimSpace(lines[e.line-1])
		if !strings.HasPrefix(l, e.old) {
			t.Fatalf("%s:%d is %q, want it to start with %q (the template changed?)", tp.file, e.line, l, e.old)
		}
		indent := lines[e.line-1][:len(lines[e.line-1])-len(strings.TrimLeft(lines[e.line-1], " \t"))]
		lines[e.line-1] = indent + e.new
	}
	if tp.insert != "" {
		at := tp.insertBefore - 1
		lines = append(lines[:at], append(strings.Split(tp.insert, "\n"), lines[at:]...)...)
	}
	out := filepath.Join(t.TempDir(), "completed-"+tp.file)
	if err := os.WriteFile(out, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestCompletedTemplatesOpen(t *testing.T) {
	for _, tp := range templates {
		_, src := readTemplate(t, tp.file)
		p := completed(t, tp, src)
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		_, _, f, err := Compile(p, data, Options{Path: p})
		if err != nil {
			t.Fatalf("%s: %v", tp.file, err)
		}
		matchDiags(t, "completed "+tp.file, Check(f), nil)
		a, err := formats.Open([]string{p}, formats.Options{})
		if err != nil {
			t.Errorf("completed %s does not open: %v", tp.file, err)
			continue
		}
		switch {
		case strings.HasPrefix(tp.file, "skt"):
			if a.Skeleton == nil || a.Skeleton.Len() != 1 || a.Skeleton.Names[0] != "root" {
				t.Errorf("completed %s: want a one-joint skeleton named root, got %+v", tp.file, a.Skeleton)
			}
		case strings.HasPrefix(tp.file, "ans"):
			if len(a.Clips) != 1 || a.Clips[0].Info().Duration <= 0 {
				t.Errorf("completed %s: want one clip with a duration, got %d clips", tp.file, len(a.Clips))
			}
		case strings.HasPrefix(tp.file, "mgn"):
			if len(a.Meshes) != 1 || len(a.Meshes[0].Positions) == 0 {
				t.Errorf("completed %s: want one mesh with positions, got %d meshes", tp.file, len(a.Meshes))
			}
		}
		for _, d := range a.Diagnostics {
			if d.Severity == formats.Error {
				t.Errorf("completed %s: %s", tp.file, d)
			}
		}
	}
}
