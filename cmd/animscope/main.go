// Command animscope is the skeletal-animation viewer and its command-line tools.
// The subcommands and their flags, JSON keys and exit codes are a contract that
// scripts and tests depend on: `animscope help` and `animscope help COMMAND`
// document it (their texts are the golden files under testdata/help), and so
// does docs/commands.md; a change may extend it, never break it.
package main

import (
	"io"
	"os"

	_ "animscope/formats/all"
	"animscope/formats/printable"
)

// Exit codes of the contract.
const (
	exitOK      = 0
	exitInvalid = 1 // the input is invalid or a check failed
	exitUsage   = 2 // wrong usage
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	// Names come from files: no control character in one reaches the terminal
	// raw, whichever message carries it (printable; JSON output passes unchanged).
	stdout = &printable.Writer{W: stdout}
	stderr = &printable.Writer{W: stderr, C1: true}
	if len(args) > 0 {
		if c, ok := lookupCommand(args[0]); ok && c.run != nil && wantsHelp(args[1:]) {
			return printHelpFor(c.name, stdout) // COMMAND -h: its help on stdout, exit 0
		}
		switch args[0] {
		case "inspect":
			return runInspect(args[1:], stdout, stderr)
		case "validate":
			return runValidate(args[1:], stdout, stderr)
		case "sample":
			return runSample(args[1:], stdout, stderr)
		case "diff":
			return runDiff(args[1:], stdout, stderr)
		case "render":
			return runRender(args[1:], stdout, stderr)
		case "shot":
			return runShot(args[1:], stdout, stderr)
		case "export":
			return runExport(args[1:], stdout, stderr)
		case "texture":
			return runTexture(args[1:], stdout, stderr)
		case "mif":
			return runMIF(args[1:], stdout, stderr)
		case "ls":
			return runLs(args[1:], stdout, stderr)
		case "extract":
			return runExtract(args[1:], stdout, stderr)
		case "help", "-h", "-help", "--help":
			return runHelp(args[1:], stdout, stderr)
		case "version", "--version", "-version":
			return runVersion(args[1:], stdout, stderr)
		case "completion":
			return runCompletion(args[1:], stdout, stderr)
		case "__complete":
			return runComplete(args[1:], stdout)
		case "__man":
			return runMan(args[1:], stdout, stderr)
		}
		if unknownWord(args[0]) {
			return exitFor("", usagef("%q is neither a command nor a file%s", args[0], suggestCommand(args[0])), stderr)
		}
	}
	if wantsHelp(args) {
		return printHelpFor("viewer", stdout)
	}
	return runViewer(args, stdout, stderr)
}

// usageText is the help's synopsis; readingsHelp (from the formats' declarations)
// and exitText follow it.
const usageText = `usage:
  animscope [--watch] [FILE...]       the viewer; with no FILE, the built-in demo
  animscope [--watch] --compare FILE_A FILE_B [READING-b …]
  animscope [--watch] --compare FILE... --file-b FILE [--file-b FILE …] [READING-b …]
  animscope inspect [--json] [READING …] FILE...
  animscope validate [READING …] FILE...
  animscope sample [--json] [--clip C] [--t T] [--clip-b C --t-b T --weight W]
                   [READING …] FILE...
  animscope diff [--json] [--clip C] [--half] [READING …] [READING-b …] FILE_A FILE_B
  animscope render [--clip C] [--t T] [--size WxH] [--skin NAME] --out FILE.png|.jpg
                   [--ghosts N [--ghost-step T]] [--trail NODE …]
                   [--geosets G] [--texture SLOT=FILE …] [READING …] [FILE...]
  animscope render [--clip C] [--frames FROM:TO[:STEP]] [--fps N] [--orbit DEG]
                   [--background transparent|#rrggbb] [--size WxH] [READING …]
                   --out NAME.gif|NAME_%04d.png|NAME.mp4|NAME.webm [FILE...]
  animscope shot [--size WxH] [--scale F] [--panel ID] [--beside ID] [--clip C] [--t T]
                 [--select NODE] [--clip-b C --weight W] [--compare [--file-b FILE …]]
                 [--ghosts N [--ghost-step T]] [--trail NODE …]
                 [--geosets G] [--texture SLOT=FILE …] --out FILE.png|.jpg [READING …] [FILE...]
  animscope export [--clip C] [--fps N] [--bind-pose] [--scale F] [--skin NAME]
                   [--geosets G] [--texture SLOT=FILE …] [--separate] --out FILE.glb|.gltf
                   [READING …] FILE...
  animscope texture FILE --out FILE.png [--mip N]   a texture (BLP, DDS, Texm, PNG, JPEG) as PNG
  animscope mif [--root DIR] FILE     print an SWG file (IFF, or a .mif compiled) as MIF
  animscope ls [--json] [--versions] [--listfile F] MOUNT [PATTERN]
  animscope extract [--listfile F] [--max-bytes N] [--quiet] MOUNT PATTERN --out DIR
  animscope validate|inspect|export [--json] [--quiet] [-j N] [--out DIR] MOUNT [PATTERN...]

A MOUNT is a folder, an MPQ or NRes archive, or a game data folder (its MPQ
archives in the game's load order); a FILE may be ARCHIVE:MEMBER or, in a game
data folder, FOLDER:MEMBER, and MOUNT:MEMBER@ARCHIVE names one archive's version
(ls --versions lists them; ARCHIVE by its file name). A PATTERN is
a glob (* ? [..]; without '/' it also matches base names) or a substring, any case.
--root DIR (every command that opens files) says where referenced files live.
`

const exitText = "\nExit status: 0 success, 1 invalid input or a failed check, 2 wrong usage.\n"
