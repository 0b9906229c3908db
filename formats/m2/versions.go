package m2

// What changes between the versions this package reads (FORMAT.md §3). The
// version drives the header layout and the record sizes; everything else is read
// the same way from 264 to 272.
//
//   - 256–263: the header of FORMAT.md §3.1 (layoutPre).
//   - 264: the WotLK header (layout264).
//   - 265–270: no file of these versions is known (they were pre-release
//     builds of Cataclysm); they are read as 264.
//   - 271 and 272 (Cataclysm, Mists of Pandaria, Warlords of Draenor): the camera
//     record loses its fixed field of view and gains a field-of-view track at its
//     end (100 → 116 bytes, from 271, as M2Lib reads it).
//   - 272: the particle emitter gains two multi-texture parameter blocks (476 →
//     492 bytes), and the .skin header gains a shadow-batch array after the
//     bone count (48 → 56 bytes).
//
// The optional texture-combiner-combo array after the header (global flag 0x8)
// exists from 260 on; from 264 on it is read (combos.go), before 264 it is only
// checked.
const (
	versionCameraFOVTrack = 271 // camera: FOV track instead of a fixed FOV
	versionCata           = 272 // particle multi-texture params, .skin shadow batches
)

// layoutFor is the header layout of version v (already checked to be in range).
func layoutFor(v uint32) *layout {
	switch {
	case v < 264:
		return &layoutPre
	case v < versionCameraFOVTrack:
		return &layout264
	case v < versionCata:
		return &layout271
	}
	return &layout272
}

// cameraTracks is where a camera record's three tracks begin (position, target,
// roll): after type, field of view, far and near clip (16 bytes), or from 271
// after type, far and near (12 bytes). From 271 a fourth track, the field of
// view, follows the roll.
func (l *layout) cameraTracks() int {
	if l.cameraSize == 116 {
		return 12
	}
	return 16
}

var layout271 = func() layout {
	l := layout264
	l.cameraSize = 116
	return l
}()

var layout272 = func() layout {
	l := layout271
	l.partSize = 492
	l.skinHeader = 56
	return l
}()

// md21Version reports, for a chunked (MD21, Legion and later) file, the version
// of the MD20 block inside its first chunk (0 when the file is too short).
func md21Version(data []byte) uint32 {
	if len(data) < 16 || string(data[8:12]) != "MD20" {
		return 0
	}
	b := blob{data: data}
	return b.u32(12)
}
