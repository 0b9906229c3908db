package main

import (
	"flag"
	"strings"

	"animscope/formats"
)

// attachList is --attach POINT=FILE, given once per item (viewer, render, shot,
// export): the items hung at the scene's attachment points, in order
// (formats.Options.Attach).
type attachList []formats.AttachSpec

func (l *attachList) String() string {
	var parts []string
	for _, a := range *l {
		parts = append(parts, a.Point+"="+strings.Join(a.Files, ","))
	}
	return strings.Join(parts, " ")
}

func (l *attachList) Set(v string) error {
	a, err := formats.ParseAttach(v)
	if err != nil {
		return err
	}
	*l = append(*l, a)
	return nil
}

// registerAttach adds --attach to a command whose scene it hangs items on.
func (o *optionFlags) registerAttach(fs *flag.FlagSet) {
	o.attach = &attachList{}
	fs.Var(o.attach, "attach", "hang an item model at an attachment point: `POINT=FILE`, POINT a name (HandRight, Shield, Helm, ...) or an id; repeatable")
}

// attachPointWords are the completions of --attach for scene a: each of its
// attachment points as "NAME=" (the item file follows).
func attachPointWords(a *formats.Asset) []string {
	ap, ok := a.Details.(formats.AttachmentPoints)
	if !ok {
		return nil
	}
	var out []string
	for _, n := range ap.AttachmentPointNames() {
		out = append(out, n+"=")
	}
	return out
}
