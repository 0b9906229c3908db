package wowchar_test

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"animscope/formats"
	_ "animscope/formats/all" // the M2 decoder and the customiser
	"animscope/formats/wowchar/wowchartest"
)

// TestCustomizer: the registered customiser reads --character in the normal
// form, finds the fixture's character in its data folder (and nothing for a
// path that is no character's), offers the tables' choices with swatches,
// reports the default choice, and dresses an opened scene's hair slot and hair
// geoset as the tables choose.
func TestCustomizer(t *testing.T) {
	for _, tc := range []struct{ spec, want, err string }{
		{"", "skin=0,face=0,hair=0,haircolor=0,facial=0", ""},
		{"Hair=2, facial=1", "skin=0,face=0,hair=2,haircolor=0,facial=1", ""},
		{"hair", "", `"hair": want NAME=N (skin, face, hair, haircolor, facial)`},
	} {
		got, err := formats.ParseCustomization(tc.spec)
		gotErr := ""
		if err != nil {
			gotErr = err.Error()
		}
		if string(got) != tc.want || gotErr != tc.err {
			t.Errorf("ParseCustomization(%q) = %q, %q; want %q, %q", tc.spec, got, gotErr, tc.want, tc.err)
		}
	}
	if ch, warns := formats.FindCharacter(filepath.Join(t.TempDir(), "Creature", "Frog", "Frog.m2")); ch != nil || warns != nil {
		t.Errorf("a creature: FindCharacter = %v, %v; want nothing", ch, warns)
	}

	folder, err := wowchartest.WriteDataFolder(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	model := filepath.Join(folder, "common.MPQ") + ":" + wowchartest.ModelPath
	ch, warns := formats.FindCharacter(model)
	if ch == nil || warns != nil {
		t.Fatalf("FindCharacter(%s) = %v, %v; want the character", model, ch, warns)
	}
	defer ch.Close()
	if got := ch.Title(); got != "Scourge female (race 5)" {
		t.Errorf("Title %q", got)
	}
	var keys []string
	for _, c := range ch.Choices() {
		keys = append(keys, c.Key+"="+c.Label)
	}
	if got := strings.Join(keys, ", "); got != "skin=skin colour, face=face, hair=hair style, haircolor=hair colour, facial=facial hair" {
		t.Errorf("choices %s", got)
	}
	if c := ch.Choices()[0]; c.Colors[1] != wowchartest.Skin1 {
		t.Errorf("skin colour 1's swatch %v, want %v", c.Colors[1], wowchartest.Skin1)
	}

	r, warns := ch.Report()
	if len(warns) > 0 {
		t.Errorf("report warnings %v", warns)
	}
	js, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"race":5,"race_name":"Undead","folder":"Scourge","sex":"female","mount":`; !bytes.HasPrefix(js, []byte(want)) {
		t.Errorf("report JSON %.80s…, want it to start %s", js, want)
	}
	var text strings.Builder
	r.WriteText(&text)
	if want := "  default (skin=0,face=0,hair=0,haircolor=0,facial=0):\n"; !strings.Contains(text.String(), want) {
		t.Errorf("report text lacks %q:\n%s", want, text.String())
	}

	a, err := formats.Open([]string{model}, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	cust, _ := formats.ParseCustomization("hair=2")
	ch.Dress(a, cust, false, nil)
	hair := ""
	for _, s := range formats.SlotsOf(a) {
		if s.Type == 6 {
			hair = s.File
		}
	}
	if want := filepath.Join(folder, "common.MPQ") + ":character skin=0,face=0,hair=2,haircolor=0,facial=0 hair.png"; hair != want {
		t.Errorf("hair slot %q, want %q", hair, want)
	}
	shown := map[int]bool{}
	for _, m := range a.Meshes {
		if !m.Hidden {
			shown[m.Group] = true
		}
	}
	if !shown[5] || shown[2] {
		t.Errorf("hair=2 shows geosets %v, want 5 and not 2", shown)
	}
	n := len(a.Diagnostics)
	ch.Dress(a, "tail=1", false, nil)
	if len(a.Diagnostics) != n+1 || !strings.Contains(a.Diagnostics[n].Message, `character not dressed: "tail=1": unknown choice "tail"`) {
		t.Errorf("a customisation of another family: diagnostics %v", a.Diagnostics[n:])
	}
}
