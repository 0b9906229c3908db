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
	return resolve(diskRefs{}, from, ref, root, exts)
}

// resolveInTree finds ref inside tree t by ResolveRef's rules: in the referring
// file's folder or up to MaxRootLevels folders above it (never above the
// tree's root), or under root when the options name one.
func resolveInTree(t Tree, from, ref, root string, exts []string) (string, error) {
	return resolve(treeRefs{t}, from, ref, root, exts)
}

// refSpace is where references are looked for: the disk, or a tree. The rules
// (resolve, checkRef) are the same for both; a space says how its paths are
// spelled, which folders a reference may be found in, and whether a candidate
// is there.
type refSpace interface {
	// slashed is ref with '/' separators as the space reads them, and whether
	// the space itself takes ref as an absolute path.
	slashed(ref string) (clean string, abs bool)
	// roots are the folders to look in, nearest first.
	roots(from, root string) []string
	// find looks for clean (a checked reference) under r: the candidate's
	// name, whether it is there, and an error when it is there but refused.
	find(from, ref, r, clean string) (string, bool, error)
	// where says where a reference that is not found was looked for.
	where(root string) string
}

// resolve applies the reference rules (see ResolveRef) in space s.
func resolve(s refSpace, from, ref, root string, exts []string) (string, error) {
	clean, err := checkRef(s, from, ref, exts)
	if err != nil {
		return "", err
	}
	for _, r := range s.roots(from, root) {
		cand, ok, err := s.find(from, ref, r, clean)
		if err != nil {
			return "", err
		}
		if ok {
			return cand, nil
		}
	}
	return "", fmt.Errorf("%s: names %q, which is not found %s: %w", from, ref, s.where(root), ErrRefNotFound)
}

// checkRef applies the rules every reference obeys, whatever the space: it
// names a path, not an absolute one, that does not climb with "..", of one of
// exts when they are given. It returns ref with '/' separators.
func checkRef(s refSpace, from, ref string, exts []string) (string, error) {
	clean, abs := s.slashed(ref)
	if clean == "" {
		return "", fmt.Errorf("%s: names an empty path", from)
	}
	if abs || strings.HasPrefix(clean, "/") || (len(clean) > 1 && clean[1] == ':') {
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
	return clean, nil
}

// diskRefs is the disk: the asset root is the nearest folder at or above the
// referring file's (never the file system's root), and a candidate reached
// through a symbolic link must stay inside it.
type diskRefs struct{}

func (diskRefs) slashed(ref string) (string, bool) { return filepath.ToSlash(ref), filepath.IsAbs(ref) }

func (diskRefs) roots(from, root string) []string {
	if root != "" {
		return []string{root}
	}
	var roots []string
	d := filepath.Dir(from)
	for i := 0; i <= MaxRootLevels && !isFSRoot(d); i++ {
		roots = append(roots, d)
		up := filepath.Dir(d)
		if up == d {
			break
		}
		d = up
	}
	return roots
}

func (diskRefs) find(from, ref, r, clean string) (string, bool, error) {
	cand := filepath.Join(r, filepath.FromSlash(clean))
	if _, err := os.Lstat(cand); err != nil {
		return "", false, nil
	}
	real, err := filepath.EvalSymlinks(cand)
	if err != nil {
		return "", false, fmt.Errorf("%s: names %q (%s), which cannot be followed: %v", from, ref, cand, err)
	}
	realRoot, err := filepath.EvalSymlinks(r)
	if err != nil {
		return "", false, fmt.Errorf("%s: asset root %s: %v", from, r, err)
	}
	rel, err := filepath.Rel(realRoot, real)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false, fmt.Errorf("%s: names %q (%s), which leaves the asset root %s through a symbolic link", from, ref, cand, r)
	}
	return cand, true, nil
}

func (diskRefs) where(root string) string {
	if root != "" {
		return "in the asset root " + root
	}
	return "beside it or up to 4 folders above (below the file system's root)"
}

// treeRefs is a tree: '\' separates too, and the search never goes above the
// tree's root.
type treeRefs struct{ t Tree }

func (treeRefs) slashed(ref string) (string, bool) { return strings.ReplaceAll(ref, `\`, "/"), false }

func (treeRefs) roots(from, root string) []string {
	if root != "" {
		return []string{CleanTreePath(root)}
	}
	var dirs []string
	d := path.Dir(from)
	for i := 0; i <= MaxRootLevels; i++ {
		// A member whose own name climbs ("../x.mif") looks from the tree's
		// root: no candidate is ever above it.
		if d == "." || d == ".." || strings.HasPrefix(d, "../") {
			d = ""
		}
		dirs = append(dirs, d)
		if d == "" {
			break
		}
		d = path.Dir(d)
	}
	return dirs
}

func (s treeRefs) find(_, _, r, clean string) (string, bool, error) {
	cand := path.Join(r, CleanTreePath(clean))
	return cand, s.t.Exists(cand), nil
}

func (treeRefs) where(string) string {
	return fmt.Sprintf("beside it or up to %d folders above in the archive", MaxRootLevels)
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
