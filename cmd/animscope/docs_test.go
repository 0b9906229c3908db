package main

import (
	"os"
	"strings"
	"testing"
)

// commandsDoc is the command-line reference, from this package's folder.
const commandsDoc = "../../docs/commands.md"

// TestDocsHelp: docs/commands.md's command-line section is `animscope help`
// (-update rewrites it).
func TestDocsHelp(t *testing.T) {
	checkDocSection(t, commandsDoc, "help", "the command-line section", "animscope help", codeBlock("animscope help", mainHelp()))
}

// TestDocsCommandHelp: docs/commands.md's reference of every command is
// `animscope help COMMAND` for each command of the help, in its order, so every
// command and flag the help names is in the document (-update rewrites it).
func TestDocsCommandHelp(t *testing.T) {
	checkDocSection(t, commandsDoc, "commands", "the reference of every command", "animscope help COMMAND", commandsReference(t))
}

// commandsReference is a heading and the help of each command.
func commandsReference(t *testing.T) string {
	var b strings.Builder
	for _, c := range commands {
		var out, errb strings.Builder
		if code := run([]string{"help", c.name}, &out, &errb); code != exitOK {
			t.Fatalf("help %s: exit %d, %s", c.name, code, errb.String())
		}
		b.WriteString("\n### animscope " + c.name + "\n")
		b.WriteString(codeBlock("animscope help "+c.name, out.String()))
	}
	return b.String()
}

// codeBlock is a command and what it prints as an indented (Markdown code)
// block, with a blank line on each side.
func codeBlock(cmd, text string) string {
	var b strings.Builder
	b.WriteString("\n    $ " + cmd + "\n")
	for _, l := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		if l == "" {
			b.WriteString("\n")
		} else {
			b.WriteString("    " + l + "\n")
		}
	}
	b.WriteString("\n")
	return b.String()
}

// checkDocSection compares the text of the document at path between
// <!-- NAME:begin --> and <!-- NAME:end --> with want (what, from source, name
// them in the failure); -update rewrites it.
func checkDocSection(t *testing.T, path, name, what, source, want string) {
	t.Helper()
	begin, end := "<!-- "+name+":begin -->\n", "<!-- "+name+":end -->"
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s := string(data)
	i, j := strings.Index(s, begin), strings.Index(s, end)
	if i < 0 || j < i {
		t.Fatalf("%s: no %q … %q section", path, begin, end)
	}
	got := s[i+len(begin) : j]
	if got == want {
		return
	}
	if *update {
		if err := os.WriteFile(path, []byte(s[:i+len(begin)]+want+s[j:]), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("%s: %s is\n%s\nwant (%s)\n%s", path, what, got, source, want)
}
