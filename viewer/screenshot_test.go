package viewer

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestDefaultScreenshotDir(t *testing.T) {
	root := t.TempDir()
	home := filepath.Join(root, "home")
	pics := filepath.Join(home, "Pictures")
	bilder := filepath.Join(home, "Bilder")
	xdgAnswer := filepath.Join(root, "shots")
	for _, d := range []string{home, bilder, xdgAnswer} {
		os.MkdirAll(d, 0o755)
	}
	// A stand-in xdg-user-dir that answers xdgAnswer for PICTURES.
	bin := filepath.Join(root, "bin")
	os.Mkdir(bin, 0o755)
	script := "#!/bin/sh\n[ \"$1\" = PICTURES ] && echo '" + xdgAnswer + "' || echo \"$HOME\"\n"
	if err := os.WriteFile(filepath.Join(bin, "xdg-user-dir"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	homeAnswer := filepath.Join(root, "bin-home")
	os.Mkdir(homeAnswer, 0o755)
	os.WriteFile(filepath.Join(homeAnswer, "xdg-user-dir"), []byte("#!/bin/sh\necho \"$HOME\"\n"), 0o755)
	empty := filepath.Join(root, "nobin")
	os.Mkdir(empty, 0o755)

	// Started in a folder of its own: the answer is never it.
	wd, _ := os.Getwd()
	cwd := filepath.Join(root, "cwd")
	os.Mkdir(cwd, 0o755)
	if err := os.Chdir(cwd); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)

	tests := []struct {
		name       string
		home, xdg  string
		path       string
		makePics   bool
		want       string
		needsShell bool
	}{
		{name: "XDG_PICTURES_DIR set", home: home, xdg: bilder, path: empty, want: bilder},
		{name: "XDG_PICTURES_DIR as user-dirs.dirs writes it", home: home, xdg: "$HOME/Bilder", path: empty, want: bilder},
		{name: "XDG_PICTURES_DIR missing folder: xdg-user-dir", home: home, xdg: filepath.Join(root, "gone"), path: bin, want: xdgAnswer, needsShell: true},
		{name: "xdg-user-dir answers", home: home, path: bin, want: xdgAnswer, needsShell: true},
		{name: "xdg-user-dir answers home: ~/Pictures", home: home, path: homeAnswer, makePics: true, want: pics, needsShell: true},
		{name: "no xdg-user-dir: ~/Pictures", home: home, path: empty, makePics: true, want: pics},
		{name: "no Pictures: home", home: home, path: empty, want: home},
		{name: "relative XDG_PICTURES_DIR (the current directory) is ignored", home: home, xdg: ".", path: empty, want: home},
		{name: "no home at all: nothing, not the current directory", home: "", path: empty, want: ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.needsShell {
				if _, err := os.Stat("/bin/sh"); err != nil {
					t.Skip("no /bin/sh for the stand-in xdg-user-dir")
				}
			}
			os.RemoveAll(pics)
			if tc.makePics {
				os.Mkdir(pics, 0o755)
			}
			t.Setenv("HOME", tc.home)
			t.Setenv("XDG_PICTURES_DIR", tc.xdg)
			t.Setenv("PATH", tc.path)
			got := DefaultScreenshotDir()
			if got != tc.want {
				t.Errorf("DefaultScreenshotDir() = %q, want %q", got, tc.want)
			}
			if got == cwd || got == "." {
				t.Errorf("DefaultScreenshotDir() = %q: the current directory", got)
			}
		})
	}
}

func TestParseShotSize(t *testing.T) {
	tests := []struct {
		in     string
		w, h   int
		errSub string
	}{
		{"1920x1080", 1920, 1080, ""},
		{" 800 X 600 ", 800, 600, ""},
		{"1024×640", 1024, 640, ""},
		{"16x8192", 16, 8192, ""},
		{"15x100", 0, 0, "each side from 16 to 8192"},
		{"100x9000", 0, 0, "each side from 16 to 8192"},
		{"1920", 0, 0, "want width x height"},
		{"axb", 0, 0, "whole numbers"},
		{"-5x100", 0, 0, "each side"},
		{"", 0, 0, "want width x height"},
	}
	for _, tc := range tests {
		w, h, err := ParseShotSize(tc.in)
		if tc.errSub == "" {
			if err != nil || w != tc.w || h != tc.h {
				t.Errorf("ParseShotSize(%q) = %d, %d, %v; want %d, %d", tc.in, w, h, err, tc.w, tc.h)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tc.errSub) {
			t.Errorf("ParseShotSize(%q) error %v, want one saying %q", tc.in, err, tc.errSub)
		}
	}
}

func TestShotFileName(t *testing.T) {
	tests := []struct {
		in, want string
		bad      bool
	}{
		{"frog", "frog.png", false},
		{"frog.png", "frog.png", false},
		{"Frog.PNG", "Frog.PNG", false},
		{"frog.jpg", "frog.jpg.png", false},
		{"  walk  ", "walk.png", false},
		{"", "", true},
		{"../x", "", true},
		{"a/b.png", "", true},
		{"..", "", true},
	}
	for _, tc := range tests {
		got, err := ShotFileName(tc.in)
		if (err != nil) != tc.bad || got != tc.want {
			t.Errorf("ShotFileName(%q) = %q, %v; want %q (error: %v)", tc.in, got, err, tc.want, tc.bad)
		}
	}
	if got := ShotBaseName(time.Date(2024, 5, 6, 7, 8, 9, 0, time.UTC)); got != "animscope-20240506-070809.png" {
		t.Errorf("ShotBaseName = %q", got)
	}
}
