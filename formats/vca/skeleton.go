package vca

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"strings"

	"animscope/anim"
	"animscope/formats"

	"github.com/go-gl/mathgl/mgl32"
)

// JSONBone is one node of a VoxelCore JSON skeleton.
type JSONBone struct {
	Name   string     `json:"name"`
	Model  string     `json:"model"`
	Offset []float64  `json:"offset"`
	Nodes  []JSONBone `json:"nodes"`
}

// SkeletonJSON is a parsed skeleton with its bones' model names (index order).
type SkeletonJSON struct {
	Skeleton *anim.Skeleton
	Models   []string
}

// jsonError turns an encoding/json error into a FileError at a line and column.
func jsonError(file string, data []byte, err error) error {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	off := int64(-1)
	switch {
	case errors.As(err, &se):
		off = se.Offset
	case errors.As(err, &te):
		off = te.Offset
	}
	if off >= 0 {
		l, c := LineCol(data, int(off))
		return formats.LineErrorf(file, l, c, "%v", err)
	}
	return formats.LineErrorf(file, 1, 1, "%v", err)
}

// ParseSkeletonJSON reads a JSON skeleton: bones in depth-first pre-order, the
// root at 0; offsets relative to the parent; no rotation or scale.
func ParseSkeletonJSON(file string, data []byte) (*SkeletonJSON, error) {
	var doc struct {
		Root *JSONBone `json:"root"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, jsonError(file, data, err)
	}
	if doc.Root == nil {
		return nil, formats.LineErrorf(file, 1, 1, "no \"root\" node: not a skeleton")
	}
	out := &SkeletonJSON{Skeleton: &anim.Skeleton{}}
	var walk func(b *JSONBone, parent int) error
	walk = func(b *JSONBone, parent int) error {
		s := out.Skeleton
		idx := s.Len()
		var off mgl32.Vec3
		if b.Offset != nil {
			if len(b.Offset) != 3 {
				return formats.LineErrorf(file, 1, 1, "bone %d (%q): offset has %d numbers, want 3", idx, b.Name, len(b.Offset))
			}
			for i, v := range b.Offset {
				if math.Abs(v) > 1e9 {
					return formats.LineErrorf(file, 1, 1, "bone %d (%q): offset %g is out of range", idx, b.Name, v)
				}
				off[i] = float32(v)
			}
		}
		s.Names = append(s.Names, b.Name)
		s.Parents = append(s.Parents, int32(parent))
		s.Offset = append(s.Offset, off)
		out.Models = append(out.Models, b.Model)
		for i := range b.Nodes {
			if err := walk(&b.Nodes[i], idx); err != nil {
				return err
			}
		}
		return nil
	}
	if err := walk(doc.Root, -1); err != nil {
		return nil, err
	}
	return out, nil
}

// modelRefs are the files a model asset name may live in, relative to the asset
// root (a "pack:" prefix is dropped: models are looked up by name).
func modelRefs(name string) []string {
	if i := strings.Index(name, ":"); i >= 0 {
		name = name[i+1:]
	}
	return []string{"models/" + name + ".vec3", "models/" + name + ".vcm"}
}

// readFirst reads the first of refs that resolves; err is the first ref's error.
// Every ref must have one of exts, the types the caller decodes.
func readFirst(src *formats.Source, from string, refs []string, exts ...string) (string, []byte, error) {
	s := *src
	s.Path = from
	var first error
	for _, r := range refs {
		p, d, err := s.ReadRef(r, exts...)
		if err == nil {
			return p, d, nil
		}
		if first == nil {
			first = err
		}
	}
	return "", nil, first
}

// modelMeshes loads the model named by a skeleton bone, as meshes of node, and
// records their textures in mt.
func modelMeshes(src *formats.Source, from, model string, node int, mt *meshTextures) ([]formats.Mesh, error) {
	p, data, err := readFirst(src, from, modelRefs(model), ".vec3", ".vcm")
	if err != nil {
		return nil, err
	}
	switch {
	case bytes.HasPrefix(data, vec3Magic):
		f, err := ParseVEC3(data)
		if err != nil {
			return nil, vec3Error(p, err)
		}
		vec3Textures(f, p, node, mt)
		return vec3Meshes(f, node), nil
	default:
		m, err := ParseVCMModel(p, data)
		if err != nil {
			return nil, err
		}
		for _, t := range m.Textures {
			mt.add(t, false, p, node)
		}
		return m.squash(node), nil
	}
}

// vec3Textures records the textures of vec3Meshes(f, node), named by file from.
func vec3Textures(f *VEC3, from string, node int, mt *meshTextures) {
	for _, m := range f.Models {
		for _, me := range m.Meshes {
			mat := f.Materials[me.Material] // checked by ParseVEC3
			mt.add(mat.Name, mat.Shadeless, from, node)
		}
	}
}

// setMaterials gives the part the materials of the textures recorded in mt.
func setMaterials(a *formats.Part, mt *meshTextures) {
	ms, ds := newMaterialSet(mt)
	if ms != nil {
		a.Materials = ms
		if d, ok := a.Details.(map[string]any); ok {
			ms.details = d
			d["textures"] = ms.textureUses()
		}
	}
	a.Diagnostics = append(a.Diagnostics, ds...)
}

// skeletonAsset builds the asset of a JSON skeleton at path (data already read),
// loading each bone's model; a model that cannot be found or read is a warning.
func skeletonAsset(src *formats.Source, name, path string, data []byte) (*formats.Part, error) {
	sk, err := ParseSkeletonJSON(name, data)
	if err != nil {
		return nil, err
	}
	a := &formats.Part{Asset: formats.Asset{Files: []string{src.Name}, Family: formats.FamilyVCA, UpAxis: formats.UpY, Skeleton: sk.Skeleton}}
	loaded := 0
	mt := &meshTextures{source: src}
	for i, m := range sk.Models {
		if m == "" {
			continue
		}
		ms, err := modelMeshes(src, path, m, i, mt)
		if err != nil {
			a.Diagnostics = append(a.Diagnostics, formats.Diagnostic{Severity: formats.Warning, File: name, Offset: -1,
				Message: fmt.Sprintf("bone %d (%q): model %q: %v; the bone is drawn without it", i, sk.Skeleton.Names[i], m, err)})
			continue
		}
		loaded++
		a.Meshes = append(a.Meshes, ms...)
	}
	a.Details = map[string]any{"skeleton": name, "bones": sk.Skeleton.Len(), "models": loaded, "meshes": len(a.Meshes)}
	setMaterials(a, mt)
	return a, nil
}

func decodeSkeletonAsset(src *formats.Source) (*formats.Part, error) {
	return skeletonAsset(src, src.Name, src.Path, src.Data)
}

// packOf returns the pack name of a file under <pack>/entities/ (or skeletons/,
// models/), or "".
func packOf(path string) string {
	dir := filepath.Dir(path)
	switch filepath.Base(dir) {
	case "entities", "skeletons", "models":
		return filepath.Base(filepath.Dir(dir))
	}
	return ""
}

// skeletonRefs lists where skeleton "pack:NAME" may live, relative to the asset
// root found from an entity of ownPack.
func skeletonRefs(pack, name, ownPack string) []string {
	file := "skeletons/" + name + ".json"
	var refs []string
	if pack == ownPack || pack == "core" {
		refs = append(refs, file)
	}
	refs = append(refs, pack+"/"+file, "content/"+pack+"/"+file)
	if pack != ownPack && pack != "core" {
		refs = append(refs, file)
	}
	return refs
}

// decodeEntity reads an entity JSON and opens the skeleton it uses: the
// `skeleton-name` (default: the entity's own name, pack:FILE). A name with a
// `pack:` prefix is a JSON skeleton in that pack's skeletons/; without one, a VCM
// model with bones in models/.
func decodeEntity(src *formats.Source) (*formats.Part, error) {
	var doc map[string]json.RawMessage
	if err := json.Unmarshal(src.Data, &doc); err != nil {
		return nil, jsonError(src.Name, src.Data, err)
	}
	ownPack := packOf(src.Path)
	base := strings.TrimSuffix(filepath.Base(src.Path), filepath.Ext(src.Path))
	skel := base
	if ownPack != "" {
		skel = ownPack + ":" + base
	}
	if raw, ok := doc["skeleton-name"]; ok {
		if err := json.Unmarshal(raw, &skel); err != nil {
			return nil, jsonError(src.Name, src.Data, err)
		}
	}
	var a *formats.Part
	if i := strings.Index(skel, ":"); i >= 0 {
		pack, name := skel[:i], skel[i+1:]
		path, data, err := readFirst(src, src.Path, skeletonRefs(pack, name, ownPack), ".json")
		if err != nil {
			return nil, formats.FileErrorf(src.Name, -1, "skeleton %q: %v", skel, err)
		}
		a, err = skeletonAsset(src, path, path, data)
		if err != nil {
			return nil, err
		}
	} else {
		path, data, err := readFirst(src, src.Path, []string{"models/" + skel + ".vcm"}, ".vcm")
		if err != nil {
			return nil, formats.FileErrorf(src.Name, -1, "skeleton %q (a VCM model with bones): %v", skel, err)
		}
		m, err := ParseVCMModel(path, data)
		if err != nil {
			return nil, err
		}
		a = &formats.Part{
			Asset: formats.Asset{
				Family:   formats.FamilyVCA,
				UpAxis:   formats.UpY,
				Skeleton: m.Skeleton,
				Meshes:   m.Meshes,
				Details:  map[string]any{"skeleton": path, "bones": m.Skeleton.Len(), "meshes": len(m.Meshes)},
			},
		}
		mt := &meshTextures{source: src}
		for k, t := range m.Textures {
			mt.add(t, false, path, m.Meshes[k].Node)
		}
		setMaterials(a, mt)
	}
	a.Files = []string{src.Name}
	if d, ok := a.Details.(map[string]any); ok {
		d["entity"] = src.Name
		d["skeleton_name"] = skel
	}
	return a, nil
}

func decodeVEC3Asset(src *formats.Source) (*formats.Part, error) {
	f, err := ParseVEC3(src.Data)
	if err != nil {
		return nil, vec3Error(src.Name, err)
	}
	var mats []string
	for _, m := range f.Materials {
		mats = append(mats, m.Name)
	}
	mt := &meshTextures{source: src}
	vec3Textures(f, src.Path, 0, mt)
	p := &formats.Part{
		Asset: formats.Asset{
			Files:    []string{src.Name},
			Family:   formats.FamilyVCA,
			UpAxis:   formats.UpY,
			Skeleton: &anim.Skeleton{Names: []string{"root"}, Parents: []int32{-1}},
			Meshes:   vec3Meshes(f, 0),
			Details:  map[string]any{"materials": mats, "models": len(f.Models)},
		},
	}
	setMaterials(p, mt)
	return p, nil
}
