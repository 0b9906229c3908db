package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"animscope/formats/msh"
	"animscope/formats/msh/mshtest"
	"animscope/formats/nres"
)

func archiveMember(t *testing.T, typ uint32, name string, m *msh.Model) nres.Entry {
	t.Helper()
	data, err := m.Encode()
	if err != nil {
		t.Fatal(err)
	}
	e := nres.Entry{Type: typ, Data: data}
	e.SetName(name)
	return e
}

// TestInspectOuterArchive: an outer NRes archive with several models lists its
// members, and a member opens as ARCHIVE:MEMBER.
func TestInspectOuterArchive(t *testing.T) {
	p := filepath.Join(t.TempDir(), "units.rlb")
	data := nres.Encode(0, []nres.Entry{
		archiveMember(t, 0, "TANK.msh", mshtest.WorkedExample()),
		archiveMember(t, nres.TypeMESH, "wolf.msh", mshtest.NewChain(4, 6)),
	})
	if err := nres.WriteFile(p, data); err != nil {
		t.Fatal(err)
	}
	code, out, stderr := runCLI("inspect", p)
	if code != exitOK || !strings.Contains(out, "TANK.msh") || !strings.Contains(out, "wolf.msh") {
		t.Errorf("inspect archive: exit %d, output lacks the members:\n%s\n%s", code, out, stderr)
	}
	code, out, stderr = runCLI("inspect", "--json", p+":wolf.msh")
	var got struct {
		Nodes []json.RawMessage `json:"nodes"`
		Clips []struct {
			Name string `json:"name"`
		} `json:"clips"`
	}
	if code != exitOK || json.Unmarshal([]byte(out), &got) != nil || len(got.Nodes) != 4 || len(got.Clips) != 1 || got.Clips[0].Name != "wolf" {
		t.Errorf("inspect member: exit %d, %d nodes, clips %v; want 4 nodes and clip wolf (%s)", code, len(got.Nodes), got.Clips, stderr)
	}
	if code, _, _ := runCLI("sample", p+":TANK.msh", "--t", "2"); code != exitOK {
		t.Errorf("sample of a member: exit %d, want 0", code)
	}
	// validate checks every model member; the archive itself is valid.
	code, out, stderr = runCLI("validate", p)
	if code != exitOK || !strings.Contains(out, p+": valid") {
		t.Errorf("validate archive: exit %d, output %q, stderr %q", code, out, stderr)
	}
	// A scene must name one member; the error says how.
	code, _, stderr = runCLI("sample", p)
	if code != exitInvalid || !strings.Contains(stderr, "name a member as") {
		t.Errorf("sample of the whole archive: exit %d, stderr %q; want 1 and how to name a member", code, stderr)
	}
}
