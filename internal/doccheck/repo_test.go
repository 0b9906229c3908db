package doccheck

import (
	"go/scanner"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// root is the repository's root, from this package's folder.
const root = "../.."

// skipDirs are the folders no document lives in: build outputs (.gitignore)
// and git's own.
var skipDirs = map[string]bool{".git": true, "bin": true, "build": true, "out": true}

// textFile is one document or Go file, as the checks read it: its path from
// the root (slash-separated) and its lines of prose (a Go file's comments only,
// each with its line number).
type textFile struct {
	path  string
	lines []textLine
	md    bool
}

type textLine struct {
	n    int
	text string
}

// repoFiles reads every markdown file and every Go file's comments under the
// root, leaving out build outputs and testdata (fuzz corpora and goldens are
// data, not documents).
func repoFiles(t *testing.T) []textFile {
	t.Helper()
	var files []textFile
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel := filepath.ToSlash(strings.TrimPrefix(strings.TrimPrefix(p, root), string(filepath.Separator)))
		if d.IsDir() {
			if skipDirs[d.Name()] || d.Name() == "testdata" || (strings.HasPrefix(d.Name(), ".") && rel != "" && d.Name() != ".ci") {
				return filepath.SkipDir
			}
			return nil
		}
		switch {
		case strings.HasPrefix(rel, "internal/doccheck/"):
			// this package's comments quote the forms it checks
		case strings.HasSuffix(p, ".md"):
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			f := textFile{path: rel, md: true}
			for i, l := range strings.Split(string(data), "\n") {
				f.lines = append(f.lines, textLine{i + 1, l})
			}
			files = append(files, f)
		case strings.HasSuffix(p, ".go"):
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			files = append(files, textFile{path: rel, lines: goComments(data)})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// goComments returns the lines of a Go file's comments, with their line numbers.
func goComments(src []byte) []textLine {
	fset := token.NewFileSet()
	file := fset.AddFile("", fset.Base(), len(src))
	var s scanner.Scanner
	s.Init(file, src, nil, scanner.ScanComments)
	var out []textLine
	for {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			return out
		}
		if tok != token.COMMENT {
			continue
		}
		n := file.Line(pos)
		for i, l := range strings.Split(lit, "\n") {
			out = append(out, textLine{n + i, l})
		}
	}
}

// exists reports whether the slash-separated path from the root names a file
// or a folder; a path with * ? or [ must match at least one.
func exists(p string) bool {
	full := filepath.Join(root, filepath.FromSlash(p))
	if strings.ContainsAny(p, "*?[") {
		m, err := filepath.Glob(full)
		return err == nil && len(m) > 0
	}
	_, err := os.Stat(full)
	return err == nil
}

// topDirs are the root's folders that belong to the repository (.ci included).
func topDirs(t *testing.T) []string {
	t.Helper()
	ents, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	var dirs []string
	for _, e := range ents {
		if e.IsDir() && !skipDirs[e.Name()] && (!strings.HasPrefix(e.Name(), ".") || e.Name() == ".ci") {
			dirs = append(dirs, e.Name())
		}
	}
	sort.Strings(dirs)
	return dirs
}
