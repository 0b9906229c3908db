package swg_test

import (
	"animscope/formats/swg"
	"animscope/formats/swg/swgtest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"animscope/formats"
	"animscope/formats/iff"
	"animscope/formats/samples"

	"github.com/go-gl/mathgl/mgl32"
)

// walkLayout checks the blocks of a form against its layout: order, required
// blocks, and every chunk read through its fields to the last byte.
func walkLayout(t *testing.T, file string, f *swg.FormLayout, n iff.Node, path string) {
	t.Helper()
	refs := make([]swg.KidRef, len(n.Kids))
	for i, k := range n.Kids {
		refs[i] = swg.KidRef{Form: k.IsForm(), ID: k.ID()}
	}
	issues, matched := swg.CheckOrder(f, refs)
	for _, is := range issues {
		if is.Missing != nil {
			t.Errorf("%s: %s: %s is missing", file, path, is.Missing.ID())
		} else {
			t.Errorf("%s: %s: %s is not in the layout here", file, path, n.Kids[is.At].String())
		}
	}
	for i, k := range n.Kids {
		b := matched[i]
		if b == nil {
			continue
		}
		p := path + "/" + k.ID()
		if b.IsForm() {
			walkLayout(t, file, b.Form, k, p)
			continue
		}
		if _, err := swg.ReadFields(b.Chunk.Fields, k.Data); err != nil {
			t.Errorf("%s: %s (offset 0x%x): %v", file, p, k.Off, err)
		}
	}
}

func checkFileLayout(t *testing.T, file string, data []byte) {
	t.Helper()
	nodes, err := iff.Parse(file, data)
	if err != nil {
		t.Fatal(err)
	}
	if len(nodes) != 1 || !nodes[0].IsForm() {
		t.Fatalf("%s: want one top FORM, got %d blocks", file, len(nodes))
	}
	top := swg.TopLayout(nodes[0].Name)
	if top == nil {
		t.Fatalf("%s: no layout for FORM %s", file, nodes[0].Name)
	}
	walkLayout(t, file, top, nodes[0], nodes[0].Name)
}

// TestLayoutsMatchDecoders: every file the encoders write (and every SWG sample,
// when present) fits the layout tables exactly — the tables describe what the
// decoders read.
func TestLayoutsMatchDecoders(t *testing.T) {
	files, refs := seedFiles(t)
	for name, data := range files {
		checkFileLayout(t, name, data)
	}
	for name, data := range refs {
		checkFileLayout(t, name, data)
	}
	ex := workedExample()
	lod1 := &swg.SkeletonTemplate{Version: "0001", Names: ex.Names[:2], Parents: ex.Parents[:2], RPRE: ex.RPRE[:2],
		RPST: ex.RPST[:2], BPTR: ex.BPTR[:2], BPRO: ex.BPRO[:2], JROR: ex.JROR[:2]}
	slod, err := swgtest.EncodeSLOD([]swgtest.SLODEntry{{T: ex}, {T: lod1}, {Name: "appearance/skeleton/other.skt"}})
	if err != nil {
		t.Fatal(err)
	}
	checkFileLayout(t, "slod-0001-0002-name", slod)
	for _, v := range []string{"0002", "0003", "0004"} {
		m := synthMesh([]string{"root", "spine", "head"}, "appearance/skeleton/s.skt")
		m.Version = v
		if v != "0002" {
			m.Hardpoints = []swg.Hardpoint{{Name: "hp", Parent: "root", Rotation: mgl32.QuatIdent(), Position: mgl32.Vec3{0, 1, 0}},
				{Name: "dyn", Parent: "head", Dynamic: true, Rotation: mgl32.QuatIdent()}}
		}
		data := mustEncodeMesh(t, m)
		if _, err := swg.DecodeData("skmg-"+v+".mgn", data, formats.Options{}, map[string][]byte{}); err != nil {
			t.Fatalf("SKMG %s: %v", v, err)
		}
		checkFileLayout(t, "skmg-"+v, data)
	}
}

func TestLayoutsMatchSamples(t *testing.T) {
	dir := samples.Dir(t, "swg")
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range ents {
		ext := strings.ToLower(filepath.Ext(e.Name()))
		if e.IsDir() || !strings.Contains(".skt.ans.mgn.lmg.sat", ext) || ext == "" {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		checkFileLayout(t, e.Name(), data)
		n++
	}
	if n == 0 {
		t.Fatal("no SWG sample found")
	}
}

// TestCheckOrder: missing required blocks and blocks out of place are found.
func TestCheckOrder(t *testing.T) {
	v2 := swg.TopLayout("SKTM").Find(true, "0002").Form
	ids := func(s ...string) []swg.KidRef {
		var out []swg.KidRef
		for _, x := range s {
			out = append(out, swg.KidRef{ID: x})
		}
		return out
	}
	for _, c := range []struct {
		name string
		kids []swg.KidRef
		want []string // "missing ID @ i" or "unexpected @ i"
	}{
		{"complete", ids("INFO", "NAME", "PRNT", "RPRE", "RPST", "BPTR", "BPRO", "JROR"), nil},
		{"no BPRO", ids("INFO", "NAME", "PRNT", "RPRE", "RPST", "BPTR", "JROR"), []string{"missing BPRO @ 6"}},
		{"no JROR at the end", ids("INFO", "NAME", "PRNT", "RPRE", "RPST", "BPTR", "BPRO"), []string{"missing JROR @ 7"}},
		{"unknown chunk", ids("INFO", "NAME", "PRNT", "RPRE", "RPST", "BPTR", "BPRO", "XXXX", "JROR"), []string{"unexpected @ 7"}},
	} {
		issues, _ := swg.CheckOrder(v2, c.kids)
		var got []string
		for _, is := range issues {
			if is.Missing != nil {
				got = append(got, "missing "+is.Missing.ID()+" @ "+itoa(is.At))
			} else {
				got = append(got, "unexpected @ "+itoa(is.At))
			}
		}
		if strings.Join(got, "; ") != strings.Join(c.want, "; ") {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}

func itoa(i int) string { return strconv.Itoa(i) }
