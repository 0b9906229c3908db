package viewer

import (
	"errors"

	"animscope/formats"
)

// openOwner handles the error of opening files: when it is the verdict on a
// companion file (an M2's .skin or .anim) whose model lies beside it
// (formats.CompanionError), the scene is opened with the model in the
// companion's place, and a warning says so (the banner shows it); otherwise err
// stands.
func openOwner(files []string, opts formats.Options, err error) (*formats.Asset, error) {
	var ce *formats.CompanionError
	if !errors.As(err, &ce) || ce.Owner == "" {
		return nil, err
	}
	swapped := append([]string(nil), files...)
	found := false
	for i, f := range files {
		if f == ce.File {
			swapped[i], found = ce.Owner, true
		}
	}
	if !found {
		return nil, err
	}
	a, err := formats.Open(swapped, opts)
	if err != nil {
		return nil, err
	}
	a.Diagnostics = append(a.Diagnostics, formats.DiagWarnf(ce.File, -1, "%s; opened %s", ce.Msg, ce.Owner))
	return a, nil
}
