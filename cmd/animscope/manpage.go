package main

import (
	"fmt"
	"io"
	"strings"
)

// The manual page animscope(1) is made from the help texts themselves: the
// DESCRIPTION is `animscope help` and each command's subsection is `animscope
// help COMMAND`, converted line by line to man(7) markup. `make install` writes
// it with the hidden `animscope __man`, so a flag added to a command is in the
// installed page without anyone editing it (TestManPageIsTheHelp checks the
// conversion keeps every word, in order).

// runMan is the hidden `animscope __man`: the page on stdout.
func runMan(args []string, stdout, stderr io.Writer) int {
	if len(args) != 0 {
		return exitFor("__man", usagef("takes no arguments"), stderr)
	}
	fmt.Fprint(stdout, manPage())
	return exitOK
}

// manPage is animscope(1).
func manPage() string {
	var b strings.Builder
	fmt.Fprintf(&b, ".TH ANIMSCOPE 1 \"\" \"animscope %s\" \"User Commands\"\n", roffText(version))
	b.WriteString(".SH NAME\nanimscope \\- viewer and command\\-line tools for skeletal animation of old game formats\n")
	b.WriteString(".SH SYNOPSIS\n")
	b.WriteString(".B animscope\n[\\fIFLAG\\fR...] [\\fIFILE\\fR...]\n.br\n")
	b.WriteString(".B animscope\n\\fICOMMAND\\fR [\\fIFLAG\\fR...] [\\fIARG\\fR...]\n")
	b.WriteString(".SH DESCRIPTION\n")
	b.WriteString(manBody(mainHelp()))
	b.WriteString(".SH COMMANDS\n")
	for _, c := range commands {
		fmt.Fprintf(&b, ".SS %s\n", roffText(c.name))
		b.WriteString(manBody(commandHelp(c)))
	}
	b.WriteString(manTail)
	return b.String()
}

// manTail is what the page says beyond the help: the files the viewer keeps and
// the environment it reads.
const manTail = `.SH FILES
.TP
.I ~/.config/animscope/
The viewer's remembered state (under $XDG_CONFIG_HOME when it is set): the recent
scenes, the recent mounts of the asset browser, the window layout, and
\fBsettings.json\fR, whose \fB"file_dialog"\fR chooses the file dialogs
(File > File dialogs).
.SH ENVIRONMENT
.TP
.B ANIMSCOPE_FILE_DIALOG
The viewer's file dialogs: \fBauto\fR (the desktop portal, then zenity or kdialog,
then the built\-in dialog), \fBportal\fR, \fBzenity\fR, \fBkdialog\fR or
\fBbuiltin\fR. It overrides the setting.
.SH "SEE ALSO"
Run \fBanimscope completion bash\fR (or \fBzsh\fR, \fBfish\fR) for a shell's
completion script; the installed package puts them where the shells find them.
`

// manRowSections are the help's headings whose indented lines are rows of a
// label and its meaning (written as tagged paragraphs); other indented lines
// are kept as they are (usage lines, examples, the readings by family).
var manRowSections = map[string]bool{"commands:": true, "flags:": true, "with a MOUNT:": true}

// manBody converts one help text to man(7) markup: a blank line starts a
// paragraph, a line ending in ':' after a blank line is a bold heading, the
// rows under manRowSections become .TP paragraphs, other indented lines stay
// unfilled, and the rest is filled text.
func manBody(help string) string {
	var b strings.Builder
	lines := strings.Split(strings.TrimRight(help, "\n"), "\n")
	section := ""
	for i := 0; i < len(lines); {
		l := lines[i]
		switch {
		case l == "":
			b.WriteString(".PP\n")
			i++
		case !isIndented(l) && strings.HasSuffix(l, ":") && (i == 0 || lines[i-1] == ""):
			section = l
			fmt.Fprintf(&b, ".PP\n\\fB%s\\fR\n", roffText(l))
			i++
		case isIndented(l):
			j := i
			for j < len(lines) && isIndented(lines[j]) {
				j++
			}
			if rows, ok := helpRows(lines[i:j], section == "commands:"); ok && manRowSections[section] {
				for _, r := range rows {
					fmt.Fprintf(&b, ".TP\n\\fB%s\\fR\n%s\n", roffText(r[0]), roffText(r[1]))
				}
			} else {
				b.WriteString(".RS 2\n.nf\n")
				for _, bl := range lines[i:j] {
					b.WriteString(roffLine(strings.TrimPrefix(bl, "  ")) + "\n")
				}
				b.WriteString(".fi\n.RE\n")
			}
			i = j
		default:
			b.WriteString(roffLine(l) + "\n")
			i++
		}
	}
	return b.String()
}

func isIndented(l string) bool { return strings.HasPrefix(l, " ") }

// helpRows reads a block of writeRows lines: "  LABEL  TEXT" (the label ends at
// the first run of two spaces, or with oneWord at the first space: a command
// name may fill its column), or a long label alone on its line with its text on
// the next, indented further.
func helpRows(block []string, oneWord bool) ([][2]string, bool) {
	sep := "  "
	if oneWord {
		sep = " "
	}
	var rows [][2]string
	for i := 0; i < len(block); i++ {
		l := strings.TrimLeft(block[i], " ")
		if label, text, ok := strings.Cut(l, sep); ok {
			rows = append(rows, [2]string{label, strings.TrimLeft(text, " ")})
			continue
		}
		if i+1 < len(block) && indentOf(block[i+1]) > indentOf(block[i]) {
			rows = append(rows, [2]string{l, strings.TrimLeft(block[i+1], " ")})
			i++
			continue
		}
		return nil, false
	}
	return rows, len(rows) > 0
}

func indentOf(l string) int { return len(l) - len(strings.TrimLeft(l, " ")) }

// roffLine is a line of text for the page: roffText, guarded so that a line
// starting with a dot or an apostrophe is not read as a request.
func roffLine(s string) string {
	s = roffText(s)
	if strings.HasPrefix(s, ".") || strings.HasPrefix(s, "'") {
		s = `\&` + s
	}
	return s
}

// roffText escapes text for roff: the backslash, the minus sign (so that flags
// print as the ASCII hyphen-minus a shell needs), the ellipsis as three dots
// (groff's ascii device has no glyph for it) and every other character outside
// ASCII as a named Unicode character.
func roffText(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '\\':
			b.WriteString(`\e`)
		case r == '-':
			b.WriteString(`\-`)
		case r == '…':
			b.WriteString("...")
		case r > 0x7e || r < 0x20:
			fmt.Fprintf(&b, `\[u%04X]`, r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
