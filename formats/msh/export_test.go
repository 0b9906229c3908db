package msh

// Internals that the external tests (package msh_test) read. Those tests sit
// outside the package because they build their inputs with mshtest, which
// imports msh.

// ArchiveDetails is the Details of an outer archive opened without a member.
type ArchiveDetails = archiveDetails

var (
	DecodeNormal = decodeNormal
	DecodeUV     = decodeUV
	QuantNormal  = quantNormal
	QuantQuat    = quantQuat
	QuantUV      = quantUV
)

// SetMaxRowEntries sets the bound of a clip's frame-major map copy for the
// clips made until restore is called.
func SetMaxRowEntries(n int) (restore func()) {
	old := maxRowEntries
	maxRowEntries = n
	return func() { maxRowEntries = old }
}

// HasRows reports whether c reads its map from the frame-major copy.
func HasRows(c *Clip) bool { return c.rows != nil }

var RowEntriesFit = rowEntriesFit
