package doccheck

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// TestREADMELayout: the README's layout table lists every top-level folder and
// every package folder under formats/, and everything it lists exists.
func TestREADMELayout(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	listed := layoutPaths(t, string(data))
	want := topDirs(t)
	ents, err := os.ReadDir(filepath.Join(root, "formats"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		if e.IsDir() && e.Name() != "testdata" {
			want = append(want, "formats/"+e.Name())
		}
	}
	for _, p := range want {
		if !listed[p] {
			t.Errorf("README.md: the layout section does not list %s", p)
		}
	}
	var paths []string
	for p := range listed {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		if !exists(p) {
			t.Errorf("README.md: the layout section lists %s, which is not in the repository", p)
		}
	}
}

// layoutPaths are the paths named in the first column of the table under the
// README's "## Layout" heading.
func layoutPaths(t *testing.T, readme string) map[string]bool {
	t.Helper()
	i := strings.Index(readme, "\n## Layout\n")
	if i < 0 {
		t.Fatal("README.md: no \"## Layout\" section")
	}
	section := readme[i+len("\n## Layout\n"):]
	if j := strings.Index(section, "\n## "); j >= 0 {
		section = section[:j]
	}
	code := regexp.MustCompile("`([^`]+)`")
	listed := map[string]bool{}
	for _, l := range strings.Split(section, "\n") {
		cells := strings.Split(l, "|")
		if len(cells) < 3 || strings.Trim(cells[1], " -") == "" {
			continue
		}
		for _, m := range code.FindAllStringSubmatch(cells[1], -1) {
			listed[m[1]] = true
		}
	}
	if len(listed) == 0 {
		t.Fatal("README.md: the layout section has no table of paths")
	}
	return listed
}
