package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"animscope/formats"
	"animscope/formats/printable"
	"animscope/formats/vfs"
)

// Batch mode: `validate` and `inspect` given a MOUNT (a folder, an MPQ archive, a
// game data folder) instead of files work through every model file in it, or
// those that match the PATTERNs after it, on -j workers, with a progress bar on a
// terminal and a summary at the end; --json prints one line per file and a last
// "summary" line. The exit status is 1 when any file is invalid.

type batchFlags struct {
	opt      optionFlags
	mf       mountFlags
	jobs     *int
	quiet    *bool
	asJSON   *bool
	progress *bool
	// export only
	out        *string
	fps        *string
	scale      *string
	maxSamples *string
	bindPose   *bool
}

func newBatchFlags(name string) (*flag.FlagSet, *batchFlags) {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	b := &batchFlags{}
	b.opt.register(fs)
	b.mf.register(fs)
	b.jobs = fs.Int("j", runtime.NumCPU(), "files worked on at once (a mount)")
	b.quiet = fs.Bool("quiet", false, "no progress bar, and only the files with findings")
	b.asJSON = fs.Bool("json", false, "one JSON line per file and a summary line")
	b.progress = fs.Bool("progress", false, "show the progress bar even when stderr is not a terminal")
	if name == "export" {
		b.out = fs.String("out", "", "the folder the .glb files go to (a mount) or the .glb file")
		b.fps = fs.String("fps", "", "resampling rate in samples per second")
		b.scale = fs.String("scale", "1", "multiply every length by F")
		b.maxSamples = fs.String("max-samples", "", "the most node samples one file's export writes, all clips together")
		b.bindPose = fs.Bool("bind-pose", false, "export the bind pose only")
		fs.String("clip", "", "export only this clip (one scene only; not with a mount)")
	}
	return fs, b
}

// batchMount returns the mount that args name when they name one first (a folder
// or an MPQ archive without a member); ok is false for a plain list of files.
func batchMount(cmd string, args []string) (pos []string, ok bool) {
	fs, _ := newBatchFlags(cmd)
	pos, err := parseInterleaved(fs, args)
	if err != nil || len(pos) == 0 {
		return nil, false
	}
	st, err := os.Stat(pos[0])
	if err != nil {
		return nil, false
	}
	if st.IsDir() {
		return pos, true
	}
	if st.Mode().IsRegular() && vfs.IsArchiveFile(pos[0]) {
		return pos, true
	}
	return nil, false
}

// batchFlagsOffMount is the error for flags only a mount takes (-j, --quiet,
// --progress, --listfile, and validate's --json) given with a first argument that
// is no mount, nil when there is none. The argument's own problem comes first: a
// missing or unreadable file, an archive that does not open (its reader's error),
// a model file that does not decode (exit 1); only a file that reads well gets
// the usage error about the flags (exit 2). Without this, `validate -j 2 X` said
// "flag provided but not defined: -j" and never why X was not mounted.
func batchFlagsOffMount(cmd string, args []string, plain *flag.FlagSet) error {
	fs, _ := newBatchFlags(cmd)
	pos, err := parseInterleaved(fs, args)
	if err != nil || len(pos) == 0 {
		return nil
	}
	var only []string
	fs.Visit(func(f *flag.Flag) {
		if plain.Lookup(f.Name) == nil {
			only = append(only, flagSpelling(f.Name))
		}
	})
	if len(only) == 0 {
		return nil
	}
	x, flags := pos[0], strings.Join(only, ", ")+" applies"
	if len(only) > 1 {
		flags = strings.Join(only, ", ") + " apply"
	}
	mt, mountErr := vfs.Open(x)
	if mountErr == nil {
		mt.Close() // an NRes file: ls and extract mount it, the other commands open it as a model
		return usagef("%s is an NRes model, which %s opens as a scene, not as a MOUNT: %s to a MOUNT only (a folder, an MPQ, a .tre/.toc)", x, cmd, flags)
	}
	_, fileErr := formats.OpenFile(x, formats.Options{DeferMeshes: true})
	if fileErr == nil {
		return usagef("%s is a FILE, not a MOUNT: %s to a MOUNT only (a folder or an archive)", x, flags)
	}
	if _, err := os.Stat(x); err != nil || modelExtensions()[strings.ToLower(path.Ext(x))] {
		return fileErr // missing, ARCHIVE:MEMBER, or meant as a model file: what is wrong with it
	}
	return mountErr
}

