package swg

import (
	"strings"

	"animscope/formats"
	"animscope/formats/iff"
)

// unusable returns the error for the first of the values just read from ch (the
// last len(vs)·4 bytes) that is not finite or beyond ±formats.MaxMagnitude: such a
// value breaks sampling and export, so it is an error of the file, at its offset.
// what is "NOUN|DETAIL", printed as "NOUN idx DETAIL" (no formatting unless a
// value is bad: this runs for every key).
func unusable(ch *iff.Chunk, what string, idx int, vs ...float32) error {
	if ch.Err() != nil {
		return nil // a short chunk is reported by the read itself
	}
	for k, v := range vs {
		if !formats.Usable(v) {
			off := ch.Offset() - 4*(len(vs)-k)
			noun, detail, _ := strings.Cut(what, "|")
			if detail != "" {
				detail = " " + detail
			}
			return formats.FileErrorf(ch.File, int64(off), "%s: %s %d%s: %v is not a finite number within ±%g", ch.ID(), noun, idx, detail, v, formats.MaxMagnitude)
		}
	}
	return nil
}

// checkValues records the first unusable value of each chunk of an animation as
// an error diagnostic (the decoding goes on, so that validate lists the others).
func (a *Animation) checkValues(ch *iff.Chunk, what string, idx int, vs ...float32) {
	err := unusable(ch, what, idx, vs...)
	if err == nil {
		return
	}
	if a.badChunks == nil {
		a.badChunks = map[int]bool{}
	}
	if a.badChunks[ch.Off] {
		return
	}
	a.badChunks[ch.Off] = true
	fe := err.(*formats.FileError)
	a.Diagnostics = append(a.Diagnostics, formats.DiagErrorf(fe.File, fe.Offset, "%s", fe.Msg))
}
