package viewer_test

import (
	"testing"

	"animscope/formats"
	"animscope/viewer"
)

// TestOpenPathsFolder (issue 30, defect 12): one folder asks for the asset
// browser on it instead of failing as a scene; at startup the demo opens under
// it without an error; files still open as a scene.
func TestOpenPathsFolder(t *testing.T) {
	dir := t.TempDir()
	s := viewer.NewState(viewer.DefaultLoader, formats.Options{})
	if !s.OpenStartup([]string{dir}) || s.Req.Browse != dir || s.Scene == nil || s.Scene.Name() != "demo" {
		t.Fatalf("OpenStartup(folder): browse %q, scene %v; want the browser asked for on %s over the demo", s.Req.Browse, s.Scene != nil, dir)
	}
	for _, d := range s.Diags {
		if d.Severity == formats.Error {
			t.Errorf("an error after opening a folder: %s", d.Text)
		}
	}
	s.Req.Browse = ""
	before := s.Scene
	if !s.OpenPaths([]string{dir}) || s.Req.Browse != dir || s.Scene != before {
		t.Errorf("OpenPaths(folder): browse %q, scene changed %v; want the browser asked for and the scene kept", s.Req.Browse, s.Scene != before)
	}
	s.Req.Browse = ""
	if s.OpenPaths([]string{dir, dir + "/x.m2"}) || s.Req.Browse != "" {
		t.Errorf("OpenPaths(folder, file): want it opened as a scene's files (and failing), not browsed")
	}
}
