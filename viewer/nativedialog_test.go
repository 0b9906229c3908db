package viewer

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/godbus/dbus/v5"
)

// fakeEnv is a DialogEnv from a variable map, the programs on a pretend PATH
// and whether a portal answers.
func fakeEnv(vars map[string]string, progs []string, portal bool) DialogEnv {
	return DialogEnv{
		Getenv: func(k string) string { return vars[k] },
		LookPath: func(p string) (string, error) {
			if slices.Contains(progs, p) {
				return "/usr/bin/" + p, nil
			}
			return "", exec.ErrNotFound
		},
		Portal: func() bool { return portal },
	}
}

// TestChooseDialog: the backend for each setting, desktop and set of programs.
func TestChooseDialog(t *testing.T) {
	x11 := map[string]string{"DISPLAY": ":0", "XDG_CURRENT_DESKTOP": "GNOME"}
	kde := map[string]string{"DISPLAY": ":0", "XDG_CURRENT_DESKTOP": "KDE"}
	wayland := map[string]string{"WAYLAND_DISPLAY": "wayland-0"}
	both := []string{"zenity", "kdialog"}
	for _, tc := range []struct {
		name    string
		setting string
		vars    map[string]string
		progs   []string
		portal  bool
		want    string
	}{
		{"no desktop: built-in whatever is there", DialogAuto, map[string]string{}, both, true, DialogBuiltin},
		{"no desktop, zenity asked", DialogZenity, map[string]string{}, both, true, DialogBuiltin},
		{"auto takes the portal first", DialogAuto, x11, both, true, DialogPortal},
		{"auto on Wayland", DialogAuto, wayland, nil, true, DialogPortal},
		{"auto without a portal on GNOME: zenity", DialogAuto, x11, both, false, DialogZenity},
		{"auto without a portal on KDE: kdialog", DialogAuto, kde, both, false, DialogKdialog},
		{"auto on KDE without kdialog: zenity", DialogAuto, kde, []string{"zenity"}, false, DialogZenity},
		{"auto with kdialog only", DialogAuto, x11, []string{"kdialog"}, false, DialogKdialog},
		{"auto with nothing", DialogAuto, x11, nil, false, DialogBuiltin},
		{"portal asked and there", DialogPortal, x11, both, true, DialogPortal},
		{"portal asked, none: built-in (not zenity)", DialogPortal, x11, both, false, DialogBuiltin},
		{"zenity asked, portal there", DialogZenity, x11, both, true, DialogZenity},
		{"zenity asked, missing: built-in", DialogZenity, x11, []string{"kdialog"}, true, DialogBuiltin},
		{"kdialog asked on GNOME", DialogKdialog, x11, both, true, DialogKdialog},
		{"built-in asked", DialogBuiltin, x11, both, true, DialogBuiltin},
	} {
		if got := ChooseDialog(tc.setting, fakeEnv(tc.vars, tc.progs, tc.portal)); got != tc.want {
			t.Errorf("%s: ChooseDialog(%q) = %q, want %q", tc.name, tc.setting, got, tc.want)
		}
	}
}

// TestDialogSetting: ANIMSCOPE_FILE_DIALOG wins when it names a choice; then the
// saved setting; then auto.
func TestDialogSetting(t *testing.T) {
	for _, tc := range []struct{ env, saved, want string }{
		{"", "", DialogAuto},
		{"", DialogZenity, DialogZenity},
		{"kdialog", DialogZenity, DialogKdialog},
		{" Builtin ", DialogPortal, DialogBuiltin},
		{"gtk", DialogPortal, DialogPortal},
		{"", "nonsense", DialogAuto},
	} {
		env := fakeEnv(map[string]string{DialogEnvVar: tc.env}, nil, false)
		if got := DialogSetting(env, tc.saved); got != tc.want {
			t.Errorf("%s=%q, saved %q: %q, want %q", DialogEnvVar, tc.env, tc.saved, got, tc.want)
		}
	}
}

var (
	openReq = DialogRequest{Kind: DialogOpenFiles, Title: "Open files", Dir: "/data/wow",
		Filters: []DialogFilter{{Name: "Models", Patterns: []string{"*.m2", "*.msh"}}, {Name: "All files", Patterns: []string{"*"}}}}
	folderReq = DialogRequest{Kind: DialogOpenFolder, Title: "Browse a folder", Dir: "/data", Filters: openReq.Filters}
	saveReq   = DialogRequest{Kind: DialogSaveFile, Title: "Save screenshot", Dir: "/home/me/Pictures", Name: "shot.png",
		Filters: []DialogFilter{{Name: "PNG images", Patterns: []string{"*.png"}}}}
)

