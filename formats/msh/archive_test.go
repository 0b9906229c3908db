package msh_test

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"animscope/formats"
	"animscope/formats/msh"
	"animscope/formats/msh/mshtest"
	"animscope/formats/nres"
)

func member(t uint32, name string, data []byte) nres.Entry {
	e := nres.Entry{Type: t, Data: data}
	e.SetName(name)
	return e
}

func writeArchive(t *testing.T, entries ...nres.Entry) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "units.rlb")
	if err := nres.WriteFile(p, nres.Encode(0, entries)); err != nil {
		t.Fatal(err)
	}
	return p
}

func encoded(t *testing.T, m *msh.Model) []byte {
	t.Helper()
	data, err := m.Encode()
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestArchiveMembers(t *testing.T) {
	ex := encoded(t, mshtest.WorkedExample())
	chain := encoded(t, mshtest.NewChain(5, 9))
	tex := member(nres.TypeTexm, "skin.tex", []byte("Texm...."))
	several := writeArchive(t, tex, member(0, "Tank.MSH", ex), member(nres.TypeMESH, "wolf", chain))
	single := writeArchive(t, tex, member(nres.TypeMESH, "BOAT.MSH", chain))
	none := writeArchive(t, tex)

	cases := []struct {
		name      string
		file      string
		nodes     int    // skeleton nodes; 0: no skeleton
		clip      string // clip name
		files     string
		diag      string // an error diagnostic containing this
		errorText string // OpenFile fails with this
	}{
		{"member by name", several + ":tank.msh", 2, "Tank", several + ":tank.msh", "", ""},
		{"MESH-typed member", several + ":WOLF", 5, "wolf", several + ":WOLF", "", ""},
		{"single model member", single, 5, "BOAT", single + ":BOAT.MSH", "", ""},
		{"several models", several, 0, "", "", "holds 2 MSH models: name a member as", ""},
		{"no model", none, 0, "", "", "holds no MSH model", ""},
		{"missing member", several + ":nope.msh", 0, "", "", "", "has no member \"nope.msh\" (models: Tank.MSH, wolf)"},
		{"member not a model", several + ":skin.tex", 0, "", "", "", `:skin.tex: offset 0x0: member "skin.tex" is a Texm texture (animscope texture reads it), not an MSH model`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a, err := formats.OpenFile(c.file, formats.Options{})
			if c.errorText != "" {
				if err == nil || !strings.Contains(err.Error(), c.errorText) {
					t.Fatalf("err = %v, want one containing %q", err, c.errorText)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if c.nodes == 0 {
				d, ok := a.Details.(*msh.ArchiveDetails)
				if a.Skeleton != nil || !ok || len(d.Members) != len(a.Details.(*msh.ArchiveDetails).Members) {
					t.Fatalf("skeleton %v details %T, want none and an archive listing", a.Skeleton, a.Details)
				}
				found := false
				for _, dg := range a.Diagnostics {
					found = found || strings.Contains(dg.Message, c.diag)
				}
				if !found {
					t.Errorf("diagnostics %v, want one containing %q", a.Diagnostics, c.diag)
				}
				return
			}
			if a.Skeleton.Len() != c.nodes || a.Clips[0].Info().Name != c.clip || a.Files[0] != c.files {
				t.Errorf("nodes %d clip %q files %v, want %d %q %q", a.Skeleton.Len(), a.Clips[0].Info().Name, a.Files, c.nodes, c.clip, c.files)
			}
			if d := a.Details.(*msh.Details); d.Member == "" || d.MemberOffset%8 != 0 || d.MemberOffset < 16 {
				t.Errorf("details member %q at %d", d.Member, d.MemberOffset)
			}
		})
	}
}

// TestMemberErrorOffsets: a broken member's error names FILE:MEMBER and an offset
// inside the member.
func TestMemberErrorOffsets(t *testing.T) {
	ex := encoded(t, mshtest.WorkedExample())
	broken := append([]byte(nil), ex...)
	broken[8] = 0xFF // entry_count
	p := writeArchive(t, member(0, "a.msh", ex), member(0, "b.msh", broken))
	_, err := formats.OpenFile(p+":b.msh", formats.Options{})
	var fe *formats.FileError
	if !errors.As(err, &fe) || fe.File != p+":b.msh" || fe.Offset != 8 {
		t.Fatalf("err = %v, want a FileError for %s:b.msh at offset 0x8", err, p)
	}
	// Model-level problems in a member are diagnostics, with member offsets.
	a, _ := nres.Decode("x", ex)
	set16(a, 1, node+6, 9)
	p2 := writeArchive(t, member(0, "c.msh", a.Encode()))
	as, err := formats.OpenFile(p2, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := int64(ent(a, 1).Offset) + node + 6
	for _, d := range as.Diagnostics {
		if d.Severity == formats.Error {
			if d.File != p2+":c.msh" || d.Offset != want {
				t.Errorf("diagnostic %v, want file %s:c.msh offset 0x%x", d, p2, want)
			}
			return
		}
	}
	t.Errorf("no error diagnostic in %v", as.Diagnostics)
}

func TestOpenDataDemoName(t *testing.T) {
	data := encoded(t, mshtest.WorkedExample())
	a, err := formats.OpenData("example.msh", data, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !a.ConjugatedRotation || a.UpAxis != formats.UpZ || a.Family != "msh" {
		t.Errorf("asset flags %v %v %q", a.ConjugatedRotation, a.UpAxis, a.Family)
	}
	if a.Skeleton.Names[0] != "static" || a.Skeleton.Parents[1] != 0 || a.Skeleton.Parents[0] != -1 {
		t.Errorf("skeleton %v %v", a.Skeleton.Names, a.Skeleton.Parents)
	}
	if len(a.Meshes) != 1 || a.Meshes[0].Node != 1 || len(a.Meshes[0].Indices) != 36 || len(a.Meshes[0].Normals) != 24 {
		t.Errorf("meshes %+v", a.Meshes)
	}
	for _, bad := range []formats.Options{{Readings: map[string]string{"rounding": "nearest"}}, {Readings: map[string]string{"quat-order": "zyxw"}}} {
		if _, err := formats.OpenData("example.msh", data, bad); err == nil {
			t.Errorf("options %+v accepted", bad)
		}
	}
}

// TestMeshesMatchParts: the default slot meshes are the model's parts, vertex for
// vertex and index for index.
func TestMeshesMatchParts(t *testing.T) {
	m := mshtest.NewChain(7, 5)
	a := openModel(t, "c.msh", m, formats.Options{})
	if len(a.Meshes) != 7 {
		t.Fatalf("%d meshes, want 7", len(a.Meshes))
	}
	for _, me := range a.Meshes {
		p := m.Nodes[me.Node].Parts[0]
		if len(me.Positions) != len(p.Positions) || len(me.Indices) != len(p.Indices) || me.Name != m.Nodes[me.Node].Name {
			t.Fatalf("node %d: mesh %q of %d vertices / %d indices, want %q %d / %d", me.Node, me.Name, len(me.Positions), len(me.Indices), m.Nodes[me.Node].Name, len(p.Positions), len(p.Indices))
		}
		for i, ix := range me.Indices {
			if me.Positions[ix] != p.Positions[p.Indices[i]] {
				t.Fatalf("node %d index %d: vertex %v, want %v", me.Node, i, me.Positions[ix], p.Positions[p.Indices[i]])
			}
			if me.Normals[ix] != p.Normals[p.Indices[i]] {
				t.Fatalf("node %d index %d: normal %v, want %v", me.Node, i, me.Normals[ix], p.Normals[p.Indices[i]])
			}
		}
	}
}
