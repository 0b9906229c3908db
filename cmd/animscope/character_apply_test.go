package main

import (
	"flag"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"animscope/formats"
	"animscope/formats/m2"
	"animscope/formats/texture"
	"animscope/formats/wowchar/wowchartest"
)

// TestCharacterApply: a character opened from the fixture's data folder is
// dressed by its tables as render, shot and export dress it: the default
// customisation shows hair geoset 2 and the facial XX01s; --character hair=2
// switches to geoset 5 and the style-2 hair texture; the body slot holds the
// composited skin (the torso region blue, the base skin elsewhere); an
// explicit --texture body=FILE and --geosets win over the tables.
func TestCharacterApply(t *testing.T) {
	folder, err := wowchartest.WriteDataFolder(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	model := filepath.Join(folder, "common.MPQ") + ":" + wowchartest.ModelPath
	open := func(args ...string) *formats.Asset {
		t.Helper()
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		var c characterFlags
		c.register(fs)
		if err := fs.Parse(args); err != nil {
			t.Fatal(err)
		}
		if err := c.check(); err != nil {
			t.Fatal(err)
		}
		a, err := formats.Open([]string{model}, formats.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if err := c.apply(a); err != nil {
			t.Fatal(err)
		}
		return a
	}
	shown := func(a *formats.Asset) (ids []int) {
		for _, m := range a.Meshes {
			if !m.Hidden && m.Group > 0 && m.Group < 400 {
				ids = append(ids, m.Group)
			}
		}
		return ids
	}
	slot := func(a *formats.Asset, typ int) string {
		for _, s := range formats.SlotsOf(a) {
			if s.Type == typ {
				return s.File
			}
		}
		return ""
	}
	pixel := func(file string, x, y int) [4]uint8 {
		t.Helper()
		tx, err := texture.Read(file)
		if err != nil {
			t.Fatalf("slot file %s: %v", file, err)
		}
		img, err := tx.Mip(0)
		if err != nil {
			t.Fatal(err)
		}
		c := img.NRGBAAt(x, y)
		return [4]uint8{c.R, c.G, c.B, c.A}
	}
	for _, c := range []struct {
		args  []string
		ids   string
		hairC [4]uint8
	}{
		{nil, "[2 101 201 301]", [4]uint8{120, 80, 10, 255}},
		{[]string{"--character", "hair=2"}, "[5 101 201 301]", [4]uint8{10, 80, 120, 255}},
		{[]string{"--character", "facial=1,hair=1"}, "[1 102 203 304]", [4]uint8{120, 80, 10, 255}},
	} {
		a := open(c.args...)
		if got := fmtInts(shown(a)); got != c.ids {
			t.Errorf("%v: geosets shown %s, want %s", c.args, got, c.ids)
		}
		body, hair := slot(a, m2.TextureBody), slot(a, m2.TextureHair)
		if body == "" || hair == "" {
			t.Fatalf("%v: slots body %q hair %q", c.args, body, hair)
		}
		if got := pixel(body, 200, 10); got != [4]uint8{0, 0, 250, 255} {
			t.Errorf("%v: body torso pixel %v, want the torso's blue", c.args, got)
		}
		if got := pixel(body, 10, 10); got != [4]uint8{10, 20, 30, 255} {
			t.Errorf("%v: body base pixel %v, want skin 0", c.args, got)
		}
		if got := pixel(hair, 1, 1); got != c.hairC {
			t.Errorf("%v: hair pixel %v, want %v", c.args, got, c.hairC)
		}
	}
	// The user's flags win.
	own := filepath.Join(folder, "common.MPQ") + `:Character\Scourge\Female\ScourgeFemaleSkin00_01.blp`
	a := open("--character", "hair=2", "--geosets", "0,2", "--texture", "body="+own)
	if got := fmtInts(shown(a)); got != "[2]" {
		t.Errorf("--geosets 0,2 with --character: shown %s, want [2]", got)
	}
	if got := slot(a, m2.TextureBody); got != own {
		t.Errorf("--texture body: slot %q, want %q", got, own)
	}
	if strings.Contains(slot(a, m2.TextureHair), "Hair00") {
		t.Errorf("hair slot %q", slot(a, m2.TextureHair))
	}
}

func fmtInts(v []int) string {
	parts := make([]string, len(v))
	for i, n := range v {
		parts[i] = fmt.Sprint(n)
	}
	return "[" + strings.Join(parts, " ") + "]"
}
