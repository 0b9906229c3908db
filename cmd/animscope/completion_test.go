package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestCompleteWords: what `animscope __complete` offers for the word being typed.
func TestCompleteWords(t *testing.T) {
	m2 := frogLikeM2(t)
	_, demo := demoFile(t)
	for _, tc := range []struct {
		words []string
		want  string // candidates joined by spaces; "" lets the shell complete files
	}{
		{[]string{"sa"}, "sample"},
		{[]string{"ex"}, "export extract"},
		{[]string{"Frog"}, ""},
		{[]string{"--wa"}, "--watch"},
		{[]string{"sample", "--rou"}, "--rounding"},
		{[]string{"diff", "--rou"}, "--rounding --rounding-b"},
		{[]string{"sample", "--rounding", ""}, "engine floor half-away"},
		{[]string{"diff", "--quat-order-b", "w"}, "wxyz"},
		{[]string{"render", "--handles", ""}, "relative absolute"},
		{[]string{"export", "-"}, ""}, // checked below: every flag, -j among them
		{[]string{"sample", m2, "--clip", "Stand"}, "Stand.1 Stand Stand.2 Stand.3"},
		{[]string{"export", "--clip", "W", m2}, ""}, // no file before --clip yet
		{[]string{"sample", "--json", m2, "--t", "3", "--clip-b", ""}, "Walk Stand.1 Stand Stand.2 Stand.3"},
		{[]string{"diff", demo, m2, "--clip", ""}, "demo"},
		{[]string{"sample", "--out", ""}, ""},
		{[]string{"completion", ""}, "bash fish zsh"},
		{[]string{"extract", "--ma"}, "--max-bytes"},
		{[]string{"validate", "--max-b"}, "--max-bytes"},
		{[]string{"help", "re"}, "render"},
		{[]string{"inspect", "missing.m2", "--clip", ""}, ""},
		{[]string{"render", "--geosets", ""}, "defaults all"},
		{[]string{"shot", "--texture", "c"}, "cape= creature1= creature2= creature3="},
		{[]string{"export", "--geo"}, "--geosets"},
		{[]string{"render", "--gh"}, "--ghost-step --ghosts"},
		{[]string{"shot", m2, "--trail", "Bone"}, "Bone1_Root Bone2 Bone0"}, // the node names, in node order
		{[]string{"render", "--background", ""}, "transparent #"},
		{[]string{"render", "--fr"}, "--frames"},
		{[]string{"render", "--or"}, "--orbit"},
		{[]string{"render", "--fps", ""}, ""},
	} {
		got := strings.Join(completeWords(tc.words), " ")
		if tc.words[len(tc.words)-1] == "-" {
			for _, f := range []string{"-j", "--out", "--separate", "--rounding", "--clip", "--skin"} {
				if !strings.Contains(" "+got+" ", " "+f+" ") {
					t.Errorf("%q: %q lacks %s", tc.words, got, f)
				}
			}
			continue
		}
		if got != tc.want {
			t.Errorf("complete %q = %q, want %q", tc.words, got, tc.want)
		}
	}
}

// buildBinary builds animscope for the shell tests (skipped with -short).
func buildBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: the shell completion tests build the binary")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go is not on PATH")
	}
	dir := t.TempDir()
	cmd := exec.Command(goTool, "build", "-o", filepath.Join(dir, "animscope"), ".")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return dir
}

