package gui

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"animscope/formats"
	"animscope/formats/mpq"
	"animscope/formats/mpq/mpqtest"
	"animscope/formats/msh/mshtest"
	"animscope/viewer"
	"animscope/viewer/viewertest"
)

// syntheticArchive writes an MPQ of two MSH models, a texture and a sound under
// game-like paths.
func syntheticArchive(t testing.TB) string {
	chain, err := mshtest.NewChain(4, 6).Encode()
	if err != nil {
		t.Fatal(err)
	}
	tree, err := mshtest.NewChain(2, 3).Encode()
	if err != nil {
		t.Fatal(err)
	}
	data, err := mpqtest.Build([]mpqtest.File{
		{Name: `Creature\Chain\Chain.msh`, Data: chain, Comp: mpq.CompZlib},
		{Name: `Creature\Chain\ChainSkin.blp`, Data: []byte("BLP2 not a real texture")},
		{Name: `World\Tree.msh`, Data: tree, Encrypt: true},
		{Name: `Sound\Chain.wav`, Data: make([]byte, 1000)},
	}, mpqtest.Options{Listfile: true})
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "assets.mpq")
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func browserText(b *viewer.AssetBrowser, title string) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "== %s (dir %q, query %q, family %q)\n", title, b.Dir, b.Query, b.Family)
	for _, r := range b.Rows {
		if r.Dir {
			fmt.Fprintf(&sb, "  %s\n", r.Name)
		} else {
			fmt.Fprintf(&sb, "  %-40s %8d\n", r.Name, r.Size)
		}
	}
	if b.Selected != "" {
		fmt.Fprintf(&sb, "  selected: %s\n", strings.ReplaceAll(b.Info, "\n", "\n            "))
	}
	return sb.String()
}

// TestAssetBrowserGolden walks the browser through a synthetic archive — the
// tree, a folder, a flat search, the family filter, a selection — and compares
// what it shows with testdata/assets_browser.golden (-update rewrites it).
func TestAssetBrowserGolden(t *testing.T) {
	arc := syntheticArchive(t)
	b := viewer.NewAssetBrowser(filepath.Join(t.TempDir(), "mounts.json"), formats.Options{})
	if err := b.Open(arc); err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	var out strings.Builder
	out.WriteString(browserText(b, "root"))
	b.Enter(b.Rows[0]) // Creature/
	b.Enter(b.Rows[0]) // Chain/
	out.WriteString(browserText(b, "Creature/Chain"))
	b.Enter(b.Rows[0]) // Chain.msh: selected and described
	out.WriteString(browserText(b, "select Chain.msh"))
	b.Up()
	b.Selected = ""
	b.SetQuery("chain")
	out.WriteString(browserText(b, "search chain"))
	b.Family = "msh"
	b.SetQuery("*")
	out.WriteString(browserText(b, "search * among msh"))
	b.Enter(b.Rows[1]) // World/Tree.msh, encrypted in the archive
	out.WriteString(browserText(b, "select World/Tree.msh"))

	golden := filepath.Join("testdata", "assets_browser.golden")
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
	if name := b.OpenName(b.Rows[1]); name != arc+":World/Tree.msh" {
		t.Errorf("opens as %q", name)
	}
}

// TestAssetBrowserRecentAndOpen: mounts are remembered, and a double-clicked row
// opens as the scene (and as compare mode's B) through its ARCHIVE:MEMBER name.
func TestAssetBrowserRecentAndOpen(t *testing.T) {
	arc := syntheticArchive(t)
	recent := filepath.Join(t.TempDir(), "mounts.json")
	b := viewer.NewAssetBrowser(recent, formats.Options{})
	if err := b.Open(arc); err != nil {
		t.Fatal(err)
	}
	b.Close()
	if err := b.Open(filepath.Join(t.TempDir(), "missing.mpq")); err == nil || b.Err == "" {
		t.Error("mounting a missing file gives no error")
	}
	again := viewer.NewAssetBrowser(recent, formats.Options{})
	if len(again.Recent.Items) != 1 || !strings.HasSuffix(again.Recent.Items[0][0], "assets.mpq") {
		t.Errorf("recent mounts %v, want the archive", again.Recent.Items)
	}
	if err := again.Open(arc); err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	again.SetQuery("chain.msh")
	s := viewer.NewState(formats.Open, formats.Options{})
	if !s.Open([]string{again.OpenName(again.Rows[0])}) || s.Scene == nil || s.Scene.Skel.Len() != 4 {
		t.Fatalf("opening %s from the archive failed", again.OpenName(again.Rows[0]))
	}
	again.SetQuery("tree.msh")
	if !s.OpenB([]string{again.OpenName(again.Rows[0])}) || s.SceneB == nil {
		t.Fatal("opening as B failed")
	}
}

// TestAssetBrowserWindow builds UI frames with the browser open (no GL): the
// window adds its own draw list and more vertices once an archive is mounted and
// a file selected.
func TestAssetBrowserWindow(t *testing.T) {
	defer newUIContext(t)()
	s := viewer.NewState(viewertest.FakeLoader, formats.Options{})
	s.Open([]string{"good"})
	u := &UI{S: s, Scale: 1}
	measure := func() (lists, verts int) {
		uiFrame(u) // a new window is laid out on its first frame and drawn on the next
		for _, l := range uiFrame(u).CommandLists() {
			lists++
			_, n := l.VertexBuffer()
			verts += n
		}
		return
	}
	baseLists, baseVerts := measure()
	u.assets = viewer.NewAssetBrowser("", formats.Options{})
	u.showAssets = true
	emptyLists, emptyVerts := measure()
	if err := u.assets.Open(syntheticArchive(t)); err != nil {
		t.Fatal(err)
	}
	defer u.assets.Close()
	u.assets.SetQuery("chain")
	u.assets.Select(u.assets.Rows[0])
	fullLists, fullVerts := measure()
	if emptyLists <= baseLists || fullVerts <= emptyVerts || emptyVerts <= baseVerts {
		t.Errorf("draw lists %d/%d/%d and vertex bytes %d/%d/%d without the browser, empty, mounted",
			baseLists, emptyLists, fullLists, baseVerts, emptyVerts, fullVerts)
	}
}
