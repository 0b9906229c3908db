package gltf

import (
	"os"
	"path/filepath"
	"testing"

	"animscope/formats"
	"animscope/formats/m2/m2test"
)

// TestExportAttached: a synthetic character with an item attached at
// HandRight exports as one armature, the item's nodes under the point node
// under the hand bone's; the file passes the Khronos validator (when
// ANIMSCOPE_NODE_MODULES holds it) and its joints and skinned vertices match the
// sampled pose (LocalToModel of the attached scene: what `sample` prints) at
// every exported sample, within 1e-5.
func TestExportAttached(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, m *m2test.Model) string {
		data, skin := m.Encode()
		p := filepath.Join(dir, name+".m2")
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if skin != nil {
			if err := os.WriteFile(filepath.Join(dir, name+"00.skin"), skin, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return p
	}
	ch := m2test.NewModel(264)
	ch.Attachments = []m2test.Attachment{{ID: 1, Bone: 0, Position: [3]float32{1, 0.5, 0}}}
	character, item := write("Character", ch), write("Axe", m2test.NewModel(272))
	a, err := formats.Open([]string{character}, formats.Options{Attach: []formats.AttachSpec{{Point: "HandRight", Files: []string{item}}}})
	if err != nil {
		t.Fatal(err)
	}
	point := a.Skeleton.Find("Attach_HandRight")
	hand := int(a.Skeleton.Parents[point])
	if a.Skeleton.FileIndexOf(hand) != 0 {
		t.Fatalf("the point hangs on node %d (file bone %d), want bone 0", hand, a.Skeleton.FileIndexOf(hand))
	}
	e, ev := checkExport(t, exportCase{name: "attached", scene: func() *formats.Asset { return a }, axes: axesZUp})
	t.Logf("attached: %d samples: max error joint %.3g, linear %.3g, vertex %.3g", e.samples, e.joint, e.linear, e.vertex)
	if !(e.joint <= 1e-5) || !(e.vertex <= 1e-5) || e.samples == 0 {
		t.Errorf("max joint error %.3g, vertex %.3g over %d samples; want <= 1e-5", e.joint, e.vertex, e.samples)
	}
	// The item's nodes sit under the point's node, which sits under the hand's.
	doc := ev.doc
	parent := map[int]int{}
	for i, n := range doc.Nodes {
		for _, c := range n.Children {
			parent[c] = i
		}
	}
	byName := map[string]int{}
	for i, n := range doc.Nodes {
		byName[n.Name] = i
	}
	pn, ok := byName["Attach_HandRight"]
	if !ok {
		t.Fatal("no glTF node Attach_HandRight")
	}
	handName := a.Skeleton.Names[hand]
	if hn, ok := byName[handName]; !ok || !isAncestor(parent, hn, pn) {
		t.Errorf("Attach_HandRight (node %d) is not under %s", pn, handName)
	}
	itemRoot := "Axe.m2:" + a.Skeleton.Names[point+1][len("Axe.m2:"):]
	if in, ok := byName[itemRoot]; !ok || !isAncestor(parent, pn, in) {
		t.Errorf("the item's first node %q is not under Attach_HandRight", itemRoot)
	}
}

func isAncestor(parent map[int]int, anc, n int) bool {
	for steps := 0; steps < 1000; steps++ {
		p, ok := parent[n]
		if !ok {
			return false
		}
		if p == anc {
			return true
		}
		n = p
	}
	return false
}
