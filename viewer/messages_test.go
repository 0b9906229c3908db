package viewer

import (
	"strings"
	"testing"

	"animscope/formats"
	"animscope/viewer/viewertest"
)

func TestCountsAndTabLabel(t *testing.T) {
	e := diag{Severity: formats.Error, Text: "e"}
	w := diag{Severity: formats.Warning, Text: "w"}
	note := diag{Severity: formats.Warning, Text: "opened x", Info: true}
	tests := []struct {
		name      string
		diags     []diag
		wantE     int
		wantW     int
		wantLabel string
	}{
		{"none", nil, 0, 0, "Diagnostics###diag"},
		{"notes are not counted", []diag{note, note}, 0, 0, "Diagnostics###diag"},
		{"one error", []diag{e, note}, 1, 0, "Diagnostics (1 error)###diag"},
		{"two errors", []diag{e, e}, 2, 0, "Diagnostics (2 errors)###diag"},
		{"one warning", []diag{w}, 0, 1, "Diagnostics (1 warning)###diag"},
		{"1 error, 2 warnings", []diag{w, e, note, w}, 1, 2, "Diagnostics (1 error, 2 warnings)###diag"},
		{"3 errors, 1 warning", []diag{e, e, w, e}, 3, 1, "Diagnostics (3 errors, 1 warning)###diag"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ge, gw := CountDiags(tc.diags)
			if ge != tc.wantE || gw != tc.wantW {
				t.Errorf("CountDiags = %d errors, %d warnings; want %d, %d", ge, gw, tc.wantE, tc.wantW)
			}
			s := &State{Diags: tc.diags}
			if got := s.DiagTabLabel(); got != tc.wantLabel {
				t.Errorf("DiagTabLabel = %q, want %q", got, tc.wantLabel)
			}
		})
	}
	// The label follows the counts as lines come and go, and costs nothing while
	// they stay.
	s := &State{}
	s.Diags = append(s.Diags, e)
	if got := s.DiagTabLabel(); got != "Diagnostics (1 error)###diag" {
		t.Errorf("after one error: %q", got)
	}
	s.Diags = append(s.Diags, w, w)
	if got := s.DiagTabLabel(); got != "Diagnostics (1 error, 2 warnings)###diag" {
		t.Errorf("after two warnings: %q", got)
	}
	if n := testing.AllocsPerRun(100, func() { s.DiagTabLabel() }); n != 0 {
		t.Errorf("DiagTabLabel allocates %v times a call with unchanged counts, want 0", n)
	}
}

// warnLoader gives a scene with warnings, or one on a stand-in skeleton.
func warnLoader(files []string, opts formats.Options) (*formats.Asset, error) {
	if len(files) == 1 && files[0] == "warned" {
		a := viewertest.SyntheticAsset(4)
		a.Files = files
		a.Diagnostics = []formats.Diagnostic{
			formats.DiagWarnf("warned", 8, "odd flags"), formats.DiagWarnf("warned", 12, "odd count")}
		return a, nil
	}
	if len(files) == 1 && files[0] == "walk.ans" {
		a := viewertest.SyntheticAsset(4)
		a.Files = files
		a.StandInSkeleton = true
		a.Diagnostics = []formats.Diagnostic{{Severity: formats.Warning, File: "walk.ans", Offset: -1,
			Message: "no skeleton was given: using the stand-in skeleton this file offers"}}
		return a, nil
	}
	return viewertest.FakeLoader(files, opts)
}