// flagSpelling is how help spells a flag: -j, --json.
func flagSpelling(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

// modelExtensions are the extensions some decoder reads (a mount's model files).
func modelExtensions() map[string]bool {
	out := map[string]bool{}
	for _, d := range formats.Decoders() {
		for _, e := range d.Extensions {
			out[e] = true
		}
	}
	return out
}

// batchResult is one file's line.
type batchResult struct {
	File     string      `json:"file"`
	Family   string      `json:"family"`
	Verdict  string      `json:"verdict"` // valid, warnings, invalid
	Errors   int         `json:"errors"`
	Warnings int         `json:"warnings"`
	Messages []string    `json:"messages,omitempty"`
	Bytes    int64       `json:"bytes"`
	Millis   float64     `json:"ms"`
	Inspect  *inspectOut `json:"inspect,omitempty"`
	Wrote    string      `json:"wrote,omitempty"`
	dur      time.Duration
}

type batchSummary struct {
	Files    int            `json:"files"`
	Families map[string]int `json:"families"`
	Valid    int            `json:"valid"`
	Warnings int            `json:"with_warnings"`
	Invalid  int            `json:"invalid"`
	Slowest  []string       `json:"slowest"`
	Largest  []string       `json:"largest"`
	Seconds  float64        `json:"seconds"`
}

// runBatch runs cmd ("validate" or "inspect") over a mount.
func runBatch(cmd string, args []string, stdout, stderr io.Writer) int {
	fs, b := newBatchFlags(cmd)
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return exitFor(cmd, err, stderr)
	}
	opts, err := b.opt.options()
	if err != nil {
		return exitFor(cmd, err, stderr)
	}
	if *b.jobs < 1 {
		return exitFor(cmd, usagef("-j %d: want at least 1", *b.jobs), stderr)
	}
	mt, err := b.mf.open(pos[0])
	if err != nil {
		return exitFor(cmd, err, stderr)
	}
	defer mt.Close()
	entries, err := batchEntries(mt, pos[1:])
	if err != nil {
		return exitFor(cmd, err, stderr)
	}
	if len(entries) == 0 {
		fmt.Fprintf(stderr, "%s: no model file to %s\n", printable.Name(pos[0]), cmd)
		return exitInvalid
	}
	var exp *batchExport
	if cmd == "export" {
		if exp, err = newBatchExport(b); err != nil {
			return exitFor(cmd, err, stderr)
		}
		exp.plan(entries, mt.MemberName)
		exp.guard = newInputGuard(mt, *b.mf.listfile) // never write over a file of the mount
	}
	work := func(e vfs.Entry) batchResult { return batchOne(cmd, mt, e, opts, exp) }
	var bar *progressBar
	if !*b.quiet && (*b.progress || isTerminal(stderr)) {
		bar = &progressBar{w: rawWriter(stderr), total: len(entries), start: time.Now()} // its \r stays a CR
	}
	start := time.Now()
	// A result waits here from its work to its line (runOrdered prints in file
	// order), and no longer.
	var mu sync.Mutex
	waiting := map[int]batchResult{}
	sum := newSummarizer()
	status := exitOK
	print := func(r batchResult) {
		if r.Verdict == "invalid" {
			status = exitInvalid
		}
		bar.clear()
		if *b.asJSON {
			line, _ := json.Marshal(r)
			stdout.Write(append(line, '\n'))
		} else {
			printBatchText(stdout, stderr, cmd, r, *b.quiet)
		}
	}
	runOrdered(len(entries), *b.jobs, func(i int) {
		r := work(entries[i])
		mu.Lock()
		waiting[i] = r
		mu.Unlock()
	}, func(i int) {
		mu.Lock()
		r := waiting[i]
		delete(waiting, i)
		mu.Unlock()
		print(r)
		sum.add(r)
		bar.step()
	})
	bar.clear()
	if *b.asJSON {
		line, _ := json.Marshal(map[string]batchSummary{"summary": sum.summary(time.Since(start))})
		stdout.Write(append(line, '\n'))
	} else {
		printSummary(stdout, sum.summary(time.Since(start)))
	}
	return status
}

