package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"image/color"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"animscope/anim"
	"animscope/formats"
	"animscope/formats/vfs/vfstest"
	"animscope/viewer"

	"github.com/go-gl/mathgl/mgl32"
)

// A whole toy family registered from test files alone: a scene format (the
// "toyscene" decoder below), its own archive kind (vfstest's toy archive) and its
// own texture kind (the "toytex" kind of datakind_toy_test.go). A toy archive
// holding a toy scene that names a toy texture goes through ls, extract,
// validate, inspect, texture and the viewer's model (State.Open, the scene's
// textures, the asset browser) with no change anywhere outside the toy's files.
//
// A toy scene is text: the line "TOYSCENE", then "node NAME PARENT X Y Z" lines
// (PARENT −1 for a root, else an earlier node's index) and at most one
// "texture REF" line naming the texture of its one triangle, resolved as every
// family resolves a reference (beside the scene, inside its archive when it is a
// member).

const toySceneMagic = "TOYSCENE\n"

func init() {
	formats.Register(formats.Decoder{
		Name:       "toyscene",
		Extensions: []string{".toyscene"},
		Sniff:      func(_ string, head []byte) bool { return bytes.HasPrefix(head, []byte(toySceneMagic)) },
		Decode:     decodeToyScene,
	})
}

func decodeToyScene(src *formats.Source) (*formats.Part, error) {
	skel := &anim.Skeleton{}
	var texRef string
	sc := bufio.NewScanner(bytes.NewReader(src.Data))
	line := 0
	for sc.Scan() {
		line++
		f := strings.Fields(sc.Text())
		switch {
		case line == 1:
			if sc.Text() != strings.TrimSpace(toySceneMagic) {
				return nil, formats.LineErrorf(src.Name, 1, 1, "not a toy scene")
			}
		case len(f) == 6 && f[0] == "node":
			parent, err := strconv.Atoi(f[2])
			if err != nil || parent < -1 || parent >= skel.Len() {
				return nil, formats.LineErrorf(src.Name, line, 1, "node %s: parent %q is not an earlier node", f[1], f[2])
			}
			var p [3]float32
			for k := range p {
				v, err := strconv.ParseFloat(f[3+k], 32)
				if err != nil {
					return nil, formats.LineErrorf(src.Name, line, 1, "node %s: %q is no number", f[1], f[3+k])
				}
				p[k] = float32(v)
			}
			skel.Names = append(skel.Names, f[1])
			skel.Parents = append(skel.Parents, int32(parent))
			skel.Offset = append(skel.Offset, mgl32.Vec3(p))
		case len(f) == 2 && f[0] == "texture" && texRef == "":
			texRef = f[1]
		default:
			return nil, formats.LineErrorf(src.Name, line, 1, "what is %q?", sc.Text())
		}
	}
	if skel.Len() == 0 {
		return nil, formats.LineErrorf(src.Name, line, 1, "no nodes")
	}
	a := formats.Asset{Files: []string{src.Name}, Family: "toyscene", Skeleton: skel, UpAxis: formats.UpY}
	a.Meshes = []formats.Mesh{{Name: "triangle", Node: 0,
		Positions: []mgl32.Vec3{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}},
		UVs:       []mgl32.Vec2{{0, 0}, {1, 0}, {0, 1}},
		Indices:   []uint32{0, 1, 2}}}
	if texRef != "" {
		mat := formats.Material{Mesh: 0, TextureRef: texRef}
		if archive := src.Named().Archive; src.Tree != nil && archive != "" {
			if p, err := formats.ResolveTreeRef(src.Tree, src.Path, texRef, src.Opts.Root, ".toytex"); err == nil {
				mat.Texture = archive + ":" + p
			}
		} else if p, err := formats.ResolveRef(src.Path, texRef, src.Opts.Root, ".toytex"); err == nil {
			mat.Texture = p
		}
		if mat.Texture == "" {
			a.Diagnostics = append(a.Diagnostics, formats.DiagWarnf(src.Name, -1, "texture %s is not found: drawn untextured", texRef))
		}
		a.Materials = formats.StaticMaterials{mat}
	}
	return &formats.Part{Asset: a}, nil
}

