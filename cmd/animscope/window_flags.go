package main

import (
	"flag"
	"strings"
)

// The flags of the two commands that open a window or a GL context. They live
// apart from those commands so that the help and the shell completion know them
// in every build of the command line.

// viewerFlags are the viewer's flags (`animscope [--watch] [FILE...]`).
type viewerFlags struct {
	opt            optionFlags
	watch, compare *bool
	readingsB      readingFlagsB
	filesB         fileList
	char           characterFlags
}

// fileList is a flag given once per file (--file-b): the files in order.
type fileList []string

func (l *fileList) String() string     { return strings.Join(*l, " ") }
func (l *fileList) Set(v string) error { *l = append(*l, v); return nil }

func newViewerFlags() (*flag.FlagSet, *viewerFlags) {
	fs := flag.NewFlagSet("animscope", flag.ContinueOnError)
	f := &viewerFlags{}
	f.opt.register(fs)
	f.opt.registerAttach(fs)
	f.watch = fs.Bool("watch", false, "reload the files when they change")
	f.compare = fs.Bool("compare", false, "show FILE_A and FILE_B side by side (no FILE: the demo twice, B under its READING-b)")
	fs.Var(&f.filesB, "file-b", "with --compare: a file of scene B, once per file (a model, then its clips); the FILEs are then all scene A's")
	f.readingsB = registerReadingsB(fs, "with --compare: ")
	f.char.register(fs)
	return fs, f
}

// renderFlags are render's flags.
type renderFlags struct {
	opt                      optionFlags
	clip, t, size, out, skin *string
	char                     characterFlags
	motion                   motionFlags
	anim                     animFlags
}

func newRenderFlags() (*flag.FlagSet, *renderFlags) {
	fs := flag.NewFlagSet("render", flag.ContinueOnError)
	f := &renderFlags{}
	f.opt.register(fs)
	f.opt.registerAttach(fs)
	f.clip = fs.String("clip", "", "clip index (0-based) or name (default: the first clip; the bind pose without clips)")
	f.t = fs.String("t", "0", "time in the clip's native unit")
	f.size = fs.String("size", "800x600", "image size WxH")
	f.out = fs.String("out", "", "the image to write: .png, or .jpg/.jpeg for JPEG; a clip as pictures: NAME.gif, NAME_%04d.png (one PNG a frame, numbered from 0), NAME.mp4 or NAME.webm (through ffmpeg)")
	f.skin = fs.String("skin", "", "fill the model's replaceable textures (creature skins) with this texture beside it")
	f.char.register(fs)
	f.motion.register(fs)
	f.anim.register(fs)
	return fs, f
}