// batchEntries picks the mount's files: those matching any pattern, or without
// patterns every file a decoder reads (by extension).
func batchEntries(mt *vfs.Mount, patterns []string) ([]vfs.Entry, error) {
	if len(patterns) == 0 {
		exts := modelExtensions()
		var out []vfs.Entry
		for _, e := range mt.Entries() {
			if exts[strings.ToLower(path.Ext(e.Path))] {
				out = append(out, e)
			}
		}
		return out, nil
	}
	seen := map[string]bool{}
	var out []vfs.Entry
	for _, p := range patterns {
		ms, err := mt.Match(p)
		if err != nil {
			return nil, usagef("%v", err)
		}
		for _, e := range ms {
			if k := strings.ToLower(e.Path); !seen[k] {
				seen[k] = true
				out = append(out, e)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return strings.ToLower(out[i].Path) < strings.ToLower(out[j].Path) })
	return out, nil
}

// batchOne opens and checks one file, as `validate FILE` (or `inspect FILE`)
// would: the same decode, the same checks, the same verdict.
func batchOne(cmd string, mt *vfs.Mount, e vfs.Entry, opts formats.Options, exp *batchExport) batchResult {
	t0 := time.Now()
	r := batchResult{File: mt.MemberName(e), Bytes: e.Size}
	var msgs bytes.Buffer
	if k := mt.ArchiveKind(e); k.Folder {
		// A file on disk: exactly validateFile's steps.
		r.Errors, r.Warnings = mifDepartures(r.File, opts, &msgs)
	} else if !k.Scene {
		// A member of a tree: the same check, its includes read from the mount.
		r.Errors, r.Warnings = mifDeparturesIn(mt, e.Path, r.File, opts, &msgs)
	}
	a, err := mt.OpenModel(e, opts)
	if err != nil {
		// A file no scene decoder opens may still be data validate reads (a
		// texture, a shader template, a client database): the same verdict.
		// The member's bytes come from the open mount (read once), not by its name.
		data, rerr := mt.Read(e)
		if data == nil {
			data = []byte{}
		}
		if rerr != nil {
			fmt.Fprintln(&msgs, err)
			r.Errors++
		} else if ne, nw, fam, ok := dataVerdict(r.File, data, &msgs); ok {
			r.Family, r.Errors, r.Warnings = fam, r.Errors+ne, r.Warnings+nw
		} else {
			fmt.Fprintln(&msgs, err)
			r.Errors++
		}
	} else {
		r.Family = a.Family
		ne, nw := validateAsset(a, opts, &msgs)
		r.Errors += ne
		r.Warnings += nw
		if cmd == "inspect" && r.Errors == 0 {
			scene := &a.Asset // not a scene: described as the file gives it
			if a.Skeleton != nil || a.StandIn != nil || len(a.ClipBinders) > 0 || len(a.MeshBinders) > 0 {
				if s, err := formats.Merge([]*formats.Part{a}); err == nil {
					scene = s
				}
			}
			out := describe(scene)
			r.Inspect = &out
		}
		if cmd == "export" && r.Errors == 0 {
			if p, err := exp.write(a, e); err != nil {
				fmt.Fprintln(&msgs, err)
				r.Errors++
			} else {
				r.Wrote = p
			}
		}
	}
	switch {
	case r.Errors > 0:
		r.Verdict = "invalid"
	case r.Warnings > 0:
		r.Verdict = "warnings"
	default:
		r.Verdict = "valid"
	}
	for _, l := range strings.Split(strings.TrimRight(msgs.String(), "\n"), "\n") {
		if l != "" {
			r.Messages = append(r.Messages, l)
		}
	}
	r.dur = time.Since(t0)
	r.Millis = float64(r.dur.Microseconds()) / 1000
	return r
}

// runOrdered runs work(i) for i in [0, n) on jobs goroutines and calls done(i)
// in index order, as soon as every earlier index is done.
func runOrdered(n, jobs int, work, done func(i int)) {
	jobs = min(jobs, n)
	// Workers claim the next index from a counter, not from a channel, and report
	// into a buffer: a channel hand-off per file woke a goroutine per file (a
	// mount of 440,000 members spent most of its time in the scheduler).
	var claimed atomic.Int64
	finished := make(chan int, 256)
	var wg sync.WaitGroup
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(claimed.Add(1) - 1)
				if i >= n {
					return
				}
				work(i)
				finished <- i
			}
		}()
	}
	ready := make([]bool, n)
	cursor := 0
	for k := 0; k < n; k++ {
		ready[<-finished] = true
		for cursor < n && ready[cursor] {
			done(cursor)
			cursor++
		}
	}
	wg.Wait()
}

func printBatchText(stdout, stderr io.Writer, cmd string, r batchResult, quiet bool) {
	if quiet && r.Verdict == "valid" {
		return
	}
	for _, m := range r.Messages {
		fmt.Fprintln(stderr, printable.Name(m)) // one line each
	}
	file := printable.Name(r.File)
	switch r.Verdict {
	case "invalid":
		fmt.Fprintf(stdout, "%s: invalid (%s, %s)\n", file, plural(r.Errors, "error", "errors"), plural(r.Warnings, "warning", "warnings"))
	case "warnings":
		fmt.Fprintf(stdout, "%s: valid, with %s\n", file, plural(r.Warnings, "warning", "warnings"))
	default:
		fmt.Fprintf(stdout, "%s: valid\n", file)
	}
	if r.Wrote != "" {
		fmt.Fprintf(stdout, "  wrote %s\n", printable.Name(r.Wrote))
	}
	if cmd == "inspect" && r.Inspect != nil {
		fmt.Fprintf(stdout, "  %s, %s, %s, %s\n", r.Inspect.Format, plural(len(r.Inspect.Nodes), "node", "nodes"),
			plural(len(r.Inspect.Meshes), "mesh", "meshes"), plural(len(r.Inspect.Clips), "clip", "clips"))
	}
}

