package main

import (
	"encoding/json"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"animscope/formats/blp"
	"animscope/formats/blp/blptest"
	"animscope/formats/m2"
	"animscope/formats/m2/m2test"
)

// characterFixture lays the synthetic character out as the client does:
// root/Character/Scourge/Female/ScourgeFemale.m2 with its .skin and, when skin
// is not zero, ScourgeFemaleSkin00_00.blp of that colour beside it. It returns
// the model and a green BLP elsewhere (for --texture).
func characterFixture(t *testing.T, skin color.NRGBA) (model, green string) {
	t.Helper()
	root := t.TempDir()
	dir := filepath.Join(root, "Character", "Scourge", "Female")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	data, sk := m2test.Character(264, "ScourgeFemale").Encode()
	model = filepath.Join(dir, "ScourgeFemale.m2")
	os.WriteFile(model, data, 0o644)
	os.WriteFile(m2.SkinName(model), sk, 0o644)
	write := func(p string, c color.NRGBA) {
		img := image.NewNRGBA(image.Rect(0, 0, 8, 8))
		for i := 0; i < len(img.Pix); i += 4 {
			img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = c.R, c.G, c.B, c.A
		}
		tex, err := blptest.Encode(img, blptest.Format{Version: 2, Encoding: blp.BGRA, AlphaDepth: 8})
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, tex, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if skin.A != 0 {
		write(filepath.Join(dir, "ScourgeFemaleSkin00_00.blp"), skin)
	}
	green = filepath.Join(root, "green.blp")
	write(green, color.NRGBA{30, 200, 30, 255})
	return model, green
}

// TestCharacterFlagsUsage: a malformed --geosets or --texture, a geoset or a
// slot the scene lacks, and --geosets on a scene without geosets are usage
// errors that say what is wrong, before anything is written.
func TestCharacterFlagsUsage(t *testing.T) {
	model, green := characterFixture(t, color.NRGBA{})
	out := filepath.Join(t.TempDir(), "out.png")
	glb := filepath.Join(t.TempDir(), "out.glb")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"render", "--geosets", "hair", "--out", out, model}, `"hair" is not a geoset id`},
		{[]string{"render", "--geosets", "9999", "--out", out, model}, "geoset 9999 is not in the model"},
		{[]string{"render", "--texture", "skin=" + green, "--out", out, model}, `texture slot "skin"`},
		{[]string{"render", "--texture", "body", "--out", out, model}, "want SLOT=FILE"},
		{[]string{"shot", "--texture", "creature1=" + green, "--out", out, model}, "has no texture slot creature1"},
		{[]string{"export", "--texture", "body=" + filepath.Dir(green), "--out", glb, model}, "not a regular file"},
		{[]string{"export", "--geosets", "0,401", "--out", glb}, "no FILE given"},
		{[]string{"render", "--geosets", "1", "--out", out}, "the scene has no geosets"},
	} {
		code, _, stderr := runCLI(tc.args...)
		if code != exitUsage || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want %d mentioning %q", tc.args, code, stderr, exitUsage, tc.want)
		}
		for _, f := range []string{out, glb} {
			if _, err := os.Stat(f); err == nil {
				t.Errorf("%v: wrote %s", tc.args, f)
			}
		}
	}
}