// TestToyFamily: the toy scene, archive and texture kinds, each registered from
// a test file, through every command that meets them and the viewer's model.
func TestToyFamily(t *testing.T) {
	vfstest.RegisterToyKind()
	dir := t.TempDir()
	arc := filepath.Join(dir, "hero.toy")
	scene := toySceneMagic + "node hip -1 0 1 0\nnode knee 0 0 -0.5 0\nnode foot 1 0 -0.5 0.1\ntexture Skins\\Hero.toytex\n"
	if err := os.WriteFile(arc, vfstest.Toy(
		vfstest.ToyMember{Name: `Hero\Hero.toyscene`, Content: scene},
		vfstest.ToyMember{Name: `Hero\Skins\Hero.toytex`, Content: "TOYTEX 4 2 10 20 200 255"},
		vfstest.ToyMember{Name: `Hero\Broken.toyscene`, Content: toySceneMagic + "node hip 5 0 0 0\n"},
	), 0o644); err != nil {
		t.Fatal(err)
	}
	member := arc + ":Hero/Hero.toyscene"
	texMember := arc + ":hero/skins/HERO.TOYTEX" // members are found without regard to case

	// ls lists the three members.
	code, out, errOut := runCLI("ls", "--json", arc)
	if code != exitOK {
		t.Fatalf("ls --json: exit %d, %s", code, errOut)
	}
	for _, want := range []string{"Hero/Hero.toyscene", "Hero/Skins/Hero.toytex", "Hero/Broken.toyscene"} {
		if !strings.Contains(out, `"`+want+`"`) {
			t.Errorf("ls --json: %s is not listed in\n%s", want, out)
		}
	}

	// extract writes them out, byte for byte.
	outDir := filepath.Join(dir, "out")
	if code, _, errOut := runCLI("extract", arc, "*", "--out", outDir); code != exitOK {
		t.Fatalf("extract: exit %d, %s", code, errOut)
	}
	if got, err := os.ReadFile(filepath.Join(outDir, "Hero", "Hero.toyscene")); err != nil || string(got) != scene {
		t.Errorf("extracted scene: %q, %v; want %q", got, err, scene)
	}

	// validate: the good scene passes, the broken one is refused naming its line,
	// both as members and in a batch over the mount; the texture passes as data.
	for _, tc := range []struct {
		name     string
		args     []string
		code     int
		inStderr string
	}{
		{"scene member", []string{"validate", member}, exitOK, ""},
		{"texture member", []string{"validate", texMember}, exitOK, ""},
		{"broken member", []string{"validate", arc + ":Hero/Broken.toyscene"}, exitInvalid, "Broken.toyscene:2:1: node hip: parent"},
		{"mount", []string{"validate", arc}, exitInvalid, "Broken.toyscene"},
	} {
		code, stdout, stderr := runCLI(tc.args...)
		if code != tc.code || !strings.Contains(stdout+stderr, tc.inStderr) {
			t.Errorf("%s: validate exit %d (want %d), output %q (want it to hold %q)", tc.name, code, tc.code, stdout+stderr, tc.inStderr)
		}
	}

	// inspect names the family, its nodes and the texture found in the archive.
	code, out, errOut = runCLI("inspect", "--json", member)
	if code != exitOK {
		t.Fatalf("inspect --json: exit %d, %s", code, errOut)
	}
	var ins struct {
		Format string `json:"format"`
		Nodes  []struct {
			Name string `json:"name"`
		} `json:"nodes"`
	}
	if err := json.Unmarshal([]byte(out), &ins); err != nil {
		t.Fatalf("inspect --json: %v\n%s", err, out)
	}
	if ins.Format != "toyscene" || len(ins.Nodes) != 3 || ins.Nodes[2].Name != "foot" {
		t.Errorf("inspect --json: format %q, nodes %+v; want toyscene with hip, knee, foot\n%s", ins.Format, ins.Nodes, out)
	}
	if code, out, _ := runCLI("inspect", texMember); code != exitOK || !strings.Contains(out, "format:  texture (toy 4 x 2, 2 mip levels)") {
		t.Errorf("inspect of the texture: exit %d, %q; want it described as a 4 x 2 toy texture of 2 levels", code, out)
	}

	// texture decodes the member to a PNG.
	png := filepath.Join(dir, "hero.png")
	if code, _, errOut := runCLI("texture", texMember, "--out", png); code != exitOK {
		t.Fatalf("texture: exit %d, %s", code, errOut)
	}
	written, err := formats.ReadTexture(png)
	if err != nil {
		t.Fatal(err)
	}
	if img, err := written.Mip(0); err != nil || img.Rect.Dx() != 4 || img.NRGBAAt(3, 1) != (color.NRGBA{10, 20, 200, 255}) {
		t.Errorf("texture: got %v, %v; want 4 x 2 of (10, 20, 200)", img, err)
	}

	// The viewer's model opens the member, poses its skeleton and reads the
	// texture its material names inside the archive.
	s := viewer.NewState(viewer.DefaultLoader, formats.Options{})
	if !s.Open([]string{member}) {
		t.Fatalf("viewer: %s did not open: %s", member, s.LastError())
	}
	sk := s.Scene.Asset.Skeleton
	if sk.Len() != 3 || sk.Names[1] != "knee" || sk.Parents[2] != 1 {
		t.Errorf("viewer skeleton: %v %v; want hip, knee, foot in a chain", sk.Names, sk.Parents)
	}
	mats := s.Scene.ReadTextures()
	if len(mats) != 1 || !strings.EqualFold(mats[0].Texture, arc+":Hero/Skins/Hero.toytex") {
		t.Fatalf("viewer materials: %+v; want the archive's Hero/Skins/Hero.toytex", mats)
	}
	if img := s.Scene.TextureImage(mats[0].Texture); img == nil || img.NRGBAAt(0, 0) != (color.NRGBA{10, 20, 200, 255}) {
		t.Errorf("viewer texture: got %v; want the toy's blue", img)
	}

	// The asset browser finds the scene in the mount and opens it by name.
	b := viewer.NewAssetBrowser("", formats.Options{})
	if err := b.Open(arc); err != nil {
		t.Fatalf("browser: %v", err)
	}
	defer b.Close()
	b.Query = "hero.toyscene"
	b.Refresh()
	if len(b.Rows) != 1 || b.OpenName(b.Rows[0]) != member {
		var names []string
		for _, r := range b.Rows {
			names = append(names, fmt.Sprint(b.OpenName(r)))
		}
		t.Errorf("browser rows for %q: %v; want %s", b.Query, names, member)
	}
}