// summarizer gathers the summary as the results are printed, so that no
// result is kept after its line: a mount of half a million files costs its
// entries, not a copy of every result (twice, sorted) at the end.
type summarizer struct {
	s                batchSummary
	slowest, largest []batchResult // the first three by each order, ties in file order
}

func newSummarizer() *summarizer { return &summarizer{s: batchSummary{Families: map[string]int{}}} }

func (z *summarizer) add(r batchResult) {
	z.s.Files++
	fam := r.Family
	if fam == "" {
		fam = "unreadable"
	}
	z.s.Families[fam]++
	switch r.Verdict {
	case "invalid":
		z.s.Invalid++
	case "warnings":
		z.s.Warnings++
	default:
		z.s.Valid++
	}
	r.Messages, r.Inspect = nil, nil // only the labels' fields are kept
	z.slowest = keepTop(z.slowest, r, func(a, b batchResult) bool { return a.dur > b.dur })
	z.largest = keepTop(z.largest, r, func(a, b batchResult) bool { return a.Bytes > b.Bytes })
}

// keepTop inserts r into top (at most three, ordered by before) after every
// result it does not come before: what a stable sort of all of them would put first.
func keepTop(top []batchResult, r batchResult, before func(a, b batchResult) bool) []batchResult {
	i := len(top)
	for i > 0 && before(r, top[i-1]) {
		i--
	}
	if i >= 3 {
		return top
	}
	top = slices.Insert(top, i, r)
	return top[:min(3, len(top))]
}

func (z *summarizer) summary(elapsed time.Duration) batchSummary {
	s := z.s
	s.Seconds = elapsed.Seconds()
	label := func(rs []batchResult, f func(r batchResult) string) []string {
		var out []string
		for _, r := range rs {
			out = append(out, f(r))
		}
		return out
	}
	s.Slowest = label(z.slowest, func(r batchResult) string { return fmt.Sprintf("%s (%.1f ms)", r.File, r.Millis) })
	s.Largest = label(z.largest, func(r batchResult) string { return fmt.Sprintf("%s (%d bytes)", r.File, r.Bytes) })
	return s
}

func printSummary(w io.Writer, s batchSummary) {
	var fams []string
	for f, n := range s.Families {
		fams = append(fams, fmt.Sprintf("%s %d", f, n))
	}
	sort.Strings(fams)
	fmt.Fprintf(w, "\n%s (%s) in %.2f s: %d valid, %d with warnings, %d invalid\n",
		plural(s.Files, "file", "files"), strings.Join(fams, ", "), s.Seconds, s.Valid, s.Warnings, s.Invalid)
	fmt.Fprintf(w, "slowest: %s\nlargest: %s\n", printable.Name(strings.Join(s.Slowest, ", ")), printable.Name(strings.Join(s.Largest, ", ")))
}

// rawWriter is the writer under run's control-character escaping.
func rawWriter(w io.Writer) io.Writer {
	if p, ok := w.(*printable.Writer); ok {
		return p.W
	}
	return w
}

// isTerminal reports whether w is a terminal (a character device).
func isTerminal(w io.Writer) bool {
	f, ok := rawWriter(w).(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// progressBar draws "[#####.....] done/total  rate/s  ETA" on one line.
type progressBar struct {
	w     io.Writer
	total int
	done  int
	start time.Time
	shown bool
}

func (p *progressBar) step() {
	if p == nil {
		return
	}
	p.done++
	el := time.Since(p.start).Seconds()
	rate := float64(p.done) / max(el, 1e-9)
	eta := float64(p.total-p.done) / max(rate, 1e-9)
	const width = 30
	fill := width * p.done / p.total
	fmt.Fprintf(p.w, "\r[%s%s] %d/%d  %.0f files/s  ETA %s ", strings.Repeat("#", fill), strings.Repeat(".", width-fill),
		p.done, p.total, rate, (time.Duration(eta) * time.Second).Round(time.Second))
	p.shown = true
}

func (p *progressBar) clear() {
	if p == nil || !p.shown {
		return
	}
	fmt.Fprintf(p.w, "\r%s\r", strings.Repeat(" ", 79))
	p.shown = false
}
