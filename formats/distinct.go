package formats

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// ErrNamedTwice is wrapped by the error for a scene that names one file twice
// (a mesh's parts or a clip's tracks would bind twice).
var ErrNamedTwice = errors.New("named twice in one scene")

// CheckDistinct fails, wrapping ErrNamedTwice, when two of a scene's names are
// the same file: the same path written two ways, a link and its target, or the
// same member of one archive (member names compared as archives compare them,
// in any case). Names that cannot be looked up are compared as written.
func CheckDistinct(names []string) error {
	parsed := make([]Name, len(names))
	for i, n := range names {
		parsed[i] = ParseName(n)
	}
	return checkDistinct(parsed)
}

// checkDistinct is CheckDistinct for names already parsed.
func checkDistinct(names []Name) error {
	type file struct {
		info   os.FileInfo // nil when the path cannot be looked up
		abs    string
		member string
	}
	seen := make([]file, 0, len(names))
	for j, n := range names {
		p := n.Path()
		f := file{member: strings.ToLower(CleanTreePath(n.Member)), info: n.Info()}
		if abs, err := filepath.Abs(p); err == nil {
			f.abs = abs
		} else {
			f.abs = p
		}
		for i, g := range seen {
			same := f.abs == g.abs || (f.info != nil && g.info != nil && os.SameFile(f.info, g.info))
			if same && f.member == g.member {
				as := ""
				if names[i].String() != n.String() {
					as = ", as " + names[i].String()
				}
				return fmt.Errorf("%s: %w (files %d and %d%s)", n.String(), ErrNamedTwice, i+1, j+1, as)
			}
		}
		seen = append(seen, f)
	}
	return nil
}