// TestDialogCommandLines: zenity's and kdialog's arguments for each kind.
func TestDialogCommandLines(t *testing.T) {
	for _, tc := range []struct {
		name string
		got  []string
		want []string
	}{
		{"zenity open", zenityArgs(openReq), []string{"--file-selection", "--title=Open files", "--multiple", "--separator=\n",
			"--filename=/data/wow/", "--file-filter=Models | *.m2 *.msh", "--file-filter=All files | *"}},
		{"zenity folder", zenityArgs(folderReq), []string{"--file-selection", "--title=Browse a folder", "--directory", "--filename=/data/"}},
		{"zenity save", zenityArgs(saveReq), []string{"--file-selection", "--title=Save screenshot", "--save",
			"--filename=/home/me/Pictures/shot.png", "--file-filter=PNG images | *.png"}},
		{"zenity open, no folder", zenityArgs(DialogRequest{Title: "T"}), []string{"--file-selection", "--title=T", "--multiple", "--separator=\n"}},
		{"kdialog open", kdialogArgs(openReq), []string{"--title", "Open files", "--getopenfilename", "/data/wow",
			"*.m2 *.msh|Models\n*|All files", "--multiple", "--separate-output"}},
		{"kdialog folder", kdialogArgs(folderReq), []string{"--title", "Browse a folder", "--getexistingdirectory", "/data"}},
		{"kdialog save", kdialogArgs(saveReq), []string{"--title", "Save screenshot", "--getsavefilename",
			"/home/me/Pictures/shot.png", "*.png|PNG images"}},
	} {
		if !slices.Equal(tc.got, tc.want) {
			t.Errorf("%s:\n got  %q\n want %q", tc.name, tc.got, tc.want)
		}
	}
}

// fakeProgram writes an executable script named name into dir: it writes its
// arguments, one a line, to name.args and then runs body.
func fakeProgram(t *testing.T, dir, name, body string) {
	t.Helper()
	script := "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\0' \"$a\"; done > \"$0.args\"\n" + body + "\n"
	if err := os.WriteFile(filepath.Join(dir, name), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
}

func fakeArgs(t *testing.T, dir, name string) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, name+".args"))
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(string(data), "\x00"), "\x00")
}

// TestRunDialogFakePrograms: with fake zenity and kdialog scripts on PATH, the
// choice finds them, runs them with the command line built for the request, and
// reads the paths they print; exit 1 is a cancel, another failure an error that
// asks for the built-in dialog.
func TestRunDialogFakePrograms(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no /bin/sh to run the fake dialog programs")
	}
	dir := t.TempDir()
	t.Setenv("PATH", dir)
	env := DialogEnv{
		Getenv:   func(k string) string { return map[string]string{"DISPLAY": ":7"}[k] },
		LookPath: exec.LookPath,
		Portal:   func() bool { return false },
	}
	// zenity only: auto chooses it.
	fakeProgram(t, dir, "zenity", `printf '/data/wow/Frog.m2\n/data/wow/a b.anim\n'`)
	backend := ChooseDialog(DialogAuto, env)
	if backend != DialogZenity {
		t.Fatalf("with only zenity on PATH, auto chooses %q", backend)
	}
	res := RunDialog(context.Background(), backend, openReq, env)
	if want := []string{"/data/wow/Frog.m2", "/data/wow/a b.anim"}; !slices.Equal(res.Paths, want) || res.Err != nil || res.Cancelled || res.Builtin {
		t.Errorf("zenity: %+v, want paths %q", res, want)
	}
	if got := fakeArgs(t, dir, "zenity"); !slices.Equal(got, zenityArgs(openReq)) {
		t.Errorf("zenity ran with %q, want %q", got, zenityArgs(openReq))
	}
	fakeProgram(t, dir, "zenity", "exit 1")
	if res := RunDialog(context.Background(), DialogZenity, openReq, env); !res.Cancelled || res.Builtin || len(res.Paths) != 0 {
		t.Errorf("zenity exiting 1: %+v, want a cancel", res)
	}
	fakeProgram(t, dir, "zenity", "echo broken >&2; exit 5")
	if res := RunDialog(context.Background(), DialogZenity, openReq, env); res.Err == nil || !res.Builtin {
		t.Errorf("zenity exiting 5: %+v, want an error and the built-in dialog", res)
	}

	// kdialog too, on KDE: auto chooses kdialog.
	fakeProgram(t, dir, "kdialog", `printf '/home/me/Pictures/shot.png\n'`)
	kdeEnv := env
	kdeEnv.Getenv = func(k string) string { return map[string]string{"DISPLAY": ":7", "XDG_CURRENT_DESKTOP": "KDE"}[k] }
	if backend := ChooseDialog(DialogAuto, kdeEnv); backend != DialogKdialog {
		t.Fatalf("on KDE with kdialog, auto chooses %q", backend)
	}
	res = RunDialog(context.Background(), DialogKdialog, saveReq, kdeEnv)
	if want := []string{"/home/me/Pictures/shot.png"}; !slices.Equal(res.Paths, want) || res.Err != nil {
		t.Errorf("kdialog: %+v, want %q", res, want)
	}
	if got := fakeArgs(t, dir, "kdialog"); !slices.Equal(got, kdialogArgs(saveReq)) {
		t.Errorf("kdialog ran with %q, want %q", got, kdialogArgs(saveReq))
	}

	// Neither: the built-in dialog.
	t.Setenv("PATH", t.TempDir())
	if backend := ChooseDialog(DialogAuto, env); backend != DialogBuiltin {
		t.Errorf("with no dialog program and no portal, auto chooses %q", backend)
	}
	if res := RunDialog(context.Background(), DialogBuiltin, openReq, env); !res.Builtin || res.Err != nil {
		t.Errorf("the built-in backend: %+v, want Builtin", res)
	}
}

