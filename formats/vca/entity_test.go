package vca

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"animscope/formats"

	"github.com/go-gl/mathgl/mgl32"
)

func writeFiles(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for name, body := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestEntityResolution builds a small res/ tree: packs under content/, a core-level
// models/ folder, and entities that name skeletons in their own pack, another pack,
// by default name, and as a VCM model with bones.
func TestEntityResolution(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{
		"res/content/base/entities/walker.json":  `{"components": []}`,
		"res/content/base/entities/crate.json":   `{"skeleton-name": "other:box"}`,
		"res/content/base/entities/robot.json":   `{"skeleton-name": "robot"}`,
		"res/content/base/entities/ghost.json":   `{"skeleton-name": "base:nosuch"}`,
		"res/content/base/entities/escape.json":  `{"skeleton-name": "base:../../x"}`,
		"res/content/base/skeletons/walker.json": `{"root": {"nodes": [{"name": "body", "model": "quad"}]}}`,
		"res/content/other/skeletons/box.json":   `{"root": {"model": "robot"}}`,
		"res/content/base/models/quad.vec3":      string(testVEC3(true, false)),
		"res/models/robot.vcm":                   "@bone name arm move (1,0,0) {\n @box from (0,0,0) to (1,1,1)\n}",
	})
	base := filepath.Join(root, "res", "content", "base", "entities")
	for _, tc := range []struct {
		file   string
		names  []string
		meshes int
	}{
		{"walker.json", []string{"", "body"}, 1},
		{"crate.json", []string{""}, 6}, // robot.vcm squashed onto the root bone: one mesh per face texture $0…$5
		{"robot.json", []string{"root", "arm"}, 6},
	} {
		a, err := formats.OpenFile(filepath.Join(base, tc.file), formats.Options{})
		if err != nil {
			t.Errorf("%s: %v", tc.file, err)
			continue
		}
		if strings.Join(a.Skeleton.Names, ",") != strings.Join(tc.names, ",") || len(a.Meshes) != tc.meshes {
			t.Errorf("%s: bones %q, %d meshes; want %q, %d (diagnostics %v)", tc.file, a.Skeleton.Names, len(a.Meshes), tc.names, tc.meshes, a.Diagnostics)
		}
	}
	// The squashed robot part moves by the arm's offset (1, 0, 0).
	a, err := formats.OpenFile(filepath.Join(base, "crate.json"), formats.Options{})
	if err == nil {
		lo, _ := bounds(a.Meshes, 0)
		if !lo.ApproxEqual(mgl32.Vec3{1, 0, 0}) {
			t.Errorf("squashed robot part starts at %v, want (1, 0, 0)", lo)
		}
	}
	for _, tc := range []struct{ file, msg string }{
		{"ghost.json", "not found"},
		{"escape.json", ".."},
	} {
		_, err := formats.OpenFile(filepath.Join(base, tc.file), formats.Options{})
		if err == nil || !strings.Contains(err.Error(), tc.msg) || !strings.Contains(err.Error(), tc.file) {
			t.Errorf("%s: error %v, want one naming the file and %q", tc.file, err, tc.msg)
		}
	}
}

func TestVEC3Indices(t *testing.T) {
	for _, tc := range []struct {
		index16, normals bool
	}{{false, true}, {true, true}, {false, false}, {true, false}} {
		f, err := ParseVEC3(testVEC3(tc.index16, tc.normals))
		if err != nil {
			t.Fatalf("16-bit %v normals %v: %v", tc.index16, tc.normals, err)
		}
		me := f.Models[0].Meshes[0]
		if me.Index16 != tc.index16 || me.Triangles != 2 || len(me.Mesh.Positions) != 6 {
			t.Errorf("16-bit %v: mesh %+v", tc.index16, me)
		}
		// Origin (0.5, 0, 0) is subtracted; the quad's third corner is (1, 1, 0).
		if got := me.Mesh.Positions[2]; got != (mgl32.Vec3{0.5, 1, 0}) {
			t.Errorf("16-bit %v: corner %v, want (0.5, 1, 0)", tc.index16, got)
		}
		for _, n := range me.Mesh.Normals {
			if n != (mgl32.Vec3{0, 0, 1}) {
				t.Errorf("normals %v: normal %v, want (0, 0, 1) (stored or computed flat)", tc.normals, n)
				break
			}
		}
		if me.Mesh.UVs[2] != (mgl32.Vec2{1, 1}) {
			t.Errorf("uv %v, want (1, 1)", me.Mesh.UVs[2])
		}
	}
}
