package main

import (
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"animscope/formats"
	"animscope/formats/atomicfile"
	"animscope/formats/gltf"
)

// exportFlags are export's flags for one scene (a MOUNT takes newBatchFlags').
type exportFlags struct {
	opt                   optionFlags
	out, clip, fps, scale *string
	skin, maxSamples      *string
	separate, bindPose    *bool
	char                  characterFlags
}

func newExportFlags() (*flag.FlagSet, *exportFlags) {
	fs := flag.NewFlagSet("export", flag.ContinueOnError)
	f := &exportFlags{}
	f.opt.register(fs)
	f.opt.registerAttach(fs)
	f.out = fs.String("out", "", "the file to write: .glb (binary glTF) or .gltf (JSON)")
	f.separate = fs.Bool("separate", false, "with a .gltf --out: write the buffer beside it (FILE.bin) instead of embedding it")
	f.clip = fs.String("clip", "", "export only this clip: index (0-based) or name")
	f.fps = fs.String("fps", "", "resampling rate in samples per second (default: each clip's own frame rate)")
	f.bindPose = fs.Bool("bind-pose", false, "export the bind pose only, without animations")
	f.scale = fs.String("scale", "1", "multiply every length by F (file units are written as metres)")
	f.skin = fs.String("skin", "", "fill the model's replaceable textures (creature skins) with this texture beside it")
	f.maxSamples = fs.String("max-samples", "", fmt.Sprintf("the most node samples the export writes: each clip's sample times × its animated nodes, all clips together (default %d; a real character at its own rate needs a few million)", gltf.DefaultMaxNodeSamples))
	f.char.register(fs)
	return fs, f
}

// runExport writes a scene as binary glTF 2.0:
//
//	animscope export [--clip C] [--fps N] [--bind-pose] [--scale F] --out FILE.glb FILE...
//
// plus the sampling options of every command. Without --clip every clip of the scene
// becomes one glTF animation; with --bind-pose none does. The .glb is written to a
// temporary file and renamed over --out, which may not be one of the scene's files.
func runExport(args []string, stdout, stderr io.Writer) int {
	if _, ok := batchMount("export", args); ok {
		return runBatch("export", args, stdout, stderr) // a folder or an archive: every model in it, to --out DIR
	}
	if err := batchFlagsOffMount("export", args, flagSetOf(newExportFlags)()); err != nil {
		return exitFor("export", err, stderr) // the first argument is no mount: why, before the flags
	}
	fs, f := newExportFlags()
	out, separate, clip, fpsStr, bindPose, scaleStr, skin := f.out, f.separate, f.clip, f.fps, f.bindPose, f.scale, f.skin
	files, opts, err := parseFiles(fs, &f.opt, args)
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if err == nil && *out == "" {
		err = usagef("--out FILE.glb|.gltf is required")
	}
	if err == nil && *bindPose && set["clip"] {
		err = usagef("--clip and --bind-pose exclude each other")
	}
	if err == nil {
		err = f.char.check()
	}
	var eo gltf.ExportOptions
	if err == nil && *fpsStr != "" {
		eo.FPS, err = positive("fps", *fpsStr)
	}
	if err == nil {
		eo.Scale, err = positive("scale", *scaleStr)
	}
	if err == nil && *f.maxSamples != "" {
		eo.MaxNodeSamples, err = positiveCount("max-samples", *f.maxSamples)
	}
	if err == nil {
		err = checkOutNotInput(*out, files)
	}
	var bin string // the buffer beside a .gltf (--separate)
	if err == nil {
		bin, err = gltfOutput(*out, *separate)
	}
	if err == nil && bin != "" {
		err = checkOutNotInput(bin, files)
	}
	if err != nil {
		return exitFor("export", err, stderr)
	}
	a, err := formats.Open(files, opts)
	if err != nil {
		return exitFor("export", err, stderr)
	}
	if err := checkOutNotInput(*out, a.Files); err != nil {
		return exitFor("export", err, stderr)
	}
	if bin != "" {
		if err := checkOutNotInput(bin, a.Files); err != nil {
			return exitFor("export", err, stderr)
		}
	}
	for _, d := range a.Diagnostics {
		if d.Severity == formats.Warning {
			fmt.Fprintf(stderr, "warning: %s\n", d)
		} else {
			fmt.Fprintln(stderr, d.String())
		}
	}
	if formats.HasErrors(a.Diagnostics) {
		fmt.Fprintf(stderr, "animscope export: %s not written: the scene has errors\n", *out)
		return exitInvalid
	}
	if *skin != "" {
		if a.Materials == nil {
			return exitFor("export", usagef("--skin %s: the scene has no textured materials", *skin), stderr)
		}
		if err := a.Materials.UseSkin(*skin); err != nil {
			return exitFor("export", skinUsage(*skin, err), stderr)
		}
	}
	if err := f.char.apply(a); err != nil { // --geosets, --texture (after --skin: they win)
		return exitFor("export", err, stderr)
	}
	// Nor over a file the scene read besides its own (an M2's .skin or .anim)
	// or a texture the export is to read (one found beside the model, or a
	// --texture FILE), as render refuses: a link named FILE.glb can point at
	// any of them.
	read := sceneReads(a)
	if err := checkOutNotInput(*out, read); err != nil {
		return exitFor("export", err, stderr)
	}
	if bin != "" {
		if err := checkOutNotInput(bin, read); err != nil {
			return exitFor("export", err, stderr)
		}
	}
	eo.BindPose = *bindPose
	if set["clip"] {
		_, idx, err := a.Clip(*clip)
		if err != nil {
			return exitFor("export", usagef("%v", err), stderr)
		}
		if idx < 0 {
			eo.BindPose = true // a scene without clips: its bind pose
		} else {
			eo.Clips = []int{idx}
		}
	}
	eo.Name = sceneName(files[0])
	eo.Warn = func(s string) { fmt.Fprintf(stderr, "warning: %s\n", s) }
	doc, err := gltf.Export(a, eo)
	if err != nil {
		fmt.Fprintln(stderr, err) // it names the files and the place
		return exitInvalid
	}
	if err := writeGLTF(*out, bin, doc); err != nil {
		fmt.Fprintln(stderr, err)
		return exitInvalid
	}
	fmt.Fprintf(stdout, "%s: %s, %s, %s\n", *out, plural(len(doc.Nodes), "node", "nodes"), plural(len(doc.Meshes), "mesh", "meshes"), plural(len(doc.Animations), "animation", "animations"))
	return exitOK
}

