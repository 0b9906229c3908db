package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"animscope/formats/mpq/mpqtest"
	"animscope/formats/wowchar"
	"animscope/formats/wowchar/wowchartest"
)

// TestInspectCharacter: a character model opened from a game data folder that
// holds the character tables lists what they offer its race and sex and what
// the default customisation chooses (composited, so a missing texture warns);
// a broken table is a warning naming it and no character; a model outside
// such a mount prints no character at all.
func TestInspectCharacter(t *testing.T) {
	folder, err := wowchartest.WriteDataFolder(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	model := filepath.Join(folder, "common.MPQ") + ":" + wowchartest.ModelPath
	code, stdout, stderr := runCLI("inspect", "--json", model)
	var got struct {
		Character *wowchar.Report `json:"character"`
	}
	if err := json.Unmarshal([]byte(stdout), &got); code != exitOK || err != nil || got.Character == nil {
		t.Fatalf("inspect --json: exit %d, %v, character %v; stderr %s", code, err, got.Character != nil, stderr)
	}
	c := got.Character
	if c.Race != wowchartest.Race || c.RaceName != "Undead" || c.Folder != "Scourge" || c.Sex != "female" {
		t.Errorf("character %+v, want race 5 Undead, Scourge, female", c)
	}
	wantOffer := wowchar.Offer{Skins: []int{0, 1}, Faces: []int{0}, Hairs: []int{0, 1, 2}, HairColors: []int{0}, Facials: []int{0, 1}}
	if !reflect.DeepEqual(c.Offers, wantOffer) {
		t.Errorf("offers %+v, want %+v", c.Offers, wantOffer)
	}
	wantGeosets := map[int][]int{0: {2}, 1: {101}, 2: {201}, 3: {301}}
	if !reflect.DeepEqual(c.Default.Geosets, wantGeosets) || c.Default.Body != "256x256" || len(c.Default.Layers) != 7 ||
		c.Default.Hair != `Character\Scourge\Female\ScourgeFemaleHair00_00.blp` {
		t.Errorf("default choice %+v", c.Default)
	}
	if strings.Contains(stderr, "character") || strings.Contains(stderr, "texture") {
		t.Errorf("inspect warned of the fixture's tables: %s", stderr)
	}
	code, stdout, _ = runCLI("inspect", model)
	for _, line := range []string{
		"character: Scourge female (race 5, Undead) from the tables of ",
		"  offers:  skin 0 1; face 0; hair 0 1 2; haircolor 0; facial 0 1\n",
		"    body layer 1 pelvis upper Character\\Scourge\\Female\\ScourgeFemaleNakedPelvisSkin00_00.blp\n",
		"    geoset group 0: [2]\n",
		"  skin colours: 0 #0a141e, 1 #28323c\n",
		"  haircolor colours: 0 #78500a\n",
	} {
		if code != exitOK || !strings.Contains(stdout, line) {
			t.Errorf("inspect (text) lacks %q:\n%s", line, stdout)
		}
	}

	// A broken CharSections: a warning naming it, no character, exit 0.
	broken, err := wowchartest.WriteDataFolder(t.TempDir(), mpqtest.File{Name: `DBFilesClient\CharSections.dbc`, Data: []byte("WDBC\x00\x00\x00\x80")})
	if err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr = runCLI("inspect", "--json", filepath.Join(broken, "common.MPQ")+":"+wowchartest.ModelPath)
	got.Character = nil
	if err := json.Unmarshal([]byte(stdout), &got); code != exitOK || err != nil || got.Character != nil ||
		!strings.Contains(stderr, `CharSections: character table not used: DBFilesClient\CharSections.dbc: offset 0x0: 8 bytes: too short`) {
		t.Errorf("broken table: exit %d, character %v, stderr %q", code, got.Character != nil, stderr)
	}

	// A texture the tables name but the mount lacks: a warning, still listed.
	files, err := wowchartest.Files()
	if err != nil {
		t.Fatal(err)
	}
	var kept []mpqtest.File
	for _, f := range files {
		if !strings.HasSuffix(f.Name, "FaceUpper00_00.blp") {
			kept = append(kept, f)
		}
	}
	arch, err := mpqtest.Build(kept, mpqtest.Options{Listfile: true, Version: 1})
	if err != nil {
		t.Fatal(err)
	}
	lacking := filepath.Join(t.TempDir(), "lacking.MPQ")
	if err := os.WriteFile(lacking, arch, 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr = runCLI("inspect", lacking+":"+wowchartest.ModelPath)
	if code != exitOK || !strings.Contains(stderr, `face upper texture Character\Scourge\Female\ScourgeFemaleFaceUpper00_00.blp: `) {
		t.Errorf("missing texture: exit %d, stderr %q", code, stderr)
	}

	// The same files extracted to a folder: the tables beside Character\.
	root := t.TempDir()
	if err := wowchartest.WriteExtractedFolder(root); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr = runCLI("inspect", filepath.Join(root, "Character", "Scourge", "Female", "ScourgeFemale.m2"))
	if code != exitOK || !strings.Contains(stdout, "character: Scourge female (race 5, Undead) from the tables of "+root) || strings.Contains(stderr, "character") {
		t.Errorf("extracted folder: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}

	// The same model on its own, outside a mount with tables: no character.
	m2, skin := wowchartest.Model()
	dir := filepath.Join(t.TempDir(), "Character", "Scourge", "Female")
	os.MkdirAll(dir, 0o755)
	os.WriteFile(filepath.Join(dir, "ScourgeFemale.m2"), m2, 0o644)
	os.WriteFile(filepath.Join(dir, "ScourgeFemale00.skin"), skin, 0o644)
	code, stdout, stderr = runCLI("inspect", filepath.Join(dir, "ScourgeFemale.m2"))
	if code != exitOK || strings.Contains(stdout, "character:") || strings.Contains(stderr, "character") {
		t.Errorf("model without tables: exit %d, stdout has character %v, stderr %q", code, strings.Contains(stdout, "character:"), stderr)
	}
}
