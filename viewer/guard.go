package viewer

import (
	"fmt"
	"os"
	"runtime/debug"
)

// guarded runs f under the viewer's one net for a panic in format code (a clip's
// sampler, a scene's slots or skins): decoders and samplers are meant never to
// panic, and a pose is checked by anim.Pose.Validate before it is evaluated, so a
// panic here is a bug in a family package. guarded turns it into the returned
// error (with the stack when ANIMSCOPE_DEBUG is set) for the caller to report and
// fall back from; it never swallows it. It allocates nothing when f returns: a
// caller's closure stays on its stack.
func guarded(f func()) (panicked error) {
	defer func() {
		if r := recover(); r != nil {
			panicked = fmt.Errorf("%v", r)
			if os.Getenv("ANIMSCOPE_DEBUG") != "" {
				panicked = fmt.Errorf("%w\n%s", panicked, debug.Stack())
			}
		}
	}()
	f()
	return nil
}
