package formats

import (
	"path/filepath"
	"strings"
)

// SourceKind is a text form of a family's binary files: a source compiles to
// the binary file byte for byte, and a binary file prints back as its source
// (SWG's MIF: package mif registers it). The command of the kind's name
// (`animscope mif FILE`) prints a file as source, and validate says where a
// source departs from what the game reads.
type SourceKind struct {
	Name string // "mif": the command that prints a file as source
	Ext  string // the sources' extension, lower case with the dot (".mif")
	// Binary says what a file Print prints is, for messages ("an SWG IFF file").
	Binary string
	// IsBinary reports whether data is a file that Print prints (by its magic).
	IsBinary func(data []byte) bool
	// Compile compiles the source src, named name in every message, into the
	// binary file it stands for; ext is that file's extension without the dot
	// ("skt"), "" when the source does not say.
	Compile func(name string, src []byte, o CompileOptions) (data []byte, ext string, err error)
	// Check lists where a source departs from what the game reads (missing
	// blocks, field types); a source that does not compile gives nothing
	// (decoding it reports the error).
	Check func(name string, src []byte, o CompileOptions) []Diagnostic
	// Print prints the binary file data as source; name is its file name, whose
	// extension says what it holds.
	Print func(name string, data []byte) (string, error)
}

// CompileOptions say where a source's includes come from.
type CompileOptions struct {
	// Root is the asset root for includes ("" means the nearest folder at or
	// above the source that holds the named path, as ResolveRef finds it).
	Root string
	// Path is the source's file on disk ("" = its name); with Tree, its path
	// inside the tree.
	Path string
	// Tree, when not nil, is the archive the source is a member of: its
	// includes are read from it only, never from the disk.
	Tree Tree
}

var sourceKinds = newKindList(func(a, b SourceKind) bool { return a.Name < b.Name })

// RegisterSourceKind adds a source kind; families call it from init.
func RegisterSourceKind(k SourceKind) { sourceKinds.add(k) }

func registeredSourceKinds() []SourceKind { return sourceKinds.all() }

// SourceKindNamed is the source kind called name ("mif").
func SourceKindNamed(name string) (SourceKind, bool) {
	for _, k := range registeredSourceKinds() {
		if k.Name == name {
			return k, true
		}
	}
	return SourceKind{}, false
}

// SourceKindOf is the source kind whose extension the file (or archive member)
// name has, compared without case.
func SourceKindOf(name string) (SourceKind, bool) {
	ext := filepath.Ext(name)
	for _, k := range registeredSourceKinds() {
		if strings.EqualFold(ext, k.Ext) {
			return k, true
		}
	}
	return SourceKind{}, false
}
