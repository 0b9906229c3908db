package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"animscope/formats"
)

// command is one subcommand's entry in the help: what it is for and an example.
// Its usage lines come from usageText and its flags from flags, the same
// function that builds the FlagSet the command parses, so the help cannot drift
// from the parser and asks for the flags without running the command.
type command struct {
	name    string
	purpose string
	example string
	run     func(args []string, stdout, stderr io.Writer) int
	flags   func() *flag.FlagSet // nil: the command takes no flags
}

// flagSetOf adapts a command's flag builder (which also returns the values the
// command reads) to command.flags.
func flagSetOf[T any](build func() (*flag.FlagSet, T)) func() *flag.FlagSet {
	return func() *flag.FlagSet { fs, _ := build(); return fs }
}

// commands lists the subcommands in the order the help gives them. "viewer" is
// the window (`animscope [FILE...]`); it has no command word of its own.
var commands = []command{
	{"viewer", "open the viewer window on a scene (no FILE: the built-in demo; a folder: the asset browser)",
		"animscope --compare Frog.m2 Frog.m2 --rounding-b floor", runViewer, flagSetOf(newViewerFlags)},
	{"inspect", "describe a scene: format, nodes, meshes, clips, verdict",
		"animscope inspect --json Creature/Frog/Frog.m2", runInspect, flagSetOf(newInspectFlags)},
	{"validate", "check files (or every model of a MOUNT) and print their verdict",
		"animscope validate --quiet model.mpq '*.m2'", runValidate, flagSetOf(newValidateFlags)},
	{"sample", "print the pose of a clip at one time, with the keys every node used",
		"animscope sample --clip Stand --t 500 --json Frog.m2", runSample, flagSetOf(newSampleFlags)},
	{"diff", "compare two scenes (or two readings of one) frame by frame",
		"animscope diff --rounding-b floor demo.msh demo.msh", runDiff, flagSetOf(newDiffFlags)},
	{"render", "draw a scene off-screen to a PNG or JPEG image, or a clip to a GIF, a PNG sequence or a video (needs a display or xvfb-run)",
		"animscope render --clip Walk --t 0.5 --size 640x480 --out walk.jpg Frog.m2", runRender, flagSetOf(newRenderFlags)},
	{"shot", "draw the whole viewer window (panels and 3D view) off-screen to an image",
		"animscope shot --size 1280x800 --panel fallback-map --compare --rounding-b floor --out map.png", runShot, flagSetOf(newShotFlags)},
	{"export", "write a scene as glTF 2.0 (.glb, or .gltf with the buffer embedded or beside it)",
		"animscope export --fps 30 --out frog.gltf Frog.m2", runExport, flagSetOf(newExportFlags)},
	{"texture", "convert a texture (BLP, DDS, Texm, PNG, JPEG) to PNG",
		"animscope texture --mip 1 --out skin.png FrogSkin.blp", runTexture, flagSetOf(newTextureFlags)},
	{"mif", "print an SWG file (IFF, or a .mif compiled) as MIF source",
		"animscope mif appearance/mesh/frog.msh", runMIF, flagSetOf(newMIFFlags)},
	{"ls", "list the files of a MOUNT (folder, MPQ, NRes, .tre/.toc, game data folder)",
		"animscope ls --json Data '*.m2'", runLs, flagSetOf(newLsFlags)},
	{"extract", "copy the files of a MOUNT that match PATTERN into a folder",
		"animscope extract Data 'Creature/Frog/*' --out frog", runExtract, flagSetOf(newExtractFlags)},
	{"completion", "print a shell completion script (bash, zsh or fish)",
		"source <(animscope completion bash)", nil, nil},
	{"version", "print the version and the revision the binary was built from",
		"animscope --version", nil, nil},
	{"help", "print this help, or one command's",
		"animscope help export", nil, nil},
}

