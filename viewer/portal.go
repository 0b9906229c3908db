package viewer

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/godbus/dbus/v5"
)

// The XDG desktop portal's file chooser (org.freedesktop.portal.FileChooser on
// the session bus): OpenFile or SaveFile returns a Request object at once, and
// the Request's Response signal brings the answer when the person closes the
// dialog: 0 and the chosen URIs, 1 when cancelled, 2 when the portal failed.

const (
	portalName    = "org.freedesktop.portal.Desktop"
	portalPath    = dbus.ObjectPath("/org/freedesktop/portal/desktop")
	portalChooser = "org.freedesktop.portal.FileChooser"
	portalRequest = "org.freedesktop.portal.Request"
)

// portalProbeTimeout bounds the question whether a portal answers (it may have
// to be started by the bus).
const portalProbeTimeout = 3 * time.Second

// sessionBusAddress is the session bus, or "" when there is none. The bus is
// never started (godbus's default would run dbus-launch).
func sessionBusAddress() string {
	if a := os.Getenv("DBUS_SESSION_BUS_ADDRESS"); a != "" {
		return a
	}
	if dir := os.Getenv("XDG_RUNTIME_DIR"); dir != "" {
		p := filepath.Join(dir, "bus")
		if st, err := os.Stat(p); err == nil && st.Mode()&os.ModeSocket != 0 {
			return "unix:path=" + p
		}
	}
	return ""
}

func portalConn(ctx context.Context) (*dbus.Conn, error) {
	addr := sessionBusAddress()
	if addr == "" {
		return nil, fmt.Errorf("portal: no session bus")
	}
	return dbus.Connect(addr, dbus.WithContext(ctx))
}

// portalAvailable says whether a desktop portal with a FileChooser answers on
// the session bus.
func portalAvailable() bool {
	ctx, cancel := context.WithTimeout(context.Background(), portalProbeTimeout)
	defer cancel()
	conn, err := portalConn(ctx)
	if err != nil {
		return false
	}
	defer conn.Close()
	var v dbus.Variant
	err = conn.Object(portalName, portalPath).CallWithContext(ctx, "org.freedesktop.DBus.Properties.Get", 0,
		portalChooser, "version").Store(&v)
	return err == nil
}

// portalFilter is the portal's filter type a(sa(us)): a name and its rules
// (0: a glob pattern).
type portalFilter struct {
	Name  string
	Rules []portalRule
}

type portalRule struct {
	Kind    uint32
	Pattern string
}

// portalMethod and portalOptions are the call the portal gets for r.
func portalMethod(r DialogRequest) string {
	if r.Kind == DialogSaveFile {
		return portalChooser + ".SaveFile"
	}
	return portalChooser + ".OpenFile"
}

// portalOptions are the options of r's call, with handle_token token.
func portalOptions(r DialogRequest, token string) map[string]dbus.Variant {
	o := map[string]dbus.Variant{"handle_token": dbus.MakeVariant(token), "modal": dbus.MakeVariant(true)}
	if r.Dir != "" {
		o["current_folder"] = dbus.MakeVariant(append([]byte(r.Dir), 0)) // a NUL-terminated byte string
	}
	switch r.Kind {
	case DialogOpenFiles:
		o["multiple"] = dbus.MakeVariant(true)
	case DialogOpenFolder:
		o["directory"] = dbus.MakeVariant(true)
	case DialogSaveFile:
		o["current_name"] = dbus.MakeVariant(r.Name)
	}
	if r.Kind != DialogOpenFolder && len(r.Filters) > 0 {
		var fs []portalFilter
		for _, f := range r.Filters {
			pf := portalFilter{Name: f.Name}
			for _, p := range f.Patterns {
				pf.Rules = append(pf.Rules, portalRule{Kind: 0, Pattern: p})
			}
			fs = append(fs, pf)
		}
		o["filters"] = dbus.MakeVariant(fs)
	}
	return o
}

// portalDialog shows r through the portal and waits for its answer (or ctx).
func portalDialog(ctx context.Context, r DialogRequest) (paths []string, cancelled bool, err error) {
	conn, err := portalConn(ctx)
	if err != nil {
		return nil, false, err
	}
	defer conn.Close()
	// The Request's path is known before the call (the sender and the token), so
	// the signal is listened for first: a fast answer is not missed.
	token := fmt.Sprintf("animscope%d", rand.Uint32())
	sender := strings.ReplaceAll(strings.TrimPrefix(conn.Names()[0], ":"), ".", "_")
	want := dbus.ObjectPath("/org/freedesktop/portal/desktop/request/" + sender + "/" + token)
	signals := make(chan *dbus.Signal, 8)
	conn.Signal(signals)
	if err := conn.AddMatchSignalContext(ctx, dbus.WithMatchInterface(portalRequest), dbus.WithMatchMember("Response")); err != nil {
		return nil, false, fmt.Errorf("portal: %w", err)
	}
	var handle dbus.ObjectPath
	if err := conn.Object(portalName, portalPath).CallWithContext(ctx, portalMethod(r), 0, "", r.Title,
		portalOptions(r, token)).Store(&handle); err != nil {
		return nil, false, fmt.Errorf("portal: %w", err)
	}
	for {
		select {
		case <-ctx.Done():
			return nil, false, fmt.Errorf("portal: %w", ctx.Err())
		case sig, ok := <-signals:
			if !ok {
				return nil, false, fmt.Errorf("portal: the bus connection closed")
			}
			if sig.Name != portalRequest+".Response" || (sig.Path != want && sig.Path != handle) {
				continue
			}
			return portalAnswer(sig.Body)
		}
	}
}

// portalAnswer reads a Response signal's body (u response, a{sv} results).
func portalAnswer(body []any) (paths []string, cancelled bool, err error) {
	if len(body) != 2 {
		return nil, false, fmt.Errorf("portal: a Response of %d values, want 2", len(body))
	}
	code, ok1 := body[0].(uint32)
	results, ok2 := body[1].(map[string]dbus.Variant)
	if !ok1 || !ok2 {
		return nil, false, fmt.Errorf("portal: a Response of types %T, %T, want uint32, a{sv}", body[0], body[1])
	}
	switch code {
	case 0:
	case 1:
		return nil, true, nil
	default:
		return nil, false, fmt.Errorf("portal: the dialog failed (response %d)", code)
	}
	uris, _ := results["uris"].Value().([]string)
	for _, u := range uris {
		p, err := fileURIPath(u)
		if err != nil {
			return nil, false, err
		}
		paths = append(paths, p)
	}
	return paths, len(paths) == 0, nil
}

// fileURIPath is the path of a file:// URI (the portal answers URIs).
func fileURIPath(uri string) (string, error) {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "file" || (u.Host != "" && u.Host != "localhost") {
		return "", fmt.Errorf("portal: %q is not a local file URI", uri)
	}
	return u.Path, nil
}
