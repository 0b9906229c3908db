package main

import (
	"fmt"
	"strings"

	"animscope/formats"
)

// The help text's and docs/commands.md's lists of readings are built from the formats'
// declarations (formats.Readings), like the flags themselves.

// readingsHelp is the help text's readings section: one line per reading.
func readingsHelp() string {
	var b strings.Builder
	b.WriteString("\nReadings a format's spec leaves open (every command that opens files takes\n")
	b.WriteString("them; each applies to its families only; the first choice is the default):\n")
	for _, r := range formats.Readings() {
		fmt.Fprintf(&b, "  --%s %s\n      %s: %s", r.Name, strings.Join(defaultFirst(r), "|"), r.FamilyLabel(), r.Help)
		if r.Compare {
			fmt.Fprintf(&b, "\n      --%s-b: B's reading (diff, --compare)", r.Name)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// readingsTable is docs/commands.md's table of readings (Markdown).
func readingsTable() string {
	var b strings.Builder
	b.WriteString("| flag | family | choices | default | what it selects | B's reading |\n")
	b.WriteString("|---|---|---|---|---|---|\n")
	for _, r := range formats.Readings() {
		bFlag := ""
		if r.Compare {
			bFlag = "`--" + r.Name + "-b`"
		}
		fmt.Fprintf(&b, "| `--%s` | %s | %s | %s | %s | %s |\n", r.Name, r.FamilyLabel(),
			strings.Join(r.Choices, ", "), r.Default, r.Help, bFlag)
	}
	return b.String()
}

// defaultFirst lists r's choices with the default first.
func defaultFirst(r formats.Reading) []string {
	out := []string{r.Default}
	for _, c := range r.Choices {
		if c != r.Default {
			out = append(out, c)
		}
	}
	return out
}