// fakePortal is an org.freedesktop.portal.FileChooser on a private bus: it
// records each call and answers with response and uris.
type fakePortal struct {
	conn     *dbus.Conn
	mu       sync.Mutex
	method   string
	title    string
	opts     map[string]dbus.Variant
	response uint32
	uris     []string
}

func (p *fakePortal) call(sender dbus.Sender, method, title string, opts map[string]dbus.Variant) (dbus.ObjectPath, *dbus.Error) {
	p.mu.Lock()
	p.method, p.title, p.opts = method, title, opts
	resp, uris := p.response, p.uris
	p.mu.Unlock()
	token, _ := opts["handle_token"].Value().(string)
	path := dbus.ObjectPath("/org/freedesktop/portal/desktop/request/" +
		strings.ReplaceAll(strings.TrimPrefix(string(sender), ":"), ".", "_") + "/" + token)
	go func() {
		time.Sleep(20 * time.Millisecond) // the answer comes after the call returns, as a person's would
		p.conn.Emit(path, "org.freedesktop.portal.Request.Response", resp, map[string]dbus.Variant{"uris": dbus.MakeVariant(uris)})
	}()
	return path, nil
}

func (p *fakePortal) OpenFile(s dbus.Sender, parent, title string, opts map[string]dbus.Variant) (dbus.ObjectPath, *dbus.Error) {
	return p.call(s, "OpenFile", title, opts)
}

func (p *fakePortal) SaveFile(s dbus.Sender, parent, title string, opts map[string]dbus.Variant) (dbus.ObjectPath, *dbus.Error) {
	return p.call(s, "SaveFile", title, opts)
}

type fakePortalProps struct{}

func (fakePortalProps) Get(iface, name string) (dbus.Variant, *dbus.Error) {
	if iface == portalChooser && name == "version" {
		return dbus.MakeVariant(uint32(4)), nil
	}
	return dbus.Variant{}, dbus.MakeFailedError(errors.New("no such property"))
}

// privateBus starts a dbus-daemon of its own for the test and points
// DBUS_SESSION_BUS_ADDRESS at it.
func privateBus(t *testing.T) {
	t.Helper()
	daemon, err := exec.LookPath("dbus-daemon")
	if err != nil {
		t.Skip("dbus-daemon is not installed (apt-get install dbus-daemon): the portal is not tested")
	}
	cmd := exec.Command(daemon, "--session", "--nofork", "--nopidfile", "--print-address=1", "--address=unix:dir="+t.TempDir())
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Skipf("dbus-daemon does not start: %v", err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	addr, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatalf("dbus-daemon printed no address: %v", err)
	}
	t.Setenv("DBUS_SESSION_BUS_ADDRESS", strings.TrimSpace(addr))
}

