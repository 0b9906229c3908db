package doccheck

import (
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"
)

// A section reference is "§N" (N dotted numbers: §5, §4.6.1) or a range
// "§N–M"; the document it points into is the nearest one named before it on its
// line: a markdown file (FORMAT.md, formats/msh/FORMAT.md) or a family (MSH, M2,
// SWG, VCA or VoxelCore: that package's FORMAT.md). With neither, it is the
// document the reference sits in, or for a Go file the FORMAT.md of its package
// (or of the nearest folder above that has one, or else the document its
// package comment names).
var (
	sectionRef = regexp.MustCompile(`§(\d+(?:\.\d+)*)(?:\s*[–-]\s*§?(\d+(?:\.\d+)*))?`)
	mdName     = regexp.MustCompile(`(?:^|[^\w./-])((?:[\w-]+/)*[\w-]+\.md)\b`)
	familyWord = regexp.MustCompile(`\b(MSH|M2|SWG|VCA|VoxelCore)\b`)
	numbered   = regexp.MustCompile(`^#+\s+(\d+(?:\.\d+)*)\.?\s`)
)

var familyDoc = map[string]string{
	"MSH": "formats/msh/FORMAT.md", "M2": "formats/m2/FORMAT.md", "SWG": "formats/swg/FORMAT.md",
	"VCA": "formats/vca/FORMAT.md", "VoxelCore": "formats/vca/FORMAT.md",
}

// outside names the documents that live outside the repository by design: the
// sample folder's provenance notes, which tests that read the samples cite.
var outside = map[string]bool{"PROVENANCE.md": true}

// resolveMD finds a markdown file named in from: beside from, else (a bare
// FORMAT.md) in the nearest folder above that has one, else from the root.
func resolveMD(from, name string) (string, bool) {
	if p := path.Join(path.Dir(from), name); exists(p) {
		return p, true
	}
	if name == "FORMAT.md" {
		return packageDoc(from)
	}
	if exists(name) {
		return path.Clean(name), true
	}
	return "", false
}

// packageDoc is the FORMAT.md of from's folder or of the nearest folder above
// it; for a package that has none there, the first markdown file from the root
// that its package comment names (nres: "formats/msh/FORMAT.md §2").
func packageDoc(from string) (string, bool) {
	for dir := path.Dir(from); dir != "." && dir != "/"; dir = path.Dir(dir) {
		if p := dir + "/FORMAT.md"; exists(p) {
			return p, true
		}
	}
	return namedByPackageComment(path.Dir(from))
}

// namedByPackageComment is the first markdown path from the root named in the
// package comment of a Go file in dir.
func namedByPackageComment(dir string) (string, bool) {
	names, _ := filepath.Glob(filepath.Join(root, filepath.FromSlash(dir), "*.go"))
	for _, name := range names {
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.PackageClauseOnly|parser.ParseComments)
		if err != nil || f.Doc == nil {
			continue
		}
		for _, m := range mdName.FindAllStringSubmatch(f.Doc.Text(), -1) {
			if strings.Contains(m[1], "/") && exists(m[1]) {
				return m[1], true
			}
		}
	}
	return "", false
}

// docCache holds each document's headings: their numbers and their anchors.
type doc struct {
	numbers map[string]bool
	anchors map[string]bool
}

var docCache = map[string]*doc{}

func readDoc(t *testing.T, p string) *doc {
	if d, ok := docCache[p]; ok {
		return d
	}
	data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(p)))
	if err != nil {
		t.Fatal(err)
	}
	d := &doc{numbers: map[string]bool{}, anchors: map[string]bool{}}
	seen := map[string]int{}
	inFence := false
	for _, l := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "```") {
			inFence = !inFence
		}
		if inFence || !strings.HasPrefix(l, "#") {
			continue
		}
		if m := numbered.FindStringSubmatch(l); m != nil {
			d.numbers[m[1]] = true
		}
		slug := anchor(strings.TrimLeft(l, "#"))
		if n := seen[slug]; n > 0 {
			d.anchors[fmt.Sprintf("%s-%d", slug, n)] = true
		} else {
			d.anchors[slug] = true
		}
		seen[slug]++
	}
	docCache[p] = d
	return d
}

// anchor is the anchor GitHub gives a heading: lower case, letters, digits,
// '-' and '_' kept, spaces made '-', everything else dropped.
func anchor(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(heading)) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_':
			b.WriteRune(r)
		case r == ' ':
			b.WriteByte('-')
		}
	}
	return b.String()
}

