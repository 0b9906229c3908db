package viewer

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"animscope/formats"
	"animscope/formats/m2/m2test"

	_ "animscope/formats/m2"
)

// TestDefaultLoaderOpensOwner: the viewer given a model's .skin alone opens the
// model beside it, and says so in a warning; with no model beside it the
// companion's verdict stands.
func TestDefaultLoaderOpensOwner(t *testing.T) {
	dir := t.TempDir()
	data, skin := m2test.Synthetic(264, false)
	model, skinPath := filepath.Join(dir, "Crab.m2"), filepath.Join(dir, "Crab00.skin")
	if err := os.WriteFile(model, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(skinPath, skin, 0o644); err != nil {
		t.Fatal(err)
	}
	a, err := DefaultLoader([]string{skinPath}, formats.Options{})
	if err != nil {
		t.Fatalf("DefaultLoader(%s): %v, want the model opened", skinPath, err)
	}
	if len(a.Files) == 0 || a.Files[0] != model || len(a.Meshes) != 2 {
		t.Errorf("files %v, %d meshes; want [%s], 2", a.Files, len(a.Meshes), model)
	}
	warned := false
	for _, d := range a.Diagnostics {
		warned = warned || strings.Contains(d.Message, "view 0 of Crab.m2") && strings.Contains(d.Message, "opened "+model)
	}
	if !warned {
		t.Errorf("diagnostics %v, want the warning that the model was opened", a.Diagnostics)
	}
	if err := os.Remove(model); err != nil {
		t.Fatal(err)
	}
	if _, err := DefaultLoader([]string{skinPath}, formats.Options{}); err == nil || !strings.Contains(err.Error(), "not beside it") {
		t.Errorf("without the model: err %v, want the companion's verdict", err)
	}
}