// TestPortalDialog: against a fake portal on a private bus, portalAvailable
// sees it (and not before it is there), the calls carry the request's options,
// and the Response signal's URIs become paths; a cancel and a failure are told.
func TestPortalDialog(t *testing.T) {
	privateBus(t)
	if portalAvailable() {
		t.Fatalf("PortalAvailable before any portal is on the bus")
	}
	conn, err := dbus.ConnectSessionBus()
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	p := &fakePortal{conn: conn}
	if err := conn.Export(p, portalPath, portalChooser); err != nil {
		t.Fatal(err)
	}
	if err := conn.Export(fakePortalProps{}, portalPath, "org.freedesktop.DBus.Properties"); err != nil {
		t.Fatal(err)
	}
	if reply, err := conn.RequestName(portalName, dbus.NameFlagDoNotQueue); err != nil || reply != dbus.RequestNameReplyPrimaryOwner {
		t.Fatalf("RequestName: %v %v", reply, err)
	}
	if !portalAvailable() {
		t.Fatalf("PortalAvailable is false with the fake portal on the bus")
	}
	env := DialogEnv{Getenv: func(k string) string { return map[string]string{"DISPLAY": ":7"}[k] },
		LookPath: exec.LookPath, Portal: portalAvailable}
	if got := ChooseDialog(DialogAuto, env); got != DialogPortal {
		t.Errorf("auto with a portal chooses %q", got)
	}

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	p.uris = []string{"file:///data/wow/Frog.m2", "file:///data/wow/a%20b.anim"}
	res := RunDialog(ctx, DialogPortal, openReq, env)
	if want := []string{"/data/wow/Frog.m2", "/data/wow/a b.anim"}; !slices.Equal(res.Paths, want) || res.Err != nil {
		t.Errorf("portal open: %+v, want %q", res, want)
	}
	p.mu.Lock()
	if p.method != "OpenFile" || p.title != "Open files" || p.opts["multiple"].Value() != true ||
		string(p.opts["current_folder"].Value().([]byte)) != "/data/wow\x00" {
		t.Errorf("portal open: called %s %q with %v", p.method, p.title, p.opts)
	}
	filters, _ := p.opts["filters"].Value().([][]any)
	// The exported method sees a struct as a list of its fields: a(sa(us)) reads
	// as [[name, [[kind, pattern]...]]...].
	want := []any{"Models", [][]any{{uint32(0), "*.m2"}, {uint32(0), "*.msh"}}}
	if len(filters) != 2 || fmt.Sprintf("%#v", filters[0]) != fmt.Sprintf("%#v", want) {
		t.Errorf("portal open: filters %v, want %v and All files", p.opts["filters"], want)
	}
	p.mu.Unlock()

	p.uris = []string{"file:///home/me/Pictures/shot.png"}
	res = RunDialog(ctx, DialogPortal, saveReq, env)
	p.mu.Lock()
	if !slices.Equal(res.Paths, []string{"/home/me/Pictures/shot.png"}) || p.method != "SaveFile" ||
		p.opts["current_name"].Value() != "shot.png" {
		t.Errorf("portal save: %+v; called %s with %v", res, p.method, p.opts)
	}
	p.response = 1
	p.mu.Unlock()
	if res := RunDialog(ctx, DialogPortal, folderReq, env); !res.Cancelled || res.Builtin {
		t.Errorf("portal cancel: %+v, want Cancelled", res)
	}
	p.mu.Lock()
	if p.opts["directory"].Value() != true {
		t.Errorf("portal folder: options %v lack directory", p.opts)
	}
	p.response = 2
	p.mu.Unlock()
	if res := RunDialog(ctx, DialogPortal, openReq, env); res.Err == nil || !res.Builtin {
		t.Errorf("portal failure: %+v, want an error and the built-in dialog", res)
	}
	p.mu.Lock()
	p.response, p.uris = 0, []string{"https://example.org/x.m2"}
	p.mu.Unlock()
	if res := RunDialog(ctx, DialogPortal, openReq, env); res.Err == nil {
		t.Errorf("portal answering a non-file URI: %+v, want an error", res)
	}
}

// TestSettingsRoundTrip: the file_dialog setting is saved and read back; a
// corrupt file gives the defaults.
func TestSettingsRoundTrip(t *testing.T) {
	p := filepath.Join(t.TempDir(), "animscope", "settings.json")
	s := LoadSettings(p)
	if s.FileDialog != "" || s.Path != p {
		t.Fatalf("LoadSettings of a missing file: %+v", s)
	}
	s.FileDialog = DialogZenity
	if err := s.Save(); err != nil {
		t.Fatal(err)
	}
	if got := LoadSettings(p); got.FileDialog != DialogZenity {
		t.Errorf("read back %+v, want file_dialog zenity", got)
	}
	if err := os.WriteFile(p, []byte("{not json"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := LoadSettings(p); got.FileDialog != "" || got.Path != p {
		t.Errorf("a corrupt file reads as %+v, want the defaults", got)
	}
}
