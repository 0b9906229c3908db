//go:build !unix

package formats

// openNonBlocking: named pipes are not opened through the file system here.
const openNonBlocking = 0
