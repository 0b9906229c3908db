// Package swgtest writes SWG files (IFF skeleton templates, KFAT/CKAT animations,
// MGN meshes, LOD lists and appearance files) for tests, fuzz seeds and the
// command line's hand-broken corpus. animscope never writes SWG files for its
// users, so the writers live here and not in package swg.
//
// The writers validate their input before writing and produce big-endian block
// sizes, little-endian payloads and no padding, as the client's files do. Their
// layouts are written from the format notes independently of swg's decoder, so a
// mistake in one does not hide in the other; the sample tests check the decoder
// against real files.
package swgtest
