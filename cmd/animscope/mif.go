package main

import (
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"animscope/formats"
)

// runMIF prints an SWG file as MIF source: `animscope mif [--root DIR] FILE`.
// Chunks whose layout animscope knows become typed values commented with their
// field names, others bytes; compiling the output gives the file back byte for
// byte. A .mif is compiled first (so the output is its normal form).
func newMIFFlags() (*flag.FlagSet, *optionFlags) {
	fs := flag.NewFlagSet("mif", flag.ContinueOnError)
	opt := &optionFlags{}
	opt.register(fs)
	return fs, opt
}

func runMIF(args []string, stdout, stderr io.Writer) int {
	fs, opt := newMIFFlags()
	files, opts, err := parseFiles(fs, opt, args)
	if err == nil && len(files) != 1 {
		err = usagef("mif takes one FILE, got %d", len(files))
	}
	if err != nil {
		return exitFor("mif", err, stderr)
	}
	name := files[0]
	kind, ok := formats.SourceKindNamed("mif")
	if !ok {
		return exitFor("mif", fmt.Errorf("%s: no file family registered prints MIF", name), stderr)
	}
	data, err := formats.ReadMember(name) // a file, or ARCHIVE:MEMBER
	if err != nil {
		return exitFor("mif", namedPathError(name, err), stderr)
	}
	as := name
	if isSource(kind, name) {
		co := formats.CompileOptions{Root: opts.Root, Path: name}
		if tree, member, closeTree, ok, err := formats.OpenMemberTree(name); err == nil && ok {
			defer closeTree()
			co.Path, co.Tree = member, tree // its includes come from its archive
		}
		var ext string
		if data, ext, err = kind.Compile(name, data, co); err != nil {
			return exitFor("mif", err, stderr)
		}
		if ext != "" {
			as = strings.TrimSuffix(name, filepath.Ext(name)) + "." + ext
		}
	}
	if !kind.IsBinary(data) {
		// Print would read the bytes as IFF blocks and report a garbage chunk.
		return exitFor("mif", fmt.Errorf("%s: offset 0x0: not %s%s", name, kind.Binary, notIFF(name, data)), stderr)
	}
	txt, err := kind.Print(as, data)
	if err != nil {
		return exitFor("mif", err, stderr)
	}
	if _, err := io.WriteString(stdout, txt); err != nil {
		fmt.Fprintln(stderr, err)
		return exitInvalid
	}
	return exitOK
}

// notIFFKinds name what a file that mif cannot print is, by its scene family
// (formats.SniffFamily) or, for textures and archives, by its first bytes.
var notIFFKinds = map[string]string{
	formats.FamilyM2: "an M2 model", formats.FamilyMSH: "an MSH model", formats.FamilyVCA: "a VoxelCore file",
	"BLP1": "a BLP texture", "BLP2": "a BLP texture", "DDS ": "a DDS texture", "MPQ\x1a": "an MPQ archive",
	"NRes": "an NRes archive", "\x89PNG": "a PNG image",
}

// notIFF is " (MD20: an M2 model)": the file's magic and what it is, when either
// is known.
func notIFF(name string, data []byte) string {
	magic := ""
	if len(data) >= 4 {
		magic = string(data[:4])
	}
	kind := notIFFKinds[formats.SniffFamily(name, data)]
	if kind == "" {
		kind = notIFFKinds[magic]
	}
	printable := magic != ""
	for _, c := range []byte(magic) {
		printable = printable && c >= 0x20 && c < 0x7f
	}
	switch {
	case printable && kind != "":
		return fmt.Sprintf(" (%s: %s)", strings.TrimSpace(magic), kind)
	case kind != "":
		return " (" + kind + ")"
	case printable:
		return fmt.Sprintf(" (it starts with %q)", magic)
	}
	return ""
}

// isSource says whether the file (or member) name is a source of kind k.
func isSource(k formats.SourceKind, name string) bool {
	return strings.EqualFold(filepath.Ext(name), k.Ext)
}

// mifDepartures prints where a .mif source departs from what the client reads
// (missing blocks, field types), for validate; other files give nothing. A source
// that does not compile gives nothing here: opening it reports the error. A
// member of an archive ("ARCHIVE:MEMBER") is checked as the same file on disk is,
// its includes read from its archive.
func mifDepartures(name string, opts formats.Options, stderr io.Writer) (errs, warns int) {
	kind, ok := formats.SourceKindOf(name)
	if !ok {
		return 0, 0
	}
	tree, member, closeTree, ok, err := formats.OpenMemberTree(name)
	if err != nil {
		return 0, 0
	}
	if ok {
		defer closeTree()
		return mifDeparturesIn(tree, member, name, opts, stderr)
	}
	src, err := formats.ReadFile(name)
	if err != nil {
		return 0, 0
	}
	return printDiagnostics(kind.Check(name, src, formats.CompileOptions{Root: opts.Root, Path: name}), stderr)
}

// mifDeparturesIn is mifDepartures for the member of a mounted tree (name is how
// it is shown).
func mifDeparturesIn(tree formats.Tree, member, name string, opts formats.Options, stderr io.Writer) (errs, warns int) {
	kind, ok := formats.SourceKindOf(member)
	if !ok {
		return 0, 0
	}
	src, err := tree.ReadFile(member)
	if err != nil {
		return 0, 0
	}
	return printDiagnostics(kind.Check(name, src, formats.CompileOptions{Root: opts.Root, Path: member, Tree: tree}), stderr)
}