func lookupCommand(name string) (command, bool) {
	i := slices.IndexFunc(commands, func(c command) bool { return c.name == name })
	if i < 0 {
		return command{}, false
	}
	return commands[i], true
}

// helpRequest is the error parseInterleaved returns for -h. run answers every
// -h before a command parses its flags (isHelpFlag knows each spelling the flag
// package takes for help), so only a direct call of a command meets it: exit 0.
type helpRequest struct{}

func (helpRequest) Error() string { return "help requested" }

// isHelpFlag reports whether arg asks for help: -h, -help, --h, --help, with or
// without "=VALUE" (the flag package answers each with flag.ErrHelp).
func isHelpFlag(arg string) bool {
	name, ok := strings.CutPrefix(arg, "-")
	if !ok {
		return false
	}
	name = strings.TrimPrefix(name, "-")
	name, _, _ = strings.Cut(name, "=")
	return name == "h" || name == "help"
}

// wantsHelp reports whether a command's args ask for help (before any "--").
func wantsHelp(args []string) bool {
	for _, a := range args {
		if a == "--" {
			return false
		}
		if isHelpFlag(a) {
			return true
		}
	}
	return false
}

// runHelp is `animscope help [COMMAND]`.
func runHelp(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stdout, mainHelp())
		return exitOK
	}
	if len(args) > 1 {
		return exitFor("help", usagef("want at most one COMMAND, got %d", len(args)), stderr)
	}
	c, ok := lookupCommand(args[0])
	if !ok {
		return exitFor("help", usagef("%q is not a command%s", args[0], suggestCommand(args[0])), stderr)
	}
	fmt.Fprint(stdout, commandHelp(c))
	return exitOK
}

// mainHelp is `animscope help`: the commands, the synopsis, the readings and the
// exit status.
func mainHelp() string {
	var b strings.Builder
	b.WriteString("animscope: a viewer and command-line tools for skeletal animation of old game\n")
	b.WriteString("formats (Parkan MSH/NRes, WoW M2, SWG IFF, VoxelCore).\n\ncommands:\n")
	for _, c := range commands {
		fmt.Fprintf(&b, "  %-10s %s\n", c.name, c.purpose)
	}
	b.WriteString("\n")
	b.WriteString(usageText)
	b.WriteString(readingsHelp())
	b.WriteString(exitText)
	b.WriteString("Run 'animscope help COMMAND' (or 'animscope COMMAND -h') for a command's flags.\n")
	return trimTrailing(b.String())
}

// commandHelp is one command's help: purpose, usage, flags with their defaults,
// the readings by family, an example.
func commandHelp(c command) string {
	var b strings.Builder
	fmt.Fprintf(&b, "animscope %s: %s\n\nusage:\n", c.name, c.purpose)
	for _, l := range usageLines(c.name) {
		fmt.Fprintf(&b, "  %s\n", l)
	}
	switch c.name {
	case "completion":
		b.WriteString("\nThe script completes command words, flags, reading values and the clip names\n")
		b.WriteString("of the files already on the line (through the hidden 'animscope __complete').\n")
	case "help", "version":
	default:
		fs := commandFlags(c)
		writeFlags(&b, "flags", fs, func(f *flag.Flag) bool { return !isReadingFlag(f.Name) })
		if c.name == "validate" || c.name == "inspect" || c.name == "export" {
			bfs, _ := newBatchFlags(c.name)
			writeFlags(&b, "with a MOUNT", bfs, func(f *flag.Flag) bool {
				return !isReadingFlag(f.Name) && fs.Lookup(f.Name) == nil
			})
		}
		writeReadings(&b, fs)
	}
	fmt.Fprintf(&b, "\nexample:\n  %s\n", c.example)
	return trimTrailing(b.String())
}

