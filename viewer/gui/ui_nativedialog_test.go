package gui

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"animscope/formats"
	"animscope/viewer"
	"animscope/viewer/viewertest"
)

// waitNative polls the UI as frames would until the native dialog has answered.
func waitNative(t *testing.T, u *UI) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); u.native.pending != nil; {
		if time.Now().After(deadline) {
			t.Fatal("the native dialog never answered")
		}
		u.pollNative()
		time.Sleep(5 * time.Millisecond)
	}
}

// TestNativeOpenHooks: File > Open with a (fake) zenity on PATH opens what it
// prints; File > Open as B gives scene B; with no dialog program and no portal
// the request comes back as the built-in dialog's, which the next frame shows.
func TestNativeOpenHooks(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no /bin/sh to run the fake zenity")
	}
	dir := t.TempDir()
	script := "#!/bin/sh\nprintf 'good\\n'\n"
	if err := os.WriteFile(filepath.Join(dir, "zenity"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir)
	env := viewer.DialogEnv{
		Getenv:   func(k string) string { return map[string]string{"DISPLAY": ":7"}[k] },
		LookPath: exec.LookPath,
		Portal:   func() bool { return false },
	}
	u := &UI{S: viewer.NewState(viewertest.FakeLoader, formats.Options{})}
	u.native = &nativeDialogs{env: env}

	if !u.nativeOpenRequest(false) {
		t.Fatal("File > Open did not go to the native dialog")
	}
	waitNative(t, u)
	if u.S.Scene == nil || u.S.Scene.Name() != "good" {
		t.Fatalf("after the fake zenity answered \"good\", the scene is %v", u.S.Scene)
	}
	if !u.nativeOpenRequest(true) {
		t.Fatal("File > Open as B did not go to the native dialog")
	}
	waitNative(t, u)
	if u.S.SceneB == nil {
		t.Fatal("Open as B through the native dialog gave no scene B")
	}

	t.Setenv("PATH", t.TempDir()) // no zenity any more: the built-in dialog
	u.nativeOpenRequest(false)
	waitNative(t, u)
	if !u.S.Req.OpenDialog {
		t.Fatal("without a native dialog the request did not come back for the built-in dialog")
	}
	if u.nativeOpenRequest(false) {
		t.Error("the request that came back went to the native dialog again instead of the built-in one")
	}
	// The setting: built-in, no native dialog is tried at all.
	u.native.settings.FileDialog = viewer.DialogBuiltin
	t.Setenv("PATH", dir)
	u.S.Req.OpenDialog = false
	u.nativeOpenRequest(false)
	waitNative(t, u)
	if !u.S.Req.OpenDialog {
		t.Error("with the setting builtin, File > Open did not show the built-in dialog")
	}
}

// TestNativeBrowseAndSave: File > Browse with a native folder dialog mounts the
// folder in the asset browser; File > Screenshot with a native save dialog asks
// for the screenshot in the folder and under the name chosen.
func TestNativeBrowseAndSave(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no /bin/sh to run the fake zenity")
	}
	t.Setenv("XDG_CONFIG_HOME", t.TempDir()) // the asset browser's recent mounts
	bin, data, pics := t.TempDir(), t.TempDir(), t.TempDir()
	answer := filepath.Join(bin, "answer")
	// Shell builtins only: PATH holds nothing but the fake.
	script := "#!/bin/sh\nwhile IFS= read -r l; do printf '%s\\n' \"$l\"; done < '" + answer + "'\n"
	if err := os.WriteFile(filepath.Join(bin, "zenity"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(data, "frog.m2"), []byte("MD20"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin)
	env := viewer.DialogEnv{
		Getenv:   func(k string) string { return map[string]string{"DISPLAY": ":7"}[k] },
		LookPath: exec.LookPath,
		Portal:   func() bool { return false },
	}
	u := &UI{S: viewer.NewState(viewertest.FakeLoader, formats.Options{})}
	u.native = &nativeDialogs{env: env}

	say := func(path string) {
		if err := os.WriteFile(answer, []byte(path+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	say(data)
	u.BrowseDialog()
	if u.showAssets {
		t.Fatal("File > Browse showed the asset browser before the native dialog answered")
	}
	waitNative(t, u)
	if !u.showAssets || u.assets == nil || u.assets.Mount == nil || u.assetsPath != data {
		t.Fatalf("after the folder dialog answered %s: shown %v, path %q, mounted %v", data, u.showAssets, u.assetsPath, u.assets != nil && u.assets.Mount != nil)
	}

	say(filepath.Join(pics, "frog view.png"))
	u.OpenScreenshotDialog()
	waitNative(t, u)
	got := u.S.Req.ScreenshotAs
	if got == nil || got.Dir != pics || got.Name != "frog view.png" || u.shot.open {
		t.Fatalf("after the save dialog answered %s: request %+v, built-in dialog open %v", filepath.Join(pics, "frog view.png"), got, u.shot.open)
	}
}
