package viewer

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// ScreenshotSettings are File > Screenshot's choices.
type ScreenshotSettings struct {
	// Dir is the folder and Name the file's name (".png" is added when missing).
	Dir, Name string
	// W and H, when both set, render the 3D view off-screen at that size; zero:
	// the 3D view as it is on screen.
	W, H int
	// Transparent leaves the background's alpha 0 (the 3D view's clear colour
	// with alpha 0), so the picture composes over anything.
	Transparent bool
}

// Screenshot sizes a chosen size may take.
const (
	MinShotSize = 16
	MaxShotSize = 8192
)

// DefaultScreenshotDir is where screenshots go unless the user picks another
// folder: the user's pictures folder (XDG_PICTURES_DIR as set in the
// environment or as `xdg-user-dir PICTURES` answers, when it is an existing
// folder), else ~/Pictures when it exists, else the home folder. Never the
// current directory, which is wherever the viewer happened to be started. ""
// when not even a home folder is known.
func DefaultScreenshotDir() string {
	home, _ := os.UserHomeDir()
	if d := os.Getenv("XDG_PICTURES_DIR"); isDir(expandHome(d, home)) {
		return expandHome(d, home)
	}
	if d := xdgUserDir("PICTURES"); d != "" && d != home && isDir(d) {
		return d // xdg-user-dir answers the home folder when none is set
	}
	if home == "" {
		return ""
	}
	if p := filepath.Join(home, "Pictures"); isDir(p) {
		return p
	}
	if isDir(home) {
		return home
	}
	return ""
}

// xdgUserDir asks xdg-user-dir for a user folder ("" when it is missing or
// does not answer within a second).
func xdgUserDir(name string) string {
	path, err := exec.LookPath("xdg-user-dir")
	if err != nil {
		return ""
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, path, name).Output()
	if err != nil {
		return ""
	}
	d := strings.TrimSpace(string(out))
	if !filepath.IsAbs(d) {
		return ""
	}
	return d
}

// expandHome reads "$HOME/…" (as user-dirs.dirs writes it) and "~/…".
func expandHome(p, home string) string {
	if p == "" {
		return ""
	}
	for _, pre := range []string{"$HOME", "${HOME}", "~"} {
		if home != "" && (p == pre || strings.HasPrefix(p, pre+"/")) {
			return home + p[len(pre):]
		}
	}
	if !filepath.IsAbs(p) {
		return "" // relative: it would name the current directory
	}
	return p
}

func isDir(p string) bool {
	if p == "" {
		return false
	}
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

// ParseShotSize reads a size such as "1920x1080" (also "1920 X 1080",
// "1920×1080"), each side from MinShotSize to MaxShotSize.
func ParseShotSize(s string) (w, h int, err error) {
	t := strings.ToLower(strings.TrimSpace(s))
	t = strings.ReplaceAll(t, "×", "x")
	a, b, ok := strings.Cut(t, "x")
	if !ok {
		return 0, 0, fmt.Errorf("size %q: want width x height, such as 1920x1080", s)
	}
	w, err1 := strconv.Atoi(strings.TrimSpace(a))
	h, err2 := strconv.Atoi(strings.TrimSpace(b))
	if err1 != nil || err2 != nil {
		return 0, 0, fmt.Errorf("size %q: width and height are whole numbers, such as 1920x1080", s)
	}
	if w < MinShotSize || h < MinShotSize || w > MaxShotSize || h > MaxShotSize {
		return 0, 0, fmt.Errorf("size %dx%d: each side from %d to %d pixels", w, h, MinShotSize, MaxShotSize)
	}
	return w, h, nil
}

// ShotFileName checks a file name typed for a screenshot and adds ".png" when
// it has no extension: a bare name, not a path.
func ShotFileName(name string) (string, error) {
	n := strings.TrimSpace(name)
	switch {
	case n == "":
		return "", errors.New("the file name is empty")
	case strings.ContainsAny(n, `/\`) || n == "." || n == "..":
		return "", fmt.Errorf("%q: a file name, not a path (the folder is set above)", n)
	}
	if !strings.EqualFold(filepath.Ext(n), ".png") {
		n += ".png"
	}
	return n, nil
}

// ShotBaseName is the default screenshot name for a time:
// animscope-20240506-070809.png.
func ShotBaseName(now time.Time) string {
	return "animscope-" + now.Format("20060102-150405") + ".png"
}
