package formats

import (
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// ErrRefNotFound is wrapped by ResolveRef's error when the named file does not
// exist anywhere it may be (as opposed to a reference that is refused).
var ErrRefNotFound = errors.New("referenced file not found")

// MaxRootLevels is how far above the referring file the asset root is looked for.
const MaxRootLevels = 4

// ResolveRef finds the file that a file (from) names as ref, inside the asset root:
// root when it is not "", otherwise the nearest folder at or above from's folder (at
// most MaxRootLevels up, and never the file system's root) in which ref exists. A
// ref that is absolute, contains "..", leaves the root through a symbolic link, or
// loops is an error that names both files; so is one whose extension is not one of
// exts (lower case, with the dot) when exts are given: a reference names a file of
// the type the referring format expects, not anything.
func ResolveRef(from, ref, root string, exts ...string) (string, error) {
	clean := filepath.ToSlash(ref)
	if clean == "" {
		return "", fmt.Errorf("%s: names an empty path", from)
	}
	if filepath.IsAbs(ref) || strings.HasPrefix(clean, "/") || (len(clean) > 1 && clean[1] == ':') {
		return "", fmt.Errorf("%s: names %q, an absolute path outside the asset root: refused", from, ref)
	}
	for _, part := range strings.Split(clean, "/") {
		if part == ".." {
			return "", fmt.Errorf("%s: names %q, which climbs out of the asset root with ..: refused", from, ref)
		}
	}
	if len(exts) > 0 && !slices.Contains(exts, strings.ToLower(path.Ext(clean))) {
		return "", fmt.Errorf("%s: names %q, which is not a %s file: refused", from, ref, strings.Join(exts, " or "))
	}
	var roots []string
	if root != "" {
		roots = []string{root}
	} else {
		d := filepath.Dir(from)
		for i := 0; i <= MaxRootLevels && !isFSRoot(d); i++ {
			roots = append(roots, d)
			up := filepath.Dir(d)
			if up == d {
				break
			}
			d = up
		}
	}
	for _, r := range roots {
		cand := filepath.Join(r, filepath.FromSlash(clean))
		if _, err := os.Lstat(cand); err != nil {
			continue
		}
		real, err := filepath.EvalSymlinks(cand)
		if err != nil {
			return "", fmt.Errorf("%s: names %q (%s), which cannot be followed: %v", from, ref, cand, err)
		}
		realRoot, err := filepath.EvalSymlinks(r)
		if err != nil {
			return "", fmt.Errorf("%s: asset root %s: %v", from, r, err)
		}
		rel, err := filepath.Rel(realRoot, real)
		if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return "", fmt.Errorf("%s: names %q (%s), which leaves the asset root %s through a symbolic link", from, ref, cand, r)
		}
		return cand, nil
	}
	where := "beside it or up to 4 folders above (below the file system's root)"
	if root != "" {
		where = "in the asset root " + root
	}
	return "", fmt.Errorf("%s: names %q, which is not found %s: %w", from, ref, where, ErrRefNotFound)
}

// isFSRoot says whether dir is the file system's root (or a volume's): the asset
// root search never goes there, so a file in /tmp cannot name etc/passwd.
func isFSRoot(dir string) bool {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return true
	}
	return filepath.Dir(abs) == abs
}
