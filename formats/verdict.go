package formats

import "errors"

// One verdict: `validate` and every command that opens a scene judge a file by
// the same findings, so a file that `validate` rejects is rejected everywhere with
// the same first error, and warnings stay warnings everywhere.

// Verdict is everything validation finds in one decoded file: the diagnostics of
// decoding, those of the family's full validation (Asset.Validate) and a check of
// the skeleton's structure, in that order, without repeats (decoding and validation
// may report the same finding). A skeleton found valid is remembered
// (Asset.CheckScene), so that Merge does not check it again.
func Verdict(a *Asset) []Diagnostic {
	out := append([]Diagnostic(nil), a.Diagnostics...)
	if a.Validate != nil {
		out = append(out, a.Validate()...)
	}
	if a.Skeleton != nil {
		if err := a.CheckScene(); err != nil {
			err = errors.Unwrap(err) // the skeleton's own message
			file := ""
			if len(a.Files) > 0 {
				file = a.Files[0]
			}
			out = append(out, Diagnostic{Severity: Error, File: file, Offset: -1, Message: err.Error()})
		}
	}
	seen := make(map[string]bool, len(out))
	kept := out[:0]
	for _, d := range out {
		key := d.Severity.String() + d.String()
		if seen[key] {
			continue
		}
		seen[key] = true
		kept = append(kept, d)
	}
	return kept
}

// FirstError is the first error of ds as a *FileError, or nil when ds holds none.
func FirstError(ds []Diagnostic) error {
	for _, d := range ds {
		if d.Severity == Error {
			return &FileError{File: d.File, Offset: d.Offset, Line: d.Line, Col: d.Col, Msg: d.Message}
		}
	}
	return nil
}

// ArchiveError is the verdict on a file that holds several scenes (a.Archive):
// the first error of its scenes, in order, then of the file itself, as `validate`
// reports them; nil when there is none.
func ArchiveError(a *Part, opts Options) error {
	if a.Archive != nil {
		for _, member := range a.Archive.Scenes() {
			m, err := OpenFile(member, opts)
			if err != nil {
				// As validate, and every command on the member by its name: a
				// member no scene decoder opens but a data kind reads (a texture
				// typed as a model) has that kind's verdict.
				if kind, d, derr := memberDataVerdict(member); kind != "" {
					if derr != nil {
						return derr
					}
					if err := FirstError(d.Diagnostics); err != nil {
						return err
					}
					continue
				}
				return err
			}
			if m.Archive != nil {
				if err := ArchiveError(m, opts); err != nil {
					return err
				}
				continue
			}
			if err := FirstError(Verdict(&m.Asset)); err != nil {
				return err
			}
		}
	}
	return FirstError(Verdict(&a.Asset))
}

// memberDataVerdict is DataVerdict on a member read by its ARCHIVE:MEMBER name;
// kind is "" when it cannot be read or no data kind reads it.
func memberDataVerdict(member string) (kind string, d *Data, err error) {
	data, err := ReadData(member)
	if err != nil {
		return "", nil, nil
	}
	return DataVerdict(&Source{Name: member, Path: member, Data: data})
}
