package main

import (
	"io"

	"animscope/formats"
)

// inspectCharacter is inspect's account of a character model opened from a
// mount that holds the game's character tables (its customiser's report: what
// the tables offer, what the default customisation chooses). It is a pointer
// to the report so that inspect's JSON leaves out the "character" key when
// there is none.
type inspectCharacter = formats.CharacterReport

// characterOf is the character a lone model file is, when the mount it comes
// from holds the character tables (formats.FindCharacter); a broken or missing
// table, or a race the tables lack, is a warning in diags and the result is
// nil.
func characterOf(files []string, format string) (c *inspectCharacter, diags []formats.Diagnostic) {
	if len(files) != 1 || format != formats.FamilyM2 {
		return nil, nil
	}
	char, diags := formats.FindCharacter(files[0])
	if char == nil {
		return nil, diags
	}
	defer char.Close()
	r, warns := char.Report()
	return &r, append(diags, warns...)
}

// printCharacter writes inspect's text lines of a character.
func printCharacter(w io.Writer, c *inspectCharacter) {
	if c == nil {
		return
	}
	(*c).WriteText(w)
}
