package gui

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"animscope/anim"
	"animscope/formats"
	"animscope/formats/vfs/vfstest"
	"animscope/viewer"
)

// frogPatches writes a game data folder of a base archive and two patches, each
// with its own version of the frog (the jaw keyed every 100, 200, 300 ms).
func frogPatches(t testing.TB) string {
	dir := filepath.Join(t.TempDir(), "Data")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := vfstest.FrogPatches(dir); err != nil {
		t.Fatal(err)
	}
	return dir
}

func versionsText(b *viewer.AssetBrowser, dir string) string {
	var sb strings.Builder
	for i := range b.Versions {
		fmt.Fprintf(&sb, "  version %s -> %s\n", b.VersionLabel(i), strings.Replace(b.VersionName(b.Versions[i]), dir, "Data", 1))
	}
	return sb.String()
}

// TestAssetBrowserVersionsGolden: in a game data folder the selected model
// lists its three versions in load order, the last patch's marked as the one
// that wins; a file only the base holds has one (testdata/assets_versions.golden,
// -update rewrites it).
func TestAssetBrowserVersionsGolden(t *testing.T) {
	dir := frogPatches(t)
	b := viewer.NewAssetBrowser("", formats.Options{})
	if err := b.Open(dir); err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	var out strings.Builder
	b.SetQuery("frog.m2")
	b.Select(b.Rows[0])
	out.WriteString(strings.ReplaceAll(browserText(b, "select Frog.m2"), dir, "Data"))
	out.WriteString(versionsText(b, dir))
	if len(b.Versions) != 3 || !b.Versions[2].Wins || b.Versions[0].Wins || b.Versions[1].Wins {
		t.Errorf("versions %+v, want three, the last winning", b.Versions)
	}
	b.SetQuery("readme")
	b.Select(b.Rows[0])
	out.WriteString(strings.ReplaceAll(browserText(b, "select ReadMe.txt"), dir, "Data"))
	out.WriteString(versionsText(b, dir))
	if len(b.Versions) != 1 {
		t.Errorf("ReadMe.txt: %d versions, want 1", len(b.Versions))
	}
	golden := filepath.Join("testdata", "assets_versions.golden")
	if *update {
		if err := os.WriteFile(golden, []byte(out.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run with -update to write it)", err)
	}
	if out.String() != string(want) {
		t.Errorf("the browser shows:\n%s\nwant:\n%s", out.String(), want)
	}
}

// TestAssetBrowserCompareVersions: the base archive's version opened as A and
// the winning patch's as B (the browser's Open and Open as B on two versions)
// differ in the jaw's keys alone, on the fallback map of the workbench.
func TestAssetBrowserCompareVersions(t *testing.T) {
	dir := frogPatches(t)
	b := viewer.NewAssetBrowser("", formats.Options{})
	if err := b.Open(dir); err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	b.SetQuery("frog.m2")
	b.Select(b.Rows[0])
	if got, want := b.OpenName(b.Rows[0]), dir+":"+vfstest.FrogMember; got != want {
		t.Errorf("the row opens as %q, want the data folder's merged file %q", got, want)
	}
	s := viewer.NewState(formats.Open, formats.Options{})
	first, last := b.VersionName(b.Versions[0]), b.VersionName(b.Versions[2])
	if !s.Open([]string{first}) || !s.OpenB([]string{last}) {
		t.Fatalf("opening the versions: %v", s.LastError())
	}
	if s.Scene.Files[0] != first || s.SceneB.Files[0] != last {
		t.Errorf("A %v, B %v", s.Scene.Files, s.SceneB.Files)
	}
	s.SetClip(1) // Walk
	fm := s.FallbackMap()
	if fm == nil {
		t.Fatal("no fallback map in compare mode")
	}
	var differing []string
	for r := 0; r < fm.Rows; r++ {
		for c := 0; c < fm.Cols; c++ {
			if fm.Diffs[r*fm.Cols+c]&anim.DiffKey != 0 {
				differing = append(differing, fm.Labels[r])
				break
			}
		}
	}
	if len(differing) != 1 || !strings.Contains(differing[0], "Bone3") {
		t.Errorf("rows whose keys differ: %q, want the jaw (Bone3) alone", differing)
	}
}

// TestAssetBrowserVersionsWindow builds UI frames (no GL): a model with three
// versions draws the versions list (more vertices) where a file with one
// version draws none.
func TestAssetBrowserVersionsWindow(t *testing.T) {
	defer newUIContext(t)()
	s := viewer.NewState(formats.Open, formats.Options{})
	u := &UI{S: s, Scale: 1}
	u.assets = viewer.NewAssetBrowser("", formats.Options{})
	u.showAssets = true
	if err := u.assets.Open(frogPatches(t)); err != nil {
		t.Fatal(err)
	}
	defer u.assets.Close()
	verts := func(query string) int {
		u.assets.SetQuery(query)
		u.assets.Select(u.assets.Rows[0])
		uiFrame(u)
		n := 0
		for _, l := range uiFrame(u).CommandLists() {
			_, k := l.VertexBuffer()
			n += k
		}
		return n
	}
	one, three := verts("readme"), verts("frog.m2")
	if three <= one {
		t.Errorf("vertex bytes with one version %d, with three %d: the versions list is not drawn", one, three)
	}
}
