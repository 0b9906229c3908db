package formats

import (
	"reflect"
	"testing"

	"animscope/anim"
)

// meshBinder binds n meshes and offers materials for them (MeshMaterials).
type meshBinder struct {
	n    int
	mats []Material
}

func (b meshBinder) Bind(*anim.Skeleton) ([]Mesh, []Diagnostic) { return make([]Mesh, b.n), nil }
func (b meshBinder) MeshMaterials() []Material                  { return b.mats }

// TestMergeBoundMaterials: the materials of bound meshes join the scene with
// their Mesh counted from where the binder's meshes landed (after the base's
// own meshes and earlier binders'); an out-of-range Mesh is dropped; a base that
// has Materials keeps its own.
func TestMergeBoundMaterials(t *testing.T) {
	skel := &anim.Skeleton{Names: []string{"root"}, Parents: []int32{-1}}
	base := func(meshes int) *Part {
		return &Part{Asset: Asset{Files: []string{"x.skt"}, Skeleton: skel, Meshes: make([]Mesh, meshes)}}
	}
	mesh := func(name string, b meshBinder) *Part {
		return &Part{Asset: Asset{Files: []string{name}}, MeshBinders: []MeshBinder{b}}
	}
	a := meshBinder{n: 2, mats: []Material{{Mesh: 1, TextureRef: "a1"}, {Mesh: 2, TextureRef: "out of range"}}}
	b := meshBinder{n: 3, mats: []Material{{Mesh: 0, TextureRef: "b0"}, {Mesh: 2, TextureRef: "b2"}}}
	scene, err := Merge([]*Part{base(4), mesh("a.mgn", a), mesh("b.mgn", b)})
	if err != nil {
		t.Fatal(err)
	}
	want := []Material{{Mesh: 5, TextureRef: "a1"}, {Mesh: 6, TextureRef: "b0"}, {Mesh: 8, TextureRef: "b2"}}
	if len(scene.Meshes) != 9 || scene.Materials == nil || !reflect.DeepEqual(scene.Materials.Materials(), want) {
		t.Fatalf("%d meshes, materials %+v; want 9 and %+v", len(scene.Meshes), scene.Materials, want)
	}
	own := StaticMaterials{{Mesh: 0, TextureRef: "own"}}
	p := base(1)
	p.Materials = own
	scene, err = Merge([]*Part{p, mesh("a.mgn", a)})
	if err != nil {
		t.Fatal(err)
	}
	if got := scene.Materials.Materials(); !reflect.DeepEqual(got, []Material(own)) {
		t.Errorf("base with materials: got %+v", got)
	}
	if err := own.UseSkin("x.blp"); err == nil {
		t.Errorf("StaticMaterials.UseSkin accepted a skin")
	}
}
