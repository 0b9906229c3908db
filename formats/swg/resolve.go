package swg

import (
	"errors"
	"fmt"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"animscope/formats"
)

// resolver reads files named inside other files (FORMAT.md §9.3): inside the asset
// root (formats.ResolveRef), failing that the path's base name in the referring
// file's own folder. Absolute paths, ".." and symbolic links that leave the root
// are refused, and a file that is already being loaded is a loop.
type resolver struct {
	root    string
	loading map[string]string // real path → the name it was opened as
	// mem, when set, serves references from memory (tests and OpenData); keys are
	// the reference as written, lower-cased, and its base name.
	mem map[string][]byte
	// tree, when set, is the archive (a mounted .tre) the files come from, and
	// archive its name (texture files are read as ARCHIVE:MEMBER).
	tree    formats.Tree
	archive string
	// shaders caches the shader templates the scene's meshes name (shader.go).
	shaders map[string]*shaderLookup
}

func newResolver(root string) *resolver {
	return &resolver{root: root, loading: map[string]string{}}
}

func realPath(p string) string {
	if abs, err := filepath.Abs(p); err == nil {
		p = abs
	}
	if r, err := filepath.EvalSymlinks(p); err == nil {
		p = r
	}
	return filepath.Clean(p)
}

// enter marks path as being loaded; it fails when it already is (a loop).
func (r *resolver) enter(path string) (string, error) {
	key := realPath(path)
	if prev, ok := r.loading[key]; ok {
		return key, fmt.Errorf("%s is already being loaded (as %s): the references loop", path, prev)
	}
	r.loading[key] = path
	return key, nil
}

func (r *resolver) leave(key string) { delete(r.loading, key) }

// refuse checks the rules that no fallback may bypass.
func refuse(ref string) error {
	clean := filepath.ToSlash(ref)
	if clean == "" {
		return fmt.Errorf("the path is empty")
	}
	if filepath.IsAbs(ref) || strings.HasPrefix(clean, "/") || (len(clean) > 1 && clean[1] == ':') {
		return fmt.Errorf("%q is an absolute path, outside the asset root", ref)
	}
	for _, part := range strings.Split(clean, "/") {
		if part == ".." {
			return fmt.Errorf("%q climbs out of the asset root with ..", ref)
		}
	}
	return nil
}

// resolve finds the file that from names as ref.
func (r *resolver) resolve(from, ref string) (string, error) {
	if err := refuse(ref); err != nil {
		return "", err
	}
	p, err := formats.ResolveRef(from, ref, r.root)
	if err == nil {
		return p, nil
	}
	if !errors.Is(err, formats.ErrRefNotFound) {
		return "", errors1(err, from)
	}
	// FORMAT.md §9.3's fallback: the base name beside the referring file.
	base := filepath.Base(filepath.FromSlash(filepath.ToSlash(ref)))
	dir := filepath.Dir(from)
	if p2, err2 := formats.ResolveRef(from, base, dir); err2 == nil {
		return p2, nil
	} else if !errors.Is(err2, formats.ErrRefNotFound) {
		return "", errors1(err2, from)
	}
	where := "in the asset root " + r.root
	if r.root == "" {
		where = "beside it or up to 4 folders above"
	}
	return "", fmt.Errorf("%q is not found %s, nor as %s in %s", ref, where, base, dir)
}

// errors1 strips the "FROM: " prefix ResolveRef puts on its messages, since
// callers prefix the referring file and offset themselves.
func errors1(err error, from string) error {
	msg := err.Error()
	msg = strings.TrimPrefix(msg, from+": ")
	msg = strings.TrimPrefix(msg, "names ")
	return fmt.Errorf("%s", msg)
}

// Types a reference may name, by what the referring chunk expects.
var (
	skeletonTypes  = []string{".skt"}
	meshTypes      = []string{".mgn"}
	meshOrLODTypes = []string{".mgn", ".lmg"}
	animationTypes = []string{".ans"}
)

// read resolves and reads ref, which must name a file of one of the types exts:
// an .lmg names .mgn files, not anything.
func (r *resolver) read(from, ref string, exts []string) (string, []byte, error) {
	if err := refuse(ref); err != nil {
		return "", nil, err
	}
	if ext := strings.ToLower(path.Ext(filepath.ToSlash(ref))); !slices.Contains(exts, ext) {
		return "", nil, fmt.Errorf("%q is not a %s file: refused", ref, strings.Join(exts, " or "))
	}
	if r.tree != nil {
		p, data, err := formats.ReadTreeRef(r.tree, from, ref, r.root, exts...)
		if errors.Is(err, formats.ErrRefNotFound) {
			// FORMAT.md §9.3's fallback: the base name beside the referring file.
			base := path.Join(path.Dir(formats.CleanTreePath(from)), path.Base(formats.CleanTreePath(ref)))
			if r.tree.Exists(base) {
				data, err := r.tree.ReadFile(base)
				return base, data, err
			}
		}
		if err != nil {
			return "", nil, errors1(err, from)
		}
		return p, data, nil
	}
	if r.mem != nil {
		key := strings.ToLower(filepath.ToSlash(ref))
		if d, ok := r.mem[key]; ok {
			return ref, d, nil
		}
		if d, ok := r.mem[strings.ToLower(filepath.Base(key))]; ok {
			return ref, d, nil
		}
		return "", nil, fmt.Errorf("%q is not found", ref)
	}
	p, err := r.resolve(from, ref)
	if err != nil {
		return "", nil, err
	}
	data, err := formats.ReadFile(p)
	if err != nil {
		return "", nil, err
	}
	return p, data, nil
}