// usageLines are the lines of usageText that show command name (with their
// continuation lines).
func usageLines(name string) []string {
	var out []string
	in := false
	for _, l := range strings.Split(usageText, "\n") {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "animscope ") {
			in = usageShows(strings.Fields(t)[1], name)
		} else if !strings.HasPrefix(l, "    ") {
			in = false
		}
		if in {
			out = append(out, strings.TrimPrefix(l, "  "))
		}
	}
	switch name {
	case "completion":
		out = append(out, "animscope completion bash|zsh|fish")
	case "version":
		out = append(out, "animscope --version", "animscope version")
	case "help":
		out = append(out, "animscope help [COMMAND]", "animscope COMMAND -h")
	}
	return out
}

// usageShows reports whether a synopsis line whose first word is word shows
// command name ("[--watch]" is the viewer's, "validate|inspect|export" three).
func usageShows(word, name string) bool {
	if strings.HasPrefix(word, "[") || strings.HasPrefix(word, "-") {
		return name == "viewer"
	}
	return slices.Contains(strings.Split(word, "|"), name)
}

// commandFlags is a fresh FlagSet of the command's flags (empty for a command
// without flags); nothing is parsed or run.
func commandFlags(c command) *flag.FlagSet {
	if c.flags == nil {
		return flag.NewFlagSet(c.name, flag.ContinueOnError)
	}
	return c.flags()
}

// flagMeta names the value of each flag in the help ("--clip C").
var flagMeta = map[string]string{
	"clip": "C", "clip-b": "C", "t": "T", "t-b": "T", "weight": "W", "size": "WxH", "out": "FILE",
	"fps": "N", "scale": "F", "file-b": "FILE", "skin": "NAME", "j": "N", "listfile": "F", "max-bytes": "N", "max-samples": "N", "root": "DIR", "mip": "N",
	"panel": "ID", "beside": "ID", "select": "NODE", "geosets": "G", "texture": "SLOT=FILE",
	"ghosts": "N", "ghost-step": "T", "trail": "NODE",
	"frames": "FROM:TO[:STEP]", "orbit": "DEG", "background": "BG",
}

// flagDefault is the default the help shows ("" for none); -j's depends on the
// machine, so it is said in words.
func flagDefault(f *flag.Flag) string {
	switch {
	case f.Name == "j":
		return "every core"
	case f.DefValue == "" || f.DefValue == "false":
		return ""
	}
	return f.DefValue
}

func flagLabel(f *flag.Flag) string {
	meta, ok := flagMeta[f.Name]
	if !ok {
		if r, isReading := readingOf(f.Name); isReading {
			meta = strings.Join(r.Choices, "|")
		} else if name, _ := flag.UnquoteUsage(f); name != "" {
			meta = strings.ToUpper(name)
		}
	}
	if meta == "" {
		return flagDash(f.Name)
	}
	return flagDash(f.Name) + " " + meta
}

// flagDash is the flag as the synopsis writes it: -j, --t, --clip.
func flagDash(name string) string {
	if len(name) == 1 && name != "t" {
		return "-" + name
	}
	return "--" + name
}

func writeFlags(b *strings.Builder, title string, fs *flag.FlagSet, keep func(*flag.Flag) bool) {
	var rows [][2]string
	fs.VisitAll(func(f *flag.Flag) {
		if !keep(f) {
			return
		}
		_, usage := flag.UnquoteUsage(f)
		if d := flagDefault(f); d != "" {
			usage += " (default " + d + ")"
		}
		rows = append(rows, [2]string{flagLabel(f), usage})
	})
	if len(rows) == 0 {
		return
	}
	fmt.Fprintf(b, "\n%s:\n", title)
	writeRows(b, "  ", rows)
}

// writeRows prints label/text rows with the texts aligned (a label too long for
// the column gets its text on the next line).
func writeRows(b *strings.Builder, indent string, rows [][2]string) {
	const col = 22
	for _, r := range rows {
		if len(r[0]) < col {
			fmt.Fprintf(b, "%s%-*s %s\n", indent, col, r[0], r[1])
		} else {
			fmt.Fprintf(b, "%s%s\n%s%-*s %s\n", indent, r[0], indent, col, "", r[1])
		}
	}
}

