package formats

import (
	"fmt"
	"os"
	"runtime/debug"
)

// Guard runs decode and turns a panic inside it into an error,
// "NAME: the decoder failed: …" (with the stack when ANIMSCOPE_DEBUG is set).
// Decoders are meant never to panic on a bad file; Guard is the one last-resort
// net the viewer and the commands put around a whole decode (a scene, a texture),
// so that a decoder bug costs one file its open, not the program. It never
// swallows the panic: the caller gets it as the error.
func Guard[T any](name string, decode func() (T, error)) (v T, err error) {
	defer func() {
		if r := recover(); r != nil {
			var zero T
			v, err = zero, fmt.Errorf("%s: the decoder failed: %v", name, r)
			if os.Getenv("ANIMSCOPE_DEBUG") != "" {
				err = fmt.Errorf("%w\n%s", err, debug.Stack())
			}
		}
	}()
	return decode()
}
