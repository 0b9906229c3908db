package m2

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"animscope/formats"
	"animscope/formats/m2/m2test"
)

// TestCompanionAlone: a .skin or .anim opened alone is refused with the model it
// belongs to, and the error says where that model is when it lies beside it.
func TestCompanionAlone(t *testing.T) {
	dir := t.TempDir()
	model := writeModel(t, dir, "Crab.m2", m2test.NewModel(272))
	anim := filepath.Join(dir, "Crab0004-00.anim")
	if err := os.WriteFile(anim, []byte{1, 2, 3, 4}, 0o644); err != nil {
		t.Fatal(err)
	}
	lone := t.TempDir() // a skin whose model is not beside it
	skin, _ := os.ReadFile(SkinName(model))
	loneSkin := filepath.Join(lone, "Lobster01.skin")
	if err := os.WriteFile(loneSkin, skin, 0o644); err != nil {
		t.Fatal(err)
	}
	notSkin := filepath.Join(lone, "Plain00.skin") // the name without the magic
	if err := os.WriteFile(notSkin, []byte("NOPE...."), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		file, want, owner string
	}{
		{SkinName(model), "view 0 of Crab.m2: open that file", model},
		{anim, "the keys of sequence Walk (4.0) of Crab.m2: open that file", model},
		{loneSkin, "view 1 of Lobster.m2, which is not beside it: open that model", ""},
		{notSkin, "unknown file format", ""},
	} {
		_, err := formats.Open([]string{c.file}, formats.Options{})
		var fe *formats.FileError
		if !errors.As(err, &fe) || fe.File != c.file || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err %v, want a FileError naming the file and saying %q", filepath.Base(c.file), err, c.want)
		}
		if owner, ok := formats.CompanionOwner(err); owner != c.owner || ok != (c.owner != "") {
			t.Errorf("%s: owner %q (%v), want %q", filepath.Base(c.file), owner, ok, c.owner)
		}
	}
}
