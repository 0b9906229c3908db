package vfs_test

import (
	"os"
	"path/filepath"
	"testing"

	"animscope/formats"
	"animscope/formats/nres"
)

// TestReadMemberNRes: an NRes member's bytes are read through the archive's
// registered kind like any archive's (case-insensitively, as the engine finds
// it), and a member the archive lacks is refused in NRes's own words.
func TestReadMemberNRes(t *testing.T) {
	var e nres.Entry
	e.Type, e.Data = nres.TypeTexm, []byte("texm bytes")
	e.SetName("BODY.TEX")
	p := filepath.Join(t.TempDir(), "tank.rlb")
	if err := os.WriteFile(p, nres.Encode(nres.Version, []nres.Entry{e}), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, err := formats.ReadMember(p + ":body.tex"); err != nil || string(got) != "texm bytes" {
		t.Errorf("ReadMember(%s:body.tex) = %q, %v; want \"texm bytes\"", p, got, err)
	}
	_, err := formats.ReadMember(p + ":NOPE.TEX")
	if want := p + `: the archive has no member "NOPE.TEX"`; err == nil || err.Error() != want {
		t.Errorf("ReadMember of a missing member: %v, want %s", err, want)
	}
}