// TestBannerOnLoad: every load that says something shows it in the banner, in
// full, with its counts, and writes it to Log; a clean load clears it; Dismiss
// hides it and leaves the diagnostics tab as it was.
func TestBannerOnLoad(t *testing.T) {
	var log strings.Builder
	s := NewState(warnLoader, formats.Options{})
	s.Log = &log
	if !s.Open([]string{"good"}) || s.Banner.Visible() || log.Len() != 0 {
		t.Fatalf("a clean scene: banner %+v, log %q; want none", s.Banner, log.String())
	}
	if !s.Open([]string{"warned"}) {
		t.Fatal(s.LastError())
	}
	b := s.Banner
	if b.Errors != 0 || b.Warnings != 2 || len(b.Lines) != 2 || b.Title != "warned: 2 warnings" {
		t.Errorf("banner %+v; want 2 warnings titled %q", b, "warned: 2 warnings")
	}
	want := "animscope: warning: warned: offset 0x8: odd flags\nanimscope: warning: warned: offset 0xc: odd count\n"
	if log.String() != want {
		t.Errorf("log %q, want %q", log.String(), want)
	}
	log.Reset()
	if s.Open([]string{"bad"}) {
		t.Fatal("bad opened")
	}
	b = s.Banner
	if b.Errors != 1 || b.Warnings != 0 || b.Title != "bad did not open: 1 error" ||
		len(b.Lines) != 1 || b.Lines[0].Text != "bad: offset 0x10: bad magic" {
		t.Errorf("banner %+v; want the decoder's error in full", b)
	}
	if log.String() != "animscope: error: bad: offset 0x10: bad magic\n" {
		t.Errorf("log %q", log.String())
	}
	ndiag := len(s.Diags)
	s.DismissBanner()
	if s.Banner.Visible() || len(s.Diags) != ndiag {
		t.Errorf("after dismiss: banner %+v, %d diagnostics (want none, %d)", s.Banner, len(s.Diags), ndiag)
	}
	if !s.Open([]string{"good"}) || s.Banner.Visible() {
		t.Errorf("a clean load after a failure: banner %+v, want none", s.Banner)
	}
}

// TestStartupBadFileShowsErrorOverDemo: a bad file on the command line opens the
// demo, but the banner keeps the decoder's error in full, says the demo stands in,
// and stderr (Log) has both.
func TestStartupBadFileShowsErrorOverDemo(t *testing.T) {
	var log strings.Builder
	s := NewState(warnLoader, formats.Options{})
	s.Log = &log
	if s.OpenStartup([]string{"bad"}) {
		t.Fatal("OpenStartup(bad) = true")
	}
	if s.Scene == nil || len(s.Scene.Files) != 0 {
		t.Fatalf("scene %v, want the demo", s.Scene)
	}
	b := s.Banner
	if !b.Visible() || b.Errors != 1 || len(b.Lines) != 2 ||
		b.Lines[0].Text != "bad: offset 0x10: bad magic" || !strings.Contains(b.Lines[1].Text, "showing the demo instead") {
		t.Errorf("banner %+v; want the error and the demo note", b)
	}
	if got := s.LastError(); !strings.Contains(got, "bad magic") {
		t.Errorf("diagnostics tab: last error %q", got)
	}
	want := "animscope: error: bad: offset 0x10: bad magic\nanimscope: showing the demo instead\n"
	if log.String() != want {
		t.Errorf("stderr %q, want %q", log.String(), want)
	}
	// Good files open as themselves.
	s2 := NewState(warnLoader, formats.Options{})
	if !s2.OpenStartup([]string{"good"}) || s2.Scene.Name() != "good" || s2.Banner.Visible() {
		t.Errorf("good: scene %v banner %+v", s2.Scene, s2.Banner)
	}
}

// TestStandInSceneIsMarked: the model says when a scene stands on a stand-in
// skeleton, and the load's banner carries its warning.
func TestStandInSceneIsMarked(t *testing.T) {
	s := NewState(warnLoader, formats.Options{})
	if !s.Open([]string{"good"}) || s.Scene.StandIn() {
		t.Fatalf("good: StandIn = %v, want false", s.Scene.StandIn())
	}
	if !s.Open([]string{"walk.ans"}) || !s.Scene.StandIn() {
		t.Fatalf("walk.ans: StandIn = %v, want true", s.Scene.StandIn())
	}
	if s.Banner.Warnings != 1 || !strings.Contains(s.Banner.Lines[0].Text, "stand-in") {
		t.Errorf("banner %+v; want the stand-in warning", s.Banner)
	}
}

