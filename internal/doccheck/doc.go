// Package doccheck holds the tests that keep the repository's documents honest:
// every reference to a file or a heading inside the repository resolves (a
// markdown link and its anchor, a "§N" section number in a comment, a path named
// in a document or a comment), and the README's layout section lists exactly the
// top-level folders and the packages under formats/. It has no code of its own:
// `make test` runs it with the rest, and `make check-refs` runs it alone.
package doccheck
