package gui

import (
	"flag"
	"fmt"
	"os"
	"runtime"
	"testing"

	"github.com/go-gl/glfw/v3.3/glfw"
)

// GLFW and the GL context start on the main thread.
func init() { runtime.LockOSThread() }

var update = flag.Bool("update", false, "rewrite the golden images under testdata")

// gl is the shared hidden context for the GL tests (nil without a display).
var (
	glHeadless *Headless
	glSkip     string
)

func TestMain(m *testing.M) {
	flag.Parse()
	switch {
	case !HasDisplay():
		glSkip = "no display (DISPLAY unset): GL tests need X11; run under xvfb-run"
	default:
		if err := InitGLFW(); err != nil {
			glSkip = fmt.Sprint("glfw: ", err)
			break
		}
		h, err := NewHeadless()
		if err != nil {
			glSkip = fmt.Sprint("no GL 4.1 core context: ", err)
			glfw.Terminate()
			break
		}
		glfw.DetachCurrentContext()
		glHeadless = h
	}
	code := m.Run()
	if glHeadless != nil {
		glHeadless.MakeCurrent()
		glHeadless.Close()
		glfw.Terminate()
	}
	os.Exit(code)
}

// withGL runs f with the shared context current on the test's thread, or skips.
func withGL(t testing.TB, f func(h *Headless)) {
	t.Helper()
	if glHeadless == nil {
		t.Skip(glSkip)
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	glHeadless.MakeCurrent()
	defer glfw.DetachCurrentContext()
	f(glHeadless)
}