// TestSectionReferences: every "§N" names a section some heading of its
// document carries.
func TestSectionReferences(t *testing.T) {
	count := 0
	for _, f := range repoFiles(t) {
		for _, l := range f.lines {
			for _, m := range sectionRef.FindAllStringSubmatchIndex(l.text, -1) {
				count++
				before := l.text[:m[0]]
				target, ok := "", false
				at := -1
				if ms := mdName.FindAllStringSubmatchIndex(before, -1); ms != nil {
					last := ms[len(ms)-1]
					at = last[2]
					target, ok = resolveMD(f.path, before[last[2]:last[3]])
					if !ok {
						t.Errorf("%s:%d: %s names %s, which is not in the repository", f.path, l.n, l.text[m[0]:m[1]], before[last[2]:last[3]])
						continue
					}
				}
				if ms := familyWord.FindAllStringSubmatchIndex(before, -1); ms != nil && ms[len(ms)-1][2] > at {
					last := ms[len(ms)-1]
					target, ok = familyDoc[before[last[2]:last[3]]], true
				}
				if !ok && f.md {
					target, ok = f.path, true
				}
				if !ok {
					target, ok = packageDoc(f.path)
				}
				if !ok {
					t.Errorf("%s:%d: %s: no document to read it in (name one before it: FORMAT.md §N, MSH §N)", f.path, l.n, l.text[m[0]:m[1]])
					continue
				}
				d := readDoc(t, target)
				for _, n := range []string{l.text[m[2]:m[3]], sub(l.text, m[4], m[5])} {
					if n != "" && !d.numbers[n] {
						t.Errorf("%s:%d: %s: %s has no section %s", f.path, l.n, l.text[m[0]:m[1]], target, n)
					}
				}
			}
		}
	}
	if count == 0 {
		t.Fatal("no § reference found: the scan reads nothing")
	}
}

func sub(s string, i, j int) string {
	if i < 0 {
		return ""
	}
	return s[i:j]
}

// markdownLink is [text](target) or ![alt](target), with an optional title.
var markdownLink = regexp.MustCompile(`!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)`)

// TestMarkdownLinks: every link of a markdown file to a path inside the
// repository names a file or folder that exists, and its #anchor a heading of
// the document it names.
func TestMarkdownLinks(t *testing.T) {
	count := 0
	for _, f := range repoFiles(t) {
		if !f.md {
			continue
		}
		for _, l := range proseLines(f) {
			for _, m := range markdownLink.FindAllStringSubmatch(l.text, -1) {
				target := m[1]
				if regexp.MustCompile(`^[a-z][a-z0-9+.-]*:`).MatchString(target) {
					continue // a URL: http:, https:, mailto:
				}
				count++
				p, frag, _ := strings.Cut(target, "#")
				file := f.path
				if p != "" {
					file = path.Join(path.Dir(f.path), p)
					if strings.HasPrefix(file, "../") || !exists(file) {
						t.Errorf("%s:%d: link %s: no such file in the repository", f.path, l.n, target)
						continue
					}
				}
				if frag != "" {
					if !strings.HasSuffix(file, ".md") {
						t.Errorf("%s:%d: link %s: an anchor into a file that is not markdown", f.path, l.n, target)
					} else if !readDoc(t, file).anchors[frag] {
						t.Errorf("%s:%d: link %s: %s has no heading with anchor #%s", f.path, l.n, target, file, frag)
					}
				}
			}
		}
	}
	if count == 0 {
		t.Fatal("no link found: the scan reads nothing")
	}
}

// proseLines are a file's lines outside code blocks (fenced, or indented four
// spaces after a blank line: this repository's lists never indent their
// continuation lines that far); a Go file's comment lines are all prose.
func proseLines(f textFile) []textLine {
	if !f.md {
		return f.lines
	}
	var out []textLine
	inFence, inIndent, prevBlank := false, false, true
	for _, l := range f.lines {
		trim := strings.TrimSpace(l.text)
		switch {
		case strings.HasPrefix(trim, "```"):
			inFence = !inFence
		case inFence:
		case trim == "":
			// a blank line neither starts nor ends an indented block
		case strings.HasPrefix(l.text, "    ") && (prevBlank || inIndent):
			inIndent = true
		default:
			inIndent = false
			out = append(out, l)
		}
		prevBlank = trim == ""
	}
	return out
}

// TestNamedPaths: a path from the root (or from the naming file's folder) named in a document or a comment
// (formats/msh/FORMAT.md, cmd/animscope/robust_test.go, anim/*_amd64.s, also as
// an import path animscope/formats/m2), and a markdown file named by its name
// (FORMAT.md, README.md, resolved beside the naming file, else from the root),
// exists.
func TestNamedPaths(t *testing.T) {
	var tops []string
	for _, d := range topDirs(t) {
		tops = append(tops, regexp.QuoteMeta(d))
	}
	rooted := regexp.MustCompile(`(?:^|[\s(\x60"'\[])(?:\./)?(?:animscope/)?((?:` + strings.Join(tops, "|") + `)/[^\s\x60"'(),;\[\]]*)`)
	count := 0
	for _, f := range repoFiles(t) {
		for _, l := range proseLines(f) {
			for _, m := range rooted.FindAllStringSubmatch(l.text, -1) {
				p := strings.TrimRight(m[1], ".:/")
				if i := strings.IndexAny(p, "#"); i >= 0 {
					p = p[:i]
				}
				count++
				if !exists(p) && !exists(path.Join(path.Dir(f.path), p)) {
					t.Errorf("%s:%d: names %s, which is not in the repository", f.path, l.n, p)
				}
			}
			for _, m := range mdName.FindAllStringSubmatch(l.text, -1) {
				name := m[1]
				if outside[path.Base(name)] {
					continue
				}
				count++
				if _, ok := resolveMD(f.path, name); !ok {
					t.Errorf("%s:%d: names %s, which is not in the repository", f.path, l.n, name)
				}
			}
		}
	}
	if count == 0 {
		t.Fatal("no path found: the scan reads nothing")
	}
}
