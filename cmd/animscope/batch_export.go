package main

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"

	"animscope/formats"
	"animscope/formats/gltf"
	"animscope/formats/vfs"
)

// batchExport writes each model of a mount as DIR/<its path>.glb: the member's
// path with its extension replaced. Two members whose outputs would be one file
// (x.m2 and x.ans both make x.glb; names compare in any case, as on a disk that
// folds case) keep their extensions instead (x.m2.glb, x.ans.glb), so that no
// export overwrites another and the names stay predictable from the mount alone.
// Where even the full names meet (case twins T.m2 and t.m2), each of them fails
// with an error naming the other, and nothing is written for them.
type batchExport struct {
	root    string // the output folder, symbolic links resolved
	eo      gltf.ExportOptions
	targets map[string]string // member path → output path relative to root
	clashes map[string]error  // member path → why it is not written (its output is another's too)
	guard   *inputGuard       // the mount's files (see extract)
}

// plan chooses every entry's output name before any is written (see batchExport).
// name is how an entry is named in an error (vfs.Mount.MemberName).
func (x *batchExport) plan(entries []vfs.Entry, name func(vfs.Entry) string) {
	x.targets, x.clashes = map[string]string{}, map[string]error{}
	short := func(p string) string { return strings.TrimSuffix(p, path.Ext(p)) + ".glb" }
	groups := map[string][]vfs.Entry{}
	for _, e := range entries {
		k := strings.ToLower(short(e.Path))
		groups[k] = append(groups[k], e)
	}
	full := map[string][]vfs.Entry{}
	for _, e := range entries {
		name := short(e.Path)
		if len(groups[strings.ToLower(name)]) > 1 {
			name = e.Path + ".glb"
		}
		x.targets[e.Path] = name
		k := strings.ToLower(name)
		full[k] = append(full[k], e)
	}
	for _, es := range full {
		if len(es) < 2 {
			continue
		}
		for i, e := range es {
			x.clashes[e.Path] = fmt.Errorf("%s: its output %s would also be %s's: neither is written (export each by a PATTERN of its own)",
				name(e), x.targets[e.Path], name(es[(i+1)%len(es)]))
		}
	}
}

func newBatchExport(b *batchFlags) (*batchExport, error) {
	if *b.out == "" {
		return nil, usagef("--out DIR is required")
	}
	var eo gltf.ExportOptions
	var err error
	if *b.fps != "" {
		if eo.FPS, err = positive("fps", *b.fps); err != nil {
			return nil, err
		}
	}
	if eo.Scale, err = positive("scale", *b.scale); err != nil {
		return nil, err
	}
	if *b.maxSamples != "" {
		if eo.MaxNodeSamples, err = positiveCount("max-samples", *b.maxSamples); err != nil {
			return nil, err
		}
	}
	eo.BindPose = *b.bindPose
	if err := os.MkdirAll(*b.out, 0o755); err != nil {
		return nil, err
	}
	root, err := filepath.EvalSymlinks(*b.out)
	if err != nil {
		return nil, err
	}
	return &batchExport{root: root, eo: eo}, nil
}

// write exports one decoded file; the target is refused when it would leave the
// output folder or is not a regular file.
func (x *batchExport) write(a *formats.Part, e vfs.Entry) (string, error) {
	if err := x.clashes[e.Path]; err != nil {
		return "", err
	}
	scene, err := formats.Merge([]*formats.Part{a})
	if err != nil {
		return "", err
	}
	name, ok := x.targets[e.Path]
	if !ok {
		name = strings.TrimSuffix(e.Path, path.Ext(e.Path)) + ".glb"
	}
	rel, err := safeRel(name)
	if err != nil {
		return "", err
	}
	target := filepath.Join(x.root, rel)
	if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
		return "", err
	}
	realDir, err := filepath.EvalSymlinks(filepath.Dir(target))
	if err != nil {
		return "", err
	}
	if r, err := filepath.Rel(x.root, realDir); err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		return "", fmt.Errorf("%s leads outside the output folder through a symbolic link: refused", filepath.Dir(target))
	}
	target = filepath.Join(realDir, filepath.Base(target))
	if st, err := os.Lstat(target); err == nil && !st.Mode().IsRegular() {
		return "", fmt.Errorf("%s exists and is not a regular file: refused", target)
	}
	if in, ok := x.guard.input(target); ok {
		return "", fmt.Errorf("%s is an input file (%s); it is never overwritten", target, in)
	}
	eo := x.eo
	eo.Name = strings.TrimSuffix(path.Base(e.Path), path.Ext(e.Path))
	doc, err := gltf.Export(scene, eo)
	if err != nil {
		return "", err
	}
	return target, gltf.WriteFile(target, doc)
}