// TestBannerFoldsLinesOfOneShape: findings that differ only in their numbers
// (decimal or 0x offsets) are one banner line with a count, in the order each
// shape first appeared; severities and the viewer's own notes never fold
// together; Lines keeps every finding.
func TestBannerFoldsLinesOfOneShape(t *testing.T) {
	w := func(text string) diag { return diag{Severity: formats.Warning, Text: text} }
	e := func(text string) diag { return diag{Severity: formats.Error, Text: text} }
	ds := []diag{
		w("sequence 3 (Stand) keeps its keys in Char0003-00.anim, which cannot be read"),
		w("m.m2: offset 0x1c: odd flags"),
		w("sequence 17 (EmoteWork) keeps its keys in Char0017-01.anim, which cannot be read"),
		e("sequence 4 keeps its keys in Char0004-00.anim, which cannot be read"),
		w("m.m2: offset 0xAB0: odd flags"),
		w("sequence 120 (UseStandingStart) keeps its keys in Char0120-00.anim, which cannot be read"),
		w("m.m2: offset 0x10: odd count"),
		{Severity: formats.Warning, Text: "m.m2: offset 0x1c: odd flags", Info: true},
	}
	got := foldDiags(ds)
	want := []struct {
		text string
		more int
	}{
		{ds[0].Text, 2}, {ds[1].Text, 1}, {ds[3].Text, 0}, {ds[6].Text, 0}, {ds[7].Text, 0},
	}
	if len(got) != len(want) {
		t.Fatalf("folded into %d lines, want %d: %+v", len(got), len(want), got)
	}
	for i, g := range got {
		if g.Text != want[i].text || g.More != want[i].more {
			t.Errorf("line %d: got %q (+%d), want %q (+%d)", i, g.Text, g.More, want[i].text, want[i].more)
		}
	}
	if want := "  ... and 2 more like it (Diagnostics tab)"; got[0].MoreText != want || got[2].MoreText != "" {
		t.Errorf("notes: got %q and %q, want %q and none", got[0].MoreText, got[2].MoreText, want)
	}
	for _, c := range []struct{ in, want string }{
		{"node 12 at 0x4f0 and 0xZ", "node # at # and #xZ"},
		{"v1.2 of 10x10", "v#.# of #x#"},
		{"sequence 62 (EmoteWork) keeps (its keys) in ()", "sequence # (*) keeps (its keys) in ()"},
		{"unclosed (Walk", "unclosed (Walk"},
		{"", ""},
	} {
		if g := diagShape(c.in); g != c.want {
			t.Errorf("diagShape(%q) = %q, want %q", c.in, g, c.want)
		}
	}

	s := NewState(warnLoader, formats.Options{})
	s.announce("m.m2", false, ds[:3])
	if len(s.Banner.Lines) != 3 || len(s.Banner.Shown) != 2 || s.Banner.Shown[0].More != 1 {
		t.Errorf("banner: %d lines, shown %+v; want 3 lines shown as 2, the first with 1 more", len(s.Banner.Lines), s.Banner.Shown)
	}
	s.noteBanner("showing the demo instead")
	if n := len(s.Banner.Shown); n != 3 || !s.Banner.Shown[n-1].Info {
		t.Errorf("after a note: shown %+v; want the note last", s.Banner.Shown)
	}
}

// TestBannerDropsTheTitlesName: the banner's lines do not repeat the file the
// title names; Lines (the Diagnostics tab) keep the whole text.
func TestBannerDropsTheTitlesName(t *testing.T) {
	ds := []diag{
		{Severity: formats.Warning, Text: "dir/m.m2: offset 0x10: odd flag"},
		{Severity: formats.Warning, Text: "dir/other.skin: offset 0x4: short"},
		{Severity: formats.Warning, Text: "dir/m.m2: "},
	}
	s := NewState(warnLoader, formats.Options{})
	s.announce("dir/m.m2", false, ds)
	for i, want := range []string{"offset 0x10: odd flag", "dir/other.skin: offset 0x4: short", "dir/m.m2: "} {
		if got := s.Banner.Shown[i].Text; got != want {
			t.Errorf("shown line %d: got %q, want %q", i, got, want)
		}
		if got := s.Banner.Lines[i].Text; got != ds[i].Text {
			t.Errorf("line %d: got %q, want the whole %q", i, got, ds[i].Text)
		}
	}
}
