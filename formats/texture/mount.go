package texture

// ReadData reads "ARCHIVE:MEMBER" names through formats.ReadMember, which
// mounts the archive (an MPQ, an SWG tree file, an NRes library of Texm
// textures) with package vfs: linked here, so that a texture named inside an
// archive reads wherever this package is used.
import _ "animscope/formats/vfs"