// positive parses a finite number greater than zero.
func positive(name, s string) (float64, error) {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) || v <= 0 {
		return 0, usagef("--%s %q: want a positive number", name, s)
	}
	return v, nil
}

// positiveCount parses a flag's whole count from 1 to 2^31−1 (an int on every
// platform).
func positiveCount(name, s string) (int, error) {
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil || v < 1 || v > math.MaxInt32 {
		return 0, usagef("--%s %q: want a whole number from 1 to %d", name, s, math.MaxInt32)
	}
	return int(v), nil
}

// checkOutNotInput refuses an --out that is one of the scene's files (or the archive
// that holds a member, "archive.rlb:MEMBER.msh"): nothing ever writes to a file the
// user opened.
func checkOutNotInput(out string, inputs []string) error {
	outAbs, err := filepath.Abs(out)
	if err != nil {
		return usagef("--out %s: %v", out, err)
	}
	outInfo, outErr := os.Stat(out)
	if outErr == nil && outInfo.IsDir() {
		return usagef("--out %s is a folder", out)
	}
	// Only a regular file (or a new one) is written; a symbolic link is written
	// through, and a device or pipe is refused before anything is read.
	if _, _, _, err := atomicfile.Target(out); err != nil {
		return usagef("--out %v", err)
	}
	for _, in := range inputs {
		cands := []string{in}
		if archive, _, ok := formats.SplitName(in); ok {
			cands = append(cands, archive) // whether or not it is there: any archive it could name
		}
		for _, c := range cands {
			abs, err := filepath.Abs(c)
			same := err == nil && abs == outAbs
			if !same && outErr == nil {
				if st, err := os.Stat(c); err == nil && os.SameFile(st, outInfo) {
					same = true
				}
			}
			if same {
				return usagef("--out %s is an input file (%s); it is never overwritten", out, in)
			}
		}
	}
	return nil
}

// sceneName names the glTF scene after the first file, without its folder and
// extension (and the archive member when one is named).
func sceneName(file string) string {
	base := filepath.Base(file)
	if _, member, ok := formats.SplitName(base); ok && member != "" {
		base = member
	}
	// MOUNT:MEMBER@ARCHIVE, one version of a member: the member's name.
	if plain, _, ok := formats.CutVersion(base); ok && strings.Contains(file, ":") && filepath.Ext(plain) != "" {
		base = plain
	}
	if ext := filepath.Ext(base); ext != "" && ext != base {
		base = strings.TrimSuffix(base, ext)
	}
	return base
}
