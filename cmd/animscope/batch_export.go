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

// batchExport writes each model of a mount as DIR/<its path>.glb.
type batchExport struct {
	root  string // the output folder, symbolic links resolved
	eo    gltf.ExportOptions
	guard *inputGuard // the mount's files (see extract)
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
	scene, err := formats.Merge([]*formats.Part{a})
	if err != nil {
		return "", err
	}
	rel, err := safeRel(strings.TrimSuffix(e.Path, path.Ext(e.Path)) + ".glb")
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
