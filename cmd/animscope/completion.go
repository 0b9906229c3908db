package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"animscope/formats"
)

// Shell completion: each script hands the words on the line to the hidden
// `animscope __complete WORD...` (the last word is the one being completed) and
// offers what it prints, one candidate a line; when it prints nothing the shell
// completes file names. So commands, flags, reading values and clip names all
// come from the same tables the parser uses.

func runCompletion(args []string, stdout, stderr io.Writer) int {
	if len(args) == 1 && isHelpFlag(args[0]) {
		return printHelpFor("completion", stdout)
	}
	if len(args) != 1 {
		return exitFor("completion", usagef("want one shell: bash, zsh or fish"), stderr)
	}
	script, ok := completionScripts[args[0]]
	if !ok {
		return exitFor("completion", usagef("%q: want bash, zsh or fish", args[0]), stderr)
	}
	fmt.Fprint(stdout, script)
	return exitOK
}

var completionScripts = map[string]string{
	"bash": `# animscope completion for bash: source <(animscope completion bash)
_animscope() {
	local cur=${COMP_WORDS[COMP_CWORD]}
	local IFS=$'\n'
	local words=("${COMP_WORDS[@]:1:COMP_CWORD}")
	local out
	out=$(animscope __complete "${words[@]}" 2>/dev/null)
	if [ -n "$out" ]; then
		COMPREPLY=($(compgen -W "$out" -- "$cur"))
	else
		COMPREPLY=($(compgen -f -- "$cur"))
	fi
}
complete -o filenames -F _animscope animscope
`,
	"zsh": `#compdef animscope
# animscope completion for zsh: source <(animscope completion zsh)
_animscope() {
	local -a out
	out=("${(@f)$(animscope __complete "${(@)words[2,CURRENT]}" 2>/dev/null)}")
	if [[ -n "${out[1]}" ]]; then
		compadd -a out
	else
		_files
	fi
}
compdef _animscope animscope
`,
	"fish": `# animscope completion for fish: animscope completion fish | source
function __animscope_complete
	set -l words (commandline -opc)[2..-1] (commandline -ct)
	animscope __complete $words 2>/dev/null
end
complete -c animscope -f -a '(set -l c (__animscope_complete); if test (count $c) -gt 0; printf "%s\n" $c; else; __fish_complete_path (commandline -ct); end)'
`,
}

// runComplete prints the candidates for the last of words (the words after
// "animscope"; the last one is being typed, possibly empty).
func runComplete(words []string, stdout io.Writer) int {
	for _, c := range completeWords(words) {
		fmt.Fprintln(stdout, c)
	}
	return exitOK
}

func completeWords(words []string) []string {
	if len(words) == 0 {
		words = []string{""}
	}
	cur := words[len(words)-1]
	if len(words) == 1 && !strings.HasPrefix(cur, "-") {
		var out []string
		for _, c := range commands {
			if c.name != "viewer" && strings.HasPrefix(c.name, cur) {
				out = append(out, c.name)
			}
		}
		return out // no command matches: the shell completes a file
	}
	name, rest := "viewer", words
	if c, ok := lookupCommand(words[0]); ok && len(words) > 1 {
		name, rest = c.name, words[1:]
	}
	switch name {
	case "help":
		return completeWords(rest[len(rest)-1:])
	case "completion":
		return filterPrefix([]string{"bash", "fish", "zsh"}, cur)
	case "version":
		return nil
	}
	c, _ := lookupCommand(name)
	fs := commandFlags(c)
	if name == "validate" || name == "inspect" || name == "export" {
		bfs, _ := newBatchFlags(name)
		bfs.VisitAll(func(f *flag.Flag) {
			if fs.Lookup(f.Name) == nil {
				fs.Var(f.Value, f.Name, f.Usage)
			}
		})
	}
	if len(rest) >= 2 {
		if f := valueFlag(fs, rest[len(rest)-2]); f != nil {
			return completeValue(fs, f, rest[:len(rest)-2], cur)
		}
	}
	if strings.HasPrefix(cur, "-") {
		var out []string
		fs.VisitAll(func(f *flag.Flag) { out = append(out, flagDash(f.Name)) })
		if name == "viewer" {
			out = append(out, "--help", "--version")
		}
		return filterPrefix(out, cur)
	}
	return completeVersion(cur) // MOUNT:MEMBER@ARCHIVE; nil: the shell's files
}

// valueFlag is the flag word names when it takes a value in the next word
// ("--clip", "-t"; not a bool flag nor "--clip=X").
func valueFlag(fs *flag.FlagSet, word string) *flag.Flag {
	if !strings.HasPrefix(word, "-") || strings.Contains(word, "=") {
		return nil
	}
	f := fs.Lookup(strings.TrimLeft(word, "-"))
	if f == nil {
		return nil
	}
	if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
		return nil
	}
	return f
}

// completeValue lists the values of flag f: a reading's choices, the clip names
// (or, for --trail, the node names) of the files already on the line, or nothing
// (a path: the shell's files).
func completeValue(fs *flag.FlagSet, f *flag.Flag, before []string, cur string) []string {
	if r, ok := readingOf(f.Name); ok {
		return filterPrefix(r.Choices, cur)
	}
	switch f.Name {
	case "geosets":
		return filterPrefix([]string{"defaults", "all"}, cur)
	case "texture":
		return filterPrefix([]string{"body=", "cape=", "hair=", "fur=", "creature1=", "creature2=", "creature3="}, cur)
	case "background":
		return filterPrefix([]string{"transparent", "#"}, cur)
	case "clip", "clip-b", "attach", "trail":
	default:
		return nil
	}
	var files []string
	for i := 0; i < len(before); i++ {
		w := before[i]
		if strings.HasPrefix(w, "-") {
			if valueFlag(fs, w) != nil {
				i++
			}
			continue
		}
		files = append(files, w)
	}
	if len(files) == 0 {
		return nil
	}
	a, err := formats.Open(files, formats.Options{})
	if err != nil {
		if len(files) < 2 {
			return nil
		}
		// diff's FILE_A FILE_B are two scenes: the clip names of A.
		if a, err = formats.Open(files[:1], formats.Options{}); err != nil {
			return nil
		}
	}
	if f.Name == "attach" {
		return filterPrefix(attachPointWords(a), cur)
	}
	var names []string
	if f.Name == "trail" { // a node: its name
		if a.Skeleton != nil {
			names = append(names, a.Skeleton.Names...)
		}
		return filterPrefix(names, cur)
	}
	for _, c := range a.Clips {
		names = append(names, c.Info().Name)
	}
	return filterPrefix(names, cur)
}

func filterPrefix(list []string, prefix string) []string {
	var out []string
	for _, s := range list {
		if strings.HasPrefix(s, prefix) {
			out = append(out, s)
		}
	}
	return out
}