// writeReadings lists the reading flags fs takes, by family, from the formats'
// declarations.
func writeReadings(b *strings.Builder, fs *flag.FlagSet) {
	var families []string
	for _, r := range formats.Readings() {
		for _, f := range r.Families {
			if !slices.Contains(families, f) {
				families = append(families, f)
			}
		}
	}
	slices.Sort(families)
	header := false
	for _, fam := range families {
		var lines []string
		for _, r := range formats.ReadingsFor(fam) {
			if f := fs.Lookup(r.Name); f != nil {
				lines = append(lines, fmt.Sprintf("    %s (default %s)\n        %s\n", flagLabel(f), r.Default, r.Help))
			}
			if f := fs.Lookup(r.Name + "-b"); f != nil {
				lines = append(lines, fmt.Sprintf("    --%s %s\n        B's --%s (default: A's)\n", f.Name, strings.Join(r.Choices, "|"), r.Name))
			}
		}
		if len(lines) == 0 {
			continue
		}
		if !header {
			b.WriteString("\nreadings (each applies to its family only; accepted and ignored for others):\n")
			header = true
		}
		fmt.Fprintf(b, "  %s:\n%s", strings.ToUpper(fam), strings.Join(lines, ""))
	}
}

// readingOf returns the declared reading a flag sets (NAME or NAME-b).
func readingOf(flagName string) (formats.Reading, bool) {
	if r, ok := formats.LookupReading(flagName); ok {
		return r, true
	}
	if base, ok := strings.CutSuffix(flagName, "-b"); ok {
		return formats.LookupReading(base)
	}
	return formats.Reading{}, false
}

func isReadingFlag(name string) bool { _, ok := readingOf(name); return ok }

// printHelpFor answers `COMMAND -h`: the command's help on stdout.
func printHelpFor(name string, stdout io.Writer) int {
	c, ok := lookupCommand(name)
	if !ok {
		return exitUsage
	}
	fmt.Fprint(stdout, commandHelp(c))
	return exitOK
}

// unknownWord reports whether the first argument is neither a command, a flag nor
// a file the viewer could open (an existing path, or ARCHIVE:MEMBER of an
// existing archive): a usage error rather than "cannot open".
func unknownWord(arg string) bool {
	if arg == "" || strings.HasPrefix(arg, "-") {
		return false
	}
	if !formats.ParseName(arg).NotFound() {
		return false
	}
	// A word with a path separator or an extension is meant as a file: the viewer
	// says it cannot open it.
	return !strings.ContainsAny(arg, `/\.`)
}

// suggestCommand is ` (did you mean "inspect"?)` for the nearest command word, or
// "" when none is near.
func suggestCommand(word string) string {
	if w := strings.ToLower(word); w == "viewer" || w == "view" || w == "open" || w == "show" {
		return " (the viewer has no command word: animscope [FILE...])"
	}
	best, bestD := "", 1<<30
	for _, c := range commands {
		if c.name == "viewer" {
			continue
		}
		d := editDistance(strings.ToLower(word), c.name)
		if strings.HasPrefix(c.name, strings.ToLower(word)) && len(word) >= 2 {
			d = min(d, 1)
		}
		if d < bestD {
			best, bestD = c.name, d
		}
	}
	if bestD > max(2, len(word)/2) {
		return ""
	}
	return fmt.Sprintf(" (did you mean %q?)", best)
}

// editDistance is the Levenshtein distance between a and b.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// trimTrailing drops the spaces at the ends of lines (an empty column).
func trimTrailing(s string) string {
	var out bytes.Buffer
	for _, l := range strings.SplitAfter(s, "\n") {
		nl := strings.HasSuffix(l, "\n")
		out.WriteString(strings.TrimRight(l, " \n"))
		if nl {
			out.WriteString("\n")
		}
	}
	return out.String()
}
