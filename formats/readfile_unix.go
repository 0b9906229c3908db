//go:build unix

package formats

import "syscall"

// openNonBlocking keeps open from waiting for a writer when a named pipe slips
// past the stat check.
const openNonBlocking = syscall.O_NONBLOCK
