package formats

import (
	"io"
	"path/filepath"
	"strings"
	"sync"
)

// Data kinds: files that are data, not scenes (textures, shader templates,
// client databases, an M2's companions). Each kind registers from its own package, as a scene
// decoder does, with its sniff, its verdict and what `inspect` says of it, so that
// validate, inspect and batch ask this registry and know no kind themselves.

// DataKind is one kind of data file in the registry.
type DataKind struct {
	// Name is the kind as commands report it: inspect's "format", batch's family
	// ("texture", "swg-shader", "dbc").
	Name string
	// Description says what its files are, in a few words.
	Description string
	// Extensions (lower case, with the dot) name its files when no kind's Sniff
	// recognises the content (a client database has no magic of its own).
	Extensions []string
	// Sniff reports whether the content (head is at most the first 4 KiB) is
	// this kind's; name is the file or member name.
	Sniff func(name string, head []byte) bool
	// Read checks a whole file of the kind (src.Data) and gives its verdict: an
	// error is the file's one error, naming the file and the place; Data's
	// diagnostics are its other findings (warnings).
	Read func(src *Source) (*Data, error)
	// Companion is set for a kind whose files belong to another file's scene
	// (an M2's .skin and .anim) and cannot be opened alone: they are recognised
	// where the scene decoders are, by Sniff, in name order among them (before
	// any decoder's extensions), and Read's error (a CompanionError naming the
	// file to open instead) is what every command that opens one says. The data
	// verdict of validate and inspect does not try the kind again.
	Companion bool
}

// Data is a data file as its kind's Read found it.
type Data struct {
	// Kind is the kind's name (set by ReadData).
	Kind string
	// Key and Value are what `inspect --json` prints of the file besides its
	// name, kind and diagnostics: {"files": [NAME], "format": Kind, Key: Value,
	// "diagnostics": [...]}.
	Key   string
	Value any
	// Diagnostics are the file's findings (validate prints and counts them,
	// inspect lists them).
	Diagnostics []Diagnostic
	// Text writes what `inspect` prints of the file as text.
	Text func(w io.Writer)
}

var (
	dataKinds     = newKindList(func(a, b DataKind) bool { return a.Name < b.Name })
	dataReadersMu sync.RWMutex
	dataReaders   []func(name string) ([]byte, bool, error)
)

// RegisterData adds a data kind. Kinds call it from init.
func RegisterData(k DataKind) {
	if k.Companion {
		Register(Decoder{Name: k.Name, Sniff: k.Sniff, Decode: refuseCompanion(k)})
	}
	dataKinds.add(k)
}

// refuseCompanion is the scene decoder's verdict on a file of a companion kind:
// Read's error.
func refuseCompanion(k DataKind) func(src *Source) (*Part, error) {
	return func(src *Source) (*Part, error) {
		if _, err := k.Read(src); err != nil {
			return nil, err
		}
		return nil, FileErrorf(src.Name, -1, "a %s file cannot be opened alone", k.Name)
	}
}

// DataKinds lists the registered data kinds, sorted by name.
func DataKinds() []DataKind {
	return append([]DataKind(nil), sortedDataKinds()...)
}

func sortedDataKinds() []DataKind {
	return dataKinds.all()
}

// RegisterDataReader adds a reader for names that ReadMember does not serve (a
// member of an archive kind that is not mounted as a tree, a texture made in
// memory): read gives ok false for a name that is not its own.
func RegisterDataReader(read func(name string) (data []byte, ok bool, err error)) {
	dataReadersMu.Lock()
	defer dataReadersMu.Unlock()
	dataReaders = append(dataReaders[:len(dataReaders):len(dataReaders)], read)
}

// ReadData reads a data file by name: a file, an archive member named
// "ARCHIVE:MEMBER" (ReadMember), or a name a registered data reader serves.
func ReadData(name string) ([]byte, error) {
	dataReadersMu.RLock()
	readers := dataReaders
	dataReadersMu.RUnlock()
	for _, read := range readers {
		if data, ok, err := read(name); ok {
			return data, err
		}
	}
	return ReadMember(name)
}

// pickData finds the kind of data that is no scene: the first kind (by name)
// whose Sniff recognises it, then the first whose extensions name it.
func pickData(name string, data []byte) (DataKind, bool) {
	head := data
	if len(head) > 4096 {
		head = head[:4096]
	}
	kinds := sortedDataKinds()
	for _, k := range kinds {
		if !k.Companion && k.Sniff != nil && k.Sniff(name, head) {
			return k, true
		}
	}
	ext := strings.ToLower(filepath.Ext(name))
	for _, k := range kinds {
		if !k.Companion && hasExt(k.Extensions, ext) {
			return k, true
		}
	}
	return DataKind{}, false
}

func hasExt(exts []string, ext string) bool {
	for _, e := range exts {
		if e == ext {
			return true
		}
	}
	return false
}

// DataVerdict is the verdict on a file that no scene decoder opens (src.Data
// holds it): the name of the kind that reads it, and Read's data or error. kind
// is "" when no data kind reads the file (the scene decoder's error stands then).
func DataVerdict(src *Source) (kind string, d *Data, err error) {
	k, ok := pickData(src.Name, src.Data)
	if !ok {
		return "", nil, nil
	}
	if d, err = k.Read(src); err != nil {
		return k.Name, nil, err
	}
	d.Kind = k.Name
	return k.Name, d, nil
}
