package swg

import (
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"animscope/formats"
)

// Types a shader reference and a texture reference may name.
var (
	shaderTypes  = []string{".sht"}
	textureTypes = []string{".dds"}
)

// shaderLookup is what a shader reference led to, read once per scene.
type shaderLookup struct {
	path    string          // the .sht found
	sht     *ShaderTemplate // nil when it could not be read
	err     error           // why not
	texture string          // the MAIN texture's file, as texture.Read reads it ("" when not found)
	texErr  error           // why the MAIN texture was not found
	diags   []formats.Diagnostic
}

// shader reads the shader template from names as ref (once per scene) and finds
// its MAIN texture.
func (r *resolver) shader(from, ref string) *shaderLookup {
	key := strings.ToLower(filepath.ToSlash(ref))
	if l, ok := r.shaders[key]; ok {
		return l
	}
	l := &shaderLookup{}
	if r.shaders == nil {
		r.shaders = map[string]*shaderLookup{}
	}
	r.shaders[key] = l
	p, data, err := r.read(from, ref, shaderTypes)
	if err != nil {
		l.err = err
		return l
	}
	l.path = p
	l.sht, l.diags, l.err = DecodeShaderTemplate(p, data)
	if l.err != nil {
		l.sht = nil
		return l
	}
	if main := l.sht.Main(); main != nil {
		l.texture, l.texErr = r.locate(p, main.Name, textureTypes)
		if l.texErr == nil && r.tree == nil {
			// A folder or a pipe by the texture's name resolves like a file, but
			// texture.Read refuses it: say so here, so that validate and inspect
			// give the verdict export and the viewer reach when they read it.
			if err := regularFile(l.texture); err != nil {
				l.texture, l.texErr = "", err
			}
		}
	}
	return l
}

// regularFile fails unless path is a regular file (after its symbolic links).
func regularFile(path string) error {
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	if !fi.Mode().IsRegular() {
		return fmt.Errorf("%s is not a regular file", path)
	}
	return nil
}

// locate finds the file from names as ref (one of the types exts) and returns a
// name texture.Read reads: the path on disk, or ARCHIVE:MEMBER inside a mounted
// archive. References held in memory (DecodeData) name no file to read.
func (r *resolver) locate(from, ref string, exts []string) (string, error) {
	if err := refuse(ref); err != nil {
		return "", err
	}
	if ext := strings.ToLower(path.Ext(filepath.ToSlash(ref))); !slices.Contains(exts, ext) {
		return "", fmt.Errorf("%q is not a %s file: refused", ref, strings.Join(exts, " or "))
	}
	switch {
	case r.tree != nil:
		if r.archive == "" {
			return "", fmt.Errorf("%q: the archive the scene comes from has no name to read it by", ref)
		}
		p, err := formats.ResolveTreeRef(r.tree, from, ref, r.root, exts...)
		if errors.Is(err, formats.ErrRefNotFound) {
			base := path.Join(path.Dir(formats.CleanTreePath(from)), path.Base(formats.CleanTreePath(ref)))
			if r.tree.Exists(base) {
				return r.archive + ":" + base, nil
			}
		}
		if err != nil {
			return "", errors1(err, from)
		}
		return r.archive + ":" + p, nil
	case r.mem != nil:
		return "", fmt.Errorf("%q: the scene's references are held in memory, so there is no file to read it from", ref)
	}
	return r.resolve(from, ref)
}

// shaderDetails is `inspect`'s view of the shader a mesh part names.
type shaderDetails struct {
	Shader   string   `json:"shader"`
	File     string   `json:"file,omitempty"`   // the .sht found
	Effect   string   `json:"effect,omitempty"` // the effect it names
	Textures []string `json:"textures,omitempty"`
	// Main is the MAIN texture as named, and MainFile the file found for it.
	Main     string `json:"main,omitempty"`
	MainFile string `json:"main_file,omitempty"`
	Problem  string `json:"problem,omitempty"` // why the mesh is drawn untextured
}

// shaderMaterials builds the material of each of m's meshes (one per PSDT, in
// order) from the shader templates they name: the MAIN texture and its address
// modes. A shader or texture that cannot be read is a warning naming the file;
// the mesh is then drawn untextured (no material, or one without a texture).
func (r *resolver) shaderMaterials(m *MeshGen) ([]formats.Material, []shaderDetails, []formats.Diagnostic) {
	var mats []formats.Material
	var det []shaderDetails
	var ds []formats.Diagnostic
	warned := map[string]bool{}
	warn := func(key, format string, args ...any) {
		if !warned[key] {
			warned[key] = true
			ds = append(ds, formats.DiagWarnf(m.File, -1, format, args...))
		}
	}
	for si, ps := range m.Shaders {
		l := r.shader(m.File, ps.Shader)
		d := shaderDetails{Shader: ps.Shader, File: l.path}
		if l.sht == nil {
			d.Problem = fmt.Sprintf("shader %q: %v", ps.Shader, l.err)
			warn(ps.Shader, "shader %q (mesh %d): %v; the mesh is drawn untextured", ps.Shader, si, l.err)
			det = append(det, d)
			continue
		}
		ds = append(ds, l.diags...)
		l.diags = nil // once per scene
		d.Effect = l.sht.Effect
		d.Textures = appendTextureLines(d.Textures, l.sht)
		mat := formats.Material{Mesh: si, WrapU: true, WrapV: true}
		if main := l.sht.Main(); main != nil {
			mat.TextureRef, mat.Texture = main.Name, l.texture
			mat.WrapU, mat.WrapV = repeats(main.AddressU), repeats(main.AddressV)
			d.Main, d.MainFile = main.Name, l.texture
			if l.texErr != nil {
				d.Problem = fmt.Sprintf("texture %q: %v", main.Name, l.texErr)
				warn(ps.Shader+"\x00tex", "texture %q named by shader %s: %v; the mesh is drawn untextured", main.Name, l.path, l.texErr)
			}
		} else {
			d.Problem = "the shader names no MAIN texture"
		}
		mats = append(mats, mat)
		det = append(det, d)
	}
	return mats, det, ds
}
