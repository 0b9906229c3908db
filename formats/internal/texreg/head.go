package texreg

import (
	"fmt"

	"animscope/formats/internal/dxt"
)

// Level is one mip level of a texture file: its size and where its bytes lie
// in the file.
type Level struct {
	Width, Height int
	Offset, Size  int
}

// FormatError is a malformed or unsupported texture file; Offset is where the
// fault lies, and Format names the format when File is not known (a stream read
// by the image package).
type FormatError struct {
	Format string
	File   string
	Offset int64
	Msg    string
}

func (e *FormatError) Error() string {
	f := e.File
	if f == "" {
		f = e.Format
	}
	return fmt.Sprintf("%s: offset 0x%x: %s", f, e.Offset, e.Msg)
}

// ErrorAt is a FormatError of the format in the file name at offset off.
func ErrorAt(format, name string, off int, msg string, args ...any) error {
	return &FormatError{Format: format, File: name, Offset: int64(off), Msg: fmt.Sprintf(msg, args...)}
}

// Encoding is one way a texture format stores a level's pixels: its name (as
// messages and summaries give it) and its DXT block format (0 for none).
type Encoding struct {
	Name string
	DXT  dxt.Kind
}

// EncodingName is e's name in the format's table of encodings, or
// "Encoding(N)" for a value the table does not hold.
func EncodingName[E ~int](encodings map[E]Encoding, e E) string {
	if x, ok := encodings[e]; ok {
		return x.Name
	}
	return fmt.Sprintf("Encoding(%d)", int(e))
}
