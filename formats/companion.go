package formats

import "errors"

// CompanionError is the verdict on a file that is part of another file's scene
// and cannot be opened alone (an M2 model's .skin or .anim): its message says
// which file it belongs to, and Owner is that file where it lies beside it ("" when
// it does not), so that a viewer can open it instead. It unwraps to its
// *FileError, so it reads as any other bad input (exit 1).
type CompanionError struct {
	*FileError
	Owner string
}

func (e *CompanionError) Unwrap() error { return e.FileError }

// CompanionOwner reports the file to open instead when err is a CompanionError
// whose owner lies beside the companion.
func CompanionOwner(err error) (string, bool) {
	var ce *CompanionError
	if errors.As(err, &ce) && ce.Owner != "" {
		return ce.Owner, true
	}
	return "", false
}