// TestCompletionScripts: the bash and fish scripts complete through the real
// binary (commands, reading values, clip names of a file on the line, files);
// the zsh script is checked for syntax (zsh -n) and its function run with the
// completion builtins stubbed.
func TestCompletionScripts(t *testing.T) {
	for _, sh := range []string{"bash", "zsh", "fish"} {
		if code, out, _ := runCLI("completion", sh); code != exitOK || !strings.Contains(out, "__complete") {
			t.Errorf("completion %s: exit %d\n%s", sh, code, out)
		}
	}
	if code, _, errs := runCLI("completion", "tcsh"); code != exitUsage || !strings.Contains(errs, "want bash, zsh or fish") {
		t.Errorf("completion tcsh: exit %d, %q", code, errs)
	}
	bin := buildBinary(t)
	m2 := frogLikeM2(t)
	path := bin + string(os.PathListSeparator) + os.Getenv("PATH")
	if bash, err := exec.LookPath("bash"); err != nil {
		t.Log("bash not installed: its script is not run")
	} else {
		for _, tc := range []struct {
			words []string
			want  string
		}{
			{[]string{"sa"}, "sample"},
			{[]string{"sample", "--rounding", "f"}, "floor"},
			{[]string{"sample", m2, "--clip", "Stand."}, "Stand.1 Stand.2 Stand.3"},
			{[]string{"inspect", strings.TrimSuffix(m2, ".m2")}, m2 + " " + strings.TrimSuffix(m2, ".m2") + "00.skin"},
		} {
			script := `source <(animscope completion bash)
COMP_WORDS=(animscope "$@"); COMP_CWORD=$#; _animscope; echo "${COMPREPLY[*]}"`
			cmd := exec.Command(bash, append([]string{"-c", script, "bash"}, tc.words...)...)
			cmd.Env = append(os.Environ(), "PATH="+path)
			out, err := cmd.CombinedOutput()
			if got := strings.TrimSpace(string(out)); err != nil || got != tc.want {
				t.Errorf("bash completion of %q: %q (%v), want %q", tc.words, got, err, tc.want)
			}
		}
	}
	if fish, err := exec.LookPath("fish"); err != nil {
		t.Log("fish not installed: its script is not run")
	} else {
		for _, tc := range []struct{ line, want string }{
			{"animscope sa", "sample"},
			{"animscope diff --quat-order ", "wxyz xyzw"},
			{"animscope sample " + m2 + " --clip Stand.", "Stand.1 Stand.2 Stand.3"},
		} {
			cmd := exec.Command(fish, "--no-config", "-c", `animscope completion fish | source; complete -C $argv[1] | sort`, tc.line)
			cmd.Env = append(os.Environ(), "PATH="+path)
			out, err := cmd.CombinedOutput()
			if got := strings.Join(strings.Fields(string(out)), " "); err != nil || got != tc.want {
				t.Errorf("fish completion of %q: %q (%v), want %q", tc.line, got, err, tc.want)
			}
		}
	}
	if zsh, err := exec.LookPath("zsh"); err != nil {
		t.Log("zsh not installed: its script is not checked")
	} else {
		_, script, _ := runCLI("completion", "zsh")
		cmd := exec.Command(zsh, "-n")
		cmd.Stdin = strings.NewReader(script)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("zsh -n: %v\n%s", err, out)
		}
		// The completion function itself, with zsh's compsys builtins stubbed:
		// compadd prints what it is given, _files says the shell's files were asked.
		const stubs = `compdef() { :; }; compadd() { [[ $1 == -a ]] && print -l -- ${(P)2}; }; _files() { print _files; }
source <(animscope completion zsh); words=(animscope "$@"); CURRENT=$#words; _animscope`
		for _, tc := range []struct {
			words []string
			want  string
		}{
			{[]string{"sample", "--rounding", "f"}, "floor"},
			{[]string{"sample", m2, "--clip", "Stand."}, "Stand.1 Stand.2 Stand.3"},
			{[]string{"inspect", "Frog"}, "_files"},
		} {
			cmd := exec.Command(zsh, append([]string{"-f", "-c", stubs, "zsh"}, tc.words...)...)
			cmd.Env = append(os.Environ(), "PATH="+path)
			out, err := cmd.CombinedOutput()
			if got := strings.Join(strings.Fields(string(out)), " "); err != nil || got != tc.want {
				t.Errorf("zsh completion of %q: %q (%v), want %q", tc.words, got, err, tc.want)
			}
		}
	}
}
