package main

import (
	"bytes"
	"flag"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// manSections splits the page's source at its .SH and .SS lines: the heading
// (".SH DESCRIPTION", ".SS inspect") and the lines below it.
func manSections(src string) (order []string, body map[string]string) {
	body = map[string]string{}
	cur := ""
	for _, l := range strings.SplitAfter(src, "\n") {
		if strings.HasPrefix(l, ".SH ") || strings.HasPrefix(l, ".SS ") {
			cur = strings.TrimSpace(l)
			order = append(order, cur)
			continue
		}
		body[cur] += l
	}
	return order, body
}

var roffEscape = regexp.MustCompile(`\\(f[BRIP]|&|\||-|e|\[u[0-9A-F]{4,6}\])`)

// roffWords is the words the page's source prints: request lines (".PP",
// ".TP", ...) print none; escapes are undone.
func roffWords(src string) []string {
	var words []string
	for _, l := range strings.Split(src, "\n") {
		if strings.HasPrefix(l, ".") {
			continue
		}
		l = roffEscape.ReplaceAllStringFunc(l, func(e string) string {
			switch {
			case e == `\-`:
				return "-"
			case e == `\e`:
				return `\`
			case strings.HasPrefix(e, `\[u`):
				var r rune
				for _, c := range e[3 : len(e)-1] {
					r = r*16 + rune(strings.IndexRune("0123456789ABCDEF", c))
				}
				return string(r)
			}
			return ""
		})
		words = append(words, strings.Fields(l)...)
	}
	return words
}

// helpWords is the words of a help text as the page prints them (the ellipsis
// as three dots).
func helpWords(help string) []string {
	return strings.Fields(strings.ReplaceAll(help, "…", "..."))
}

// TestManPageIsTheHelp: the page's DESCRIPTION says exactly the words of
// `animscope help`, in order, and it has one subsection per command saying
// exactly the words of `animscope help COMMAND`. A help text changed without
// the page following (or a conversion that drops or reorders a line) fails.
func TestManPageIsTheHelp(t *testing.T) {
	code, src, errs := runCLI("__man")
	if code != exitOK || errs != "" {
		t.Fatalf("__man: exit %d, stderr %q", code, errs)
	}
	order, body := manSections(src)
	check := func(section, help string) {
		t.Helper()
		got, want := roffWords(body[section]), helpWords(help)
		if !slices.Equal(got, want) {
			i := 0
			for i < len(got) && i < len(want) && got[i] == want[i] {
				i++
			}
			t.Errorf("%s: the page's words depart from the help's at word %d:\n got  %q\n want %q", section, i,
				got[i:min(len(got), i+8)], want[i:min(len(want), i+8)])
		}
	}
	check(".SH DESCRIPTION", mainHelp())
	var subs []string
	for _, h := range order {
		if name, ok := strings.CutPrefix(h, ".SS "); ok {
			subs = append(subs, name)
		}
	}
	var names []string
	for _, c := range commands {
		names = append(names, c.name)
		check(".SS "+c.name, commandHelp(c))
	}
	if !slices.Equal(subs, names) {
		t.Errorf("the page's command subsections are %q, want %q", subs, names)
	}
	for _, want := range []string{".SH NAME", ".SH SYNOPSIS", ".SH DESCRIPTION", ".SH COMMANDS", ".SH FILES", ".SH ENVIRONMENT"} {
		if !slices.Contains(order, want) {
			t.Errorf("the page lacks %s", want)
		}
	}
	// A help text the page does not follow is caught: the same check of another
	// command's help fails.
	if slices.Equal(roffWords(body[".SS sample"]), helpWords(commandHelp(commands[1]))) {
		t.Errorf("the word check cannot tell two commands apart")
	}
}

// TestManPageFlags: every flag of every command is a tagged paragraph in its
// command's subsection, written with roff's minus signs.
func TestManPageFlags(t *testing.T) {
	_, src, _ := runCLI("__man")
	_, body := manSections(src)
	for _, c := range commands {
		if c.run == nil {
			continue
		}
		sec := body[".SS "+c.name]
		fss := []*flag.FlagSet{commandFlags(c)}
		if c.name == "validate" || c.name == "inspect" || c.name == "export" {
			bfs, _ := newBatchFlags(c.name)
			fss = append(fss, bfs)
		}
		for _, fs := range fss {
			fs.VisitAll(func(f *flag.Flag) {
				want := roffText(flagDash(f.Name))
				if !strings.Contains(sec, "\\fB"+want+"\\fR\n") && !strings.Contains(sec, "\\fB"+want+" ") &&
					!strings.Contains(sec, "\n  "+want+" ") {
					t.Errorf("%s: the page does not list %s", c.name, flagDash(f.Name))
				}
			})
		}
	}
}

// TestManPageGroff: groff formats the page without a warning (-ww turns every
// warning on) on the terminal devices man uses.
func TestManPageGroff(t *testing.T) {
	if _, err := exec.LookPath("groff"); err != nil {
		t.Skip("groff is not installed (apt-get install groff-base)")
	}
	_, src, _ := runCLI("__man")
	for _, dev := range []string{"utf8", "ascii"} {
		cmd := exec.Command("groff", "-ww", "-man", "-T"+dev)
		cmd.Stdin = strings.NewReader(src)
		var out, errs bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errs
		if err := cmd.Run(); err != nil || errs.Len() > 0 {
			t.Errorf("groff -T%s: %v\n%s", dev, err, errs.String())
		}
		if !strings.Contains(out.String(), "--unknown-bone") {
			t.Errorf("groff -T%s: the formatted page lacks --unknown-bone", dev)
		}
	}
}

// TestManEscapes: what roffText writes, roffWords reads back.
func TestManEscapes(t *testing.T) {
	for _, s := range []string{`a\b`, "--clip C", ".dot", "'quote", "×3", "[READING …]"} {
		got := strings.Join(roffWords(roffLine(s)), " ")
		if want := strings.Join(helpWords(s), " "); got != want {
			t.Errorf("roffLine(%q) reads back as %q, want %q", s, got, want)
		}
	}
}
