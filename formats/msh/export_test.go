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