// TestInspectCharacterGeosets: inspect --json gives every M2 mesh its geoset and
// default visibility; the text lists the geosets by group, named.
func TestInspectCharacterGeosets(t *testing.T) {
	model, _ := characterFixture(t, color.NRGBA{})
	code, stdout, stderr := runCLI("inspect", "--json", model)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var out struct {
		Meshes []struct {
			Geoset  *int  `json:"geoset"`
			Visible *bool `json:"visible"`
			Hidden  bool  `json:"hidden"`
		} `json:"meshes"`
	}
	if err := json.Unmarshal([]byte(stdout), &out); err != nil {
		t.Fatal(err)
	}
	if len(out.Meshes) != len(m2test.CharacterGeosets) {
		t.Fatalf("%d meshes, want %d", len(out.Meshes), len(m2test.CharacterGeosets))
	}
	visible := map[int]bool{0: true, 3: true, 101: true, 201: true, 401: true, 501: true, 702: true, 1301: true, 1501: true, 1702: true}
	for i, m := range out.Meshes {
		want := int(m2test.CharacterGeosets[i].ID)
		if m.Geoset == nil || m.Visible == nil || *m.Geoset != want || *m.Visible != visible[want] || m.Hidden == *m.Visible {
			t.Errorf("mesh %d: geoset %v visible %v hidden %v; want geoset %d visible %v", i, m.Geoset, m.Visible, m.Hidden, want, visible[want])
		}
	}
	code, text, _ := runCLI("inspect", model)
	for _, s := range []string{"geosets: 11 groups", "   0 hair             shown: 0 3; hidden: 1 5", "  15 cape             shown: 1501; hidden: 1502", "  18 belt             shown: none; hidden: 1802"} {
		if code != exitOK || !strings.Contains(text, "\n"+s) {
			t.Errorf("inspect text lacks %q:\n%s", s, text)
		}
	}
}

// TestExportGeosetsAndSlots: export writes the visible meshes (all of them with
// --geosets all, the listed ones with IDs), embeds the body skin found beside
// the model, and warns an empty slot in the slot's one wording.
func TestExportGeosetsAndSlots(t *testing.T) {
	model, green := characterFixture(t, color.NRGBA{200, 30, 30, 255})
	for _, tc := range []struct {
		args   []string
		meshes string
	}{
		{nil, "10 meshes"},
		{[]string{"--geosets", "all"}, "21 meshes"},
		{[]string{"--geosets", "0,5,1502"}, "3 meshes"},
		{[]string{"--texture", "hair=" + green, "--texture", "cape=" + green}, "10 meshes"},
	} {
		out := filepath.Join(t.TempDir(), "c.glb")
		args := append(append([]string{"export"}, tc.args...), "--out", out, model)
		code, stdout, stderr := runCLI(args...)
		if code != exitOK || !strings.Contains(stdout, tc.meshes) {
			t.Errorf("%v: exit %d, %q, %s; want %s", tc.args, code, stdout, stderr, tc.meshes)
			continue
		}
		if strings.Contains(stderr, "(hair) is not found") || strings.Contains(stderr, "(body skin)") {
			t.Errorf("%v: a material's own warning for a slot: %s", tc.args, stderr)
		}
		slotWarn := strings.Contains(stderr, "texture slot hair (hair) is empty: looked for Hair00_00.blp")
		if filled := len(tc.args) == 4; slotWarn == filled {
			t.Errorf("%v: hair slot warning %v with the slot filled %v: %s", tc.args, slotWarn, filled, stderr)
		}
	}
}

// TestViewerCharacterFlags: the viewer's --texture and --geosets reach every
// scene its loader opens (reloads too); without them the loader is the default.
func TestViewerCharacterFlags(t *testing.T) {
	model, green := characterFixture(t, color.NRGBA{})
	cfg, err := parseViewerArgs([]string{"--texture", "body=" + green, "--geosets", "all", model})
	if err != nil {
		t.Fatal(err)
	}
	if cfg.load == nil {
		t.Fatal("no loader for the flags")
	}
	for i := 0; i < 2; i++ { // an open and a reload
		a, err := cfg.load(cfg.files, cfg.opts)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range a.Meshes {
			if m.Hidden {
				t.Errorf("load %d: geoset %d hidden under --geosets all", i, m.Group)
			}
		}
		for _, m := range a.Materials.Materials() {
			if m.Slot == m2.TextureBody && m.Texture != green {
				t.Errorf("load %d: body mesh %d draws %q", i, m.Mesh, m.Texture)
			}
		}
	}
	// Without the flags the loader is set too (a character of a mount with the
	// tables is dressed at the default customisation) and changes nothing here.
	if cfg, err := parseViewerArgs([]string{model}); err != nil || cfg.load == nil {
		t.Errorf("without the flags: loader set %v, %v", cfg.load != nil, err)
	} else if _, err := cfg.load(cfg.files, cfg.opts); err != nil {
		t.Errorf("without the flags: load %v", err)
	}
	if _, err := parseViewerArgs([]string{"--geosets", "x", model}); err == nil {
		t.Error("--geosets x taken")
	}
}
